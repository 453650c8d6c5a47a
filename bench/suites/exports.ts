// Exports at scale: the feedback list of 1,000,000 responses exported to CSV and to XLSX as an export
// job runs them: this process plays the job's process (Prisma, the domain loaded, like the api or a
// worker) and calls the producers' runFeedbackListFile, which starts an export process of its own
// (api/src/domain/exports/export-process.ts → feedback-list/export-child.ts: pg with a server-side
// cursor, csv-stringify or exceljs's streaming WorkbookWriter, a capped heap) and relays its progress.
// Prints the time, rows per second, the file size, the export process's peak memory (the kernel's
// RSS high-water mark, VmHWM; target under 300 MB) and how much this process's RSS grew meanwhile
// (sampled every 50 ms). Also the time of a JSON page (page 1 and page 200) of the same list, in a
// process of its own. BENCH_EXPORTS_HEAP_MB changes the export process's heap cap (default
// exportProcessHeapMb).
//
// The data lives in a dedicated database, `benchdata_exports_1m` (BENCH_EXPORTS_ROWS changes the
// count and the name), generated set-based on the first run (responses with five or six answers each
// and metadata, in chunks of 100,000 INSERT … SELECT generate_series; the answers stored as ingestion
// stores them: coded into the response's row, the open texts too) and reused afterwards;
// a run finding the rows present skips the generation. Drop the database to start over.
import { mkdtemp, rm, stat } from "node:fs/promises";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { adminUrl } from "../lib/database.js";
import { deployMigrations } from "../../api/src/db/migrations.js";
import { createPrisma } from "../../api/src/db/client.js";
import { loadConfig } from "../../api/src/config.js";
import { createEventBus } from "../../api/src/pubsub/bus.js";
import { loadViewer } from "../../api/src/domain/viewer.js";
import type { DomainContext } from "../../api/src/domain/context.js";
import type { JobRunner } from "../../api/src/jobs/runner.js";
import { runFeedbackListFile } from "../../api/src/domain/feedback-list/export-run.js";
import { exportProcessHeapMb } from "../../api/src/domain/exports/export-process.js";
import { feedbackListPage } from "../../api/src/domain/feedback-list/list.js";
import { codedAnswersSql, responseColumnsSql } from "../../api/src/domain/answers/rows.js";
import { codeOf } from "../../api/src/domain/results-scope/codes.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "exports";
export const description = "feedback list of 1,000,000 responses to CSV and XLSX: time and peak memory (RSS)";

const ROWS = Number(process.env.BENCH_EXPORTS_ROWS ?? 1_000_000);
const DATABASE = ROWS === 1_000_000 ? "benchdata_exports_1m" : `benchdata_exports_${ROWS}`;
const CHUNK = 100_000;
const MEMORY_TARGET_MB = 300;
/** The export process's --max-old-space-size (MB). */
const HEAP_MB = process.env.BENCH_EXPORTS_HEAP_MB ? Number(process.env.BENCH_EXPORTS_HEAP_MB) : exportProcessHeapMb;

// Fixed ids, so a second run finds the same organisation.
const ids = {
  featureSet: "be0000000000000000000001",
  organization: "be0000000000000000000002",
  unit: "be0000000000000000000003",
  user: "be0000000000000000000004",
  survey: "be0000000000000000000005",
  questions: [
    "be00000000000000000000a1",
    "be00000000000000000000a2",
    "be00000000000000000000a3",
    "be00000000000000000000a4",
    "be00000000000000000000a5",
    "be00000000000000000000a6",
  ],
  touchpointPrefix: "be00000000000000000001", // + 2 hex digits
};
const TOUCHPOINTS = 20;
/** Responses every 15 seconds back from the generation time: a million cover about 174 days. */
const SPACING_SECONDS = 15;

async function ensureDatabase(ctx: BenchContext): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
    if (!exists.rowCount) {
      ctx.log(`creating database ${DATABASE}`);
      await admin.query(`CREATE DATABASE "${DATABASE}"`);
    }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  await deployMigrations(url.toString());
  return url.toString();
}

async function generate(ctx: BenchContext, databaseUrl: string): Promise<void> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const have = Number((await db.query(`SELECT count(*)::int AS n FROM "Response" WHERE "organizationId" = $1`, [ids.organization])).rows[0].n);
    // The features the suite's steps need (the JSON page is the feedback inbox's): set on kept data too.
    const features = ["fileExportAll", "restApi", "feedbackInbox"];
    if (have >= ROWS) {
      await db.query(`UPDATE "FeatureSet" SET features = $2 WHERE id = $1`, [ids.featureSet, features]);
      ctx.log(`${DATABASE}: ${have.toLocaleString("en")} responses present, generation skipped`);
      return;
    }
    ctx.log(`${DATABASE}: generating ${ROWS.toLocaleString("en")} responses (${have} present: starting over)`);
    await db.query(`DELETE FROM "Organization" WHERE id = $1`, [ids.organization]);
    await db.query(`DELETE FROM "FeatureSet" WHERE id = $1`, [ids.featureSet]);
    await db.query(`INSERT INTO "FeatureSet" (id, name, features) VALUES ($1, 'bench-exports', $2)`, [ids.featureSet, features]);
    await db.query(`INSERT INTO "Organization" (id, name, "featureSetId", "countryCode") VALUES ($1, 'Export bench Oy', $2, 'FI')`, [
      ids.organization,
      ids.featureSet,
    ]);
    await db.query(`INSERT INTO "Unit" (id, "organizationId", name) VALUES ($1, $2, 'Export bench HQ')`, [ids.unit, ids.organization]);
    await db.query(
      `INSERT INTO "User" (id, email, "displayName", "currentOrganizationId") VALUES ($1, 'exports-bench@example.test', 'Export bench', $2) ON CONFLICT (id) DO NOTHING`,
      [ids.user, ids.organization],
    );
    await db.query(`INSERT INTO "Membership" ("userId", "organizationId", "organizationAdmin") VALUES ($1, $2, true)`, [ids.user, ids.organization]);
    await db.query(`INSERT INTO "UnitRole" ("organizationId", "userId", "unitId", role) VALUES ($1, $2, $3, 'admin')`, [ids.organization, ids.user, ids.unit]);
    await db.query(`INSERT INTO "Survey" (id, "organizationId", "unitId", name, languages) VALUES ($1, $2, $3, 'Store visit', ARRAY['en','fi'])`, [
      ids.survey,
      ids.organization,
      ids.unit,
    ]);
    const q = ids.questions;
    const question = (i: number, type: string, title: string, options: object, choices: object[]) =>
      db.query(
        `INSERT INTO "Question" (id, "organizationId", "surveyId", position, type, title, options, choices) VALUES ($1, $2, $3, $4, $5::"QuestionType", $6, $7, $8)`,
        [q[i], ids.organization, ids.survey, i, type, JSON.stringify({ en: title }), JSON.stringify(options), JSON.stringify(choices)],
      );
    await question(0, "smiley", "How was your visit?", { buttons: 5 }, []);
    await question(1, "nps", "Would you recommend us?", {}, []);
    await question(2, "slider", "How fast was the checkout?", { min: 1, max: 7, step: 1 }, []);
    await question(3, "singleChoice", "What did you come for?", {}, [
      { id: "groceries", text: { en: "Groceries", fi: "Ruokaostokset" } },
      { id: "pharmacy", text: { en: "Pharmacy", fi: "Apteekki" } },
      { id: "cafe", text: { en: "Café", fi: "Kahvila" } },
    ]);
    await question(4, "multipleChoice", "What did you buy?", {}, [
      { id: "milk", text: { en: "Milk", fi: "Maito" } },
      { id: "bread", text: { en: "Bread", fi: "Leipä" } },
      { id: "coffee", text: { en: "Coffee", fi: "Kahvi" } },
    ]);
    await question(5, "openText", "Anything else?", {}, []);
    await db.query(
      `INSERT INTO "Touchpoint" (id, "organizationId", "unitId", name, type, "activeSurveyId")
       SELECT $1 || lpad(to_hex(i), 2, '0'), $2, $3, 'Store ' || i, 'link', $4 FROM generate_series(1, $5::int) i`,
      [ids.touchpointPrefix, ids.organization, ids.unit, ids.survey, TOUCHPOINTS],
    );
    const started = performance.now();
    for (let from = 1; from <= ROWS; from += CHUNK) {
      const to = Math.min(ROWS, from + CHUNK - 1);
      // Response ids: "bf" + 22 hex digits of the sequence number; the time steps back from now. The
      // answers are stored as ingestion stores them (api/src/domain/answers/rows.ts): coded into their
      // response's row, the open texts too, any a code cannot hold as "Answer" rows; one statement per chunk.
      await db.query(
        `WITH resp AS MATERIALIZED (
           SELECT 'bf' || lpad(to_hex(g), 22, '0') AS id, g, x.t
             FROM generate_series($7::int, $8::int) g, LATERAL (SELECT now() - make_interval(secs => g * $5::int) AS t) x
         ), ain AS MATERIALIZED (
           SELECT resp.id AS r, $2::text AS s, a.q, a.n, a.x, a.h, false AS hid, a.o, resp.t AS c
             FROM resp
             CROSS JOIN LATERAL (VALUES
               ($9::text, (resp.g % 5) / 4.0, NULL::text, '{}'::text[], 1),
               ($10::text, (resp.g % 11)::float8, NULL, '{}', 2),
               ($11::text, (resp.g % 7) / 6.0, NULL, '{}', 3),
               ($12::text, NULL, NULL, ARRAY[(ARRAY['groceries','pharmacy','cafe'])[1 + resp.g % 3]], 4),
               ($13::text, NULL, NULL, CASE WHEN resp.g % 2 = 0 THEN ARRAY['milk','bread'] ELSE ARRAY['coffee'] END, 5),
               ($14::text, NULL, CASE WHEN resp.g % 5 = 0 THEN 'The queue was long, otherwise fine. Visit ' || resp.g END, '{}', 6)
             ) AS a(q, n, x, h, o)
            WHERE a.x IS NOT NULL OR a.q <> $14
         ), coded AS MATERIALIZED (${codedAnswersSql("ain")}
         ), cols AS (${responseColumnsSql("coded")}
         ), r AS (
           INSERT INTO "Response" (id, "organizationId", "surveyId", "touchpointCode", "unitCode", language, metadata, "createdAt", "submittedAt", "answerCodes", "answerNumbers", "answerTexts")
           SELECT resp.id, $1, $2, ${codeOf("touchpoint", "$3 || lpad(to_hex(1 + resp.g % $6::int), 2, '0')")}, ${codeOf("unit", "$4")},
                  CASE WHEN resp.g % 3 = 0 THEN 'fi' ELSE 'en' END,
                  jsonb_build_object('store', 'store-' || (resp.g % 50), 'lane', (resp.g % 7)::text, 'campaign', CASE WHEN resp.g % 4 = 0 THEN 'autumn' ELSE 'none' END),
                  resp.t, resp.t, cols.codes, cols.numbers, cols.texts
             FROM resp LEFT JOIN cols ON cols.r = resp.id
         )
         INSERT INTO "Answer" ("responseId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds")
         SELECT coded.r, coded.q, coded.c, coded.n, coded.x, coded.h FROM coded WHERE coded.keys IS NULL`,
        [ids.organization, ids.survey, ids.touchpointPrefix, ids.unit, SPACING_SECONDS, TOUCHPOINTS, from, to, q[0], q[1], q[2], q[3], q[4], q[5]],
      );
      ctx.log(`generated ${to.toLocaleString("en")} / ${ROWS.toLocaleString("en")} responses (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    await db.query(`UPDATE "Survey" SET "responseCount" = $2 WHERE id = $1`, [ids.survey, ROWS]);
    await db.query(`ANALYZE "Response"; ANALYZE "Answer"`);
  } finally {
    await db.end();
  }
}

/** A domain context acting as the bench's organisation admin (as the export job builds one). */
async function benchContext(prisma: ReturnType<typeof createPrisma>, databaseUrl: string): Promise<{ domain: DomainContext; close(): Promise<void> }> {
  const bus = createEventBus(undefined);
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SERVE_WEB: "false" });
  const viewer = await loadViewer(prisma, ids.user, "accessToken", { organizationId: ids.organization });
  if (!viewer) throw new Error("the bench user is not a member of the bench organisation");
  // An api process has long made its first Prisma query (some 60 MB of RSS, once) before any export.
  await prisma.organization.findUnique({ where: { id: ids.organization }, select: { id: true } });
  const jobs = { mode: "in-process", enqueue: async () => {}, idle: async () => {}, close: async () => {} } as JobRunner;
  return { domain: { prisma, bus, jobs, config, viewer }, close: () => bus.close() };
}

function benchRequest() {
  const today = new Date();
  const from = new Date(today.getTime() - 400 * 86_400_000).toISOString().slice(0, 10);
  return { filters: { from, to: today.toISOString().slice(0, 10), surveyId: [ids.survey] }, locale: "en" };
}

const mb = (bytes: number) => bytes / 2 ** 20;

type ExportFigures = { rows: number; seconds: number; childPeakRssMb: number; parentStartRssMb: number; parentGrowthMb: number; fileMb: number };

/** One export as the job runs it: this process relays, the export process writes. */
async function exportOnce(ctx: BenchContext, domain: DomainContext, kind: "csv" | "xlsx", outputPath: string): Promise<ExportFigures> {
  const parentStartRss = process.memoryUsage().rss;
  let parentPeakRss = parentStartRss;
  const sampler = setInterval(() => (parentPeakRss = Math.max(parentPeakRss, process.memoryUsage().rss)), 50);
  let last = -10;
  const started = performance.now();
  try {
    const run = await runFeedbackListFile(
      {
        ctx: domain,
        request: benchRequest(),
        outputPath,
        reportProgress: async (pct) => {
          if (pct >= last + 10 || pct === 100) {
            last = pct;
            ctx.log(
              `  ${kind} ${pct} % (${((performance.now() - started) / 1000).toFixed(0)} s; this process's RSS ${Math.round(mb(process.memoryUsage().rss))} MB)`,
            );
          }
        },
      },
      kind,
      { heapMb: HEAP_MB },
    );
    const seconds = (performance.now() - started) / 1000;
    if (!run.process) throw new Error("the export ran without an export process (no DATABASE_URL?)");
    if (run.process.pid === process.pid) throw new Error("the export process is this process");
    return {
      rows: run.rows,
      seconds,
      childPeakRssMb: run.process.peakRssKb / 1024,
      parentStartRssMb: mb(parentStartRss),
      parentGrowthMb: mb(Math.max(parentPeakRss, process.memoryUsage().rss) - parentStartRss),
      fileMb: mb((await stat(outputPath)).size),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The JSON list over the same million responses, in a process of its own: page 1 and page 200 (50 rows), five times each. */
async function jsonChild(databaseUrl: string): Promise<void> {
  const prisma = createPrisma(databaseUrl, { max: 2 });
  const { domain, close } = await benchContext(prisma, databaseUrl);
  try {
    const request = benchRequest();
    const times: Record<string, number[]> = { first: [], deep: [] };
    for (let i = 0; i < 6; i++) {
      for (const [key, page] of [
        ["first", 1],
        ["deep", 200],
      ] as const) {
        const t0 = performance.now();
        const r = await feedbackListPage(domain, { filters: request.filters, locale: "en", page });
        if (r.data.length !== 50) throw new Error(`page ${page} has ${r.data.length} rows`);
        if (i > 0) times[key]!.push(performance.now() - t0);
      }
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    process.stdout.write(`${JSON.stringify({ firstMs: median(times.first!), deepMs: median(times.deep!) })}\n`);
  } finally {
    await close();
    await prisma.$disconnect();
  }
}

function runJsonChild(ctx: BenchContext, databaseUrl: string): Promise<{ firstMs: number; deepMs: number }> {
  return new Promise((resolve, reject) => {
    const tsx = path.join(repoRoot, "node_modules", ".bin", "tsx");
    const proc = spawn(tsx, [thisFile, "--json-child", databaseUrl], { stdio: ["ignore", "pipe", "pipe"] });
    const unregister = ctx.onCleanup(async () => void proc.kill("SIGTERM"));
    let out = "";
    let err = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.stderr.on("data", (d: Buffer) => (err += d.toString()));
    proc.on("error", reject);
    proc.on("close", (code) => {
      unregister();
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as { firstMs: number; deepMs: number });
      else reject(new Error(`the JSON page process ended with ${code}: ${(out + err).slice(-500)}`));
    });
  });
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const databaseUrl = await ensureDatabase(ctx);
  await generate(ctx, databaseUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-exports-"));
  const unregister = ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));
  const prisma = createPrisma(databaseUrl, { max: 2 });
  const { domain, close } = await benchContext(prisma, databaseUrl);
  try {
    const rows: FigureRow[] = [];
    for (const kind of ["csv", "xlsx"] as const) {
      ctx.log(`exporting ${ROWS.toLocaleString("en")} responses to ${kind.toUpperCase()} in an export process (--max-old-space-size=${HEAP_MB})`);
      const outputPath = path.join(dir, `feedback-list.${kind}`);
      const m = await exportOnce(ctx, domain, kind, outputPath);
      await rm(outputPath, { force: true });
      rows.push({
        figure: `${kind.toUpperCase()} export, ${m.rows.toLocaleString("en")} rows`,
        value: Number(m.seconds.toFixed(1)),
        unit: "s",
        extra: {
          "rows/s": Math.round(m.rows / m.seconds),
          "export process peak RSS MB": Math.round(m.childPeakRssMb),
          "job process RSS growth MB": Math.round(m.parentGrowthMb),
          "job process RSS MB": Math.round(m.parentStartRssMb),
          "file MB": Number(m.fileMb.toFixed(1)),
        },
        note: `export process ${m.childPeakRssMb < MEMORY_TARGET_MB ? "under" : "OVER"} the ${MEMORY_TARGET_MB} MB target; --max-old-space-size=${HEAP_MB}`,
      });
    }
    ctx.log("timing JSON pages of the same list");
    const json = await runJsonChild(ctx, databaseUrl);
    rows.push({
      figure: "JSON page 1 (50 rows) of the same list",
      value: Math.round(json.firstMs),
      unit: "ms",
      note: "median of 5, with the count and the columns",
    });
    rows.push({ figure: "JSON page 200 (50 rows) of the same list", value: Math.round(json.deepMs), unit: "ms", note: "median of 5 (OFFSET 9,950)" });
    return rows;
  } finally {
    await close();
    await prisma.$disconnect();
    unregister();
    await rm(dir, { recursive: true, force: true });
  }
}

const thisFile = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(thisFile), "../..");
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile && process.argv[2] === "--json-child") {
  jsonChild(process.argv[3]!).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
