// The feedback list (spec 001 §2 results "feedback list", §3 "Feedback list"): one
// row per response under the results filters, one column per question (the answer as a person reads
// it), the response's date and time, touchpoint, language and status, and a `meta_<key>` column per
// metadata key found in the scope. The same plan serves JSON pages (REST and GraphQL) and the
// CSV/XLSX producers, which stream the rows through a server-side cursor (stream.ts).
// docs/feedback-list.md explains the choices.
//
// Answer display (stored encodings in api/src/domain/respondent/answers.ts):
//   smiley          the button, 1 (worst) … 4 or 5 (best); on the organisation's satisfaction scale
//                   (min … max) when it has one enabled, or a share link's smileyScale
//   nps             0 … 10
//   slider          the value on the slider's own scale (options.min … max)
//   choices/emotion the choice labels in the requested language (fallback en, then any), ", "-joined
//   openText        the text
//   contactDetails  the given fields, ", "-joined
import { answersJsonOf } from "../answers/rows.js";
import { createdUntil, timeOrder } from "../answers/answer-hours.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { ResultsFilters } from "../results-scope/filters.js";
import { metadataObjectSql, visibleSurveyIds } from "../results-scope/response-scope.js";

export type Db = Pick<PrismaClient, "$queryRawUnsafe">;
/**
 * A response scope's WHERE fragment, and the units it admits (null: the whole organisation), which
 * also bound the surveys whose questions become columns (results-scope/response-scope.ts visibleSurveyIds).
 */
/** The results scope's WHERE fragment (results-scope/response-scope.ts), with the organisation it reads: every query here takes it from there. */
export type ScopeSql = { sql: string; params: unknown[]; organizationId: string; unitIds: string[] | null };
export type Cell = string | number | null;

/** Fixed columns, in order. Any of them but feedbackId may be hidden with feedbackListHiddenColumns. */
const fixedColumnKeys = ["feedbackId", "date", "touchpoint", "language", "status"] as const;
export type FixedColumnKey = (typeof fixedColumnKeys)[number];

type Lang = "en" | "es" | "fi";
const fixedTitles: Record<FixedColumnKey, Record<Lang, string>> = {
  feedbackId: { en: "Response id", es: "Id de la respuesta", fi: "Vastauksen tunnus" },
  date: { en: "Date", es: "Fecha", fi: "Päivämäärä" },
  touchpoint: { en: "Touchpoint", es: "Punto de contacto", fi: "Kosketuspiste" },
  language: { en: "Language", es: "Idioma", fi: "Kieli" },
  status: { en: "Status", es: "Estado", fi: "Tila" },
};
const statusLabels: Record<string, Record<Lang, string>> = {
  open: { en: "open", es: "abierta", fi: "avoin" },
  submitted: { en: "submitted", es: "enviada", fi: "lähetetty" },
  edited: { en: "edited", es: "editada", fi: "muokattu" },
};
const uiLang = (locale: string): Lang => {
  const base = locale.slice(0, 2);
  return base === "es" || base === "fi" ? base : "en";
};

export type Column =
  | { kind: "fixed"; key: FixedColumnKey; title: string }
  | { kind: "question"; key: string; title: string; questionId: string; surveyId: string; type: string }
  | { kind: "meta"; key: string; title: string; metaKey: string };

type Formatter = (n: number | null, x: string | null, choiceIds: string[]) => Cell;

export type ListQuestion = { id: string; surveyId: string; surveyName: string; type: string; title: string; format: Formatter };

export type FeedbackListPlan = {
  organizationId: string;
  scope: ScopeSql;
  locale: string;
  utcOffset: number;
  hideTimestamps: boolean;
  /** Blank the answers marked hidden (exports and share links); otherwise they show, flagged. */
  blankHiddenAnswers: boolean;
  questions: ListQuestion[];
  questionById: Map<string, ListQuestion>;
  metaKeys: string[];
  /** The visible columns, in order. */
  columns: Column[];
  touchpointNames: Map<string, string>;
};

export type RawRow = {
  id: string;
  createdAt: Date;
  touchpointId: string;
  surveyId: string;
  /** The response's team (who may manage it); null when that team was deleted since (no one manages it). */
  unitId: string | null;
  language: string;
  status: string;
  hidden: boolean;
  metadata: Record<string, unknown>;
  /** [questionId, numericValue, textValue, choiceIds, hidden] */
  answers: [string, number | null, string | null, string[] | null, boolean][];
};

/** Most metadata columns a list shows (the most frequent keys win). */
export const maxMetaKeys = 100;
/** JSON pages take their meta_ columns from this many of the newest responses of the scope. */
export const pageMetaKeySample = 20_000;

/** A text in the requested language: the locale, its base language, en, then whatever there is. */
export function pickText(value: unknown, locale: string): string {
  if (typeof value === "string") return value;
  if (!value || typeof value !== "object") return "";
  const map = value as Record<string, unknown>;
  for (const key of [locale, locale.slice(0, 2), "en"]) if (typeof map[key] === "string") return map[key] as string;
  const first = Object.values(map).find((v) => typeof v === "string");
  return (first as string | undefined) ?? "";
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};
const num = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

type QuestionRow = { id: string; surveyId: string; surveyName: string; type: string; title: unknown; options: unknown; choices: unknown };
export type SatisfactionScale = { min: number; max: number } | null;

function formatterOf(q: Pick<QuestionRow, "type" | "options" | "choices">, locale: string, satisfaction: SatisfactionScale): Formatter {
  const options = (q.options && typeof q.options === "object" ? q.options : {}) as Record<string, unknown>;
  const labels = new Map<string, string>();
  if (Array.isArray(q.choices)) {
    for (const c of q.choices as { id?: unknown; text?: unknown }[]) if (typeof c?.id === "string") labels.set(c.id, pickText(c.text, locale));
  }
  const choiceText = (ids: string[]) => (ids.length ? ids.map((id) => labels.get(id) ?? id).join(", ") : null);
  switch (q.type) {
    case "smiley": {
      const buttons = options.buttons === 4 ? 4 : 5;
      if (satisfaction) return (n) => (n === null ? null : round(satisfaction.min + n * (satisfaction.max - satisfaction.min), 2));
      return (n) => (n === null ? null : Math.round(n * (buttons - 1)) + 1);
    }
    case "nps":
      return (n) => (n === null ? null : Math.round(n));
    case "slider": {
      const min = num(options.min, 0);
      let max = num(options.max, 10);
      if (max <= min) max = min + 10;
      const step = num(options.step, 1);
      const decimals = Math.min(6, (String(step).split(".")[1] ?? "").length);
      return (n) => (n === null ? null : round(min + n * (max - min), decimals));
    }
    case "singleChoice":
    case "multipleChoice":
    case "emotion":
      return (_n, _x, ids) => choiceText(ids);
    case "contactDetails":
      return (_n, x) => {
        if (x === null) return null;
        try {
          const parsed = JSON.parse(x) as Record<string, unknown>;
          const parts = ["name", "email", "phone"].map((k) => parsed[k]).filter((v): v is string => typeof v === "string" && v !== "");
          return parts.length ? parts.join(", ") : null;
        } catch {
          return x;
        }
      };
    default:
      return (n, x, ids) => x ?? (ids.length ? choiceText(ids) : n);
  }
}

/** The scope's parameters followed by `extra`, and the placeholder of each extra one. */
function withParams(scope: ScopeSql, extra: unknown[]): { values: unknown[]; at: (i: number) => string } {
  return { values: [...scope.params, ...extra], at: (i) => `$${scope.params.length + i + 1}` };
}

export type PlanInput = {
  scope: ScopeSql;
  filters: Pick<ResultsFilters, "surveyIds" | "utcOffset" | "feedbackListHiddenColumns" | "options"> & Partial<Pick<ResultsFilters, "restrictByAnswer">>;
  locale: string;
  hideTimestamps?: boolean;
  blankHiddenAnswers?: boolean;
  /** Find the meta_ columns among the newest this many responses only (JSON pages); all when absent (files). */
  metaKeySample?: number;
  /** The surveys with responses in the scope when already known (analytics/engine.ts listOverview). */
  surveyIds?: string[] | null;
  /** The scope the meta_ key sample reads: `scope` from the oldest day the sample can reach (list.ts narrowedScope). */
  metaKeyScope?: ScopeSql;
  /** The meta_ key sample itself, when known (the newest matching responses by id: list.ts metaSampleOf); overrides metaKeyScope. */
  metaKeySampleIds?: string[];
  /**
   * The meta_ columns' keys themselves, when known (every matching response's, from the response bit
   * strings: analytics/engine.ts listMetaKeys); override the sample.
   */
  metaKeys?: string[];
  /** A share link's smiley scale: overrides the organisation's satisfaction scale. */
  smileyScale?: SatisfactionScale;
};

/** Works out the columns: the questions of the surveys in the scope, and the metadata keys found there. */
export async function planFeedbackList(db: Db, input: PlanInput): Promise<FeedbackListPlan> {
  const { scope, filters, locale } = input;
  const { organizationId } = scope;
  // The four reads below are independent: sent together (a pool runs them side by side; one
  // connection, as the embedded database's or an export process's, queues them).
  // The surveys: those asked for, else those with responses in the scope.
  // (Per survey, an EXISTS probe on the survey's (surveyId, hour) index: no scan of the scope.)
  // Under a restriction by answer only the restricting questions' surveys can have responses (a
  // response answers its own survey's questions): the others are not probed (a probe that finds no
  // response reads the survey's whole window).
  const restricting = (filters.restrictByAnswer ?? []).map((r) => r.questionId);
  const so = withParams(scope, [organizationId, restricting.length ? restricting : null]);
  const surveyIdsRead = filters.surveyIds.length
    ? visibleSurveyIds(db, scope, filters.surveyIds)
    : input.surveyIds
      ? Promise.resolve(input.surveyIds)
      : db
          .$queryRawUnsafe<{ surveyId: string }[]>(
            `SELECT s.id AS "surveyId" FROM "Survey" s WHERE s."organizationId" = ${so.at(0)}
             AND (${so.at(1)}::text[] IS NULL OR s.id IN (SELECT q."surveyId" FROM "Question" q WHERE q.id = ANY(${so.at(1)}::text[])))
             AND EXISTS (SELECT 1 FROM "Response" r WHERE r."surveyId" = s.id AND ${scope.sql})`,
            ...so.values,
          )
          .then((rows) => rows.map((r) => r.surveyId));
  const questionsRead = surveyIdsRead.then((surveyIds) =>
    surveyIds.length
      ? db.$queryRawUnsafe<QuestionRow[]>(
          `SELECT q.id, q."surveyId", s.name AS "surveyName", q.type::text AS type, q.title, q.options, q.choices
           FROM "Question" q JOIN "Survey" s ON s.id = q."surveyId"
          WHERE q."organizationId" = $1 AND q."surveyId" = ANY($2::text[]) AND NOT q.hidden
          ORDER BY s.name, s.id, q.position`,
          organizationId,
          surveyIds,
        )
      : [],
  );
  // Files look at every response of the scope; pages at the newest `metaKeySample` (a scan of a
  // million responses' metadata on every page would cost seconds).
  const sampleScope = input.metaKeyScope ?? scope;
  const p = withParams(sampleScope, [maxMetaKeys, input.metaKeySample ?? null]);
  const keysOf = (sample: string) => `SELECT k AS key FROM (${sample}) r,
              jsonb_object_keys(${metadataObjectSql("r.metadata")}) k
        GROUP BY k ORDER BY count(*) DESC, k`;
  const metaKeysRead = (
    input.metaKeys
      ? Promise.resolve(input.metaKeys.map((key) => ({ key })))
      : input.metaKeySampleIds
        ? db.$queryRawUnsafe<{ key: string }[]>(
            `${keysOf(`SELECT r.metadata FROM "Response" r WHERE r."id" = ANY($2::text[]) AND r."organizationId" = $3`)} LIMIT $1`,
            maxMetaKeys,
            input.metaKeySampleIds,
            organizationId,
          )
        : db.$queryRawUnsafe<{ key: string }[]>(
            `${keysOf(`SELECT r.metadata FROM "Response" r WHERE ${sampleScope.sql} ORDER BY ${timeOrder("r")} LIMIT ${p.at(1)}::int`)} LIMIT ${p.at(0)}`,
            ...p.values,
          )
  ).then((rows) => rows.map((r) => r.key).sort((a, b) => a.localeCompare(b)));
  const orgRead = db.$queryRawUnsafe<{ enabled: boolean | null; min: number | null; max: number | null }[]>(
    `SELECT "satisfactionScaleEnabled" AS enabled, "satisfactionScaleMin" AS min, "satisfactionScaleMax" AS max FROM "Organization" WHERE id = $1`,
    organizationId,
  );
  const touchpointsRead = db.$queryRawUnsafe<{ id: string; name: string }[]>(`SELECT id, name FROM "Touchpoint" WHERE "organizationId" = $1`, organizationId);
  const [questions, metaKeys, [org], touchpoints] = await Promise.all([questionsRead, metaKeysRead, orgRead, touchpointsRead]);
  const satisfaction: SatisfactionScale = input.smileyScale
    ? input.smileyScale
    : org?.enabled && org.min !== null && org.max !== null && Number(org.max) > Number(org.min)
      ? { min: Number(org.min), max: Number(org.max) }
      : null;

  const lang = uiLang(locale);
  const listQuestions: ListQuestion[] = questions.map((q) => ({
    id: q.id,
    surveyId: q.surveyId,
    surveyName: q.surveyName,
    type: q.type,
    title: pickText(q.title, locale),
    format: formatterOf(q, locale, satisfaction),
  }));
  const hidden = new Set([...filters.feedbackListHiddenColumns, ...filters.options.hiddenQuestions]);
  hidden.delete("feedbackId");
  const columns: Column[] = [
    ...fixedColumnKeys.map((key): Column => ({ kind: "fixed", key, title: fixedTitles[key][lang] })),
    ...listQuestions.map((q): Column => ({ kind: "question", key: q.id, title: q.title, questionId: q.id, surveyId: q.surveyId, type: q.type })),
    ...metaKeys.map((k): Column => ({ kind: "meta", key: `meta_${k}`, title: `meta_${k}`, metaKey: k })),
  ].filter((c) => !hidden.has(c.key));
  return {
    organizationId,
    scope,
    locale,
    utcOffset: filters.utcOffset,
    hideTimestamps: input.hideTimestamps ?? false,
    blankHiddenAnswers: input.blankHiddenAnswers ?? false,
    questions: listQuestions,
    questionById: new Map(listQuestions.map((q) => [q.id, q])),
    metaKeys,
    columns,
    touchpointNames: new Map(touchpoints.map((t) => [t.id, t.name])),
  };
}

const answersSql = answersJsonOf("r.id", (a) => `json_build_array(${a}."questionId", ${a}."numericValue", ${a}."textValue", ${a}."choiceIds", ${a}."hidden")`);
// The touchpoint's id by a join on its code (the response row holds the code): a whole export can hash it.
const rowColumns = `r.id, r."createdAt", rt."id" AS "touchpointId", r."surveyId", ru."id" AS "unitId", r.language, r.status::text AS status, r.hidden, r.metadata, ${answersSql} AS answers`;

/** Newest first; `after` continues after a row (keyset), `offset` skips rows (pages). */
export function rowsQuery(
  plan: FeedbackListPlan,
  page: { limit?: number; offset?: number; after?: { createdAt: Date; id: string }; scope?: ScopeSql } = {},
): { text: string; values: unknown[] } {
  // `page.scope`: the plan's scope narrowed to the days the page can reach (list.ts pageScope).
  const scope = page.scope ?? plan.scope;
  const extra: unknown[] = [];
  const clauses: string[] = [];
  const p = () => `$${scope.params.length + extra.length}`;
  let where = scope.sql;
  if (page.after) {
    extra.push(page.after.createdAt);
    const t = p();
    extra.push(page.after.id);
    // The hours up to the row's (the index by hour), then the rows before it.
    where = `(${where}) AND ${createdUntil("r", `${t}::timestamptz`)} AND (r."createdAt", r.id) < (${t}::timestamptz, ${p()}::text)`;
  }
  if (page.limit !== undefined) {
    extra.push(page.limit);
    clauses.push(`LIMIT ${p()}`);
  }
  if (page.offset) {
    extra.push(page.offset);
    clauses.push(`OFFSET ${p()}`);
  }
  return {
    text: `SELECT ${rowColumns} FROM "Response" r JOIN "Touchpoint" rt ON rt."code" = r."touchpointCode" LEFT JOIN "Unit" ru ON ru."code" = r."unitCode" WHERE ${where} ORDER BY ${timeOrder("r")}, r.id DESC ${clauses.join(" ")}`,
    values: [...scope.params, ...extra],
  };
}

export function countQuery(plan: FeedbackListPlan): { text: string; values: unknown[] } {
  return { text: `SELECT count(*)::int AS n FROM "Response" r WHERE ${plan.scope.sql}`, values: plan.scope.params };
}

const pad = (n: number) => String(n).padStart(2, "0");
/** yyyy/MM/dd HH:mm in the caller's offset (spec 001 §7: dates are received with slashes). */
export function formatDate(at: Date, utcOffset: number, hideTime: boolean): string {
  const d = new Date(at.getTime() + utcOffset * 60_000);
  const day = `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}`;
  return hideTime ? day : `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A database row as the driver gave it (json may arrive as text, timestamps as strings). */
export function normaliseRow(raw: Record<string, unknown>): RawRow {
  const json = (v: unknown) => (typeof v === "string" ? JSON.parse(v) : v);
  return {
    id: String(raw.id),
    createdAt: raw.createdAt instanceof Date ? raw.createdAt : new Date(String(raw.createdAt)),
    touchpointId: String(raw.touchpointId),
    surveyId: String(raw.surveyId),
    unitId: raw.unitId == null ? null : String(raw.unitId),
    language: String(raw.language),
    status: String(raw.status),
    hidden: raw.hidden === true,
    metadata: (json(raw.metadata) ?? {}) as Record<string, unknown>,
    answers: (json(raw.answers) ?? []) as RawRow["answers"],
  };
}

export type FormattedRow = {
  row: RawRow;
  /** Aligned with plan.columns. */
  cells: Cell[];
  /** Questions whose answer is hidden in this response. */
  hiddenAnswers: string[];
};

export function formatRow(plan: FeedbackListPlan, row: RawRow): FormattedRow {
  const byQuestion = new Map<string, RawRow["answers"][number]>();
  const hiddenAnswers: string[] = [];
  for (const a of row.answers) {
    byQuestion.set(a[0], a);
    if (a[4]) hiddenAnswers.push(a[0]);
  }
  const lang = uiLang(plan.locale);
  const cells = plan.columns.map((c): Cell => {
    switch (c.kind) {
      case "fixed":
        switch (c.key) {
          case "feedbackId":
            return row.id;
          case "date":
            return formatDate(row.createdAt, plan.utcOffset, plan.hideTimestamps);
          case "touchpoint":
            return plan.touchpointNames.get(row.touchpointId) ?? null;
          case "language":
            return row.language;
          case "status":
            return statusLabels[row.status]?.[lang] ?? row.status;
        }
        return null;
      case "question": {
        const a = byQuestion.get(c.questionId);
        if (!a || (a[4] && plan.blankHiddenAnswers)) return null;
        const n = a[1] === null ? null : Number(a[1]);
        return plan.questionById.get(c.questionId)!.format(n, a[2], a[3] ?? []);
      }
      case "meta": {
        const v = row.metadata[c.metaKey];
        return v === undefined || v === null ? null : typeof v === "string" ? v : JSON.stringify(v);
      }
    }
  });
  return { row, cells, hiddenAnswers };
}

/** Header line of a file: the columns' titles. */
export const headerOf = (plan: FeedbackListPlan) => plan.columns.map((c) => c.title);
