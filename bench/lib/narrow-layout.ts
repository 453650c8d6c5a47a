// A measured prototype of a narrower layout for the stored responses (docs/analytics.md "Storage and
// the raw path"), built from the kept data set in a scratch schema `storage_prototype` (dropped
// afterwards) by `npm run bench -- storage`:
// - one row per response; the 24-character ids of organisation, survey, touchpoint, unit and
//   language as 4- and 2-byte codes (a dictionary table); the response's key an 8-byte number; the
//   idempotency key as its 8-byte hash (here a hash of the id: the data set has no keys, real
//   responses all have one); hidden, over-limit and status as bits; the metadata as it is;
// - the answers in the row, one smallint per question slot (its position in the survey; NULL when not
//   answered): NPS 0–10, smiley button index, slider hundredths, single choice and emotion the
//   choice's index, multiple choice a bitmask of indexes, open text 0 with the text in a side table;
// - roll-ups keyed by the same codes: responses per hour and per day, answers per day only (the raw
//   rows answer what hourly answer roll-ups would: since 28 Nov 2026 the engine has none either).
// Roll-up value columns are written as zeros where the prototype does not compute them (satisfaction,
// NPS classes): their widths, not their values, make the size. The answers are read through the view
// "EveryAnswer" (every answer as a row, whether coded into its response's row or a row of "Answer":
// stage S3b, migration 20261129030000).
import type pg from "pg";

export type PrototypeRelation = { name: string; bytes: number; part: "raw rows" | "indexes" | "roll-ups" };

const S = "storage_prototype";

export async function buildNarrowLayout(db: pg.Client, log: (m: string) => void): Promise<{ relations: PrototypeRelation[]; seconds: number }> {
  const t0 = performance.now();
  await db.query(`SET work_mem = '256MB'; SET maintenance_work_mem = '1GB'; SET synchronous_commit = off`);
  await db.query(`DROP SCHEMA IF EXISTS ${S} CASCADE; CREATE SCHEMA ${S}`);
  await db.query(`CREATE TABLE ${S}.code (kind text, id text, code int, PRIMARY KEY (kind, id))`);
  for (const [kind, sql] of [
    ["o", `SELECT id FROM "Organization"`],
    ["s", `SELECT id FROM "Survey"`],
    ["t", `SELECT id FROM "Touchpoint"`],
    ["u", `SELECT id FROM "Unit"`],
    ["l", `SELECT DISTINCT language AS id FROM "Response"`],
  ])
    await db.query(`INSERT INTO ${S}.code SELECT $1, id, row_number() OVER (ORDER BY id) FROM (${sql}) x`, [kind]);
  await db.query(
    `CREATE TABLE ${S}.q AS SELECT q.id, q.position::int AS pos, q.type::text AS type, coalesce(q.options->>'buttons', '5')::int AS buttons,
       (SELECT array_agg(c->>'id' ORDER BY o) FROM jsonb_array_elements(coalesce(q.choices, '[]')) WITH ORDINALITY e(c, o)) AS choices
     FROM "Question" q`,
  );
  const maxPos = Number(
    (await db.query(`SELECT coalesce(max(q.pos), 0) AS m FROM ${S}.q q WHERE q.id IN (SELECT a."questionId" FROM "EveryAnswer" a)`)).rows[0].m,
  );
  log(`prototype: answer slots 0..${maxPos}`);
  await db.query(
    `CREATE TABLE ${S}.av AS SELECT a."responseId" AS rid, q.pos,
       CASE q.type
         WHEN 'nps' THEN a."numericValue"::int2
         WHEN 'smiley' THEN round(a."numericValue" * (q.buttons - 1))::int2
         WHEN 'slider' THEN round(a."numericValue" * 100)::int2
         WHEN 'singleChoice' THEN (array_position(q.choices, a."choiceIds"[1]) - 1)::int2
         WHEN 'emotion' THEN (array_position(q.choices, a."choiceIds"[1]) - 1)::int2
         WHEN 'multipleChoice' THEN (SELECT sum(1 << (array_position(q.choices, c) - 1))::int2 FROM unnest(a."choiceIds") c)
         ELSE 0::int2
       END AS v, a.hidden, a."textValue" AS text
     FROM "EveryAnswer" a JOIN ${S}.q q ON q.id = a."questionId"`,
  );
  const slots = Array.from({ length: maxPos + 1 }, (_, i) => `max(v) FILTER (WHERE pos = ${i})`).join(", ");
  await db.query(
    `CREATE TABLE ${S}.slots AS SELECT rid, ARRAY[${slots}]::int2[] AS v, nullif(sum(CASE WHEN hidden THEN 1 << pos ELSE 0 END), 0)::int2 AS ah FROM ${S}.av GROUP BY rid`,
  );
  log(`prototype: answers coded (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  // Fixed-width columns first (no alignment padding), then the variable ones.
  await db.query(
    `CREATE TABLE ${S}.response (
       created_at timestamptz NOT NULL, rid int8 NOT NULL, idem int8,
       org int4 NOT NULL, survey int4 NOT NULL, touchpoint int4 NOT NULL, unit int4 NOT NULL,
       flags int2 NOT NULL, lang int2 NOT NULL, ah int2, metadata jsonb NOT NULL, v int2[])`,
  );
  await db.query(`CREATE TABLE ${S}.rid AS SELECT r.id, row_number() OVER (ORDER BY r."createdAt", r.id) AS rid FROM "Response" r`);
  await db.query(
    `INSERT INTO ${S}.response
     SELECT r."createdAt", k.rid, hashtextextended(r.id, 7), co.code, cs.code, ct.code, cu.code,
       ((r.hidden::int) | (r."overLimit"::int << 1) | (CASE r.status::text WHEN 'submitted' THEN 0 ELSE 4 END))::int2, cl.code::int2, sl.ah, r.metadata, sl.v
     FROM "Response" r JOIN ${S}.rid k ON k.id = r.id
     JOIN ${S}.code co ON co.kind = 'o' AND co.id = r."organizationId" JOIN ${S}.code cs ON cs.kind = 's' AND cs.id = r."surveyId"
     JOIN "Touchpoint" rt ON rt."code" = r."touchpointCode" JOIN ${S}.code ct ON ct.kind = 't' AND ct.id = rt."id" JOIN "Unit" ru ON ru."code" = r."unitCode" JOIN ${S}.code cu ON cu.kind = 'u' AND cu.id = ru."id"
     JOIN ${S}.code cl ON cl.kind = 'l' AND cl.id = r.language
     LEFT JOIN ${S}.slots sl ON sl.rid = r.id
     ORDER BY r."createdAt"`,
  );
  await db.query(
    `CREATE TABLE ${S}.answer_text AS SELECT k.rid, av.pos::int2 AS pos, av.text FROM ${S}.av av JOIN ${S}.rid k ON k.id = av.rid WHERE av.text IS NOT NULL`,
  );
  log(`prototype: rows written (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  await db.query(`CREATE UNIQUE INDEX response_rid ON ${S}.response (rid)`);
  await db.query(`CREATE UNIQUE INDEX response_idem ON ${S}.response (touchpoint, idem)`);
  await db.query(`CREATE INDEX response_org_time ON ${S}.response (org, created_at)`);
  await db.query(`CREATE INDEX answer_text_rid ON ${S}.answer_text (rid)`);
  await db.query(
    `CREATE TABLE ${S}.rollup_response_hour AS SELECT org, date_bin('1 hour', created_at, timestamptz '2000-01-01') AS bucket, survey, touchpoint, unit,
       count(*)::int4 AS responses, 0::float8 AS sat_sum, 0::int4 AS sat_count, 0::int4 AS promoters, 0::int4 AS passives, 0::int4 AS detractors
     FROM ${S}.response WHERE flags & 3 = 0 GROUP BY 1, 2, 3, 4, 5`,
  );
  await db.query(`ALTER TABLE ${S}.rollup_response_hour ADD PRIMARY KEY (org, bucket, survey, touchpoint, unit)`);
  await db.query(
    `CREATE TABLE ${S}.rollup_response_day AS SELECT org, date_bin('1 day', bucket, timestamptz '2000-01-01') AS bucket, survey, touchpoint, unit,
       sum(responses)::int4 AS responses, 0::float8 AS sat_sum, 0::int4 AS sat_count, 0::int4 AS promoters, 0::int4 AS passives, 0::int4 AS detractors
     FROM ${S}.rollup_response_hour GROUP BY 1, 2, 3, 4, 5`,
  );
  await db.query(`ALTER TABLE ${S}.rollup_response_day ADD PRIMARY KEY (org, bucket, survey, touchpoint, unit)`);
  // Answer values per day: each stored value code, and -1 for "all answers" (today's "*").
  await db.query(
    `CREATE TABLE ${S}.rollup_answer_day AS
     SELECT r.org, date_bin('1 day', r.created_at, timestamptz '2000-01-01') AS bucket, r.survey, r.touchpoint, r.unit, s.pos::int2 AS slot, x.code::int2 AS value,
       count(*)::int4 AS count, sum(s.val)::float8 AS sum
     FROM ${S}.response r CROSS JOIN LATERAL unnest(r.v) WITH ORDINALITY s(val, pos) CROSS JOIN LATERAL (SELECT s.val UNION ALL SELECT -1) x(code)
     WHERE s.val IS NOT NULL AND r.flags & 3 = 0 GROUP BY 1, 2, 3, 4, 5, 6, 7`,
  );
  await db.query(`ALTER TABLE ${S}.rollup_answer_day ADD PRIMARY KEY (survey, slot, bucket, touchpoint, unit, value)`);
  await db.query(`DROP TABLE ${S}.av, ${S}.slots, ${S}.rid`);
  for (const t of ["response", "answer_text", "rollup_response_hour", "rollup_response_day", "rollup_answer_day", "code", "q"])
    await db.query(`VACUUM ANALYZE ${S}.${t}`);
  const rel = await db.query<{ name: string; kind: string; table: string; bytes: string }>(
    `SELECT c.relname AS name, c.relkind AS kind, coalesce(t.relname, c.relname) AS table,
       pg_relation_size(c.oid, 'main') + pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm')
         + CASE WHEN c.relkind = 'r' THEN coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) ELSE 0 END AS bytes
     FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     LEFT JOIN pg_index i ON i.indexrelid = c.oid LEFT JOIN pg_class t ON t.oid = i.indrelid
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'i') ORDER BY 4 DESC`,
    [S],
  );
  return {
    relations: rel.rows.map((r) => ({
      name: r.kind === "i" ? `index ${r.name}` : r.name,
      bytes: Number(r.bytes),
      part: r.table.startsWith("rollup_") ? "roll-ups" : r.kind === "i" ? "indexes" : "raw rows",
    })),
    seconds: (performance.now() - t0) / 1000,
  };
}

/**
 * One question's answers by stored value over the prototype, as the engine's raw path sums them:
 * the organisation's shown responses of the window, the question's slot. Value codes are turned back
 * into the stored number (NPS: the code itself) for the comparison.
 */
export async function narrowQuestionSums(
  db: pg.Client,
  q: { organizationId: string; questionId: string; from: Date; to: Date; daily: boolean },
): Promise<{ grp: string; value: string; count: number }[]> {
  const grp = q.daily ? `to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : `''`;
  const r = await db.query<{ grp: string; value: string; count: number }>(
    `WITH k AS (SELECT (SELECT code FROM ${S}.code WHERE kind = 'o' AND id = $1) AS org,
                       (SELECT c.code FROM ${S}.code c JOIN "Question" qq ON qq."surveyId" = c.id AND c.kind = 's' WHERE qq.id = $2) AS survey,
                       (SELECT pos + 1 FROM ${S}.q WHERE id = $2) AS slot)
     SELECT ${grp} AS grp, r.v[k.slot]::text AS value, count(*)::int AS count
     FROM ${S}.response r, k
     WHERE r.org = k.org AND r.survey = k.survey AND r.created_at >= $3 AND r.created_at < $4 AND r.flags & 3 = 0 AND r.v[k.slot] IS NOT NULL
     GROUP BY 1, 2 ORDER BY 1, 2`,
    [q.organizationId, q.questionId, q.from, q.to],
  );
  return r.rows;
}

export async function dropNarrowLayout(db: pg.Client): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${S} CASCADE`);
}
