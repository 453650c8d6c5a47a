// The statistics keeper (statistics.ts): where autovacuum does not run (PGlite), tables changed past
// autovacuum's threshold since their last ANALYZE, or never analysed, are analysed; others are not.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "./client.js";
import { startEmbeddedDatabase } from "./embedded.js";
import { analyzeStaleTables, autovacuumRuns, staleTables } from "./statistics.js";
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
