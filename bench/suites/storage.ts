// Storage and the raw path against a peer (issue 18, item 7): the bytes an organisation of 1 M
// responses takes on disk, per table and per index, per stored response, against LimeSurvey 6.14's
// whole database for the same 1 M responses (141 MB, measured on this machine kind and stated in
// the issue: a constant here, not measured by this suite); and the time of one NPS question's result
// straight from the raw rows (the engine's raw path, `answerSums` with source "raw") against
// LimeSurvey's 1.2–1.4 s for the same question, beside the same figure from the roll-ups.
//
// The data set is a kept database made by bench/generate-large-org.ts (`BENCH_STORAGE_RESPONSES`,
// default 1,000,000; `BENCH_STORAGE_DATABASE`, default feedback_bench_<N>), migrated to the newest
// schema first. A migration that rewrites a table leaves it unvacuumed, so the suite runs
// `VACUUM ANALYZE` on the tables below before measuring (`BENCH_STORAGE_VACUUM=0`: `ANALYZE` only):
// an index-only scan needs the visibility map, and plans need statistics.
import os from "node:os";
import pg from "pg";
import { createPrisma } from "../../api/src/db/client.js";
import { analyticsWorkMem } from "../../api/src/limits/analytics.js";
import { deployMigrations } from "../../api/src/db/migrations.js";
import { answerSums } from "../../api/src/domain/analytics/engine.js";
import { getQuestionResult } from "../../api/src/domain/analytics/results.js";
import { parseResultsFilters } from "../../api/src/domain/results-scope/filters.js";
import { callerVisibility } from "../../api/src/domain/results-scope/response-scope.js";
import type { DomainContext } from "../../api/src/domain/context.js";
import { loadViewer } from "../../api/src/domain/viewer.js";
import { demoSignIn } from "../../api/src/seed/demo.js";
import { generateLargeOrg, largeOrgUrl } from "../generate-large-org.js";
import { latencyStats, round1 } from "../lib/latency.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { dropInterleavedScratch, interleavedIndexSizes, s5Key } from "../lib/interleaved-indexes.js";
import { buildNarrowLayout, dropNarrowLayout, narrowQuestionSums } from "../lib/narrow-layout.js";

export const name = "storage";
export const description = "disk bytes per stored response (tables, indexes, roll-ups apart) and one NPS question from the raw rows, against LimeSurvey 6.14";

const RESPONSES = Number(process.env.BENCH_STORAGE_RESPONSES ?? 1_000_000);
const DATABASE = process.env.BENCH_STORAGE_DATABASE ?? `feedback_bench_${RESPONSES}`;
const RUNS = Number(process.env.BENCH_STORAGE_RUNS ?? 5);
const VACUUM = process.env.BENCH_STORAGE_VACUUM !== "0";
/** The narrow layout's prototype (bench/lib/narrow-layout.ts), built in a scratch schema and dropped: `BENCH_STORAGE_PROTOTYPE=0` skips it. */
const PROTOTYPE = process.env.BENCH_STORAGE_PROTOTYPE !== "0";
/**
 * "Response"'s indexes grown row by row on a scratch copy (bench/lib/interleaved-indexes.ts), filled by
 * one organisation and then by `BENCH_STORAGE_INTERLEAVED_ORGS` organisations storing in turn (default
 * 50; 0 skips both), as many rows as the data set has responses, at most 1,000,000.
 */
const INTERLEAVED_ORGS = Number(process.env.BENCH_STORAGE_INTERLEAVED_ORGS ?? 50);

/** LimeSurvey 6.14, measured on this machine kind with the same 1 M responses (issue 18, item 7): a stated constant. */
export const limeSurvey = { databaseBytes: 141_000_000, responses: 1_000_000, rawNpsMs: [1200, 1400] as const };
/** The target: at most 3 times LimeSurvey's bytes per response. */
const targetBytesPerResponse = (3 * limeSurvey.databaseBytes) / limeSurvey.responses;

/** The tables an organisation's responses fill: the raw rows, the roll-ups and the response bit strings. */
const responseTables = [
  "Response",
  "Answer",
  "RollupResponseHour",
  "RollupResponseDay",
  "RollupAnswerDay",
  "RollupPending",
  "ResponseBits",
  "ResponseBitsState",
];

type TableSize = { table: string; rows: number; heap: number; toast: number; indexes: { name: string; bytes: number }[] };

async function tableSizes(db: pg.Client, tables: string[]): Promise<TableSize[]> {
  const out: TableSize[] = [];
  for (const table of tables) {
    const t = await db.query<{ heap: string; toast: string; rows: string }>(
      `SELECT pg_relation_size(c.oid, 'main') + pg_relation_size(c.oid, 'fsm') + pg_relation_size(c.oid, 'vm') AS heap,
              coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0) AS toast, c.reltuples::bigint AS rows
       FROM pg_class c WHERE c.oid = format('%I', $1::text)::regclass`,
      [table],
    );
    const idx = await db.query<{ name: string; bytes: string }>(
      `SELECT i.indexrelid::regclass::text AS name, pg_relation_size(i.indexrelid) AS bytes FROM pg_index i
       WHERE i.indrelid = format('%I', $1::text)::regclass ORDER BY 2 DESC, 1`,
      [table],
    );
    out.push({
      table,
      rows: Number(t.rows[0]!.rows),
      heap: Number(t.rows[0]!.heap),
      toast: Number(t.rows[0]!.toast),
      indexes: idx.rows.map((r) => ({ name: r.name, bytes: Number(r.bytes) })),
    });
  }
  return out;
}

const mb = (b: number) => Math.round(b / 100_000) / 10;
const load = () => os.loadavg()[0]!.toFixed(2);

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const gen = await generateLargeOrg({ responses: RESPONSES, database: DATABASE });
  if (gen.generated) ctx.log(`generated ${DATABASE} in ${Math.round(gen.seconds)} s`);
  const url = largeOrgUrl(DATABASE);
  await deployMigrations(url);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  // As the api's analytics pool connects (limits/analytics.ts), where the served raw-path reads run.
  const prisma = createPrisma(url, { max: 4, workMem: analyticsWorkMem });
  const rows: FigureRow[] = [];
  try {
    const t0 = performance.now();
    await dropInterleavedScratch(db); // a killed run's leftover would count in the whole database
    for (const table of responseTables) await db.query(`${VACUUM ? "VACUUM (ANALYZE)" : "ANALYZE"} "${table}"`);
    const maintenance = `${VACUUM ? "VACUUM ANALYZE" : "ANALYZE only (no VACUUM)"} of the response tables before measuring (${round1((performance.now() - t0) / 1000)} s)`;
    ctx.log(maintenance);
    await db.query(`CHECKPOINT`).catch(() => undefined);

    const [counts] = (
      await db.query<{ responses: number; answers: number; orgs: number }>(
        `SELECT (SELECT count(*)::int FROM "Response") AS responses, (SELECT count(*)::int FROM "EveryAnswer") AS answers, (SELECT count(*)::int FROM "Organization") AS orgs`,
      )
    ).rows;
    const responses = counts!.responses;
    const per = (b: number) => round1(b / responses);

    // Disk: per table (heap with its free-space and visibility maps, TOAST with its index), per index.
    const sizes = await tableSizes(db, responseTables);
    let total = 0;
    for (const s of sizes) {
      const idx = s.indexes.reduce((a, i) => a + i.bytes, 0);
      const all = s.heap + s.toast + idx;
      total += all;
      rows.push({
        figure: `${s.table}: table + indexes`,
        value: per(all),
        unit: "B/response",
        extra: { MB: mb(all), "heap B/resp": per(s.heap), "TOAST B/resp": per(s.toast), "index B/resp": per(idx), rows: s.rows },
      });
      for (const i of s.indexes) {
        rows.push({ figure: `  index ${i.name}`, value: per(i.bytes), unit: "B/response", extra: { MB: mb(i.bytes) } });
      }
    }
    const [dbSize] = (await db.query<{ bytes: string }>(`SELECT pg_database_size(current_database()) AS bytes`)).rows;
    const wholeDb = Number(dbSize!.bytes);
    const limePer = limeSurvey.databaseBytes / limeSurvey.responses;
    rows.push({
      figure: "response tables, total (raw rows + roll-ups + bit strings)",
      value: per(total),
      unit: "B/response",
      extra: { MB: mb(total), "÷ LimeSurvey": round1(total / responses / limePer) },
      note: `${total / responses <= targetBytesPerResponse ? "within" : "OVER"} the target (≤ 3 × LimeSurvey: ${targetBytesPerResponse} B/response)`,
    });
    rows.push({
      figure: "whole database",
      value: per(wholeDb),
      unit: "B/response",
      extra: { MB: mb(wholeDb), "÷ LimeSurvey": round1(wholeDb / responses / limePer) },
      note: `${counts!.orgs} organisation(s), ${responses.toLocaleString("en")} responses, ${counts!.answers.toLocaleString("en")} answers; ${DATABASE}`,
    });
    rows.push({
      figure: "LimeSurvey 6.14, whole database (stated in issue 18, not measured here)",
      value: limePer,
      unit: "B/response",
      extra: { MB: limeSurvey.databaseBytes / 1e6 },
      note: "141 MB for 1 M responses, measured on this machine kind",
    });

    // The raw path: one NPS question, every answer of it (the whole data set's days), through the engine.
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: demoSignIn.email }, select: { id: true } });
    const viewer = (await loadViewer(prisma, admin.id, "accessToken"))!;
    const dctx = { prisma, viewer } as unknown as DomainContext;
    const orgId = viewer.organizationId!;
    const [nps] = (
      await db.query<{ id: string; n: number; first: Date; last: Date }>(
        `SELECT a."questionId" AS id, count(*)::int AS n, min(a."createdAt") AS first, max(a."createdAt") AS last
         FROM "EveryAnswer" a JOIN "Question" q ON q.id = a."questionId" WHERE q."organizationId" = $1 AND q.type = 'nps' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
        [orgId],
      )
    ).rows;
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const filters = { from: day(nps!.first), to: day(nps!.last), utcOffset: 0, groupBy: "daily" };
    const f = parseResultsFilters(filters);
    const window = { from: f.from, to: f.to };
    const visibility = await callerVisibility(dctx, "results");
    const timed = async (fn: () => Promise<unknown>) => {
      await fn(); // warm
      const ms: number[] = [];
      let answer: unknown;
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        answer = await fn();
        ms.push(performance.now() - t);
      }
      return { ...latencyStats(ms), min: Math.min(...ms), answer };
    };
    const strip = (x: unknown) => JSON.stringify(x, (k, v) => (k === "source" ? undefined : v));
    type Timed = Awaited<ReturnType<typeof timed>>;
    /** One raw-path figure: the raw path's p50 against the roll-ups' in the same run, and whether both answered the same. */
    const rawFigure = (figure: string, raw: Timed, rollup: Timed, note = ""): FigureRow => ({
      figure,
      value: round1(raw.p50),
      unit: "ms p50",
      extra: {
        "min ms": round1(raw.min),
        "roll-up p50 ms": round1(rollup.p50),
        "÷ LimeSurvey": Math.round((raw.p50 / 1300) * 100) / 100,
        answers: nps!.n,
        load: load(),
      },
      note: `${strip(raw.answer) === strip(rollup.answer) ? "same answer from both" : "ANSWERS DIFFER"}${note}`,
    });
    const cases = [
      { figure: "NPS question, all its answers, one total (answerSums)", groupBy: null },
      { figure: "NPS question, all its answers, by day (answerSums)", groupBy: "daily" as const },
    ];
    for (const c of cases) {
      ctx.log(`${c.figure}: ${RUNS} runs from the raw rows and from the roll-ups (load ${load()})`);
      const q = { questionIds: [nps!.id], window, groupBy: c.groupBy };
      const raw = await timed(() => answerSums(prisma, visibility, f, { ...q, source: "raw" }));
      const rollup = await timed(() => answerSums(prisma, visibility, f, { ...q, source: "rollup" }));
      rows.push(rawFigure(`raw path: ${c.figure}`, raw, rollup));
    }
    ctx.log(`the NPS question's result (POST /results/question): ${RUNS} runs (load ${load()})`);
    const raw = await timed(() => getQuestionResult(dctx, nps!.id, filters, { source: "raw" }));
    const rollup = await timed(() => getQuestionResult(dctx, nps!.id, filters));
    rows.push(rawFigure("raw path: the NPS question's result, by day (getQuestionResult)", raw, rollup, "; window + earlier period"));
    rows.push({
      figure: "LimeSurvey 6.14, the NPS question's statistics (stated in issue 18, not measured here)",
      value: 1300,
      unit: "ms",
      note: "1.2–1.4 s; target: the raw path at least as fast",
    });
    // The same indexes grown row by row, as ingestion grows them: the data set's generator builds its
    // secondary indexes after the load (packed), and has one organisation. A scratch copy is filled
    // by one organisation, then by many storing in turn (bench/lib/interleaved-indexes.ts).
    // After the raw path, so that its writes (about 1 GB with WAL) do not evict what those timings read.
    if (INTERLEAVED_ORGS > 0) {
      const n = Math.min(responses, 1_000_000);
      const t1 = performance.now();
      const grown = async (organisations: number) => {
        ctx.log(
          `"Response"'s indexes grown on a scratch copy: ${n.toLocaleString("en")} rows from ${organisations === 1 ? "one organisation" : `${organisations} organisations storing in turn`} (load ${load()})`,
        );
        return new Map((await interleavedIndexSizes(db, { rows: n, organisations })).map((i) => [i.index, i.bytesPerRow]));
      };
      const one = await grown(1);
      const many = await grown(INTERLEAVED_ORGS);
      const built = new Map(sizes.find((s) => s.table === "Response")!.indexes.map((i) => [i.name.replace(/"/g, ""), i.bytes / responses]));
      const sum = (m: Map<string, number>) => round1([...m].filter(([name]) => built.has(name)).reduce((a, [, b]) => a + b, 0));
      const columns = (name: string) => ({
        "data set B/resp": built.has(name) ? round1(built.get(name)!) : "",
        "grown, one organisation B/resp": round1(one.get(name) ?? 0),
      });
      rows.push({
        figure: `Response's indexes grown row by row, ${INTERLEAVED_ORGS} organisations storing in turn`,
        value: sum(many),
        unit: "B/response",
        extra: { "data set B/resp": sum(built), "grown, one organisation B/resp": sum(one), load: load() },
        note: `${n.toLocaleString("en")} synthetic rows over a year on a scratch copy of "Response" with its index definitions; the data set's secondary indexes were built after its load (${Math.round((performance.now() - t1) / 1000)} s)`,
      });
      for (const [name, bytes] of [...many].sort((a, b) => b[1] - a[1])) {
        rows.push({
          figure: `  index ${name === s5Key ? `${s5Key}: the S5 key, not built` : `"${name}"`}`,
          value: round1(bytes),
          unit: "B/response",
          extra: columns(name),
        });
      }
    }

    if (PROTOTYPE)
      rows.push(
        ...(await prototypeFigures(ctx, db, { responses, organizationId: orgId, questionId: nps!.id, answers: nps!.n, window, visibility, f, prisma })),
      );
    rows.push({ figure: "maintenance before measuring", value: VACUUM ? 1 : 0, unit: VACUUM ? "VACUUM ran" : "no VACUUM", note: maintenance });
    return rows;
  } finally {
    await prisma.$disconnect();
    await db.end();
  }
}

/** The narrow layout's prototype: its bytes per response by relation, and the NPS question over it against the engine's raw path, interleaved in the same run. */
async function prototypeFigures(
  ctx: BenchContext,
  db: pg.Client,
  a: {
    responses: number;
    organizationId: string;
    questionId: string;
    answers: number;
    window: { from: Date; to: Date };
    visibility: Awaited<ReturnType<typeof callerVisibility>>;
    f: ReturnType<typeof parseResultsFilters>;
    prisma: ReturnType<typeof createPrisma>;
  },
): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  const unregister = ctx.onCleanup(() => dropNarrowLayout(db));
  try {
    ctx.log("building the narrow layout's prototype (scratch schema storage_prototype)");
    const built = await buildNarrowLayout(db, ctx.log);
    const per = (b: number) => round1(b / a.responses);
    const limePer = limeSurvey.databaseBytes / limeSurvey.responses;
    for (const r of built.relations)
      rows.push({ figure: `prototype ${r.part}: ${r.name}`, value: per(r.bytes), unit: "B/response", extra: { MB: mb(r.bytes) } });
    const total = built.relations.reduce((s, r) => s + r.bytes, 0);
    for (const part of ["raw rows", "indexes", "roll-ups"] as const) {
      const b = built.relations.filter((r) => r.part === part).reduce((s, r) => s + r.bytes, 0);
      rows.push({ figure: `prototype, ${part}`, value: per(b), unit: "B/response", extra: { MB: mb(b) } });
    }
    rows.push({
      figure: "prototype, total (narrow layout)",
      value: per(total),
      unit: "B/response",
      extra: { MB: mb(total), "÷ LimeSurvey": round1(total / a.responses / limePer) },
      note: `${total / a.responses <= targetBytesPerResponse ? "within" : "OVER"} the target (${targetBytesPerResponse} B/response); built in ${Math.round(built.seconds)} s`,
    });
    for (const daily of [false, true]) {
      const label = daily ? "by day" : "one total";
      ctx.log(`prototype: the NPS question ${label}, ${RUNS} runs interleaved with the engine's raw path (load ${load()})`);
      const q = { questionIds: [a.questionId], window: a.window, groupBy: daily ? ("daily" as const) : null, source: "raw" as const };
      const engine = () => answerSums(a.prisma, a.visibility, a.f, q);
      const narrow = () => narrowQuestionSums(db, { organizationId: a.organizationId, questionId: a.questionId, from: a.window.from, to: a.window.to, daily });
      await engine();
      await narrow();
      const te: number[] = [];
      const tn: number[] = [];
      let fromEngine: Awaited<ReturnType<typeof engine>> = [];
      let fromNarrow: Awaited<ReturnType<typeof narrow>> = [];
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        fromEngine = await engine();
        te.push(performance.now() - t);
        t = performance.now();
        fromNarrow = await narrow();
        tn.push(performance.now() - t);
      }
      const key = (g: string, v: string, n: number) => `${g}|${v}|${n}`;
      const same =
        JSON.stringify(fromEngine.filter((r) => r.value !== "*").map((r) => key(r.grp, r.value, r.count))) ===
        JSON.stringify(fromNarrow.map((r) => key(r.grp, r.value, r.count)));
      const e = latencyStats(te).p50;
      const n = latencyStats(tn).p50;
      rows.push({
        figure: `prototype: NPS question, all its answers, ${label}`,
        value: round1(n),
        unit: "ms p50",
        extra: { "÷ LimeSurvey": Math.round((n / 1300) * 100) / 100, answers: a.answers, load: load() },
        note: `the engine's raw path ${round1(e)} ms p50 in the same run (${round1(e / n)} ×); ${same ? "same counts" : "COUNTS DIFFER"}`,
      });
    }
  } finally {
    unregister();
    await dropNarrowLayout(db);
  }
  return rows;
}
