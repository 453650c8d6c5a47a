// A prototype of response bitmaps for the filters the roll-ups cannot serve (issue 18 item 1;
// docs/analytics.md "Design: response bitmaps"), measured on a kept large data set:
//   npx tsx bench/bitmap-prototype.ts [--database=feedback_bench_10000000] [--days=30] [--runs=5]
//
// Each response of the window gets an ordinal (by createdAt, id); ordinals are cut into blocks of
// 8,192. For each block and each key that a response of the block has, one bit string of 8,192 bits
// (1 KiB, stored inline: below PostgreSQL's TOAST threshold) with the bit of every response that has
// the key: an answer value ("a:<question>:<value>", and "a:<question>:*" for answered), a metadata
// pair ("m:<key>:<value>", and "m:<key>" for the key present), the touchpoint, the team, the survey
// and the UTC day. A filter is then bit arithmetic per block: AND of the items (each an OR of its
// values), AND the teams and the window's days; a figure is bit_count(filter & key). Built here in
// a scratch schema from the raw rows (not by the applier), dropped afterwards.
//
// Timed against the engine's raw path over HTTP? No: against plain SQL over the raw rows, the same
// SQL bench/lib/filter-cases.ts checks the served answers with, and every figure is compared with it.
import os from "node:os";
import pg from "pg";
import { largeOrgUrl } from "./generate-large-org.js";
import { percentile } from "./lib/latency.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const database = arg("database") ?? "feedback_bench_10000000";
const days = Number(arg("days") ?? 30);
const runs = Number(arg("runs") ?? 5);
const BLOCK = 8192;
const schema = "bench_bitmaps";
const log = (m: string) => process.stderr.write(`[bitmaps] ${new Date().toISOString().slice(11, 19)} ${m}\n`);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

// As the app's analytics pool connects (limits/analytics.ts): JIT off, work_mem 32 MB.
const pool = new pg.Pool({ connectionString: largeOrgUrl(database), max: 4, options: "-c jit=off -c work_mem=32MB" });
const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await pool.query(sql, params)).rows as T[];

try {
  const [org] = await q<{ id: string }>(`SELECT "organizationId" AS id FROM "Response" ORDER BY "createdAt" DESC LIMIT 1`);
  const organizationId = org!.id;
  const [end] = await q<{ to: Date }>(
    `SELECT (date_trunc('day', max("createdAt") AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC' AS to FROM "Response" WHERE "organizationId" = $1`,
    [organizationId],
  );
  const to = end!.to;
  const from = new Date(to.getTime() - days * 86_400_000);
  log(
    `${database}, organisation ${organizationId}, window ${from.toISOString().slice(0, 10)} … ${new Date(to.getTime() - 1).toISOString().slice(0, 10)} (${days} days); load ${load()}`,
  );

  // ---- build ---------------------------------------------------------------------------------
  const t0 = performance.now();
  await q(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await q(`CREATE SCHEMA ${schema}`);
  await q(`CREATE TABLE ${schema}.bits (block int NOT NULL, key text NOT NULL, bits varbit NOT NULL, PRIMARY KEY (block, key))`);
  await q(`CREATE TABLE ${schema}.ord (block int NOT NULL, ord int NOT NULL, id varchar(24) NOT NULL, PRIMARY KEY (block, ord))`);
  const questions = await q<{ id: string; type: string }>(`SELECT id, type::text AS type FROM "Question" WHERE "organizationId" = $1`, [organizationId]);
  const qIds = questions.map((x) => x.id);
  let ordinal = 0;
  let stored = 0;
  let answersSeen = 0;
  const blocks = new Map<number, Map<string, Uint8Array>>();
  const setBit = (ord: number, key: string) => {
    const b = Math.floor(ord / BLOCK);
    let keys = blocks.get(b);
    if (!keys) blocks.set(b, (keys = new Map()));
    let bits = keys.get(key);
    if (!bits) keys.set(key, (bits = new Uint8Array(BLOCK / 8)));
    const i = ord % BLOCK;
    bits[i >> 3]! |= 0x80 >> (i & 7);
  };
  const valueText = (n: number) => String(Number(n.toFixed(6)));
  const flush = async (upTo: number) => {
    // Blocks below `upTo` are complete: write them.
    for (const [b, keys] of [...blocks.entries()].filter(([b]) => b < upTo)) {
      const rows = [...keys.entries()];
      for (let k = 0; k < rows.length; k += 500) {
        const chunk = rows.slice(k, k + 500);
        await q(`INSERT INTO ${schema}.bits (block, key, bits) SELECT $1, k, ('x' || h)::varbit FROM unnest($2::text[], $3::text[]) AS x(k, h)`, [
          b,
          chunk.map(([key]) => key),
          chunk.map(([, bits]) => Buffer.from(bits).toString("hex")),
        ]);
      }
      stored += rows.length;
      blocks.delete(b);
    }
  };
  for (let d = 0; d < days; d++) {
    const dayFrom = new Date(from.getTime() + d * 86_400_000);
    const dayTo = new Date(dayFrom.getTime() + 86_400_000);
    const dayKey = `d:${dayFrom.toISOString().slice(0, 10)}`;
    const responses = await q<{ id: string; t: string; u: string; s: string; m: Record<string, string> }>(
      `SELECT id, (SELECT tt."id" FROM "Touchpoint" tt WHERE tt."code" = "touchpointCode") AS t, (SELECT uu."id" FROM "Unit" uu WHERE uu."code" = "unitCode") AS u, "surveyId" AS s, metadata AS m FROM "Response"
        WHERE "organizationId" = $1 AND "createdAt" >= $2 AND "createdAt" < $3 AND NOT hidden AND NOT "overLimit" ORDER BY "createdAt", id`,
      [organizationId, dayFrom, dayTo],
    );
    const ordOf = new Map<string, number>();
    const ordRows: [number, number, string][] = [];
    for (const r of responses) {
      const o = ordinal++;
      ordOf.set(r.id, o);
      ordRows.push([Math.floor(o / BLOCK), o % BLOCK, r.id]);
      setBit(o, "all");
      setBit(o, dayKey);
      setBit(o, `t:${r.t}`);
      setBit(o, `u:${r.u}`);
      setBit(o, `s:${r.s}`);
      for (const [k, v] of Object.entries(r.m ?? {})) {
        setBit(o, `m:${k}`);
        setBit(o, `m:${k}:${v}`);
      }
    }
    for (let k = 0; k < ordRows.length; k += 20_000) {
      const c = ordRows.slice(k, k + 20_000);
      await q(`INSERT INTO ${schema}.ord (block, ord, id) SELECT * FROM unnest($1::int[], $2::int[], $3::text[])`, [
        c.map((x) => x[0]),
        c.map((x) => x[1]),
        c.map((x) => x[2]),
      ]);
    }
    // The day's answers, coded or rows ("EveryAnswer"), read per response of the day (OFFSET 0: by
    // primary key and Answer(responseId), not the whole view).
    const answers = await q<{ r: string; q: string; n: number | null; h: string[] }>(
      `SELECT a."responseId" AS r, a."questionId" AS q, a."numericValue" AS n, a."choiceIds" AS h
         FROM "Response" x CROSS JOIN LATERAL (SELECT * FROM "EveryAnswer" e WHERE e."responseId" = x.id OFFSET 0) a
        WHERE x."organizationId" = $4 AND x."createdAt" >= $2 AND x."createdAt" < $3 AND a."questionId" = ANY($1::text[])`,
      [qIds, dayFrom, dayTo, organizationId],
    );
    for (const a of answers) {
      const o = ordOf.get(a.r);
      if (o === undefined) continue; // hidden or over the limit
      answersSeen++;
      setBit(o, `a:${a.q}:*`);
      if (a.h?.length) for (const c of a.h) setBit(o, `a:${a.q}:${c}`);
      else if (a.n !== null) setBit(o, `a:${a.q}:${valueText(a.n)}`);
    }
    await flush(Math.floor(ordinal / BLOCK));
  }
  await flush(Number.POSITIVE_INFINITY);
  await q(`VACUUM ANALYZE ${schema}.bits`);
  await q(`VACUUM ANALYZE ${schema}.ord`);
  const [size] = await q<{ bits: string; ord: string }>(
    `SELECT pg_total_relation_size('${schema}.bits')::text AS bits, pg_total_relation_size('${schema}.ord')::text AS ord`,
  );
  log(
    `built: ${ordinal.toLocaleString("en")} responses, ${answersSeen.toLocaleString("en")} answers, ${Math.ceil(ordinal / BLOCK)} blocks, ${stored.toLocaleString("en")} bit strings in ${((performance.now() - t0) / 1000).toFixed(0)} s; ` +
      `bits ${(Number(size!.bits) / 1e6).toFixed(1)} MB (${(Number(size!.bits) / ordinal).toFixed(1)} B/response), ordinals ${(Number(size!.ord) / 1e6).toFixed(1)} MB (${(Number(size!.ord) / ordinal).toFixed(1)} B/response)`,
  );

  // ---- the cases -----------------------------------------------------------------------------
  const store = await q<{ id: string; type: string; choices: { id: string }[] }>(
    `SELECT q.id, q.type::text AS type, q.choices FROM "Question" q JOIN "Survey" s ON s.id = q."surveyId" WHERE q."organizationId" = $1 AND s.name = 'Store visit' ORDER BY q.position`,
    [organizationId],
  );
  const nps = store.find((x) => x.type === "nps")!;
  const choice = store.find((x) => x.type === "singleChoice")!;
  const choiceIds = choice.choices.map((c) => c.id);
  const metaTop = await q<{ k: string; v: string }>(
    `SELECT e.key AS k, e.value AS v FROM (SELECT metadata FROM "Response" WHERE "organizationId" = $1 ORDER BY "createdAt" DESC LIMIT 2000) r
      CROSS JOIN LATERAL jsonb_each_text(r.metadata) e WHERE e.key IN ('store', 'visit') GROUP BY 1, 2 ORDER BY count(*) DESC, 2`,
    [organizationId],
  );
  const firstOf = (k: string, i: number) => metaTop.filter((m) => m.k === k)[i]?.v ?? metaTop.filter((m) => m.k === k)[0]!.v;
  const dayKeys = Array.from({ length: days }, (_, d) => `d:${new Date(from.getTime() + d * 86_400_000).toISOString().slice(0, 10)}`);
  const keysLike = async (like: string) => (await q<{ key: string }>(`SELECT DISTINCT key FROM ${schema}.bits WHERE key LIKE $1`, [like])).map((x) => x.key);
  const answeredKeys = await keysLike("a:%:*");
  const storeKeys = await keysLike("m:store:%");
  const npsKeys = (await keysLike(`a:${nps.id}:%`)).filter((k) => !k.endsWith(":*"));

  type Case = {
    name: string;
    /** The filter per block as SQL over `b.block` (AND of ORs). */
    filter: string[];
    params: unknown[];
    /** Plain SQL's WHERE over "Response" r (as filter-cases.ts writes it). */
    rawWhere: string;
    groupByStore?: boolean;
  };
  // $1 = the window's day keys, $2.. the case's own.
  const orOf = (param: string) => `(SELECT bit_or(x.bits) FROM ${schema}.bits x WHERE x.block = b.block AND x.key = ANY(${param}::text[]))`;
  const cases: Case[] = [
    {
      name: "restrict by several answers (NPS 9–10 and two choices)",
      filter: [orOf("$2"), orOf("$3")],
      params: [[`a:${nps.id}:9`, `a:${nps.id}:10`], choiceIds.slice(0, 2).map((c) => `a:${choice.id}:${c}`)],
      // Every answer ("EveryAnswer") of the two questions in the window, by response: one sub-select
      // (the planner cannot estimate the view's rows; with two it scanned one per row of the other).
      rawWhere: `r.id IN (SELECT x."responseId" FROM "EveryAnswer" x
          WHERE x."questionId" IN ('${nps.id}', '${choice.id}') AND x."createdAt" >= $2 AND x."createdAt" < $3 GROUP BY 1
          HAVING bool_or(x."questionId" = '${nps.id}' AND x."numericValue" = ANY('{9,10}'::float8[]))
             AND bool_or(x."questionId" = '${choice.id}' AND x."choiceIds" && '{${choiceIds.slice(0, 2).join(",")}}'::text[]))`,
    },
    {
      name: `metadata match, not strict (visit=${firstOf("visit", 0)} or store=${firstOf("store", 1)})`,
      filter: [orOf("$2")],
      params: [[`m:visit:${firstOf("visit", 0)}`, `m:store:${firstOf("store", 1)}`]],
      rawWhere: `(r.metadata ->> 'visit' = '${firstOf("visit", 0)}' OR r.metadata ->> 'store' = '${firstOf("store", 1)}')`,
    },
    {
      name: `metadata match, strict (store=${firstOf("store", 0)} and visit=${firstOf("visit", 1)})`,
      filter: [orOf("$2"), orOf("$3")],
      params: [[`m:store:${firstOf("store", 0)}`], [`m:visit:${firstOf("visit", 1)}`]],
      rawWhere: `r.metadata ->> 'store' = '${firstOf("store", 0)}' AND r.metadata ->> 'visit' = '${firstOf("visit", 1)}'`,
    },
    { name: "group by metadata (store)", filter: [], params: [], rawWhere: "true", groupByStore: true },
  ];

  const rows: string[] = [];
  const time = async (fn: () => Promise<unknown>) => {
    await fn();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      ms.push(performance.now() - t);
    }
    ms.sort((a, b) => a - b);
    return { p50: percentile(ms, 50), max: ms.at(-1)! };
  };
  const window = [from, to];
  for (const c of cases) {
    // The matching responses per block (the window's days, the case's items), then per figure.
    const filterSql = `SELECT b.block, ${[orOf("$1"), ...c.filter].join(" & ")} AS m FROM (SELECT DISTINCT block FROM ${schema}.ord) b`;
    // Each statement's parameters: the window's day keys, the case's, then its own key lists.
    const params: unknown[] = [dayKeys, ...c.params];
    const n = params.length;
    const tableKeys = `$${n + 1}::text[]`;
    const groupKeys = `$${n + 2}::text[]`;
    const npsValueKeys = `$${n + 1}::text[]`;
    const groups = c.groupByStore ? storeKeys : ["all"];
    const tableParams = [...params, answeredKeys, groups];
    const questionParams = c.groupByStore ? [...params, npsKeys, groups] : [...params, npsKeys];
    // Table view: every question's answer count; with a grouping, per group too.
    const tableSql = `WITH f AS MATERIALIZED (${filterSql}), g AS MATERIALIZED (
        SELECT f.block, gk.key AS grp, f.m & gk.bits AS m FROM f JOIN ${schema}.bits gk ON gk.block = f.block AND gk.key = ANY(${groupKeys}) WHERE f.m IS NOT NULL)
      SELECT split_part(x.key, ':', 2) AS q, g.grp, sum(bit_count(g.m & x.bits))::int AS n
      FROM g JOIN ${schema}.bits x ON x.block = g.block AND x.key = ANY(${tableKeys}) GROUP BY 1, 2`;
    // The NPS question's result: count per value and group (by day unless grouped by store).
    const questionSql = `WITH f AS MATERIALIZED (${filterSql}), g AS MATERIALIZED (
        SELECT f.block, gk.key AS grp, f.m & gk.bits AS m FROM f JOIN ${schema}.bits gk ON gk.block = f.block
          AND gk.key = ANY(${c.groupByStore ? groupKeys : "$1::text[]"}) WHERE f.m IS NOT NULL)
      SELECT g.grp, split_part(x.key, ':', 3) AS v, sum(bit_count(g.m & x.bits))::int AS n
      FROM g JOIN ${schema}.bits x ON x.block = g.block AND x.key = ANY(${npsValueKeys}) GROUP BY 1, 2`;
    // The feedback list: the total and the newest 50 ids. The bit positions' series depends on the
    // block's bits (length(f.m)), so that it stays the inner side of the join: a constant series was
    // made the outer loop by the planner, which then took the top bit of each block first.
    const listSql = `WITH f AS MATERIALIZED (${filterSql}),
      total AS (SELECT coalesce(sum(bit_count(f.m)), 0)::int AS n FROM f),
      page AS (SELECT f.block, s.i FROM (SELECT f.block, f.m FROM f WHERE f.m IS NOT NULL AND bit_count(f.m) > 0 ORDER BY f.block DESC) f
        CROSS JOIN LATERAL (SELECT i FROM generate_series(length(f.m) - 1, 0, -1) i WHERE get_bit(f.m, i) = 1) s LIMIT 50)
      SELECT (SELECT n FROM total) AS total,
        array(SELECT o.id FROM page p JOIN ${schema}.ord o ON o.block = p.block AND o.ord = p.i ORDER BY p.block DESC, p.i DESC) AS ids`;
    const served = {
      table: await q<{ q: string; grp: string; n: number }>(tableSql, tableParams),
      question: await q<{ grp: string; v: string; n: number }>(questionSql, questionParams),
      list: (await q<{ total: number; ids: string[] }>(listSql, params))[0]!,
    };
    const timings = {
      question: await time(() => q(questionSql, questionParams)),
      table: await time(() => q(tableSql, tableParams)),
      list: await time(() => q(listSql, params)),
    };
    // Plain SQL over the raw rows, once each, timed.
    const where = `r."organizationId" = $1 AND NOT r.hidden AND NOT r."overLimit" AND r."createdAt" >= $2 AND r."createdAt" < $3 AND ${c.rawWhere}`;
    const grp = c.groupByStore ? `coalesce('m:store:' || (r.metadata ->> 'store'), '')` : `'all'`;
    let t = performance.now();
    const rawTable = await q<{ q: string; grp: string; n: number }>(
      `SELECT a."questionId" AS q, ${grp} AS grp, count(*)::int AS n FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId"
        WHERE ${where} AND a."createdAt" >= $2 AND a."createdAt" < $3 GROUP BY 1, 2`,
      [organizationId, ...window],
    );
    const rawTableMs = performance.now() - t;
    t = performance.now();
    const rawQuestion = await q<{ grp: string; v: string; n: number }>(
      `SELECT ${c.groupByStore ? grp : `'d:' || to_char(a."createdAt" AT TIME ZONE 'UTC', 'YYYY-MM-DD')`} AS grp, round(a."numericValue")::int::text AS v, count(*)::int AS n
        FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId"
        WHERE ${where} AND a."questionId" = '${nps.id}' AND a."createdAt" >= $2 AND a."createdAt" < $3 GROUP BY 1, 2`,
      [organizationId, ...window],
    );
    const rawQuestionMs = performance.now() - t;
    t = performance.now();
    const [rawTotal] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM "Response" r WHERE ${where}`, [organizationId, ...window]);
    const rawIds = await q<{ id: string }>(`SELECT r.id FROM "Response" r WHERE ${where} ORDER BY r."createdAt" DESC, r.id DESC LIMIT 50`, [
      organizationId,
      ...window,
    ]);
    const rawListMs = performance.now() - t;
    const canon = (xs: { a: string; b: string; n: number }[]) =>
      JSON.stringify(
        xs
          .filter((x) => x.n > 0)
          .map((x) => `${x.a}|${x.b}|${x.n}`)
          .sort(),
      );
    const same = {
      table: canon(served.table.map((x) => ({ a: x.q, b: x.grp, n: x.n }))) === canon(rawTable.map((x) => ({ a: x.q, b: x.grp, n: x.n }))),
      question: canon(served.question.map((x) => ({ a: x.grp, b: x.v, n: x.n }))) === canon(rawQuestion.map((x) => ({ a: x.grp, b: x.v, n: x.n }))),
      list: served.list.total === rawTotal!.n && JSON.stringify(served.list.ids) === JSON.stringify(rawIds.map((x) => x.id)),
    };
    if (!same.list)
      log(
        `list differs: total ${served.list.total} vs ${rawTotal!.n}; ids ${served.list.ids.slice(0, 3).join(",")} vs ${rawIds
          .slice(0, 3)
          .map((x) => x.id)
          .join(",")}`,
      );
    for (const screen of ["question", "table", "list"] as const) {
      const rawMs = screen === "table" ? rawTableMs : screen === "question" ? rawQuestionMs : rawListMs;
      rows.push(
        `${c.name.padEnd(62)} ${screen.padEnd(8)} bitmaps p50 ${timings[screen].p50.toFixed(0).padStart(6)} ms (max ${timings[screen].max.toFixed(0).padStart(5)})   plain SQL ${rawMs.toFixed(0).padStart(6)} ms   ${same[screen] ? "same answer" : "ANSWERS DIFFER"}`,
      );
    }
    log(`${c.name}: done; load ${load()}`);
  }
  // ---- the writer's side: what adding a batch of responses to the bit strings costs ----------
  // As the applier would: the batch's newest `batch` ordinals, their responses by primary key and
  // answers ("EveryAnswer": the coded ones from the response's row, the rest by Answer(responseId)),
  // every key of each, the ordinals grouped per (block, key), and one UPDATE per (block, key) setting
  // the bits (they are set already: the same work, nothing changes).
  // Compared with the roll-up applier's 156–202 µs per response (docs/analytics.md "Ingestion cost").
  const writerSql = `WITH batch AS MATERIALIZED (
      SELECT o.block, o.ord, r.id, (SELECT tt."id" FROM "Touchpoint" tt WHERE tt."code" = r."touchpointCode") AS t, (SELECT uu."id" FROM "Unit" uu WHERE uu."code" = r."unitCode") AS u, r."surveyId" AS s, r.metadata AS m, r."createdAt" AS c
      FROM (SELECT block, ord, id FROM ${schema}.ord ORDER BY block DESC, ord DESC LIMIT $1) o
      CROSS JOIN LATERAL (SELECT r.* FROM "Response" r WHERE r.id = o.id OFFSET 0) r
    ), keyed AS (
      SELECT block, ord, 'all' AS key FROM batch
      UNION ALL SELECT block, ord, 'd:' || to_char(c AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM batch
      UNION ALL SELECT block, ord, 't:' || t FROM batch
      UNION ALL SELECT block, ord, 'u:' || u FROM batch
      UNION ALL SELECT block, ord, 's:' || s FROM batch
      UNION ALL SELECT b.block, b.ord, k FROM batch b CROSS JOIN LATERAL jsonb_each_text(b.m) e CROSS JOIN LATERAL unnest(ARRAY['m:' || e.key, 'm:' || e.key || ':' || e.value]) k
      UNION ALL SELECT b.block, b.ord, 'a:' || a."questionId" || ':' || v FROM batch b
        CROSS JOIN LATERAL (SELECT a."questionId", a."choiceIds", a."numericValue" FROM "EveryAnswer" a WHERE a."responseId" = b.id OFFSET 0) a
        CROSS JOIN LATERAL unnest(CASE WHEN cardinality(a."choiceIds") > 0 THEN a."choiceIds" || '{*}'::text[]
          WHEN a."numericValue" IS NOT NULL THEN ARRAY[trim_scale(round(a."numericValue"::numeric, 6))::text, '*'] ELSE ARRAY['*'] END) v
    )
    SELECT block, key, array_agg(ord) AS ords FROM keyed GROUP BY 1, 2`;
  // The bits of each (block, key) over the bytes the batch spans (its ordinals are consecutive:
  // appended), built here, then OR-ed into the stored bit strings in one UPDATE.
  const applyBatch = async (client: pg.PoolClient, batch: number) => {
    const groups = (await client.query<{ block: number; key: string; ords: number[] }>(writerSql, [batch])).rows;
    const span = new Map<number, [number, number]>();
    for (const g of groups)
      for (const o of g.ords) {
        const s0 = span.get(g.block) ?? [o, o];
        span.set(g.block, [Math.min(s0[0], o), Math.max(s0[1], o)]);
      }
    const lo: number[] = [];
    const len: number[] = [];
    const hex: string[] = [];
    for (const g of groups) {
      const [first, last] = span.get(g.block)!;
      const loByte = first >> 3;
      const bytes = new Uint8Array((last >> 3) - loByte + 1);
      for (const o of g.ords) bytes[(o >> 3) - loByte]! |= 0x80 >> (o & 7);
      lo.push(loByte * 8 + 1);
      len.push(bytes.length * 8);
      hex.push(Buffer.from(bytes).toString("hex"));
    }
    const r = await client.query(
      `UPDATE ${schema}.bits x SET bits = overlay(x.bits PLACING substring(x.bits FROM d.lo FOR d.len) | ('x' || d.hex)::varbit FROM d.lo FOR d.len)
        FROM unnest($1::int[], $2::text[], $3::int[], $4::int[], $5::text[]) AS d(block, key, lo, len, hex) WHERE x.block = d.block AND x.key = d.key`,
      [groups.map((g) => g.block), groups.map((g) => g.key), lo, len, hex],
    );
    return r.rowCount ?? 0;
  };
  const writer: string[] = [];
  if (process.env.BITMAPS_EXPLAIN)
    console.log((await q<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${writerSql}`, [2000])).map((r) => r["QUERY PLAN"]).join("\n"));
  for (const batch of [2000, 200]) {
    const ms: number[] = [];
    let updated = 0;
    for (let i = 0; i < runs + 1; i++) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const t = performance.now();
        updated = await applyBatch(client, batch);
        await client.query("COMMIT");
        // The commit (its WAL flush) counts: the applier's figures include theirs.
        if (i > 0) ms.push(performance.now() - t);
      } finally {
        client.release();
      }
    }
    ms.sort((a, b) => a - b);
    const p50 = percentile(ms, 50);
    writer.push(`writer: ${batch} responses → ${updated} bit strings updated, p50 ${p50.toFixed(0)} ms = ${((1000 * p50) / batch).toFixed(0)} µs per response`);
  }
  console.log(`response bitmaps over ${ordinal.toLocaleString("en")} responses (${days} days of ${database}), ${runs} runs after a warm one; load ${load()}`);
  for (const r of rows) console.log(r);
  for (const w of writer) console.log(w);
} finally {
  if (!process.env.BITMAPS_KEEP) await pool.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
  await pool.end();
}
