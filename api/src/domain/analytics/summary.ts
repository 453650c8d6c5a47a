// The summary dashboard (spec 001 §2 /summary, §3 "Summary filters" and "Summary result", §7
// POST /summary): for the window (default the last 7 days) and the same length just before it,
// the ranking of the touchpoints the viewer may see, the average satisfaction, NPS and response
// count of what the viewer may see beside the organisation's own, and a daily series.
// Formulas in docs/analytics.md: average = Σ satisfaction ÷ n × 100 over smiley (0..1) and NPS
// (value ÷ 10) answers; NPS = %promoters − %detractors; null where there is no data.
import { z } from "zod";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { badInput } from "../errors.js";
import { parseResultsFilters, slashDate, type ResultsFilters } from "../results-scope/filters.js";
import { callerVisibility, resultsDb, type ResultsReader } from "../results-scope/response-scope.js";
import { responseSums, type ResponseSums, type Source } from "./engine.js";
import { overLimitNotice } from "../respondent/response-limit.js";
import { round1 } from "./rounding.js";

export type Pair<T> = { now: T; earlier: T };
export type RankingRow = {
  touchpointId: string;
  name: string;
  type: string;
  position: number;
  average: number | null;
  nps: number | null;
  count: number;
};
export type SummaryDay = { date: string; count: number; average: number | null; nps: number | null };
export type SummaryResult = {
  from: string;
  to: string;
  utcOffset: number;
  ranking: Pair<RankingRow[]>;
  average: Pair<number | null>;
  orgAverage: Pair<number | null>;
  count: Pair<number>;
  orgCount: Pair<number>;
  nps: Pair<number | null>;
  orgNPS: Pair<number | null>;
  charts: { daily: SummaryDay[] };
  /** "Response limit exceeded (some responses not shown)" when the organisation has responses over its limit in the window, else null. */
  responseLimitNotice: string | null;
};

export const averageOf = (s: { satSum: number; satCount: number }) => (s.satCount > 0 ? round1((s.satSum / s.satCount) * 100) : null);
export const npsOf = (s: { promoters: number; passives: number; detractors: number }) => {
  const n = s.promoters + s.passives + s.detractors;
  return n > 0 ? Math.round((100 * (s.promoters - s.detractors)) / n) : null;
};
const empty: ResponseSums = { grp: "", responses: 0, satSum: 0, satCount: 0, promoters: 0, passives: 0, detractors: 0 };
const num = (r: ResponseSums): ResponseSums => ({
  grp: r.grp,
  responses: Number(r.responses),
  satSum: Number(r.satSum),
  satCount: Number(r.satCount),
  promoters: Number(r.promoters),
  passives: Number(r.passives),
  detractors: Number(r.detractors),
});

/** The spec's summary filters: from, to (yyyy-MM-dd), surveyId (list), utcOffset. */
export const summaryInputSchema = z.strictObject({
  from: z.string().nullish(),
  to: z.string().nullish(),
  surveyId: z.union([z.string(), z.array(z.string())]).nullish(),
  utcOffset: z.union([z.number(), z.string()]).nullish(),
  unitId: z.string().nullish(),
});
export type SummaryInput = z.input<typeof summaryInputSchema>;

export function parseSummaryFilters(input: unknown, now?: Date): ResultsFilters {
  const raw = (input ?? {}) as Record<string, unknown>;
  if (typeof raw !== "object" || Array.isArray(raw)) throw badInput("Filters must be an object");
  const allowed = new Set(Object.keys(summaryInputSchema.shape));
  for (const key of Object.keys(raw)) if (!allowed.has(key)) throw badInput(`Unknown filter '${key.slice(0, 60)}'`, key);
  const picked = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== null));
  return parseResultsFilters(picked, { now });
}

export async function getSummary(caller: ResultsReader, input: unknown, opts: { now?: Date; source?: Source } = {}): Promise<SummaryResult> {
  const f = parseSummaryFilters(input, opts.now);
  const v = await callerVisibility(caller, "summary");
  const prisma: PrismaClient = resultsDb(caller, v);
  const now = { from: f.from, to: f.to };
  const earlier = { from: f.earlierFrom, to: f.earlierTo };
  // Totals are the sums of the per-touchpoint rows; the organisation's figures are the caller's own
  // when the caller sees the whole organisation unfiltered: fewer queries.
  const wholeOrg = v.unitIds === null && !f.unitId && f.surveyIds.length === 0;
  const [byTpNow, byTpEarlier, daily, orgNowRows, orgEarlierRows, responseLimitNotice] = await Promise.all([
    responseSums(prisma, v, f, { window: now, groupBy: "source", source: opts.source }),
    responseSums(prisma, v, f, { window: earlier, groupBy: "source", source: opts.source }),
    responseSums(prisma, v, f, { window: now, groupBy: "daily", source: opts.source }),
    wholeOrg ? null : responseSums(prisma, v, f, { window: now, groupBy: null, organisationWide: true, source: opts.source }),
    wholeOrg ? null : responseSums(prisma, v, f, { window: earlier, groupBy: null, organisationWide: true, source: opts.source }),
    overLimitNotice(prisma, v.organizationId, f.from, f.to),
  ]);
  const sumOf = (rows: ResponseSums[]): ResponseSums =>
    rows.map(num).reduce(
      (a, r) => ({
        grp: "",
        responses: a.responses + r.responses,
        satSum: a.satSum + r.satSum,
        satCount: a.satCount + r.satCount,
        promoters: a.promoters + r.promoters,
        passives: a.passives + r.passives,
        detractors: a.detractors + r.detractors,
      }),
      { ...empty },
    );
  const totNow = [sumOf(byTpNow)];
  const totEarlier = [sumOf(byTpEarlier)];
  const orgNow = orgNowRows ?? totNow;
  const orgEarlier = orgEarlierRows ?? totEarlier;
  const one = (rows: ResponseSums[]) => num(rows[0] ?? empty);
  const tpIds = [...new Set([...byTpNow, ...byTpEarlier].map((r) => r.grp))];
  const touchpoints = tpIds.length ? await prisma.touchpoint.findMany({ where: { id: { in: tpIds } }, select: { id: true, name: true, type: true } }) : [];
  const tpById = new Map(touchpoints.map((t) => [t.id, t]));
  const ranking = (rows: ResponseSums[]): RankingRow[] =>
    rows
      .map(num)
      .filter((r) => r.responses > 0 && tpById.has(r.grp))
      .map((r) => ({
        touchpointId: r.grp,
        name: tpById.get(r.grp)!.name,
        type: tpById.get(r.grp)!.type,
        average: averageOf(r),
        nps: npsOf(r),
        count: r.responses,
        position: 0,
      }))
      // Best average first (no average last), then more responses, then name.
      .sort((a, b) => (b.average ?? -1) - (a.average ?? -1) || b.count - a.count || a.name.localeCompare(b.name))
      .map((r, i) => ({ ...r, position: i + 1 }));

  const byDay = new Map(daily.map((r) => [r.grp, num(r)]));
  const days: SummaryDay[] = [];
  for (let i = 0; i < f.days; i++) {
    const date = new Date(Date.parse(`${f.fromDay}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    const r = byDay.get(date) ?? { ...empty, grp: date };
    days.push({ date: slashDate(date), count: r.responses, average: averageOf(r), nps: npsOf(r) });
  }
  const [tn, te, on, oe] = [one(totNow), one(totEarlier), one(orgNow), one(orgEarlier)];
  return {
    from: slashDate(f.fromDay),
    to: slashDate(f.toDay),
    utcOffset: f.utcOffset,
    ranking: { now: ranking(byTpNow), earlier: ranking(byTpEarlier) },
    average: { now: averageOf(tn), earlier: averageOf(te) },
    orgAverage: { now: averageOf(on), earlier: averageOf(oe) },
    count: { now: tn.responses, earlier: te.responses },
    orgCount: { now: on.responses, earlier: oe.responses },
    nps: { now: npsOf(tn), earlier: npsOf(te) },
    orgNPS: { now: npsOf(on), earlier: npsOf(oe) },
    charts: { daily: days },
    responseLimitNotice,
  };
}
