// What the results filter bar may offer (spec 001 §3 "Results filters", "Preflight result"): the
// surveys, touchpoints, questions with their answer options, and the metadata keys in use with their
// most used values. Members get every list, within what they may see. A share link's visitor gets
// them within what the link's creator may see and the link's own scope (its team, and its surveys
// when the visitor may not change them), and only the lists of the filters the link's allowChanges
// lets the visitor change: a list for a filter the visitor cannot touch is empty, so a link never
// reveals the names of surveys, touchpoints or metadata it does not let its holder choose.
//
// allowChanges → lists:
//   surveyId → surveys (and the questions of every listed survey);
//   channelId → touchpoints;
//   restrictByAnswer or options.hiddenQuestions (or options) → questions (of the link's surveys when
//     surveyId is fixed);
//   metaDataMatch or groupBy → metadata keys and values (in the link's window; the link's own
//     metadata match narrows them unless the visitor may change it).
import { unitCodesAmong } from "../../permissions/access.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { mayChangeFilter } from "@feedback/shared/share-link-filters";
import { parseResultsFilters, type ResultsFilters } from "../results-scope/filters.js";
import {
  admittedUnits,
  allowedChangesOf,
  buildScope,
  callerVisibility,
  metadataObjectSql,
  resultsDb,
  type ResultsReader,
  type Visibility,
} from "../results-scope/response-scope.js";
import { surveysInScope } from "./engine.js";

export type FilterOptionSurvey = { id: string; name: string };
export type FilterOptionTouchpoint = { id: string; name: string; type: string; unitId: string };
export type FilterOptionQuestion = { id: string; surveyId: string; type: string; title: unknown; choices: unknown; options: unknown; position: number };
export type FilterOptionMetaKey = { key: string; count: number; values: { value: string; count: number }[] };
export type ResultsFilterOptions = {
  surveys: FilterOptionSurvey[];
  touchpoints: FilterOptionTouchpoint[];
  questions: FilterOptionQuestion[];
  metaKeys: FilterOptionMetaKey[];
};

/** At most this many of each list (the filter bar is not a browser of thousands). */
export const filterOptionLimits = { surveys: 500, touchpoints: 500, questionsPerSurvey: 200, metaKeys: 100, valuesPerKey: 50 } as const;

/** Whether a caller may change a filter key: the share-link rule the results screen applies too. */
export { mayChangeFilter };

/**
 * The filter bar's lists for the caller. `allowChanges`: null for members; the link's list for a
 * share link's visitor (the caller is then the link's LinkReader, and `filtersInput` the link's
 * filters with the visitor's allowed changes, as domain/results-scope/request.ts resolves them).
 */
export async function resultsFilterOptions(caller: ResultsReader, filtersInput: unknown, opts: { now?: Date } = {}): Promise<ResultsFilterOptions> {
  const allow = allowedChangesOf(caller);
  const may = {
    surveys: mayChangeFilter(allow, "surveyId"),
    touchpoints: mayChangeFilter(allow, "channelId"),
    questions: mayChangeFilter(allow, "restrictByAnswer") || mayChangeFilter(allow, "options.hiddenQuestions"),
    meta: mayChangeFilter(allow, "metaDataMatch") || mayChangeFilter(allow, "groupBy"),
  };
  const empty: ResultsFilterOptions = { surveys: [], touchpoints: [], questions: [], metaKeys: [] };
  if (!may.surveys && !may.touchpoints && !may.questions && !may.meta) return empty;

  const f = parseResultsFilters(filtersInput, { now: opts.now });
  const v = await callerVisibility(caller, "results");
  const units = admittedUnits(v, f.unitId);
  // A caller who sees no team sees no options.
  if (units !== null && units.length === 0) return empty;
  const prisma = resultsDb(caller, v);

  const surveys = may.surveys ? await visibleSurveys(prisma, v, units) : [];
  // Questions follow the surveys the visitor can pick from, or the link's own surveys (or, with
  // none chosen, the surveys with responses in the link's scope, as the results list them).
  let questionSurveyIds: string[] = [];
  if (may.questions) {
    if (may.surveys) questionSurveyIds = surveys.map((s) => s.id);
    else if (f.surveyIds.length) {
      const linked = await visibleSurveys(prisma, v, units, f.surveyIds);
      questionSurveyIds = linked.map((s) => s.id);
    } else questionSurveyIds = await surveysInScope(prisma, v, f);
  }
  const [touchpoints, questions, metaKeys] = await Promise.all([
    may.touchpoints
      ? prisma.touchpoint.findMany({
          where: { deleted: false, ...(units === null ? {} : { unitId: { in: units } }) },
          select: { id: true, name: true, type: true, unitId: true },
          orderBy: [{ name: "asc" }, { id: "asc" }],
          take: filterOptionLimits.touchpoints,
        })
      : [],
    questionSurveyIds.length
      ? prisma.question.findMany({
          where: { surveyId: { in: questionSurveyIds }, hidden: false, type: { notIn: ["contactDetails"] } },
          select: { id: true, surveyId: true, type: true, title: true, choices: true, options: true, position: true },
          orderBy: [{ surveyId: "asc" }, { position: "asc" }],
          take: questionSurveyIds.length * filterOptionLimits.questionsPerSurvey,
        })
      : [],
    may.meta ? usedMetadata(prisma, v, mayChangeFilter(allow, "metaDataMatch") ? { ...f, metaDataMatch: null } : f) : [],
  ]);
  return {
    surveys,
    touchpoints: touchpoints.map((t) => ({ id: t.id, name: t.name, type: t.type, unitId: t.unitId })),
    questions: questions.map((q) => ({ ...q, type: String(q.type) })),
    metaKeys,
  };
}

/**
 * Surveys of the organisation (the db is the results scope's, resultsDb) seen through the admitted units: owned by one of them, or with
 * responses from one of them (the survey list's rule, domain/surveys/surveys.ts). Templates never.
 */
async function visibleSurveys(prisma: ResultsReader["prisma"], v: Visibility, units: string[] | null, only?: string[]): Promise<FilterOptionSurvey[]> {
  const where: Prisma.SurveyWhereInput = {
    isTemplate: false,
    ...(only ? { id: { in: only } } : {}),
    ...(units === null ? {} : { OR: [{ unitId: { in: units } }, { responses: { some: { unitCode: { in: unitCodesAmong(v.units, units) } } } }] }),
  };
  return prisma.survey.findMany({ where, select: { id: true, name: true }, orderBy: [{ name: "asc" }, { id: "asc" }], take: filterOptionLimits.surveys });
}

/** The metadata keys in the scope, most used first, each with its most used values: one pass over the rows. */
async function usedMetadata(prisma: ResultsReader["prisma"], v: Visibility, f: ResultsFilters): Promise<FilterOptionMetaKey[]> {
  const scope = buildScope(v, f, { alias: "r" });
  const n = scope.params.length;
  const rows = await prisma.$queryRawUnsafe<{ key: string; value: string; count: number; keyCount: number }[]>(
    `WITH pairs AS (
       SELECT e.key, e.value, count(*)::int AS count
       FROM "Response" r CROSS JOIN LATERAL jsonb_each_text(${metadataObjectSql('r."metadata"')}) AS e(key, value)
       WHERE ${scope.sql} GROUP BY 1, 2
     ), keyed AS (
       SELECT key, value, count, sum(count) OVER (PARTITION BY key)::int AS "keyCount",
              row_number() OVER (PARTITION BY key ORDER BY count DESC, value) AS rank
       FROM pairs
     )
     SELECT key, value, count, "keyCount" FROM keyed
     WHERE rank <= $${n + 1} AND key IN (SELECT key FROM keyed GROUP BY key ORDER BY max("keyCount") DESC, key LIMIT $${n + 2})
     ORDER BY "keyCount" DESC, key, count DESC, value`,
    ...scope.params,
    filterOptionLimits.valuesPerKey,
    filterOptionLimits.metaKeys,
  );
  const byKey = new Map<string, FilterOptionMetaKey>();
  for (const r of rows) {
    const entry = byKey.get(r.key) ?? { key: r.key, count: Number(r.keyCount), values: [] };
    if (r.value !== null) entry.values.push({ value: r.value, count: Number(r.count) });
    byKey.set(r.key, entry);
  }
  return [...byKey.values()];
}
