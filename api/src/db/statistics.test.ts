// The statistics keeper (statistics.ts): where autovacuum does not run (PGlite), tables changed past
// autovacuum's threshold since their last ANALYZE, grown by a fifth, or never analysed, are analysed;
// others are not. The planner's estimates show the statistics are real.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "./client.js";
import { startEmbeddedDatabase } from "./embedded.js";
import { PGlite } from "@electric-sql/pglite";
import { analyzeStaleTables, autovacuumRuns, isStale, type StatisticsDb, staleTables, tableStates } from "./statistics.js";
import type { PrismaClient } from "../generated/prisma/client.js";

describe("statistics keeper on the embedded database", () => {
  let dataDir = "";
  let db: Awaited<ReturnType<typeof startEmbeddedDatabase>>;
  let prisma: PrismaClient;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "statistics-test-"));
    db = await startEmbeddedDatabase(dataDir);
    prisma = createPrisma(db.url, { max: 1, namedStatements: false });
  });
  afterAll(async () => {
    await prisma?.$disconnect();
    await db?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  // A backend reports its table counters at most once a second; make the next statement report them.
  const flush = async () => {
    await prisma.$executeRawUnsafe(`SELECT pg_stat_force_next_flush()`);
    await prisma.$queryRawUnsafe(`SELECT 1`);
  };
  const reltuples = async (table: string) =>
    Number((await prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = $1`, table))[0]!.n);

  it("analyses a filled table never analysed, then only once it changed by more than 50 rows + 10 %", async () => {
    expect(await autovacuumRuns(prisma, true)).toBe(false);
    await prisma.$executeRawUnsafe(`CREATE TABLE probe_rows (x int)`);
    await prisma.$executeRawUnsafe(`CREATE TABLE probe_small (x int)`);
    await prisma.$executeRawUnsafe(`INSERT INTO probe_rows SELECT g FROM generate_series(1, 1000) g`);
    await flush();
    expect(await reltuples("probe_rows")).toBe(-1); // never analysed: the planner guesses
    expect(await staleTables(prisma)).toContain("probe_rows");
    expect(await staleTables(prisma)).not.toContain("probe_small"); // empty: nothing to learn

    expect(await analyzeStaleTables(prisma)).toContain("probe_rows");
    expect(await reltuples("probe_rows")).toBe(1000);
    expect(await staleTables(prisma)).not.toContain("probe_rows");

    // 100 more rows: under 50 + 10 % of 1,000 (150), still fresh.
    await prisma.$executeRawUnsafe(`INSERT INTO probe_rows SELECT g FROM generate_series(1, 100) g`);
    await flush();
    expect(await analyzeStaleTables(prisma)).not.toContain("probe_rows");
    expect(await reltuples("probe_rows")).toBe(1000);
    // 100 more (200 since the last ANALYZE): stale, analysed again.
    await prisma.$executeRawUnsafe(`INSERT INTO probe_rows SELECT g FROM generate_series(1, 100) g`);
    await flush();
    expect(await analyzeStaleTables(prisma)).toEqual(["probe_rows"]);
    expect(await reltuples("probe_rows")).toBe(1200);
  });
});

describe("stale tables by growth, on an in-memory PGlite", () => {
  let pglite: PGlite;
  let db: Parameters<typeof analyzeStaleTables>[0] & StatisticsDb;
  beforeAll(async () => {
    pglite = await PGlite.create();
    const raw: StatisticsDb = {
      $queryRawUnsafe: async <T>(sql: string) => (await pglite.query(sql)).rows as T,
      $executeRawUnsafe: async (sql: string) => (await pglite.exec(sql)).length,
    };
    db = { ...raw, $transaction: async (fn) => fn(raw) };
    await pglite.exec(`
      CREATE TABLE "Response" (id int PRIMARY KEY, kind int NOT NULL);
      CREATE TABLE "Answer" (id serial PRIMARY KEY, "responseId" int NOT NULL, value int NOT NULL);
      CREATE INDEX ON "Answer" ("responseId");
      CREATE TABLE "Quiet" (id int PRIMARY KEY);
      INSERT INTO "Response" SELECT g, g % 10 FROM generate_series(1, 20000) g;
      INSERT INTO "Answer" ("responseId", value) SELECT g, g % 11 FROM generate_series(1, 20000) g;
    `);
    // The inserts' counts reach the statistics now, not at some later idle moment: counts flushed after
    // the test's ANALYZE would count as changes since it (a table stale right after it was analysed,
    // seen when the machine was loaded).
    await pglite.query(`SELECT pg_stat_force_next_flush()`);
    await pglite.query(`SELECT 1`);
  }, 60_000);
  afterAll(async () => {
    await pglite?.close();
  });

  const estimate = async (sql: string) => {
    const plan = (await pglite.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    return Number(/rows=(\d+)/.exec(plan)?.[1]);
  };

  it("analyses the tables that were never analysed, then none until one grows", async () => {
    const before = await tableStates(db);
    expect(before.find((t) => t.table === "Response")).toMatchObject({ analysed: false });
    expect(before.find((t) => t.table === "Quiet")).toMatchObject({ analysed: false, pages: 0 });
    expect(await estimate(`SELECT * FROM "Response" WHERE kind = 3`)).not.toBe(2000);

    expect((await analyzeStaleTables(db)).sort()).toEqual(["Answer", "Response"]); // the empty one has nothing to tell
    for (const t of await tableStates(db)) expect(isStale(t)).toBe(false);
    // One kind of ten: the planner now knows 2,000 of 20,000 rows match.
    expect(await estimate(`SELECT * FROM "Response" WHERE kind = 3`)).toBe(2000);
    expect(await analyzeStaleTables(db)).toEqual([]);

    // 5 % more rows: not stale yet; 50 % more: stale, and only that table.
    await pglite.exec(`INSERT INTO "Answer" ("responseId", value) SELECT g, 0 FROM generate_series(1, 1000) g`);
    expect(await analyzeStaleTables(db)).toEqual([]);
    await pglite.exec(`INSERT INTO "Answer" ("responseId", value) SELECT g, 0 FROM generate_series(1, 10000) g`);
    expect(await analyzeStaleTables(db)).toEqual(["Answer"]);
    expect(await estimate(`SELECT * FROM "Answer" WHERE value = 0`)).toBeGreaterThan(10000);
  }, 60_000);

  it("leaves a tiny table's small growth alone; counts changes where the counters have them", () => {
    const t = { table: "t", analysed: true, analysedRows: 100, analysedPages: 1, pages: 5, modified: null };
    expect(isStale(t)).toBe(false);
    expect(isStale({ ...t, pages: 20 })).toBe(true);
    expect(isStale({ ...t, modified: 60 })).toBe(false); // under 50 + 10 % of 100
    expect(isStale({ ...t, modified: 61 })).toBe(true);
    expect(isStale({ ...t, analysed: false, analysedRows: 0, analysedPages: 0, pages: 0 })).toBe(false);
    expect(isStale({ ...t, analysed: false, analysedRows: 0, analysedPages: 0, pages: 1 })).toBe(true);
  });
});
