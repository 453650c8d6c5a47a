// Reads of responses by ordinal (Response.ordinal: a response's number within its organisation, its
// bit in the response bit strings). They go through "Response_organizationId_ordinalGroup_idx", on
// (organizationId, ordinal / 16) (migration 20261129130000_response_ordinal_groups; docs/analytics.md
// "Ordinals by group of 16"): sixteen responses share a key, which b-tree deduplication stores once.
// The planner uses an expression index only when a query names the same expression, so every read by
// ordinal names the group here, and tests the ordinal itself among the group's rows.

/** Ordinals per key of the index (its expression's divisor). */
export const ordinalGroupSize = 16;

/** The group of an ordinal (an SQL integer expression), as the index writes it. */
export const ordinalGroupOf = (ordinal: string) => `(${ordinal}) / ${ordinalGroupSize}`;

/** `alias`'s ordinal in [first, last] (SQL integer expressions), through the index. */
export function ordinalsBetween(alias: string, first: string, last: string): string {
  const ordinal = `${alias}."ordinal"`;
  return `${ordinal} BETWEEN ${first} AND ${last} AND ${ordinalGroupOf(ordinal)} BETWEEN ${ordinalGroupOf(first)} AND ${ordinalGroupOf(last)}`;
}

/** `alias`'s ordinal is one of `ordinals` (an SQL int[] expression), through the index. */
export function ordinalsAmong(alias: string, ordinals: string): string {
  const ordinal = `${alias}."ordinal"`;
  return `${ordinal} = ANY(${ordinals}) AND ${ordinalGroupOf(ordinal)} = ANY(ARRAY(SELECT DISTINCT ${ordinalGroupOf("o")} FROM unnest(${ordinals}) o))`;
}

/**
 * The first and last ordinal of the organisation whose id the SQL expression `organizationId` gives
 * (columns `first`, `last`; null when it has no numbered response): the first and last group from
 * the index's ends, then the ordinals within them.
 */
export function ordinalEndsSql(organizationId: string): string {
  const group = ordinalGroupOf(`r."ordinal"`);
  const end = (agg: "min" | "max") =>
    `(SELECT ${agg}(r."ordinal") FROM "Response" r WHERE r."organizationId" = ${organizationId}
      AND ${group} = (SELECT ${agg}(${group}) FROM "Response" r WHERE r."organizationId" = ${organizationId}))`;
  return `SELECT ${end("min")} AS first, ${end("max")} AS last`;
}
