// Reads of the response bit strings (response-bits.ts): SQL pieces engine.ts combines with the raw
// rows of the hours at either end of a window and of the responses still pending.
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { GroupBy, ResultsFilters } from "../results-scope/filters.js";
import { admittedUnits, type Visibility } from "../results-scope/response-scope.js";
import { timeGroupSql, type Params } from "./engine.js";
import { metadataTextKept, zeroBlock } from "./response-bits.js";

/** How a bits read groups: one total, by a response field (touchpoint, survey), by UTC day (named by a time grouping), by a metadata key's value. */
export type BitsGroup = { kind: "none" } | { kind: "field"; field: "t" | "s" } | { kind: "day"; groupBy: GroupBy } | { kind: "metadata"; key: string };

/**
 * The grouping of a read the bit strings can serve, else null: not by hour of day, and a time
 * grouping only at offset 0 (the day keys are UTC days).
 */
export function bitsGroupOf(f: ResultsFilters, groupBy: GroupBy | null): BitsGroup | null {
  if (groupBy === null) return { kind: "none" };
  if (groupBy === "source") return { kind: "field", field: "t" };
  if (groupBy === "metadata") return f.groupByMetaKey ? { kind: "metadata", key: f.groupByMetaKey } : null;
  if (groupBy === "hourly" || f.utcOffset !== 0) return null;
  return { kind: "day", groupBy };
}

/**
 * Whether the organisation's bit strings may serve a read over these metadata keys: built (no state
 * row: it had no response when the bit strings came, nothing missing), and no key with values beyond what a block keeps.
 */
export async function bitsReady(db: PrismaClient, organizationId: string, metadataKeys: readonly string[]): Promise<boolean> {
  if (metadataKeys.some((k) => k.length > metadataTextKept)) return false;
  const [row] = await db.$queryRawUnsafe<{ built: boolean | null; overflow: boolean }[]>(
    `SELECT coalesce((SELECT built FROM "ResponseBitsState" WHERE "organizationId" = $1), true) AS built,
       EXISTS (SELECT 1 FROM "ResponseBits" WHERE "organizationId" = $1 AND field = 'm#' AND value = ANY($2::text[])) AS overflow`,
    organizationId,
    metadataKeys as string[],
  );
  return row?.built === true && !row.overflow;
}

/** The metadata keys a read under `f` grouped by `group` reads. */
export function metadataKeysOf(f: ResultsFilters, group: BitsGroup): string[] {
  const keys = new Set((f.metaDataMatch?.items ?? []).map((i) => i.key));
  if (group.kind === "metadata") keys.add(group.key);
  return [...keys];
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The UTC days of [from, to), both whole-day instants, as YYYY-MM-DD. */
export function daysOf(days: { from: Date; to: Date }): string[] {
  const out: string[] = [];
  for (let t = days.from.getTime(); t < days.to.getTime(); t += 86_400_000) out.push(isoDay(new Date(t)));
  return out;
}

/**
 * The blocks holding the window's days (the CTE bits_w), for the reads that would otherwise read every
 * block of the organisation. A field's strings read by block (here, or `x.block = g.block` in a join)
 * seek the index (organizationId, block, field) (migration 20261127183000); the primary key would
 * walk every value's entries of the field in every block.
 */
const inWindow = (alias: string) => `${alias}.block = ANY((SELECT w.b FROM bits_w w)::int[])`;

/**
 * The CTE bits_x: the keys `select` reads ("ResponseBits" x, a WHERE to add to) in the window's
 * blocks. Grouped (several strings per block in bits_g), read once, materialized, by the primary key
 * (field, then the blocks), then joined with each group's strings: joined straight with the groups,
 * the planner either read every block of the organisation (a hash join on the block: 17 MB for the
 * table at 1 M) or looked the keys up by block for each group (a heap row for each key of the block,
 * wanted or not). Not grouped (one string per block), straight: the lookup by block is once a block,
 * and copying the keys into a CTE would cost more than it saves.
 */
function keysOnce(group: BitsGroup, select: string): string {
  return group.kind === "none" ? `bits_x AS (${select})` : `bits_x AS MATERIALIZED (${select} AND ${inWindow("x")})`;
}

/**
 * Ends a subquery that counts bits, so that its rows are narrow (group, key, count) before they are
 * grouped: without the fence the planner may sort the joined rows, both 1 KiB strings in each, to
 * group them (its estimate of the window's blocks is low): 17 ms of sorting for a table at 1 M.
 */
const narrowBeforeGrouping = "OFFSET 0";

/**
 * CTEs `f(block, m)`: per block, the responses of the whole UTC days `days` in the scope and filters
 * (units the caller may see and the team filter, touchpoints, surveys, every restriction item, the
 * metadata match), and `g(block, grp, m)`: those per group, a group without a response in a block left
 * out (every answer key would be AND-ed with its zeros). Each item is the OR of its keys' strings; the
 * items are AND-ed.
 */
function filterCtes(
  p: Params,
  v: Visibility,
  f: ResultsFilters,
  days: { from: Date; to: Date },
  group: BitsGroup,
): { ctes: string; org: string; dayParam: string } {
  const org = p.add(v.organizationId);
  const dayList = daysOf(days);
  const dayParam = p.add(dayList, "::text[]");
  const items: string[] = [];
  const item = (field: string, values: string) =>
    items.push(
      `SELECT x.block, bit_or(x.bits) AS m FROM "ResponseBits" x WHERE x."organizationId" = ${org} AND x.field = ${field} AND x.value = ANY(${values}) AND ${inWindow("x")} GROUP BY x.block`,
    );
  items.push(
    `SELECT x.block, bit_or(x.bits) AS m FROM "ResponseBits" x WHERE x."organizationId" = ${org} AND x.field = 'd' AND x.value = ANY(${dayParam}) GROUP BY x.block`,
  );
  const units = admittedUnits(v, f.unitId);
  if (units !== null) item(`'u'`, p.add(units, "::text[]"));
  if (f.touchpointIds.length) item(`'t'`, p.add(f.touchpointIds, "::text[]"));
  if (f.surveyIds.length) item(`'s'`, p.add(f.surveyIds, "::text[]"));
  for (const r of f.restrictByAnswer) {
    const field = p.add(`a:${r.questionId}`);
    // The stored numbers of the question (answers without choices, and an emotion's), tested as the
    // raw rows test numericValue (response-scope.ts buildScope).
    const num = `(CASE WHEN y.value LIKE 'n:%' THEN substr(y.value, 3) ELSE split_part(y.value, ':', 3) END)::float8`;
    const alts: string[] = [];
    if (r.numbers.length) alts.push(`EXISTS (SELECT 1 FROM unnest(${p.add(r.numbers, "::float8[]")}) rn(v) WHERE abs(${num} - rn.v) < 1e-6)`);
    const range: string[] = [];
    if (r.gte !== null) range.push(`${num} >= ${p.add(r.gte, "::float8")}`);
    if (r.lt !== null) range.push(`${num} < ${p.add(r.lt, "::float8")}`);
    if (range.length) alts.push(`(${range.join(" AND ")})`);
    const numeric = alts.length
      ? ` || ARRAY(SELECT DISTINCT y.value FROM "ResponseBits" y WHERE y."organizationId" = ${org} AND y.field = ${field} AND ${inWindow("y")} AND (y.value LIKE 'n:%' OR y.value LIKE 'cn:%') AND (${alts.join(" OR ")}))`
      : "";
    item(
      field,
      `(${p.add(
        r.choiceIds.map((c) => `c:${c}`),
        "::text[]",
      )}${numeric})`,
    );
  }
  const meta = f.metaDataMatch;
  if (meta) {
    if (meta.strict) {
      const byKey = new Map<string, string[]>();
      for (const it of meta.items) byKey.set(it.key, [...(byKey.get(it.key) ?? []), it.value]);
      for (const [key, values] of byKey) item(p.add(`m:${key}`), p.add(values, "::text[]"));
    } else {
      items.push(
        `SELECT x.block, bit_or(x.bits) AS m FROM "ResponseBits" x JOIN unnest(${p.add(
          meta.items.map((i) => `m:${i.key}`),
          "::text[]",
        )}, ${p.add(
          meta.items.map((i) => i.value),
          "::text[]",
        )}) AS k(f, v) ON x.field = k.f AND x.value = k.v WHERE x."organizationId" = ${org} AND ${inWindow("x")} GROUP BY x.block`,
      );
    }
  }
  const from = items.map((sql, i) => (i === 0 ? `(${sql}) i0` : `JOIN (${sql}) i${i} ON i${i}.block = i0.block`)).join("\n    ");
  const m = items.map((_, i) => `i${i}.m`).join(" & ");
  let g: string;
  switch (group.kind) {
    case "none":
      g = `SELECT f.block, ''::text AS grp, f.m FROM bits_f f`;
      break;
    case "field":
      g = `SELECT f.block, x.value AS grp, f.m & x.bits AS m FROM bits_f f JOIN "ResponseBits" x ON x."organizationId" = ${org} AND x.field = '${group.field}' AND x.block = f.block`;
      break;
    case "day": {
      const name = timeGroupSql(group.groupBy, `(x.value::date::timestamp AT TIME ZONE 'UTC')`, 0)!;
      g = `SELECT f.block, ${name} AS grp, f.m & x.bits AS m FROM bits_f f JOIN "ResponseBits" x ON x."organizationId" = ${org} AND x.field = 'd' AND x.block = f.block
        AND x.value = ANY(${dayParam})`;
      break;
    }
    case "metadata": {
      // Each value its group; responses without the key (or JSON null) the group "", as the raw
      // rows' coalesce(metadata ->> key, '') names them.
      const key = p.add(`m:${group.key}`);
      g = `SELECT f.block, x.value AS grp, f.m & x.bits AS m FROM bits_f f JOIN "ResponseBits" x ON x."organizationId" = ${org} AND x.field = ${key} AND x.block = f.block
        UNION ALL
        SELECT f.block, '', f.m & ~coalesce((SELECT bit_or(y.bits) FROM "ResponseBits" y WHERE y."organizationId" = ${org} AND y.field = ${key} AND y.block = f.block), ${zeroBlock}) FROM bits_f f`;
      break;
    }
  }
  const w = `bits_w AS MATERIALIZED (SELECT coalesce(array_agg(DISTINCT y.block), '{}'::int[]) AS b FROM "ResponseBits" y WHERE y."organizationId" = ${org} AND y.field = 'd' AND y.value = ANY(${dayParam}))`;
  return {
    ctes: `${w}, bits_f AS MATERIALIZED (SELECT i0.block, ${m} AS m FROM ${from}), bits_g AS MATERIALIZED (SELECT g0.block, g0.grp, g0.m FROM (${g}) g0 WHERE bit_count(g0.m) > 0)`,
    org,
    dayParam,
  };
}

/**
 * Rows shaped like engine.ts AnswerSums (qid, grp, value, count, sum) from bits_k (grp, field, value,
 * n: the bits of a question's key in a group). A value's count is the bits of its key; a number's sum
 * its count times the number; "*" and a choice's sum add the numbers of the answers under them.
 */
const keySumsSelect = `SELECT substr(k.field, 3) AS qid, k.grp, c.value, c.count, c.sum FROM bits_k k CROSS JOIN LATERAL (
        SELECT '*' AS value, k.n AS count, 0::float8 AS sum WHERE k.value = '*'
        UNION ALL SELECT substr(k.value, 3), k.n, 0::float8 WHERE k.value LIKE 'c:%'
        UNION ALL SELECT trim_scale(round(substr(k.value, 3)::float8::numeric, 6))::text, k.n, k.n * substr(k.value, 3)::float8 WHERE k.value LIKE 'n:%'
        UNION ALL SELECT '*', 0::float8, k.n * substr(k.value, 3)::float8 WHERE k.value LIKE 'n:%'
        UNION ALL SELECT split_part(k.value, ':', 2), 0::float8, k.n * split_part(k.value, ':', 3)::float8 WHERE k.value LIKE 'cn:%'
        UNION ALL SELECT '*', 0::float8, k.n * split_part(k.value, ':', 3)::float8 WHERE k.value LIKE 'cn:%'
      ) c`;

/** The filters' CTEs (bits_g: each group's match per block) and bits_x: the keys of `questionIds` (fields a:<id>) in the window's blocks. */
function questionKeyCtes(p: Params, v: Visibility, f: ResultsFilters, questionIds: string[], days: { from: Date; to: Date }, group: BitsGroup): string {
  const { ctes, org } = filterCtes(p, v, f, days, group);
  const fields = p.add(
    questionIds.map((q) => `a:${q}`),
    "::text[]",
  );
  return `${ctes}, ${keysOnce(group, `SELECT x.block, x.field, x.value, x.bits FROM "ResponseBits" x WHERE x."organizationId" = ${org} AND x.field = ANY(${fields})`)}`;
}

/**
 * Answer sums of `questionIds` from the bit strings over the whole UTC days `days` (CTEs, then a
 * SELECT of rows shaped like engine.ts AnswerSums: `keySumsSelect`), each group's match AND-ed with
 * each key in SQL.
 */
export function bitsAnswerSql(
  p: Params,
  v: Visibility,
  f: ResultsFilters,
  questionIds: string[],
  days: { from: Date; to: Date },
  group: BitsGroup,
): { ctes: string; select: string } {
  return {
    ctes: `${questionKeyCtes(p, v, f, questionIds, days, group)}, bits_k AS (
      SELECT j.grp, j.field, j.value, sum(j.n)::float8 AS n FROM (
        SELECT g.grp, x.field, x.value, bit_count(g.m & x.bits) AS n FROM bits_g g JOIN bits_x x ON x.block = g.block
        ${narrowBeforeGrouping}) j
      GROUP BY 1, 2, 3)`,
    select: keySumsSelect,
  };
}

/**
 * The strings a server-side count of `questionIds`' keys by group reads (bits-count.ts), in one
 * statement: each group's match per block (k 'g': block, a = group, bytes) and each key of the
 * questions per block where a group has responses (k 'x': block, a = field, b = value, bytes). `bytes` is
 * varbit_send's: a 4-byte length, then the bits, the first in the high bit of the first byte.
 */
export function bitsAnswerStringsSql(
  p: Params,
  v: Visibility,
  f: ResultsFilters,
  questionIds: string[],
  days: { from: Date; to: Date },
  group: BitsGroup,
): string {
  return `WITH ${questionKeyCtes(p, v, f, questionIds, days, group)}
    SELECT 'g'::text AS k, g.block, g.grp AS a, NULL::text AS b, varbit_send(g.m) AS bytes FROM bits_g g
    UNION ALL SELECT 'x', x.block, x.field, x.value, varbit_send(x.bits) FROM bits_x x WHERE x.block IN (SELECT g.block FROM bits_g g)`;
}

/**
 * bits_k from keys counted in the server (bits-count.ts: grp, field, value, n), as a JSON parameter;
 * with the same SELECT as `bitsAnswerSql`.
 */
export function bitsAnswerCountedSql(
  p: Params,
  counted: readonly { grp: string; field: string; value: string; n: number }[],
): { ctes: string; select: string } {
  return {
    ctes: `bits_k AS (SELECT k.grp, k.field, k.value, k.n FROM json_to_recordset(${p.add(JSON.stringify(counted))}::json) AS k(grp text, field text, value text, n float8))`,
    select: keySumsSelect,
  };
}

/**
 * Response sums from the bit strings over the whole UTC days `days` (CTEs, then a SELECT of rows
 * shaped like engine.ts ResponseSums): the responses are the group's bits; satisfaction and the NPS
 * classes come from the smiley and NPS questions' number keys (a smiley's number, an NPS number ÷ 10).
 */
export function bitsResponseSql(
  p: Params,
  v: Visibility,
  f: ResultsFilters,
  days: { from: Date; to: Date },
  group: BitsGroup,
): { ctes: string; select: string } {
  const { ctes, org } = filterCtes(p, v, f, days, group);
  return {
    ctes: `${ctes}, bits_q AS MATERIALIZED (
      SELECT 'a:' || qq."id" AS field, qq."type"::text AS y FROM "Question" qq WHERE qq."organizationId" = ${org} AND qq."type"::text IN ('smiley', 'nps')
    ), ${keysOnce(
      group,
      `SELECT x.block, q.y, substr(x.value, 3)::float8 AS v, x.bits FROM "ResponseBits" x JOIN bits_q q ON q.field = x.field
      WHERE x."organizationId" = ${org} AND x.field = ANY(ARRAY(SELECT field FROM bits_q)) AND x.value LIKE 'n:%'`,
    )}, bits_k AS (
      SELECT j.grp, j.y, j.v, sum(j.n)::float8 AS n FROM (
        SELECT g.grp, x.y, x.v, bit_count(g.m & x.bits) AS n FROM bits_g g JOIN bits_x x ON x.block = g.block
        ${narrowBeforeGrouping}) j
      GROUP BY 1, 2, 3)`,
    select: `SELECT g.grp, sum(bit_count(g.m))::float8 AS responses, 0::float8 AS "satSum", 0::float8 AS "satCount", 0::float8 AS promoters, 0::float8 AS passives, 0::float8 AS detractors
        FROM bits_g g GROUP BY 1
      UNION ALL
      SELECT k.grp, 0, sum(CASE WHEN k.y = 'smiley' THEN k.n * k.v ELSE k.n * k.v / 10.0 END), sum(k.n),
        coalesce(sum(k.n) FILTER (WHERE k.y = 'nps' AND k.v >= 9), 0), coalesce(sum(k.n) FILTER (WHERE k.y = 'nps' AND k.v >= 7 AND k.v < 9), 0),
        coalesce(sum(k.n) FILTER (WHERE k.y = 'nps' AND k.v < 7), 0)
        FROM bits_k k GROUP BY 1`,
  };
}

/** Response counts per group from the bit strings over the whole UTC days `days` (CTEs, then a SELECT of grp, n). */
export function bitsCountSql(p: Params, v: Visibility, f: ResultsFilters, days: { from: Date; to: Date }, group: BitsGroup): { ctes: string; select: string } {
  const { ctes } = filterCtes(p, v, f, days, group);
  return { ctes, select: `SELECT g.grp, sum(bit_count(g.m))::float8 AS n FROM bits_g g GROUP BY 1` };
}

/**
 * The responses matching `f` over the whole UTC days `days`, per block: CTEs, then a SELECT of the
 * block and its match string's bytes (bit i of the block is the ordinal block × 8,192 + i), blocks
 * without a match left out.
 */
export function bitsMatchSql(p: Params, v: Visibility, f: ResultsFilters, days: { from: Date; to: Date }): { ctes: string; select: string } {
  const { ctes } = filterCtes(p, v, f, days, { kind: "none" });
  return { ctes, select: `SELECT f.block, substring(varbit_send(f.m) FROM 5) AS bytes FROM bits_f f WHERE bit_count(f.m) > 0` };
}

/**
 * The metadata keys of the responses matching `f` over the whole UTC days `days`, each with the
 * number of those responses that have it (JSON null values too): CTEs, then a SELECT of key, n, and
 * `unkept`, an expression true when the counts are not to be used: the organisation's "k" strings are
 * not all written yet (keysBuilt: response-bits.ts keysStep), or a block of the window is marked "k#"
 * (its keys are not all kept). The "k" strings of the window's blocks are read once, by the primary
 * key, and AND-ed with each block's match.
 */
export function bitsMetaKeysSql(p: Params, v: Visibility, f: ResultsFilters, days: { from: Date; to: Date }): { ctes: string; select: string; unkept: string } {
  const { ctes, org } = filterCtes(p, v, f, days, { kind: "none" });
  const keys = metaKeysOf(org);
  return { ctes: `${ctes}, ${keys.cte}`, select: keys.select, unkept: keys.unkept };
}

/** The "k" strings' CTE (bits_mk), the SELECT of key and n over bits_g, and the `unkept` expression (bitsMetaKeysSql). */
function metaKeysOf(org: string): { cte: string; select: string; unkept: string } {
  return {
    cte: `bits_mk AS MATERIALIZED (SELECT x.block, x.value, x.bits FROM "ResponseBits" x WHERE x."organizationId" = ${org} AND x.field = 'k' AND ${inWindow("x")})`,
    select: `SELECT k.value AS key, sum(bit_count(g.m & k.bits))::float8 AS n FROM bits_g g JOIN bits_mk k ON k.block = g.block GROUP BY 1`,
    unkept: `(NOT coalesce((SELECT s."keysBuilt" FROM "ResponseBitsState" s WHERE s."organizationId" = ${org}), true)
      OR EXISTS (SELECT 1 FROM "ResponseBits" x WHERE x."organizationId" = ${org} AND x.field = 'k#' AND x.value = '' AND ${inWindow("x")}))`,
  };
}

/**
 * What the feedback list reads from the bit strings over the whole UTC days `days`, from one match
 * of the filters (each read built its own before: 40–130 ms apiece at 10 M): CTEs, then SELECTs of
 * the matching responses per survey (grp, n), per UTC day (grp YYYY-MM-DD, n), and of their metadata
 * keys (key, n) with `unkept` (bitsMetaKeysSql). A response is in one "s" and one "d" string.
 */
export function bitsListSql(
  p: Params,
  v: Visibility,
  f: ResultsFilters,
  days: { from: Date; to: Date },
): { ctes: string; surveys: string; days: string; keys: string; unkept: string } {
  const { ctes, org, dayParam } = filterCtes(p, v, f, days, { kind: "none" });
  const keys = metaKeysOf(org);
  const per = (field: "s" | "d", extra = "") =>
    `SELECT x.value AS grp, sum(bit_count(g.m & x.bits))::float8 AS n FROM bits_g g JOIN "ResponseBits" x ON x."organizationId" = ${org} AND x.field = '${field}' AND x.block = g.block${extra} GROUP BY 1`;
  return {
    ctes: `${ctes}, ${keys.cte}`,
    surveys: per("s"),
    days: per("d", ` AND x.value = ANY(${dayParam})`),
    keys: keys.select,
    unkept: keys.unkept,
  };
}

/** The ordinals whose bits are set in a block's bytes (bitsMatchSql). */
export function ordinalsOf(block: number, bytes: Uint8Array, into: number[], bitsPerBlock: number): void {
  const base = block * bitsPerBlock;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte === 0) continue;
    for (let k = 0; k < 8; k++) if (byte & (0x80 >> k)) into.push(base + i * 8 + k);
  }
}
