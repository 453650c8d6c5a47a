// `npx tsx bench/generate-large-org.ts [--responses=10000000] [--database=feedback_bench_10m]`
//
// A dedicated database with one large organisation for the analytics benchmark (bench/suites/
// analytics.ts): the demo organisation's structure (teams, users with the demo password, four
// surveys with every question type) plus 40 more link touchpoints (48 in all), and N responses
// spread over the last 365 days (busier by day than by night), each with 3–5 answers (the survey's
// first three questions, then each further one at 50 %), written by set-based SQL
// (INSERT … SELECT FROM generate_series in chunks of 500,000, secondary indexes dropped during the
// load and rebuilt after; the answers stored as ingestion stores them, coded into the response's row,
// the open texts too: api/src/domain/answers/rows.ts), then the roll-ups, month by
// month (newest first, two at a time). The database is kept: a second run finds the completion mark
// (the database comment) and does nothing. `--force` starts over.
import pg from "pg";
import { deployMigrations } from "../api/src/db/migrations.js";
import { createPrisma, utcSession } from "../api/src/db/client.js";
import { buildOrganizationBits } from "../api/src/domain/analytics/response-bits.js";
import { seedDemoOrganization } from "../api/src/seed/demo.js";
import { rollupsFromRawSql } from "../api/src/domain/analytics/rollups.js";
import { idempotencyDigestSql } from "../api/src/domain/respondent/insert-batch.js";
import { codedAnswersSql, responseColumnsSql } from "../api/src/domain/answers/rows.js";
import { answerTimeWithin } from "../api/src/domain/answers/answer-hours.js";
import { adminUrl } from "./lib/database.js";

export const largeOrgDefaults = { responses: 10_000_000, database: "feedback_bench_10m" };
const CHUNK = 500_000;
const EXTRA_TOUCHPOINTS = 40;

const log = (m: string) => process.stderr.write(`[generate] ${new Date().toISOString().slice(11, 19)} ${m}\n`);

export function largeOrgUrl(database = largeOrgDefaults.database): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

// "with bits": data sets made before the response bit strings (issue 18 item 1) are made again.
const mark = (n: number) =>
  `feedback benchmark organisation: complete, ${n} responses, with bits, with key digests, ordinals in responses, digests by touchpoint, stored in order of arrival`;

async function adminClient(): Promise<pg.Client> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  return c;
}

/** True when the database exists and holds a complete data set of `responses` responses. */
export async function largeOrgReady(responses = largeOrgDefaults.responses, database = largeOrgDefaults.database): Promise<boolean> {
  const c = await adminClient();
  try {
    const r = await c.query<{ comment: string | null }>(`SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`, [
      database,
    ]);
    return r.rows[0]?.comment === mark(responses);
  } finally {
    await c.end();
  }
}

export async function generateLargeOrg(
  opts: { responses?: number; database?: string; force?: boolean } = {},
): Promise<{ generated: boolean; seconds: number }> {
  const total = opts.responses ?? largeOrgDefaults.responses;
  const database = opts.database ?? largeOrgDefaults.database;
  const started = performance.now();
  if (!opts.force && (await largeOrgReady(total, database))) {
    log(`${database} already holds ${total.toLocaleString("en")} responses: nothing to do`);
    return { generated: false, seconds: 0 };
  }
  const admin = await adminClient();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${database}"`);
  } finally {
    await admin.end();
  }
  const url = largeOrgUrl(database);
  log(`${database}: deploying migrations`);
  await deployMigrations(url);
  const prisma = createPrisma(url, { max: 2 });
  // In UTC, as the app's pools: the generator names UTC days (date_trunc) and hours.
  const db = new pg.Client({ connectionString: url, options: utcSession });
  await db.connect();
  try {
    const { organizationId } = await seedDemoOrganization(prisma, { responses: 0, log });
    // Bulk load: no durable commits, and no per-row foreign-key triggers (the rows are made consistent here).
    await db.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SET session_replication_role = replica`);
    // More touchpoints, spread over the teams, each showing one of the surveys.
    await db.query(
      `INSERT INTO "Touchpoint" ("organizationId", "unitId", "name", "type", "activeSurveyId")
       SELECT $1, u.id, 'Bench link ' || g, 'link', s.id
       FROM generate_series(1, $2) g
       JOIN LATERAL (SELECT id FROM "Unit" WHERE "organizationId" = $1 ORDER BY id OFFSET (g % (SELECT count(*) FROM "Unit" WHERE "organizationId" = $1)) LIMIT 1) u ON true
       JOIN LATERAL (SELECT id FROM "Survey" WHERE "organizationId" = $1 AND NOT "isTemplate" ORDER BY id OFFSET (g % (SELECT count(*) FROM "Survey" WHERE "organizationId" = $1 AND NOT "isTemplate")) LIMIT 1) s ON true`,
      [organizationId, EXTRA_TOUCHPOINTS],
    );
    await db.query(
      `UPDATE "Touchpoint" t SET "activeSurveyId" = (SELECT id FROM "Survey" WHERE "organizationId" = $1 AND NOT "isTemplate" ORDER BY id LIMIT 1)
                    WHERE t."organizationId" = $1 AND t."activeSurveyId" IS NULL`,
      [organizationId],
    );
    await db.query(
      `CREATE TEMP TABLE tp AS SELECT row_number() OVER (ORDER BY t.id) - 1 AS idx, t.id, t."code", t."unitId", coalesce(u."code", 0) AS "unitCode",
                    t."activeSurveyId" AS survey
                    FROM "Touchpoint" t LEFT JOIN "Unit" u ON u.id = t."unitId" WHERE t."organizationId" = $1`,
      [organizationId],
    );
    const ntp = Number((await db.query(`SELECT count(*) FROM tp`)).rows[0].count);
    // The questions that get answers: every type but contact details; rank = position order.
    await db.query(
      `CREATE TEMP TABLE qs AS SELECT q.id, q."surveyId", q.type::text AS type, q.options, q.choices,
         row_number() OVER (PARTITION BY q."surveyId" ORDER BY q.position) AS rank, jsonb_array_length(q.choices) AS nchoices
       FROM "Question" q WHERE q."organizationId" = $1 AND NOT q.hidden AND q.type <> 'contactDetails'`,
      [organizationId],
    );
    log(`${ntp} touchpoints, ${(await db.query(`SELECT count(*) FROM qs`)).rows[0].count} questions`);

    // Secondary indexes off during the load.
    const idx = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename IN ('Response', 'Answer') AND indexname NOT LIKE '%_pkey'`,
    );
    for (const i of idx.rows) await db.query(`DROP INDEX "${i.indexname}"`);

    const end = Date.now();
    const span = 365 * 86_400_000;
    for (let from = 0; from < total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK) - 1;
      // createdAt: evenly through the year by g, each moved into the daytime (06–22 local-ish) with a random minute.
      // The answers are stored as ingestion stores them (answers/rows.ts): coded into their response's
      // row ("answerCodes", "answerNumbers", "answerTexts"), any a code cannot hold as "Answer" rows. The random draws
      // (a response's time, an answer's values) are made once each, in MATERIALIZED CTEs.
      await db.query(
        `WITH resp AS MATERIALIZED (
           SELECT substr(md5('bench10m-' || g), 1, 24) AS id, g, tp.survey, tp.id AS touchpoint, tp."code" AS touchpoint_code, tp."unitCode" AS unit_code, t.ts
           FROM generate_series($2::bigint, $3::bigint) g
           JOIN tp ON tp.idx = (g * 7919) % $4
           CROSS JOIN LATERAL (SELECT to_timestamp(($5::float8 - $6::float8) / 1000 + (g::float8 / $7) * ($6::float8 / 1000)) AS day0) d
           CROSS JOIN LATERAL (SELECT date_trunc('day', d.day0) + interval '6 hours' + (random() * interval '16 hours') AS ts) t
         ), ain AS MATERIALIZED (
           SELECT resp.id AS r, resp.survey AS s, qs.id AS q, v.n, v.x, v.h, false AS hid, qs.rank AS o, resp.ts AS c
           FROM resp JOIN qs ON qs."surveyId" = resp.survey
           CROSS JOIN LATERAL (SELECT random() AS p, random() AS a, random() AS b WHERE qs.id IS NOT NULL AND resp.id IS NOT NULL) rnd
           CROSS JOIN LATERAL (
             SELECT
               CASE qs.type
                 -- index / (buttons − 1) rounded to 9 decimals, as the respondent runtime stores it (respondent/answers.ts)
                 WHEN 'smiley' THEN round((CASE WHEN (qs.options->>'buttons') = '4' THEN least(3, floor(rnd.a * 2 + rnd.b * 2.2))::float8 / 3 ELSE least(4, floor(rnd.a * 2.5 + rnd.b * 2.7))::float8 / 4 END)::numeric, 9)::float8
                 WHEN 'nps' THEN least(10, floor(rnd.a * 5.5 + rnd.b * 6))::float8
                 WHEN 'slider' THEN round((rnd.a * 0.6 + rnd.b * 0.4)::numeric, 1)::float8
                 WHEN 'emotion' THEN coalesce((qs.options->'clusters'->>(qs.choices->(floor(rnd.a * qs.nchoices)::int)->>'cluster'))::float8,
                   (jsonb_build_object('advocacy', 1, 'trust', 0.66, 'attention', 0.33, 'destroying', -1)->>(qs.choices->(floor(rnd.a * qs.nchoices)::int)->>'cluster'))::float8)
               END AS n,
               CASE WHEN qs.type = 'openText' THEN (ARRAY['Great service', 'Too long a queue', 'Friendly staff', 'Hyvä palvelu', 'Could be cleaner', 'Muy bien'])[1 + floor(rnd.a * 6)::int] END AS x,
               CASE
                 WHEN qs.type IN ('singleChoice', 'emotion') THEN ARRAY[qs.choices->(floor(rnd.a * qs.nchoices)::int)->>'id']
                 WHEN qs.type = 'multipleChoice' THEN CASE WHEN rnd.b < 0.5 THEN ARRAY[qs.choices->(floor(rnd.a * qs.nchoices)::int)->>'id']
                   ELSE ARRAY[qs.choices->0->>'id', qs.choices->(1 + floor(rnd.a * (qs.nchoices - 1))::int)->>'id'] END
                 ELSE '{}'::text[]
               END AS h
           ) v
           WHERE qs.rank <= 3 OR (qs.rank <= 5 AND rnd.p < 0.5)
         ), coded AS MATERIALIZED (${codedAnswersSql("ain")}
         ), cols AS (${responseColumnsSql("coded")}
         ), r AS (
           INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "status", "language", "metadata", "idempotencyDigest", "createdAt", "submittedAt", "ordinal", "answerCodes", "answerNumbers", "answerTexts")
           SELECT resp.id, $1, resp.survey, resp.touchpoint_code, resp.unit_code, 'submitted', (ARRAY['fi','en','es'])[1 + resp.g % 3],
                  jsonb_build_object('store', 'S' || (resp.g % 25), 'visit', (ARRAY['first','repeat'])[1 + (resp.g / 7) % 2]),
                  -- Every response the respondent page sends has an idempotency key (32 hex characters).
                  ${idempotencyDigestSql("resp.touchpoint", "md5('bench-key-' || resp.g)")}, resp.ts, resp.ts,
                  -- Numbered as ingestion numbers them (by arrival: here g), past the trigger's per-row work.
                  resp.g::int, cols.codes, cols.numbers, cols.texts
           -- Stored in order of arrival (g), as ingestion stores them: neighbours in ordinal are neighbours
           -- in the heap, and so are days (an instant within its day is drawn at random).
           FROM resp LEFT JOIN cols ON cols.r = resp.id ORDER BY resp.g
         )
         INSERT INTO "Answer" ("responseId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds")
         SELECT coded.r, coded.q, coded.c, coded.n, coded.x, coded.h FROM coded WHERE coded.keys IS NULL`,
        [organizationId, from, to, ntp, end, span, total],
      );
      log(`responses ${(to + 1).toLocaleString("en")} / ${total.toLocaleString("en")} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    // The organisation's sequence goes on after the ordinals given above.
    await db.query(`SELECT setval("response_ordinal_sequence"($1)::regclass, $2::int, false)`, [organizationId, total]);
    await db.query(`ANALYZE "Response"; ANALYZE "Answer"`);
    log("rebuilding the secondary indexes");
    for (const i of idx.rows) await db.query(i.indexdef);
    await db.query(
      `UPDATE "Touchpoint" t SET "responseCount" = c.n FROM (SELECT "touchpointCode", count(*)::int n FROM "Response" GROUP BY 1) c WHERE c."touchpointCode" = t."code"`,
    );
    await db.query(
      `UPDATE "Survey" s SET "responseCount" = c.n FROM (SELECT "surveyId", count(*)::int n FROM "Response" GROUP BY 1) c WHERE c."surveyId" = s.id`,
    );
    log("roll-ups, month by month (keys dropped during the load)");
    const keys = await db.query<{ table: string; name: string; def: string }>(
      `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE contype = 'p' AND conrelid::regclass::text LIKE '"Rollup%'`,
    );
    for (const k of keys.rows) await db.query(`ALTER TABLE ${k.table} DROP CONSTRAINT "${k.name}"`);
    const rollupIdx = await db.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename LIKE 'Rollup%'`,
    );
    for (const i of rollupIdx.rows) await db.query(`DROP INDEX "${i.indexname}"`);
    // Newest month first, on two connections (the months' buckets are disjoint).
    const first = new Date(end - span - 31 * 86_400_000);
    const months: Date[] = [];
    for (
      let m = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 1));
      m.getTime() < end + 86_400_000;
      m = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1))
    )
      months.unshift(m);
    const worker = async () => {
      const c = new pg.Client({ connectionString: url, options: utcSession });
      await c.connect();
      try {
        await c.query(`SET synchronous_commit = off; SET work_mem = '256MB'; SET session_replication_role = replica`);
        for (let m = months.shift(); m; m = months.shift()) {
          const next = new Date(Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1));
          await c.query(rollupsFromRawSql(`r."organizationId" = $1 AND ${answerTimeWithin("r", "$2::timestamptz", "$3::timestamptz", true)}`, "bulk"), [
            organizationId,
            m,
            next,
          ]);
          log(`roll-ups of ${m.toISOString().slice(0, 7)} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
        }
      } finally {
        await c.end();
      }
    };
    await Promise.all([worker(), worker()]);
    log("roll-up keys");
    for (const k of keys.rows) await db.query(`ALTER TABLE ${k.table} ADD CONSTRAINT "${k.name}" ${k.def}`);
    for (const i of rollupIdx.rows) await db.query(i.indexdef);
    // The response bit strings (response-bits.ts), as rebuildRollups builds them.
    log("response bit strings");
    await prisma.$transaction((tx) => buildOrganizationBits(tx, organizationId), { timeout: 3 * 3_600_000, maxWait: 60_000 });
    log(`response bit strings built (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    await db.query(`VACUUM ANALYZE`);
    const admin2 = await adminClient();
    try {
      await admin2.query(`COMMENT ON DATABASE "${database}" IS '${mark(total)}'`);
    } finally {
      await admin2.end();
    }
    const seconds = (performance.now() - started) / 1000;
    log(`done in ${seconds.toFixed(0)} s`);
    return { generated: true, seconds };
  } finally {
    await db.end();
    await prisma.$disconnect();
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith("generate-large-org.ts");
if (isMain) {
  const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
  generateLargeOrg({
    responses: arg("responses") ? Number(arg("responses")) : undefined,
    database: arg("database"),
    force: process.argv.includes("--force"),
  }).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
