// The figures of one weekly digest (spec 000 §1, §3 "weekly digest"; domain-facts §5b): for what the
// user may see in their organisation (the summary's scope: domain/results-scope), the week against
// the week before: the average satisfaction (docs/analytics.md: smiley and NPS answers on 0–100),
// the response counts (the week, the week before, all time), the best and worst day and hour (by
// average), and the busiest and quietest day (by responses). Days and hours are local to the
// organisation's time zone. A week without responses has no days or hours to name (null).
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { parseResultsFilters, type ResultsFilters } from "../results-scope/filters.js";
import { callerVisibility, resultsDb } from "../results-scope/response-scope.js";
import { responseSums, type ResponseSums } from "../analytics/engine.js";
import { averageOf } from "../analytics/summary.js";
import type { Viewer } from "../viewer.js";

export type DigestFigures = {
  /** The week's first and last day (yyyy-MM-dd, local). */
  from: string;
  to: string;
  average: { now: number | null; earlier: number | null };
  responses: { now: number; earlier: number; allTime: number };
  /** ISO weekday 1 (Monday) … 7 (Sunday); hours 0–23; null without data. */
  bestDay: number | null;
  worstDay: number | null;
  bestHour: number | null;
  worstHour: number | null;
  busiestDay: number | null;
  quietestDay: number | null;
};

const num = (r: ResponseSums) => ({ grp: r.grp, responses: Number(r.responses), satSum: Number(r.satSum), satCount: Number(r.satCount) });

/** The group with the highest (or lowest) value; ties go to the earlier group. */
function pick<T extends { grp: string }>(rows: T[], value: (r: T) => number | null, best: boolean): number | null {
  let chosen: { grp: string; v: number } | null = null;
  for (const r of [...rows].sort((a, b) => Number(a.grp) - Number(b.grp))) {
    const v = value(r);
    if (v === null) continue;
    if (!chosen || (best ? v > chosen.v : v < chosen.v)) chosen = { grp: r.grp, v };
  }
  return chosen ? Number(chosen.grp) : null;
}

/**
 * The digest of a user (as `viewer`, in their organisation) for the local week [from, to] (whole
 * days) at `utcOffset` minutes east of UTC.
 */
export async function digestFigures(
  deps: { prisma: PrismaClient },
  viewer: Viewer,
  week: { from: string; to: string; utcOffset: number; now: Date },
): Promise<DigestFigures> {
  const ctx = { prisma: deps.prisma, viewer } as unknown as DomainContext;
  const f: ResultsFilters = parseResultsFilters({ from: week.from, to: week.to, utcOffset: week.utcOffset }, { now: week.now });
  const v = await callerVisibility(ctx, "summary");
  const db = resultsDb(ctx, v);
  const [now, earlier, byDay, byHour, allTime] = await Promise.all([
    responseSums(db, v, f, { window: { from: f.from, to: f.to }, groupBy: null }),
    responseSums(db, v, f, { window: { from: f.earlierFrom, to: f.earlierTo }, groupBy: null }),
    responseSums(db, v, f, { window: { from: f.from, to: f.to }, groupBy: "weekday" }),
    responseSums(db, v, f, { window: { from: f.from, to: f.to }, groupBy: "hourly" }),
    responseSums(db, v, f, { window: { from: new Date(Date.UTC(2000, 0, 1)), to: f.to }, groupBy: null }),
  ]);
  const one = (rows: ResponseSums[]) => (rows[0] ? num(rows[0]) : { grp: "", responses: 0, satSum: 0, satCount: 0 });
  const days = byDay.map(num);
  const hours = byHour.map(num);
  const weekHasData = one(now).responses > 0;
  // Every weekday counts for busiest and quietest, a day without responses as 0.
  const allDays = Array.from(
    { length: 7 },
    (_, i) => days.find((d) => Number(d.grp) === i + 1) ?? { grp: String(i + 1), responses: 0, satSum: 0, satCount: 0 },
  );
  return {
    from: f.fromDay,
    to: f.toDay,
    average: { now: averageOf(one(now)), earlier: averageOf(one(earlier)) },
    responses: { now: one(now).responses, earlier: one(earlier).responses, allTime: one(allTime).responses },
    bestDay: pick(days, averageOf, true),
    worstDay: pick(days, averageOf, false),
    bestHour: pick(hours, averageOf, true),
    worstHour: pick(hours, averageOf, false),
    busiestDay: weekHasData ? pick(allDays, (d) => d.responses, true) : null,
    quietestDay: weekHasData ? pick(allDays, (d) => d.responses, false) : null,
  };
}
