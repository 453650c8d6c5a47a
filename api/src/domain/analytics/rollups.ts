// Analytics roll-ups (prisma/schema.prisma "Analytics roll-ups", docs/analytics.md): sums per
// organisation × survey × touchpoint × unit, hourly and daily (UTC) for responses (count,
// satisfaction sum and count, NPS classes), daily only for answers by question and value (the hours
// an answer read needs beyond whole UTC days come from the raw rows: docs/analytics.md "Daily answer
// roll-ups only").
//
// Kept right in three ways:
// - ingestion marks each new response pending ("RollupPending", in the statement that stores it);
//   the applier (rollup-applier.ts) adds pending responses to the roll-ups and deletes their
//   pending rows in one transaction, a few milliseconds later. Roll-up reads add the pending
//   responses from the raw rows (`pendingResponseRows`; engine.ts for answers), so they are exact;
// - `markResponsesChanged` (after hiding, deleting or editing responses) recomputes the touched
//   buckets (hour and day × survey × touchpoint) from the raw rows;
// - `rebuildRollups` recomputes an organisation (or all) from scratch: the demo seed, the
//   migration's backfill, the benchmark generator.
// Recomputes leave pending responses out (the applier adds them). A recompute takes SHARE ROW
// EXCLUSIVE locks on the roll-up and bit-string tables, the applier ROW EXCLUSIVE ones (in the same order) before it
// claims, so each waits for the other and no response is counted twice or lost between a
// recompute's DELETE and its INSERT. Recomputes are small (a few buckets) and short.
import { answersJoin, answersOfResponse } from "../answers/rows.js";
import { answerTimeWithin } from "../answers/answer-hours.js";
import type { PrismaClient, Prisma } from "../../generated/prisma/client.js";
import { codeOf } from "../results-scope/codes.js";
import { buildOrganizationBits, refreshBitsOfBuckets, refreshBitsOfTouchpoint } from "./response-bits.js";

type Db = PrismaClient | Prisma.TransactionClient;

/** Satisfaction of one answer: smiley 0..1, NPS value ÷ 10 (DESIGN.md; docs/analytics.md "Formulas"). */
const satExpr = (y: string, n: string) => `CASE WHEN ${y} = 'smiley' THEN ${n} WHEN ${y} = 'nps' THEN ${n} / 10.0 END`;

/**
 * CTEs (each starting with a comma) that add the rows of two CTEs to the roll-ups:
 *   `${resp}`(id, o, s, t, u, c)            the responses (not hidden), c = createdAt
 *   `${ans}`(r, o, s, t, u, q, c, n, h, y)  their answers: response id, question, numericValue,
 *                                           choiceIds, question type
 * Rows go in primary-key order (fewer lock waits between concurrent writers).
 */
export function rollupUpsertCtes(resp: string, ans: string, mode: "add" | "bulk" = "add"): string {
  // bulk: plain INSERTs for a load into empty buckets with the keys dropped (bench generator).
  const bulk = mode === "bulk";
  const hour = (c: string) => `date_bin('1 hour', ${c}, timestamptz '2000-01-01 00:00:00+00')`;
  const day = (c: string) => `date_bin('1 day', ${c}, timestamptz '2000-01-01 00:00:00+00')`;
  const perResponse = `
, rollup_rs AS (
  SELECT rs.o, rs.s, rs.t, rs.u, rs.c,
    coalesce(sum(${satExpr("an.y", "an.n")}), 0)::float8 AS sat_sum,
    count(${satExpr("an.y", "an.n")})::int AS sat_count,
    count(*) FILTER (WHERE an.y = 'nps' AND an.n >= 9)::int AS p,
    count(*) FILTER (WHERE an.y = 'nps' AND an.n >= 7 AND an.n < 9)::int AS pa,
    count(*) FILTER (WHERE an.y = 'nps' AND an.n < 7)::int AS d
  FROM ${resp} rs LEFT JOIN ${ans} an ON an.r = rs.id
  GROUP BY rs.id, rs.o, rs.s, rs.t, rs.u, rs.c
)`;
  const answerValues = `
, rollup_av AS (
  SELECT an.o, an.s, an.t, an.u, an.q, an.c, v.value, an.n FROM ${ans} an CROSS JOIN LATERAL unnest(an.h) AS v(value) WHERE cardinality(an.h) > 0
  UNION ALL SELECT an.o, an.s, an.t, an.u, an.q, an.c, trim_scale(round(an.n::numeric, 6))::text, an.n FROM ${ans} an WHERE cardinality(an.h) = 0 AND an.n IS NOT NULL
  UNION ALL SELECT an.o, an.s, an.t, an.u, an.q, an.c, '*', an.n FROM ${ans} an
)`;
  // The roll-ups are keyed by codes (results-scope/codes.ts): the rows are summed by ids first, then each
  // sum's ids are looked up once. A response may name a team deleted since (its unitCode has no foreign
  // key: a touchpoint moved without its responses, then its old team deleted): its code then names no
  // team (the join below finds none), and such rows count under unit code 0, which no unit filter names
  // (codes start at 1), as responses of teams deleted before migration 20261130000000 are stored. Several deleted teams share code 0: the sums are summed again by codes, so that
  // one statement never upserts one key twice.
  // The touchpoint (`t`) comes as its code already: the response names it so (migration
  // 20261129200000_response_touchpoint_code).
  const responseUpsert = (name: string, table: string, bucket: (c: string) => string) => `
, ${name} AS (
  INSERT INTO "${table}" AS x ("organizationCode", "bucket", "surveyCode", "touchpointCode", "unitCode", "responses", "satSum", "satCount", "promoters", "passives", "detractors")
  SELECT oc."code", g.b, sc."code", g.t, coalesce(uc."code", 0), sum(g.n)::int, sum(g.sat_sum), sum(g.sat_count)::int, sum(g.p)::int, sum(g.pa)::int, sum(g.d)::int
  FROM (SELECT o, ${bucket("c")} AS b, s, t, u, count(*)::int AS n, sum(sat_sum)::float8 AS sat_sum, sum(sat_count)::int AS sat_count,
      sum(p)::int AS p, sum(pa)::int AS pa, sum(d)::int AS d
    FROM rollup_rs GROUP BY o, b, s, t, u) g
  JOIN "Organization" oc ON oc."id" = g.o JOIN "Survey" sc ON sc."id" = g.s LEFT JOIN "Unit" uc ON uc."code" = g.u
  GROUP BY 1, 2, 3, 4, 5${
    bulk
      ? ")"
      : `
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT ("organizationCode", "bucket", "surveyCode", "touchpointCode", "unitCode") DO UPDATE SET
    "responses" = x."responses" + EXCLUDED."responses", "satSum" = x."satSum" + EXCLUDED."satSum", "satCount" = x."satCount" + EXCLUDED."satCount",
    "promoters" = x."promoters" + EXCLUDED."promoters", "passives" = x."passives" + EXCLUDED."passives", "detractors" = x."detractors" + EXCLUDED."detractors"
)`
  }`;
  // The answer roll-ups likewise, by question and value as well.
  const answerUpsert = (name: string, table: string, bucket: (c: string) => string) => `
, ${name} AS (
  INSERT INTO "${table}" AS x ("questionCode", "bucket", "touchpointCode", "unitCode", "value", "surveyCode", "organizationCode", "count", "sum")
  SELECT qc."code", g.b, g.t, coalesce(uc."code", 0), g.value, sc."code", oc."code", sum(g.answers)::int, sum(g.total)::float8
  FROM (SELECT q, ${bucket("c")} AS b, t, u, value, s, o, count(*)::int AS answers, coalesce(sum(n), 0)::float8 AS total
    FROM rollup_av GROUP BY q, b, t, u, value, s, o) g
  JOIN "Question" qc ON qc."id" = g.q LEFT JOIN "Unit" uc ON uc."code" = g.u
  JOIN "Survey" sc ON sc."id" = g.s JOIN "Organization" oc ON oc."id" = g.o
  GROUP BY 1, 2, 3, 4, 5, 6, 7${
    bulk
      ? ")"
      : `
  ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT ("questionCode", "bucket", "touchpointCode", "unitCode", "value", "surveyCode") DO UPDATE SET
    "count" = x."count" + EXCLUDED."count", "sum" = x."sum" + EXCLUDED."sum"
)`
  }`;
  return (
    perResponse +
    answerValues +
    responseUpsert("rollup_rh", "RollupResponseHour", hour) +
    responseUpsert("rollup_rd", "RollupResponseDay", day) +
    answerUpsert("rollup_ad", "RollupAnswerDay", day)
  );
}

/** The tables in the order ingestion writes them (lock order). */
export const rollupTables = ["RollupResponseHour", "RollupResponseDay", "RollupAnswerDay"] as const;

/**
 * A condition: the roll-up row `alias` belongs to the organisation, survey, touchpoint or unit whose
 * id `idSql` gives, through its code. `idSql` should be a parameter: the code's lookup is then run
 * once per statement (an initplan); an expression over another table's rows would be looked up again
 * for every row.
 */
export function rollupKeyIs(alias: string, of: "organization" | "survey" | "touchpoint" | "unit", idSql: string): string {
  return `${alias}."${of}Code" = ${codeOf(of, idSql)}`;
}

/** The response bit strings' tables (response-bits.ts), locked with the roll-ups: their writers are the same. */
export const bitsTables = ["ResponseBitsState", "ResponseBits"] as const;

/** The roll-up tables' lock (and the bit strings'), in the order every writer takes it. */
export const lockRollups = (mode: "SHARE ROW EXCLUSIVE" | "ROW EXCLUSIVE") =>
  `LOCK TABLE ${[...rollupTables, ...bitsTables].map((t) => `"${t}"`).join(", ")} IN ${mode} MODE`;

/**
 * Raw rows of the responses matching `where` (over "Response" r, not hidden, not pending: the
 * applier adds those) as the two source CTEs.
 */
function rawSources(where: string): string {
  return sourceCtes(
    `FROM "Response" r WHERE r."hidden" = false AND r."overLimit" = false AND NOT EXISTS (SELECT 1 FROM "RollupPending" pp WHERE pp."responseId" = r."id") AND ${where}`,
  );
}

/**
 * The two source CTEs over the responses of `from` ("FROM … r …", any joins and conditions): each
 * response's answers, its coded ones from its own row and its answer rows through
 * "Answer"("responseId") (answers/rows.ts answersJoin, per response).
 */
function sourceCtes(from: string): string {
  return `WITH src_r AS MATERIALIZED (
  SELECT r."id", r."organizationId" AS o, r."surveyId" AS s, r."touchpointCode" AS t, r."unitCode" AS u, r."createdAt" AS c,
         -- the roll-ups count no text: a coded text answer reads as an answer without its text
         r."surveyId", r."createdAt", r."answerCodes", r."answerNumbers", NULL::text[] AS "answerTexts", r."hiddenSlots"
  ${from}
), src_a AS MATERIALIZED (
  SELECT a."responseId" AS r, rs.o, rs.s, rs.t, rs.u, a."questionId" AS q, rs.c, a."numericValue" AS n, a."choiceIds" AS h, qq."type"::text AS y
  FROM src_r rs ${answersJoin("a", "rs")} JOIN "Question" qq ON qq."id" = a."questionId"
)`;
}

export type ChangedResponse = { createdAt: Date | string; surveyId: string; touchpointId: string };

async function inLockedTransaction<T>(prisma: PrismaClient, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe(lockRollups("SHARE ROW EXCLUSIVE"));
      return fn(tx);
    },
    { timeout: 120_000, maxWait: 30_000 },
  );
}

/**
 * Recomputes the roll-up buckets the given responses fall in (their hour and UTC day, survey and
 * touchpoint) from the raw rows. Call it after hiding, showing, deleting or editing responses (the
 * rows as they were before the change, or after: the bucket is the same). An empty list does nothing.
 */
export async function markResponsesChanged(db: PrismaClient, organizationId: string, responses: readonly ChangedResponse[]): Promise<void> {
  if (responses.length === 0) return;
  const keys = new Map<string, { s: string; t: string; d: string }>();
  for (const r of responses) {
    const at = new Date(r.createdAt);
    const d = new Date(Math.floor(at.getTime() / 86_400_000) * 86_400_000).toISOString();
    keys.set(`${r.surveyId}/${r.touchpointId}/${d}`, { s: r.surveyId, t: r.touchpointId, d });
  }
  // Whole UTC days: the hour buckets of a day are rebuilt with it (simple, and a day is small).
  const json = JSON.stringify([...keys.values()]);
  await inLockedTransaction(db, async (tx) => {
    // The keys with their survey's and touchpoint's codes, looked up once (in the DELETE's condition
    // they would be looked up again for every candidate row: ten times slower on a large
    // organisation). Each key's rows are found by the organisation's index (a LATERAL subquery fenced
    // with OFFSET 0: joined as a whole, the planner may hash the organisation's every row) and
    // deleted by their row address.
    const keyCte = `WITH k AS (SELECT x.d::timestamptz AS d, sc."code" AS sc, tc."code" AS tc FROM json_to_recordset($2::json) AS x(s text, t text, d text)
      LEFT JOIN "Survey" sc ON sc."id" = x.s LEFT JOIN "Touchpoint" tc ON tc."id" = x.t)`;
    for (const table of rollupTables) {
      const isDay = table.endsWith("Day");
      const match = isDay ? `y."bucket" = k.d` : `y."bucket" >= k.d AND y."bucket" < k.d + interval '1 day'`;
      await tx.$executeRawUnsafe(
        `${keyCte} DELETE FROM "${table}" x USING (SELECT y.row FROM k CROSS JOIN LATERAL (
           SELECT y.ctid AS row FROM "${table}" y WHERE ${rollupKeyIs("y", "organization", "$1")} AND y."surveyCode" = k.sc AND y."touchpointCode" = k.tc AND ${match} OFFSET 0) y) d
         WHERE x.ctid = d.row`,
        organizationId,
        json,
      );
    }
    const where = `r."organizationId" = $1 AND EXISTS (SELECT 1 FROM json_to_recordset($2::json) AS k(s text, t text, d text) JOIN "Touchpoint" kt ON kt."id" = k.t
      WHERE r."surveyId" = k.s AND r."touchpointCode" = kt."code" AND ${answerTimeWithin("r", "k.d::timestamptz", "k.d::timestamptz + interval '1 day'", true)})`;
    await tx.$executeRawUnsafe(`${rawSources(where)}${rollupUpsertCtes("src_r", "src_a")} SELECT 1`, organizationId, json);
    await refreshBitsOfBuckets(tx, organizationId, json);
  });
}

/**
 * Rebuilds one touchpoint's roll-ups inside the caller's transaction (after its responses moved to
 * another team: the unit is part of the roll-up key).
 */
export async function rebuildTouchpointRollups(tx: Db, organizationId: string, touchpointId: string): Promise<void> {
  await tx.$executeRawUnsafe(lockRollups("SHARE ROW EXCLUSIVE"));
  for (const table of rollupTables)
    await tx.$executeRawUnsafe(
      `DELETE FROM "${table}" x WHERE ${rollupKeyIs("x", "organization", "$1")} AND ${rollupKeyIs("x", "touchpoint", "$2")}`,
      organizationId,
      touchpointId,
    );
  await tx.$executeRawUnsafe(rollupsFromRawSql(`r."organizationId" = $1 AND r."touchpointCode" = ${codeOf("touchpoint", "$2")}`), organizationId, touchpointId);
  await refreshBitsOfTouchpoint(tx, organizationId, touchpointId);
}

/** Rebuilds every roll-up row of one organisation (or of all organisations) from the raw rows. */
export async function rebuildRollups(db: PrismaClient, organizationId?: string): Promise<void> {
  await inLockedTransaction(db, async (tx) => {
    for (const table of rollupTables) {
      if (organizationId) await tx.$executeRawUnsafe(`DELETE FROM "${table}" x WHERE ${rollupKeyIs("x", "organization", "$1")}`, organizationId);
      else await tx.$executeRawUnsafe(`DELETE FROM "${table}"`);
    }
    if (organizationId) await tx.$executeRawUnsafe(`${rawSources(`r."organizationId" = $1`)}${rollupUpsertCtes("src_r", "src_a")} SELECT 1`, organizationId);
    else await tx.$executeRawUnsafe(`${rawSources("true")}${rollupUpsertCtes("src_r", "src_a")} SELECT 1`);
    // The response bit strings of the organisation (or of every organisation with responses or bits).
    const orgs = organizationId
      ? [organizationId]
      : (
          await tx.$queryRawUnsafe<{ o: string }[]>(
            `SELECT DISTINCT "organizationId" AS o FROM "Response" UNION SELECT "organizationId" FROM "ResponseBitsState"`,
          )
        ).map((r) => r.o);
    for (const o of orgs) await buildOrganizationBits(tx, o);
  });
}

/**
 * Adds the roll-ups of an organisation's responses inside the caller's transaction, assuming it has
 * none yet (the demo seed writes its responses and their roll-ups in one transaction).
 */
export async function addRollupsOfOrganization(tx: Db, organizationId: string): Promise<void> {
  await tx.$executeRawUnsafe(`${rawSources(`r."organizationId" = $1`)}${rollupUpsertCtes("src_r", "src_a")} SELECT 1`, organizationId);
  await buildOrganizationBits(tx, organizationId);
}

/** The statement adding the roll-ups of the responses matching `where` (over "Response" r); for bulk loads. */
export const rollupsFromRawSql = (where: string, mode: "add" | "bulk" = "add") => `${rawSources(where)}${rollupUpsertCtes("src_r", "src_a", mode)} SELECT 1`;

/** The backfill statement of the migration (all organisations), kept here beside its source. */
export const backfillSql = () => `${rawSources("true")}${rollupUpsertCtes("src_r", "src_a")} SELECT 1;`;

/**
 * The applier's statement: claims up to $1 pending responses (rows other appliers hold are
 * skipped), deletes their pending rows and adds the responses (those still there and not hidden,
 * read now) to the roll-ups. Answers the number of pending rows claimed and their response ids.
 */
export const applyPendingSql = () => `WITH claimed AS (
  DELETE FROM "RollupPending" p WHERE p."responseId" IN (SELECT "responseId" FROM "RollupPending" LIMIT $1 FOR UPDATE SKIP LOCKED)
  RETURNING p."responseId"
), ${sourceCtes(
  `FROM claimed c CROSS JOIN LATERAL (SELECT r."id", r."organizationId", r."surveyId", r."touchpointCode", r."unitCode", r."createdAt",
      r."answerCodes", r."answerNumbers", r."hiddenSlots" FROM "Response" r
    WHERE r."id" = c."responseId" AND r."hidden" = false AND r."overLimit" = false OFFSET 0) r`,
).slice("WITH ".length)}${rollupUpsertCtes("src_r", "src_a")}
SELECT count(*)::int AS claimed, coalesce(array_agg(c."responseId"), '{}'::text[]) AS ids FROM claimed c`;

const hourBucket = (c: string) => `date_bin('1 hour', ${c}, timestamptz '2000-01-01 00:00:00+00')`;

// The pending rows drive these reads: LATERAL subqueries with OFFSET 0 are not flattened, so the
// planner cannot start from "Answer" by question or from "Response" by organisation (millions of
// rows at 10 M responses) and join the few pending ones to them; each pending response is looked
// up by primary key and its answers through "Answer"("responseId"). `organizationId` (a parameter's
// placeholder, never a value) keeps another organisation's pending responses out inside the fence,
// before their answers are read: the outer filter cannot reach in, and an answer read would otherwise
// read the answers of every pending response in the database (measured before this test was added:
// 11.5 ms with 3,000 pending responses of another organisation, 0.6 ms with none pending).
const pendingResponses = (organizationId: string) => `(SELECT "responseId" FROM "RollupPending" OFFSET 0) pp
  CROSS JOIN LATERAL (SELECT r."id", r."organizationId", r."surveyId", r."touchpointCode", r."unitCode", r."createdAt" FROM "Response" r WHERE r."id" = pp."responseId" AND r."hidden" = false AND r."overLimit" = false AND r."organizationId" = ${organizationId} OFFSET 0) r`;

/**
 * The pending responses (not hidden) as rows shaped like "RollupResponseHour" (one per response,
 * responses = 1, keyed by codes as the roll-ups are): roll-up reads add them to the hourly and daily
 * rows they read.
 */
export const pendingResponseRows = (
  organizationId: string,
) => `SELECT oc."code" AS "organizationCode", sc."code" AS "surveyCode", r."touchpointCode", coalesce(uc."code", 0) AS "unitCode",
    ${hourBucket(`r."createdAt"`)} AS "bucket",
    1 AS "responses", coalesce(a.sat_sum, 0)::float8 AS "satSum", coalesce(a.sat_count, 0)::int AS "satCount",
    coalesce(a.p, 0)::int AS "promoters", coalesce(a.pa, 0)::int AS "passives", coalesce(a.d, 0)::int AS "detractors"
  FROM ${pendingResponses(organizationId)}
  CROSS JOIN LATERAL ${responseFiguresOf(`r."id"`)} a
  JOIN "Organization" oc ON oc."id" = r."organizationId" JOIN "Survey" sc ON sc."id" = r."surveyId"
  LEFT JOIN "Unit" uc ON uc."code" = r."unitCode"`;

/**
 * One response's figures from its answers, as a subquery for a LATERAL join (always one row):
 * sat_sum, sat_count, p (promoters), pa (passives), d (detractors). The engine's raw path and the
 * pending part share it, so the formulas are written once (docs/analytics.md "Formulas").
 */
export const responseFiguresOf = (responseId: string) => `(
    SELECT sum(${satExpr("qq.type::text", `an."numericValue"`)}) AS sat_sum, count(${satExpr("qq.type::text", `an."numericValue"`)}) AS sat_count,
      count(*) FILTER (WHERE qq.type = 'nps' AND an."numericValue" >= 9) AS p,
      count(*) FILTER (WHERE qq.type = 'nps' AND an."numericValue" >= 7 AND an."numericValue" < 9) AS pa,
      count(*) FILTER (WHERE qq.type = 'nps' AND an."numericValue" < 7) AS d
    FROM ${answersOfResponse(responseId, { fence: false })} an JOIN "Question" qq ON qq."id" = an."questionId"
  )`;

/**
 * The values an answer counts under (alias `a`: its choiceIds and numericValue), as a LATERAL
 * `unnest(…) AS v(value)`: each choice id, or the number as text, and "*" (all answers). The
 * roll-ups' keys; the engine's raw path and the pending part share it.
 */
export const answerValuesOf = (a: string) => `unnest(CASE WHEN cardinality(${a}."choiceIds") > 0 THEN ${a}."choiceIds" || '{*}'::text[]
                                 WHEN ${a}."numericValue" IS NOT NULL THEN ARRAY[trim_scale(round(${a}."numericValue"::numeric, 6))::text, '*']
                                 ELSE ARRAY['*'] END) AS v(value)`;
