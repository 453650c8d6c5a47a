// Sustained response ingestion. POST /r/{touchpointId}/responses on the real server
// over loopback, durable commits (the server's default synchronous_commit = on), 64 concurrent
// clients, each request a new response of the demo "Store visit" survey (5 answers: smiley, NPS,
// single choice, emotion, open text) with its own idempotency key, spread over 64 link touchpoints
// and a new client address per request (so the per-address and per-touchpoint rate limits stay on,
// as with many respondents). In the same run, the same work as raw single-row inserts straight
// through `pg`, the rows shaped as the endpoint stores them (api/src/domain/answers/rows.ts: a
// response's coded answers in its own row, texts included): per response one transaction BEGIN;
// INSERT "Response" (one row, with its five coded answers in "answerCodes", two of them holding their
// numbers, the emotion's number in "answerNumbers" and the open text in "answerTexts"); COMMIT, with the same 64 concurrent clients,
// each on its own connection (the server itself
// uses a pool of 10). Prints responses/s, p50/p99 latency, the ratio, SQL statements per response,
// the roll-up applier's backlog when the load stops and its catch-up time, and the machine's load.
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import pg from "pg";
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";
import { idempotencyDigestSql, responseOrdinalSql } from "../../api/src/domain/respondent/insert-batch.js";
import { codeOf, codesOf } from "../../api/src/domain/results-scope/codes.js";
import { seedDemoOrganization } from "../../api/src/seed/demo.js";
import { withScratchDatabase } from "../lib/database.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { percentile } from "../lib/latency.js";

export const name = "ingestion";
export const description = "POST /r/{touchpointId}/responses (5 answers, durable commits) against raw single-row inserts through pg";

export const requestFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "../lib/ingestion-request.cjs");
const CONNECTIONS = Number(process.env.BENCH_INGESTION_CONNECTIONS ?? 64);
const POOL = Number(process.env.BENCH_INGESTION_POOL ?? 10);
const TOUCHPOINTS = 64;

export type Spec = {
  surveyId: string;
  organizationId: string;
  unitId: string;
  touchpoints: string[];
  questions: { smiley: string; nps: string; singleChoice: string; emotion: string; openText: string };
  choices: string[];
  emotions: string[];
};

export async function load(baseUrl: string, seconds: number): Promise<Result> {
  return Promise.resolve(
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      workers: 1,
      // A request builder by path: autocannon's worker thread loads it (bench/lib/ingestion-request.cjs).
      requests: [{ method: "POST", path: "/", setupRequest: requestFile }],
    } as never),
  );
}

/**
 * The response-shaped rows of the baselines' `i`-th response, as the endpoint stores the same five
 * answers (answers/rows.ts): all five in the response's row, (slot << 16) | code, the emotion's first
 * (its number in "answerNumbers", beside its choice code), the smiley's and the NPS answer's numbers in
 * their codes (migration 20261129110000_numbers_in_codes), the open text last (its text in "answerTexts").
 */
type StoredShape = (i: number) => { codes: number[]; numbers: number[]; texts: string[] };

/** The baselines' rows, coded with the survey's current slots ("QuestionSlot"), as ingestion codes them. */
async function storedShape(databaseUrl: string, spec: Spec): Promise<StoredShape> {
  const q = spec.questions;
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let slots: { questionId: string; slot: number; choiceCodes: string[] }[];
  try {
    slots = (
      await db.query<{ questionId: string; slot: number; choiceCodes: string[] }>(
        `SELECT "questionId", "slot", "choiceCodes" FROM "QuestionSlot" WHERE "current" AND "questionId" = ANY($1::text[])`,
        [[q.smiley, q.nps, q.singleChoice, q.emotion, q.openText]],
      )
    ).rows;
  } finally {
    await db.end();
  }
  const key = (questionId: string, choice?: string) => {
    const s = slots.find((x) => x.questionId === questionId);
    const code = choice === undefined ? 0 : (s?.choiceCodes.indexOf(choice) ?? -1);
    if (!s || code < 0) throw new Error(`no slot or code for question ${questionId}${choice === undefined ? "" : ` choice ${choice}`}`);
    return (s.slot << 16) | code;
  };
  const smiley = key(q.smiley);
  const nps = key(q.nps);
  const choices = spec.choices.map((c) => key(q.singleChoice, c));
  const emotions = spec.emotions.map((c) => key(q.emotion, c));
  const openText = key(q.openText);
  /** A number in its element's code: (n × 2520) + 32768 (answers/rows.ts). */
  const numberCode = (n: number) => Math.round(n * 2520) + 32768;
  return (i) => ({
    codes: [emotions[i % emotions.length]!, smiley | numberCode((i % 5) / 4), nps | numberCode(i % 11), choices[i % choices.length]!, openText],
    numbers: [1],
    texts: ["Friendly staff and quick service, thank you!"],
  });
}

/** The raw baseline: `CONNECTIONS` loops, each response one transaction of single-row INSERTs. */
async function rawInserts(
  databaseUrl: string,
  spec: Spec,
  shape: StoredShape,
  seconds: number,
): Promise<{ count: number; latencies: number[]; seconds: number }> {
  // As many connections as clients: every client has its own transaction in flight.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  const latencies: number[] = [];
  let n = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const i = n++;
      const client = await pool.connect();
      try {
        const id = randomBytes(12).toString("hex");
        const now = new Date();
        const stored = shape(i);
        await client.query("BEGIN");
        await client.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "status", "language", "metadata", "idempotencyDigest", "createdAt", "submittedAt", "ordinal", "answerCodes", "answerNumbers", "answerTexts")
           VALUES ($1, $2, $3, ${codeOf("touchpoint", "$4::varchar")}, ${codeOf("unit", "$5::varchar")}, 'submitted', 'fi', $6, ${idempotencyDigestSql("$4::varchar", "$7")}, $8, $8, ${responseOrdinalSql("$2::varchar")}, $9::int4[], $10::float8[], $11::text[])`,
          [
            id,
            spec.organizationId,
            spec.surveyId,
            spec.touchpoints[i % spec.touchpoints.length],
            spec.unitId,
            JSON.stringify({ visit: "first" }),
            randomBytes(12).toString("base64url"),
            now,
            stored.codes,
            stored.numbers,
            stored.texts,
          ],
        );
        await client.query("COMMIT");
      } finally {
        client.release();
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, loop));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return { count: latencies.length, latencies, seconds: elapsed };
}

/**
 * The ceiling: what PostgreSQL here durably absorbs when responses arrive in group commits of
 * `group` (one transaction: one multi-row INSERT of the responses, each with its five answers coded
 * in its row, COMMIT with synchronous_commit on: the rows our statement writes for the same five
 * answers), from `writers` concurrent connections. Answers
 * responses/s.
 */
async function groupCommits(databaseUrl: string, spec: Spec, shape: StoredShape, seconds: number, group: number, writers = 8): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: writers });
  let stored = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const loop = async (w: number) => {
    let i = w * 1_000_000;
    while (performance.now() < until) {
      const client = await pool.connect();
      try {
        const now = new Date();
        const responses: unknown[] = [];
        const rv: string[] = [];
        for (let k = 0; k < group; k++, i++) {
          const id = randomBytes(12).toString("hex");
          const tp = spec.touchpoints[i % spec.touchpoints.length];
          const b = responses.length;
          const stored = shape(i);
          rv.push(
            `($${b + 1}, $${b + 2}, $${b + 3}, ${codeOf("touchpoint", `$${b + 4}::varchar`)}, ${codeOf("unit", `$${b + 5}::varchar`)}, 'submitted', 'fi', '{}'::jsonb, ${idempotencyDigestSql(`$${b + 4}::varchar`, `$${b + 6}`)}, $${b + 7}, $${b + 7}, ${responseOrdinalSql(`$${b + 2}::varchar`)}, $${b + 8}::int4[], $${b + 9}::float8[], $${b + 10}::text[])`,
          );
          responses.push(
            id,
            spec.organizationId,
            spec.surveyId,
            tp,
            spec.unitId,
            randomBytes(12).toString("base64url"),
            now,
            stored.codes,
            stored.numbers,
            stored.texts,
          );
        }
        await client.query("BEGIN");
        await client.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "status", "language", "metadata", "idempotencyDigest", "createdAt", "submittedAt", "ordinal", "answerCodes", "answerNumbers", "answerTexts") VALUES ${rv.join(", ")}`,
          responses,
        );
        await client.query("COMMIT");
        stored += group;
      } finally {
        client.release();
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => loop(w)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.end();
  return stored / elapsed;
}

/**
 * The demo "Store visit" survey on TOUCHPOINTS new link touchpoints, as the request builder
 * (bench/lib/ingestion-request.cjs) reads it from INGESTION_BENCH_SPEC; the live suite uses it too.
 */
export async function createIngestionSpec(prisma: PrismaClient, organizationId: string): Promise<Spec> {
  const survey = await prisma.survey.findFirstOrThrow({
    where: { organizationId: organizationId, name: "Store visit" },
    include: { questions: { orderBy: { position: "asc" } } },
  });
  const byType = (type: string) => survey.questions.find((q) => q.type === type)!;
  const choiceIds = (type: string) => (byType(type).choices as { id: string }[]).map((c) => c.id);
  const touchpoints = Array.from({ length: TOUCHPOINTS }, () => randomBytes(12).toString("hex"));
  await prisma.touchpoint.createMany({
    data: touchpoints.map((id, i) => ({
      id,
      organizationId: organizationId,
      unitId: survey.unitId,
      name: `Bench link ${i + 1}`,
      type: "link" as const,
      activeSurveyId: survey.id,
    })),
  });
  const spec: Spec = {
    surveyId: survey.id,
    organizationId: organizationId,
    unitId: survey.unitId,
    touchpoints,
    questions: {
      smiley: byType("smiley").id,
      nps: byType("nps").id,
      singleChoice: byType("singleChoice").id,
      emotion: byType("emotion").id,
      openText: byType("openText").id,
    },
    choices: choiceIds("singleChoice"),
    emotions: choiceIds("emotion"),
  };
  return spec;
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  return withScratchDatabase(ctx, name, async (databaseUrl) => {
    const api = await startApiServer(databaseUrl, { poolSize: POOL });
    const unregister = ctx.onCleanup(() => api.close());
    try {
      const seed = await seedDemoOrganization(api.prisma, { responses: 1000 });
      const spec = await createIngestionSpec(api.prisma, seed.organizationId);
      const touchpoints = spec.touchpoints;
      process.env.INGESTION_BENCH_SPEC = JSON.stringify(spec);

      // One request by hand: the body the load sends is accepted.
      const setupRequest = (await import(requestFile)).default as (r: object) => { path: string; headers: Record<string, string>; body: string };
      const sample = setupRequest({});
      const check = await fetch(`${api.baseUrl}${sample.path}`, { method: "POST", headers: sample.headers, body: sample.body });
      if (check.status !== 201) throw new Error(`the benchmark's submission is refused: ${check.status} ${await check.text()}`);

      const responsesBefore = await api.prisma.response.count();
      ctx.log(`ingestion: ${CONNECTIONS} connections, pool ${POOL}, ${ctx.warmup} s warm-up + ${ctx.duration} s`);
      let warm: Result | undefined;
      if (ctx.warmup > 0) warm = await load(api.baseUrl, ctx.warmup);
      const statementsBefore = api.statements();
      const loadAvgBefore = os.loadavg()[0]!;
      const result = await load(api.baseUrl, ctx.duration);
      const statements = api.statements() - statementsBefore;
      const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
      const ok = result["2xx"];
      const failures = result.non2xx + result.errors + result.timeouts;
      const ingestRate = seconds > 0 ? ok / seconds : 0;

      // The roll-up applier's backlog when the load stops, and how long it takes to catch up
      // (the server's own applier; nothing is applied from here).
      const pendingCount = async () => (await api.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "RollupPending"`))[0]!.n;
      const backlog = await pendingCount();
      const settleStart = performance.now();
      while ((await pendingCount()) > 0 && performance.now() - settleStart < 60_000) await new Promise((r) => setTimeout(r, 5));
      const settleMs = performance.now() - settleStart;

      // Every answered request is stored, once, with its five answers (coded in its row or "Answer" rows: "EveryAnswer",
      // read per response: joined whole, the planner may rescan the view's grouping for every response).
      await new Promise((r) => setTimeout(r, 1000));
      const stored = (await api.prisma.response.count()) - responsesBefore;
      const expected = ok + (warm ? warm["2xx"] : 0);
      const [answerCount] = await api.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "Response" r CROSS JOIN LATERAL (SELECT 1 FROM "EveryAnswer" a WHERE a."responseId" = r.id OFFSET 0) a WHERE r."touchpointCode" = ${codesOf("touchpoint", "$1::text[]")}`,
        touchpoints,
      );
      const answers = answerCount!.n;
      const counter = await api.prisma.touchpoint.aggregate({ where: { id: { in: touchpoints } }, _sum: { responseCount: true } });
      const notes: string[] = [];
      // Requests still in flight when a run ends are stored but not counted by autocannon: at most one per connection and run.
      const inFlightAtEnds = CONNECTIONS * (warm ? 2 : 1) + 1;
      if (stored < expected || stored > expected + inFlightAtEnds) notes.push(`stored ${stored} responses for ${expected} answered requests`);
      if (answers !== 5 * (stored + 1)) notes.push(`${answers} answers for ${stored + 1} responses`);
      if ((counter._sum.responseCount ?? 0) !== stored + 1) notes.push(`touchpoint counters sum to ${counter._sum.responseCount}, not ${stored + 1}`);
      // The roll-ups hold every response of the organisation exactly once.
      const [rolled] = await api.prisma.$queryRawUnsafe<{ rolled: number; raw: number }[]>(
        `SELECT (SELECT coalesce(sum("responses"), 0)::int FROM "RollupResponseDay" WHERE "organizationCode" = ${codeOf("organization", "$1")}) AS rolled,
                (SELECT count(*)::int FROM "Response" WHERE "organizationId" = $1 AND "hidden" = false) AS raw`,
        seed.organizationId,
      );
      if (rolled!.rolled !== rolled!.raw) notes.push(`roll-ups count ${rolled!.rolled} responses, the raw rows ${rolled!.raw}`);

      ctx.log(`raw single-row inserts through pg: ${CONNECTIONS} concurrent on ${CONNECTIONS} connections, ${ctx.warmup} s warm-up + ${ctx.duration} s`);
      const shape = await storedShape(databaseUrl, spec);
      if (ctx.warmup > 0) await rawInserts(databaseUrl, spec, shape, ctx.warmup);
      const raw = await rawInserts(databaseUrl, spec, shape, ctx.duration);
      const rawRate = raw.count / raw.seconds;
      // The machine's ceiling for durable response-shaped writes, in group commits of 10, 50 and 200.
      const ceilings: [number, number][] = [];
      for (const group of [10, 50, 200]) {
        ctx.log(`PostgreSQL's ceiling: group commits of ${group} responses from 8 connections, ${ctx.duration} s`);
        ceilings.push([group, await groupCommits(databaseUrl, spec, shape, ctx.duration, group)]);
      }
      const ceiling = Math.max(...ceilings.map(([, r]) => r));
      const sorted = raw.latencies.sort((a, b) => a - b);
      const loadAvgAfter = os.loadavg()[0]!;
      for (const note of notes) ctx.log(`note: ${note}`);

      const ratio = rawRate > 0 ? Number((ingestRate / rawRate).toFixed(3)) : 0;
      const rows: FigureRow[] = [
        {
          figure: "POST /r/{id}/responses (5 answers)",
          value: Math.round(ingestRate),
          unit: "responses/s",
          extra: {
            "p50 ms": result.latency.p50,
            "p99 ms": result.latency.p99,
            "ratio to raw": ratio,
            "SQL/response": ok > 0 ? Number((statements / ok).toFixed(2)) : "",
          },
          note: [failures > 0 ? `${failures} failed` : "", ...notes].filter(Boolean).join("; ") || `targets: ≥ 2,000/s, p99 < 50 ms, ratio ≥ 0.5`,
        },
        {
          figure: "raw single-row INSERTs through pg (one response row with its 5 coded answers, one transaction)",
          value: Math.round(rawRate),
          unit: "responses/s",
          extra: {
            "p50 ms": Number(percentile(sorted, 50).toFixed(1)),
            "p99 ms": Number(percentile(sorted, 99).toFixed(1)),
            "ratio to raw": 1,
            "SQL/response": 3, // BEGIN, INSERT "Response", COMMIT
          },
        },
        ...ceilings.map(
          ([group, r]): FigureRow => ({
            figure: `PostgreSQL's ceiling: group commits of ${group} responses (one row each, its 5 answers coded in it, durable), 8 connections`,
            value: Math.round(r),
            unit: "responses/s",
            extra: { "ratio to raw": rawRate > 0 ? Number((r / rawRate).toFixed(3)) : "" },
          }),
        ),
        {
          figure: "POST /r/{id}/responses against the ceiling (best group commit)",
          value: Number((ingestRate / ceiling).toFixed(3)),
          unit: "ratio",
          note: `target ≥ 0.5 (${Math.round(ingestRate)} of ${Math.round(ceiling)} responses/s)`,
        },
        {
          figure: "roll-up applier: responses pending when the load stopped, then time to catch up",
          value: backlog,
          unit: "pending",
          extra: { "catch-up ms": Math.round(settleMs), "responses/s incl. catch-up": Math.round(ok / (seconds + settleMs / 1000)) },
          note: `${rolled!.rolled === rolled!.raw ? `roll-ups then count all ${rolled!.raw} responses once` : "roll-ups differ from the raw rows"}; the rate counts the measured responses over the load's seconds plus the catch-up`,
        },
        {
          figure: "machine load (1-minute average, before → after)",
          value: Number(loadAvgAfter.toFixed(2)),
          unit: "load",
          note: `${loadAvgBefore.toFixed(2)} → ${loadAvgAfter.toFixed(2)} on ${os.cpus().length} cores; ${CONNECTIONS} clients; server pool ${POOL}, raw ${CONNECTIONS} connections`,
        },
      ];
      return rows;
    } finally {
      unregister();
      await api.close();
    }
  });
}
