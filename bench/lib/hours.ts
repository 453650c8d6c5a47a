// The plain SQL references of the benchmarks name a window of "Response" rows as its indexes need:
// by the hour of "createdAt" (migration 20261129100000_response_time_by_hour; docs/analytics.md "The
// time indexes by hour"). Written here, not imported from the engine, so a reference stays plain SQL;
// a reference that named only the instants would lose the index and flatter the served path.

const origin = `'2000-01-01 00:00:00+00'::timestamptz`;
const hourOf = (alias: string) => `date_bin('1 hour'::interval, ${alias}."createdAt", ${origin})`;

/**
 * The rows of `alias` created in [from, to) (SQL timestamptz expressions). When both ends are whole
 * UTC hours the hours alone are exact (and the planner's estimate is not halved twice); otherwise the
 * instants cut the ends.
 */
export function hourWindowSql(alias: string, from: string, to: string, ends?: { from: Date; to: Date }): string {
  const hours = `${hourOf(alias)} >= date_bin('1 hour'::interval, ${from}, ${origin}) AND ${hourOf(alias)} < ${to}`;
  const whole = ends !== undefined && ends.from.getTime() % 3_600_000 === 0 && ends.to.getTime() % 3_600_000 === 0;
  return whole ? hours : `${hours} AND ${alias}."createdAt" >= ${from} AND ${alias}."createdAt" < ${to}`;
}

/** Newest first through the same indexes: the hours newest first, each hour's rows by instant. */
export const newestFirstSql = (alias: string) => `${hourOf(alias)} DESC, ${alias}."createdAt" DESC`;

/** The rows of `alias` created after `from` (an SQL timestamptz expression; `inclusive`: at or after it) through the same indexes. */
export function hourSinceSql(alias: string, from: string, inclusive = false): string {
  return `${hourOf(alias)} >= date_bin('1 hour'::interval, ${from}, ${origin}) AND ${alias}."createdAt" ${inclusive ? ">=" : ">"} ${from}`;
}
