// Planner statistics on PGlite, the embedded database (no autovacuum there): never-analysed tables
// are analysed, grown ones again, unchanged ones not; and a filtered join plans from real row counts.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyzeStaleTables, isStale, type StatisticsDb, tableSizes } from "./statistics.js";

describe("planner statistics (db/statistics.ts) on PGlite", () => {
  let pglite: PGlite;
  let db: StatisticsDb;
  beforeAll(async () => {
    pglite = await PGlite.create();
    db = {
      $queryRawUnsafe: async <T>(sql: string) => (await pglite.query(sql)).rows as T,
      $executeRawUnsafe: async (sql: string) => (await pglite.exec(sql)).length,
    };
    await pglite.exec(`
      CREATE TABLE "Response" (id int PRIMARY KEY, kind int NOT NULL);
      CREATE TABLE "Answer" (id serial PRIMARY KEY, "responseId" int NOT NULL, value int NOT NULL);
      CREATE INDEX ON "Answer" ("responseId");
      CREATE TABLE "Quiet" (id int PRIMARY KEY);
      INSERT INTO "Response" SELECT g, g % 10 FROM generate_series(1, 20000) g;
      INSERT INTO "Answer" ("responseId", value) SELECT g, g % 11 FROM generate_series(1, 20000) g;
    `);
  }, 60_000);
  afterAll(async () => {
    await pglite?.close();
  });

  const estimate = async (sql: string) => {
    const plan = (await pglite.query<{ "QUERY PLAN": string }>(`EXPLAIN ${sql}`)).rows.map((r) => r["QUERY PLAN"]).join("\n");
    return Number(/rows=(\d+)/.exec(plan)?.[1]);
  };

  it("analyses the tables that were never analysed, then none until one grows", async () => {
    const before = await tableSizes(db);
    expect(before.find((t) => t.table === "Response")).toMatchObject({ analysed: false });
    expect(await estimate(`SELECT * FROM "Response" WHERE kind = 3`)).not.toBe(2000);

    expect((await analyzeStaleTables(db)).sort()).toEqual(["Answer", "Quiet", "Response"]);
    const after = await tableSizes(db);
    for (const t of after) expect(isStale(t)).toBe(false);
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

  it("leaves a tiny table's small growth alone", () => {
    expect(isStale({ table: "t", analysed: true, analysedPages: 1, pages: 5 })).toBe(false);
    expect(isStale({ table: "t", analysed: true, analysedPages: 1, pages: 20 })).toBe(true);
    expect(isStale({ table: "t", analysed: false, analysedPages: 0, pages: 0 })).toBe(true);
  });
});
