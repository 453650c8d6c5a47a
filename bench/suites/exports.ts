// Issue 5, item 9: the feedback list of 1,000,000 responses exported to CSV and to XLSX by the real
// producers (api/src/domain/feedback-list/export-csv.ts, export-xlsx.ts: a server-side cursor feeding
// csv-stringify / exceljs's streaming WorkbookWriter), run in this process as an export job would run
// them, each in a child process of its own. Prints the time, rows per second, the file size and the
// peak memory of that process (the kernel's RSS high-water mark, VmHWM; target under 300 MB), with
// its RSS when the export started (Node, tsx and the modules loaded) for comparison. Also the time
// of a JSON page (page 1 and page 200) of the same list.
//
// Memory: the heap holds one batch of rows at a time, but with V8's default heap sizing a process
// allocating this fast lets garbage pile up to a few hundred MB before collecting it, so the peak
// RSS says more about V8 than about the export. BENCH_EXPORTS_HEAP_MB=128 caps the old space as a
// dedicated export worker could: the same export then runs in a flat RSS (docs/feedback-list.md).
//
// The data lives in a dedicated database, `benchdata_exports_1m` (BENCH_EXPORTS_ROWS changes the
// count and the name), generated set-based on the first run (responses with six answers each and
// metadata, in chunks of 100,000 INSERT … SELECT generate_series) and reused afterwards; a run finding
// the rows present skips the generation. Drop the database to start over.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
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
import { writeFeedbackListCsv } from "../../api/src/domain/feedback-list/export-csv.js";
import { writeFeedbackListXlsx } from "../../api/src/domain/feedback-list/export-xlsx.js";
import { feedbackListPage } from "../../api/src/domain/feedback-list/list.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "exports";
export const description = "feedback list of 1,000,000 responses to CSV and XLSX: time and peak memory (RSS)";

const ROWS = Number(process.env.BENCH_EXPORTS_ROWS ?? 1_000_000);
const DATABASE = ROWS === 1_000_000 ? "benchdata_exports_1m" : `benchdata_exports_${ROWS}`;
const CHUNK = 100_000;
const MEMORY_TARGET_MB = 300;
/** BENCH_EXPORTS_HEAP_MB=128 runs the export processes with --max-old-space-size=128 (as a dedicated export worker could). */
const HEAP_MB = process.env.BENCH_EXPORTS_HEAP_MB ? Number(process.env.BENCH_EXPORTS_HEAP_MB) : null;

// Fixed ids, so a second run finds the same organisation.
const ids = {
  featureSet: "be0000000000000000000001",
  organization: "be0000000000000000000002",
  unit: "be0000000000000000000003",
  user: "be0000000000000000000004",
  survey: "be0000000000000000000005",
  questions: ["be00000000000000000000a1", "be00000000000000000000a2", "be00000000000000000000a3", "be00000000000000000000a4", "be00000000000000000000a5", "be00000000000000000000a6"],
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
    if (have >= ROWS) {
      ctx.log(`${DATABASE}: ${have.toLocaleString("en")} responses present, generation skipped`);
      return;
    }
    ctx.log(`${DATABASE}: generating ${ROWS.toLocaleString("en")} responses (${have} present: starting over)`);
    await db.query(`DELETE FROM "Organization" WHERE id = $1`, [ids.organization]);
    await db.query(`DELETE FROM "FeatureSet" WHERE id = $1`, [ids.featureSet]);
    await db.query(`INSERT INTO "FeatureSet" (id, name, features) VALUES ($1, 'bench-exports', ARRAY['fileExportAll','restApi'])`, [ids.featureSet]);
    await db.query(`INSERT INTO "Organization" (id, name, "featureSetId", "countryCode") VALUES ($1, 'Export bench Oy', $2, 'FI')`, [ids.organization, ids.featureSet]);
    await db.query(`INSERT INTO "Unit" (id, "organizationId", name) VALUES ($1, $2, 'Export bench HQ')`, [ids.unit, ids.organization]);
    await db.query(`INSERT INTO "User" (id, email, "displayName", "currentOrganizationId") VALUES ($1, 'exports-bench@example.test', 'Export bench', $2) ON CONFLICT (id) DO NOTHING`, [ids.user, ids.organization]);
    await db.query(`INSERT INTO "Membership" ("userId", "organizationId", "organizationAdmin") VALUES ($1, $2, true)`, [ids.user, ids.organization]);
    await db.query(`INSERT INTO "UnitRole" ("organizationId", "userId", "unitId", role) VALUES ($1, $2, $3, 'admin')`, [ids.organization, ids.user, ids.unit]);
    await db.query(`INSERT INTO "Survey" (id, "organizationId", "unitId", name, languages) VALUES ($1, $2, $3, 'Store visit', ARRAY['en','fi'])`, [ids.survey, ids.organization, ids.unit]);
    const q = ids.questions;
    const question = (i: number, type: string, title: string, options: object, choices: object[]) =>
      db.query(`INSERT INTO "Question" (id, "organizationId", "surveyId", position, type, title, options, choices) VALUES ($1, $2, $3, $4, $5::"QuestionType", $6, $7, $8)`, [
        q[i], ids.organization, ids.survey, i, type, JSON.stringify({ en: title }), JSON.stringify(options), JSON.stringify(choices),
      ]);
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
      await db.query("BEGIN");
      // Response ids: "bf" + 22 hex digits of the sequence number; the time steps back from now.
      await db.query(
        `INSERT INTO "Response" (id, "organizationId", "surveyId", "touchpointId", "unitId", language, metadata, "createdAt", "updatedAt", "submittedAt")
         SELECT 'bf' || lpad(to_hex(g), 22, '0'), $1, $2, $3 || lpad(to_hex(1 + g % $6::int), 2, '0'), $4,
                CASE WHEN g % 3 = 0 THEN 'fi' ELSE 'en' END,
                jsonb_build_object('store', 'store-' || (g % 50), 'lane', (g % 7)::text, 'campaign', CASE WHEN g % 4 = 0 THEN 'autumn' ELSE 'none' END),
                t, t, t
           FROM generate_series($7::int, $8::int) g, LATERAL (SELECT now() - make_interval(secs => g * $5::int) AS t) x`,
        [ids.organization, ids.survey, ids.touchpointPrefix, ids.unit, SPACING_SECONDS, TOUCHPOINTS, from, to],
      );
      await db.query(
        `INSERT INTO "Answer" ("responseId", "organizationId", "surveyId", "touchpointId", "questionId", "createdAt", "numericValue", "textValue", "choiceIds")
         SELECT r.id, r."organizationId", r."surveyId", r."touchpointId", a.q, r."createdAt", a.n, a.x, a.c
           FROM "Response" r
           CROSS JOIN LATERAL (SELECT ('x' || right(r.id, 15))::bit(60)::bigint AS g) s
           CROSS JOIN LATERAL (VALUES
             ($3::text, (s.g % 5) / 4.0, NULL::text, '{}'::text[]),
             ($4::text, (s.g % 11)::float8, NULL, '{}'),
             ($5::text, (s.g % 7) / 6.0, NULL, '{}'),
             ($6::text, NULL, NULL, ARRAY[(ARRAY['groceries','pharmacy','cafe'])[1 + s.g % 3]]),
             ($7::text, NULL, NULL, CASE WHEN s.g % 2 = 0 THEN ARRAY['milk','bread'] ELSE ARRAY['coffee'] END),
             ($8::text, NULL, CASE WHEN s.g % 5 = 0 THEN 'The queue was long, otherwise fine. Visit ' || s.g END, '{}')
           ) AS a(q, n, x, c)
          WHERE r."organizationId" = $1 AND r.id >= $2 AND r.id <= $9 AND (a.x IS NOT NULL OR a.q <> $8)`,
        [ids.organization, `bf${from.toString(16).padStart(22, "0")}`, q[0], q[1], q[2], q[3], q[4], q[5], `bf${to.toString(16).padStart(22, "0")}`],
      );
      await db.query("COMMIT");
      ctx.log(`generated ${to.toLocaleString("en")} / ${ROWS.toLocaleString("en")} responses (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
    await db.query(`UPDATE "Survey" SET "responseCount" = $2 WHERE id = $1`, [ids.survey, ROWS]);
    await db.query(`ANALYZE "Response"; ANALYZE "Answer"`);
  } finally {
    await db.end();
  }
}

/** Peak resident set size of this process so far (the kernel's high-water mark), in MB. */
async function peakRssMb(): Promise<number> {
  const status = await readFile("/proc/self/status", "utf8").catch(() => "");
  const kb = /VmHWM:\s+(\d+) kB/.exec(status);
  return kb ? Number(kb[1]) / 1024 : process.memoryUsage().rss / 2 ** 20;
}

type ChildResult = { rows: number; seconds: number; startRssMb: number; peakRssMb: number; peakHeapMb: number; fileMb: number };

/**
 * The child process: one export, as the export job runs it, in a process of its own so its memory is
 * the export's (plus Node, tsx and the modules), not the bench runner's. Prints one JSON line.
 */
async function child(kind: "csv" | "xlsx" | "json", databaseUrl: string, outputPath: string): Promise<void> {
  const prisma = createPrisma(databaseUrl, { max: 2 });
  const bus = createEventBus(undefined);
  try {
    const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", SERVE_WEB: "false" });
    const viewer = await loadViewer(prisma, ids.user, "accessToken", { organizationId: ids.organization });
    if (!viewer) throw new Error("the bench user is not a member of the bench organisation");
    const jobs = { mode: "in-process", enqueue: async () => {}, idle: async () => {}, close: async () => {} } as JobRunner;
    const domain: DomainContext = { prisma, bus, jobs, config, viewer };
    const today = new Date();
    const from = new Date(today.getTime() - 400 * 86_400_000).toISOString().slice(0, 10);
    const request = { filters: { from, to: today.toISOString().slice(0, 10), surveyId: [ids.survey] }, locale: "en" };
    let last = -1;
    const reportProgress = async (pct: number) => {
      if (pct >= last + 10 || pct === 100) {
        last = pct;
        const m = process.memoryUsage();
        const mb = (n: number) => Math.round(n / 2 ** 20);
        process.stderr.write(`[bench]   ${kind} ${pct} % (RSS ${mb(m.rss)} MB, heap ${mb(m.heapUsed)} MB, buffers ${mb(m.arrayBuffers)} MB)\n`);
      }
    };
    if (kind === "json") {
      // The JSON list over the same million responses: page 1 and page 200 (50 rows), five times each.
      const times: Record<string, number[]> = { first: [], deep: [] };
      for (let i = 0; i < 6; i++) {
        for (const [key, page] of [["first", 1], ["deep", 200]] as const) {
          const t0 = performance.now();
          const r = await feedbackListPage({ ctx: domain }, { filters: request.filters, locale: "en", page });
          if (r.data.length !== 50) throw new Error(`page ${page} has ${r.data.length} rows`);
          if (i > 0) times[key]!.push(performance.now() - t0);
        }
      }
      const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
      process.stdout.write(`${JSON.stringify({ firstMs: median(times.first!), deepMs: median(times.deep!) })}\n`);
      return;
    }
    const startRssMb = process.memoryUsage().rss / 2 ** 20;
    let peakHeap = process.memoryUsage().heapUsed;
    const timer = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);
    const started = performance.now();
    const write = kind === "csv" ? writeFeedbackListCsv : writeFeedbackListXlsx;
    const rows = await write({ ctx: domain, request, outputPath, reportProgress });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(timer);
    const result: ChildResult = { rows, seconds, startRssMb, peakRssMb: await peakRssMb(), peakHeapMb: peakHeap / 2 ** 20, fileMb: (await stat(outputPath)).size / 2 ** 20 };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await prisma.$disconnect();
    await bus.close();
  }
}

function runChild<T = ChildResult>(ctx: BenchContext, kind: "csv" | "xlsx" | "json", databaseUrl: string, outputPath: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const tsx = path.join(repoRoot, "node_modules", ".bin", "tsx");
    const env = { ...process.env };
    if (HEAP_MB) env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ""} --max-old-space-size=${HEAP_MB}`.trim();
    const proc = spawn(tsx, [thisFile, "--export-child", kind, databaseUrl, outputPath], { stdio: ["ignore", "pipe", "pipe"], env });
    const unregister = ctx.onCleanup(async () => void proc.kill("SIGTERM"));
    let out = "";
    proc.stdout.on("data", (d: Buffer) => (out += d.toString()));
    proc.stderr.on("data", (d: Buffer) => {
      for (const line of d.toString().split("\n")) if (line.startsWith("[bench]")) ctx.log(line.slice(8));
    });
    proc.on("error", reject);
    proc.on("close", (code) => {
      unregister();
      const line = out.trim().split("\n").pop() ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line) as T);
      else reject(new Error(`the ${kind} export process ended with ${code}: ${out.slice(-500)}`));
    });
  });
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const databaseUrl = await ensureDatabase(ctx);
  await generate(ctx, databaseUrl);
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-exports-"));
  const unregister = ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));
  try {
    const rows: FigureRow[] = [];
    for (const kind of ["csv", "xlsx"] as const) {
      ctx.log(`exporting ${ROWS.toLocaleString("en")} responses to ${kind.toUpperCase()} in a process of its own`);
      const outputPath = path.join(dir, `feedback-list.${kind}`);
      const m = await runChild(ctx, kind, databaseUrl, outputPath);
      await rm(outputPath, { force: true });
      rows.push({
        figure: `${kind.toUpperCase()} export, ${m.rows.toLocaleString("en")} rows`,
        value: Number(m.seconds.toFixed(1)),
        unit: "s",
        extra: {
          "rows/s": Math.round(m.rows / m.seconds),
          "peak RSS MB": Math.round(m.peakRssMb),
          "RSS at start MB": Math.round(m.startRssMb),
          "peak heap MB": Math.round(m.peakHeapMb),
          "file MB": Number(m.fileMb.toFixed(1)),
        },
        note: `${m.peakRssMb < MEMORY_TARGET_MB ? "under" : "OVER"} the ${MEMORY_TARGET_MB} MB target; ${HEAP_MB ? `--max-old-space-size=${HEAP_MB}` : "V8's default heap sizing"}`,
      });
    }
    ctx.log("timing JSON pages of the same list");
    const json = await runChild<{ firstMs: number; deepMs: number }>(ctx, "json", databaseUrl, path.join(dir, "unused"));
    rows.push({ figure: "JSON page 1 (50 rows) of the same list", value: Math.round(json.firstMs), unit: "ms", note: "median of 5, with the count and the columns" });
    rows.push({ figure: "JSON page 200 (50 rows) of the same list", value: Math.round(json.deepMs), unit: "ms", note: "median of 5 (OFFSET 9,950)" });
    return rows;
  } finally {
    unregister();
    await rm(dir, { recursive: true, force: true });
  }
}

const thisFile = fileURLToPath(import.meta.url);
const repoRoot = path.resolve(path.dirname(thisFile), "../..");
if (process.argv[1] && path.resolve(process.argv[1]) === thisFile && process.argv[2] === "--export-child") {
  const [kind, databaseUrl, outputPath] = process.argv.slice(3);
  child(kind === "xlsx" || kind === "json" ? kind : "csv", databaseUrl!, outputPath!).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
