// Journey analytics (spec 001 §2 /customer-journey/analytics/{id}, §7 POST
// /results/customer-journey/{id}): the journey's KPI per stage for the results filters' window, the
// same for the earlier period, and over time (the filters' groupBy, daily by default). Read through
// the analytics engine (roll-ups when they can answer, else raw rows: domain/analytics/engine.ts)
// and bounded by the caller's visibility (results-scope), so a share link's visitor sees what the
// link's creator may see. KPI formulas (docs/customer-journeys.md):
// - nps: %promoters (9–10) − %detractors (0–6) over the stage's NPS answers;
// - average: mean satisfaction on 0–100 over smiley and slider answers (value × 100) and NPS answers (value × 10);
// - count: the number of answers to the stage's questions;
// - evi: the mean EVI cluster value × 100 over the stage's emotion answers.
import type { PrismaClient, QuestionType } from "../../generated/prisma/client.js";
import { forbidden, notFound } from "../errors.js";
import { parseResultsFilters, slashDate, type GroupBy, type ResultsFilters } from "../results-scope/filters.js";
import { callerVisibility, resultsDb, type ResultsReader, type Visibility } from "../results-scope/response-scope.js";
import { answerSums, rollupsCanAnswer, type AnswerSums, type Source } from "../analytics/engine.js";
import { npsOf } from "../analytics/summary.js";
import type { DomainContext } from "../context.js";
import { resultsRequest } from "../results-scope/request.js";
import { isEligible, journeyMessages, parseJourneyId, requireJourneyReader, toJourney, type Journey, type JourneyStage, type Kpi } from "./journeys.js";
import { round1 } from "../analytics/rounding.js";

export type KpiFigure = { value: number | null; count: number };
export type StagePoint = KpiFigure & { group: string; label: string };
export type StageResult = { name: string; now: KpiFigure; earlier: KpiFigure; series: StagePoint[] };
export type JourneyResult = {
  journeyId: string;
  name: string;
  kpi: Kpi;
  from: string;
  to: string;
  utcOffset: number;
  groupBy: GroupBy;
  stages: StageResult[];
  /** The whole journey (every stage's answers together), now and earlier. */
  total: { now: KpiFigure; earlier: KpiFigure };
  source: Source;
};

type Acc = { count: number; normSum: number; normCount: number; promoters: number; passives: number; detractors: number; eviSum: number; eviCount: number };
const emptyAcc = (): Acc => ({ count: 0, normSum: 0, normCount: 0, promoters: 0, passives: 0, detractors: 0, eviSum: 0, eviCount: 0 });

/** Adds one question's rows (one group) to the accumulator. */
function add(acc: Acc, type: QuestionType, rows: AnswerSums[]) {
  for (const r of rows) {
    const count = Number(r.count);
    const sum = Number(r.sum);
    if (r.value === "*") {
      acc.count += count;
      if (type === "smiley" || type === "slider") {
        acc.normSum += sum;
        acc.normCount += count;
      } else if (type === "nps") {
        acc.normSum += sum / 10;
        acc.normCount += count;
      } else if (type === "emotion") {
        acc.eviSum += sum;
        acc.eviCount += count;
      }
    } else if (type === "nps") {
      const v = Number(r.value);
      if (v >= 9) acc.promoters += count;
      else if (v >= 7) acc.passives += count;
      else acc.detractors += count;
    }
  }
}

function figureOf(kpi: Kpi, a: Acc): KpiFigure {
  switch (kpi) {
    case "nps":
      return { value: npsOf(a), count: a.promoters + a.passives + a.detractors };
    case "average":
      return { value: a.normCount > 0 ? round1((a.normSum / a.normCount) * 100) : null, count: a.normCount };
    case "evi":
      return { value: a.eviCount > 0 ? round1((a.eviSum / a.eviCount) * 100) : null, count: a.eviCount };
    case "count":
      return { value: a.count, count: a.count };
  }
}

const weekdays = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const labelOf = (groupBy: GroupBy, g: string) => (groupBy === "weekday" ? (weekdays[Number(g)] ?? g) : groupBy === "daily" ? slashDate(g) : g);

/** The filters one stage reads: its touchpoints (narrowed by the caller's touchpoint filter) and surveys. */
function stageFilters(f: ResultsFilters, stage: JourneyStage): ResultsFilters | null {
  const touchpointIds = f.touchpointIds.length ? stage.touchpointIds.filter((t) => f.touchpointIds.includes(t)) : stage.touchpointIds;
  const surveyIds = stage.surveys.map((s) => s.surveyId).filter((s) => !f.surveyIds.length || f.surveyIds.includes(s));
  if (!touchpointIds.length || !surveyIds.length) return null;
  return { ...f, touchpointIds, surveyIds };
}

export type JourneyResultOptions = { now?: Date; source?: Source };

/** POST /results/customer-journey/{id}: the journey's KPI per stage for the caller's (or the link's) filters. */
export async function getJourneyResult(reader: ResultsReader, rawId: unknown, filtersInput: unknown, opts: JourneyResultOptions = {}): Promise<JourneyResult> {
  const journeyId = parseJourneyId(rawId);
  const f = parseResultsFilters(filtersInput, { now: opts.now });
  // Over time: a time grouping (source and metadata groupings have no time axis here).
  const groupBy: GroupBy = f.groupBy === "source" || f.groupBy === "metadata" ? "daily" : f.groupBy;
  const filters: ResultsFilters = { ...f, groupBy, groupByMetaKey: null };
  const v = await callerVisibility(reader, "results");
  const db = resultsDb(reader, v);
  const row = await db.customerJourney.findFirst({
    where: { id: journeyId, organizationId: v.organizationId },
    select: { id: true, organizationId: true, name: true, kpi: true, steps: true, createdAt: true, updatedAt: true, createdByUserId: true },
  });
  if (!row) throw notFound(journeyMessages.notFound);
  return journeyResultOf(db, v, toJourney(row), filters, opts);
}

async function journeyResultOf(db: PrismaClient, v: Visibility, journey: Journey, f: ResultsFilters, opts: JourneyResultOptions): Promise<JourneyResult> {
  const allQuestionIds = [...new Set(journey.steps.flatMap((s) => s.surveys.flatMap((x) => x.questionIds)))];
  const questions = allQuestionIds.length
    ? await db.question.findMany({ where: { id: { in: allQuestionIds }, organizationId: v.organizationId }, select: { id: true, type: true } })
    : [];
  const typeOf = new Map(questions.map((q) => [q.id, q.type]));
  const totalNow = emptyAcc();
  const totalEarlier = emptyAcc();
  const stages = await Promise.all(
    journey.steps.map(async (stage): Promise<StageResult> => {
      const sf = stageFilters(f, stage);
      // Questions whose type no longer fits the KPI (edited after the journey was saved) are left out.
      const questionIds = stage.surveys.flatMap((s) => s.questionIds).filter((q) => typeOf.has(q) && isEligible(journey.kpi, typeOf.get(q)!));
      const none = { name: stage.name, now: figureOf(journey.kpi, emptyAcc()), earlier: figureOf(journey.kpi, emptyAcc()), series: [] };
      if (!sf || !questionIds.length) return none;
      const [series, earlier] = await Promise.all([
        answerSums(db, v, sf, { questionIds, window: { from: sf.from, to: sf.to }, groupBy: sf.groupBy, source: opts.source }),
        answerSums(db, v, sf, { questionIds, window: { from: sf.earlierFrom, to: sf.earlierTo }, groupBy: null, source: opts.source }),
      ]);
      const now = emptyAcc();
      const before = emptyAcc();
      const groups = new Map<string, Acc>();
      for (const r of series) {
        const type = typeOf.get(r.qid)!;
        add(now, type, [r]);
        add(totalNow, type, [r]);
        let g = groups.get(r.grp);
        if (!g) groups.set(r.grp, (g = emptyAcc()));
        add(g, type, [r]);
      }
      for (const r of earlier) {
        add(before, typeOf.get(r.qid)!, [r]);
        add(totalEarlier, typeOf.get(r.qid)!, [r]);
      }
      return {
        name: stage.name,
        now: figureOf(journey.kpi, now),
        earlier: figureOf(journey.kpi, before),
        series: [...groups.entries()]
          .sort((a, b) => a[0].localeCompare(b[0], "en", { numeric: true }))
          .map(([group, acc]) => ({ group, label: labelOf(f.groupBy, group), ...figureOf(journey.kpi, acc) })),
      };
    }),
  );
  return {
    journeyId: journey.id,
    name: journey.name,
    kpi: journey.kpi,
    from: slashDate(f.fromDay),
    to: slashDate(f.toDay),
    utcOffset: f.utcOffset,
    groupBy: f.groupBy,
    stages,
    total: { now: figureOf(journey.kpi, totalNow), earlier: figureOf(journey.kpi, totalEarlier) },
    source: opts.source ?? (rollupsCanAnswer(f) ? "rollup" : "raw"),
  };
}

/**
 * The journey analytics of a request: a member (who views results somewhere) with their own filters,
 * or a share link's visitor (?token=, no sign-in) with the link's filters and allowed changes, read
 * as the link's creator may read now, in the link's organisation.
 */
export async function journeyResultsOfRequest(
  ctx: DomainContext,
  rawId: unknown,
  input: { filters?: unknown; shareToken?: string | null },
  opts: JourneyResultOptions = {},
): Promise<JourneyResult> {
  const journeyId = parseJourneyId(rawId);
  const r = await resultsRequest(ctx, { shareToken: input.shareToken, filters: input.filters, forJourney: true });
  if (r.caller.kind === "member") await requireJourneyReader(ctx);
  // A visitor's link opens its own journey only (made from that journey's page, or the PDF printer's
  // link for that journey); a results link, or another journey's, opens none.
  // Another organisation's journey stays "not found", as for everyone outside it.
  else if (r.caller.link.journeyId !== journeyId) {
    const inLinkOrganisation = await ctx.prisma.customerJourney.findFirst({
      where: { id: journeyId, organizationId: r.caller.link.organizationId },
      select: { id: true },
    });
    throw inLinkOrganisation ? forbidden(journeyMessages.shareLinkOfAnotherJourney) : notFound(journeyMessages.notFound);
  }
  const result = await getJourneyResult(r.reader, rawId, r.filters, opts);
  return hideSmall(result, r.share?.options.hideResultsIfLessThan ?? null);
}

/** A share link's hideResultsIfLessThan: a figure of fewer answers shows no value (and a point of the series is left out). */
export function hideSmall(result: JourneyResult, threshold: number | null): JourneyResult {
  if (!threshold) return result;
  const figure = (f: KpiFigure): KpiFigure => (f.count < threshold ? { value: null, count: f.count } : f);
  return {
    ...result,
    stages: result.stages.map((s) => ({ ...s, now: figure(s.now), earlier: figure(s.earlier), series: s.series.filter((p) => p.count >= threshold) })),
    total: { now: figure(result.total.now), earlier: figure(result.total.earlier) },
  };
}
