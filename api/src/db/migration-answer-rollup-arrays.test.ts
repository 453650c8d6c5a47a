// Migration 20261129140000_answer_rollup_values_in_arrays gathers the daily answer roll-ups' rows of one
// key (question, day, touchpoint, unit, survey) into one row: on a database at the migration before it,
// with rows as the previous code stored them (one a value, "*" the totals), each key's "*" row becomes
// its "count" and "sum", its other values the arrays sorted by value, each with its own count and sum;
// keys stay apart (another day, another touchpoint, unit code 0), a key without other values gets empty
// arrays, and nothing is counted twice or lost.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../test/services.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261129140000_answer_rollup_values_in_arrays";
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("one row a key: the totals from the value *, the other values in sorted arrays with their counts and sums", async () => {
    database = await createScratchDatabase("db_migration_rollup_arrays", undefined, { before: migration });
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    try {
      const day1 = "2026-06-03T00:00:00Z";
      const day2 = "2026-06-04T00:00:00Z";
      // (question, day, touchpoint, unit, survey, organisation, value, count, sum)
      const rows: [number, string, number, number, number, number, string, number, number][] = [
        [7, day1, 3, 2, 5, 1, "*", 4, 33],
        [7, day1, 3, 2, 5, 1, "8", 2, 16],
        [7, day1, 3, 2, 5, 1, "10", 1, 10],
        [7, day1, 3, 2, 5, 1, "7", 1, 7],
        // The same question on another day, another touchpoint, a deleted team (unit code 0).
        [7, day2, 3, 2, 5, 1, "*", 1, 9],
        [7, day2, 3, 2, 5, 1, "9", 1, 9],
        [7, day1, 4, 2, 5, 1, "*", 1, 0.333333333],
        [7, day1, 4, 2, 5, 1, "0.333333333", 1, 0.333333333],
        [7, day1, 3, 0, 5, 1, "*", 2, 20],
        [7, day1, 3, 0, 5, 1, "10", 2, 20],
        // A choice question: choice ids as values, sums 0; an open text: "*" alone.
        [8, day1, 3, 2, 5, 1, "*", 3, 0],
        [8, day1, 3, 2, 5, 1, "choice-b-000000000000000", 2, 0],
        [8, day1, 3, 2, 5, 1, "choice-a-000000000000000", 1, 0],
        [9, day1, 3, 2, 5, 1, "*", 5, 0],
      ];
      for (const r of rows)
        await c.query(
          `INSERT INTO "RollupAnswerDay" ("questionCode", "bucket", "touchpointCode", "unitCode", "surveyCode", "organizationCode", "value", "count", "sum")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          r,
        );
    } finally {
      await c.end();
    }

    expect(await deployMigrations(database.url)).toContain(migration);

    const m = new pg.Client({ connectionString: database.url });
    await m.connect();
    try {
      const { rows } = await m.query(
        `SELECT "questionCode" AS q, to_char("bucket" AT TIME ZONE 'UTC', 'MM-DD') AS d, "touchpointCode" AS t, "unitCode" AS u, "surveyCode" AS s,
           "organizationCode" AS o, "count", "sum", "values", "counts", "sums"
         FROM "RollupAnswerDay" ORDER BY 1, 2, 3, 4`,
      );
      expect(rows).toEqual([
        { q: 7, d: "06-03", t: 3, u: 0, s: 5, o: 1, count: 2, sum: 20, values: ["10"], counts: [2], sums: [20] },
        { q: 7, d: "06-03", t: 3, u: 2, s: 5, o: 1, count: 4, sum: 33, values: ["10", "7", "8"], counts: [1, 1, 2], sums: [10, 7, 16] },
        { q: 7, d: "06-03", t: 4, u: 2, s: 5, o: 1, count: 1, sum: 0.333333333, values: ["0.333333333"], counts: [1], sums: [0.333333333] },
        { q: 7, d: "06-04", t: 3, u: 2, s: 5, o: 1, count: 1, sum: 9, values: ["9"], counts: [1], sums: [9] },
        {
          q: 8,
          d: "06-03",
          t: 3,
          u: 2,
          s: 5,
          o: 1,
          count: 3,
          sum: 0,
          values: ["choice-a-000000000000000", "choice-b-000000000000000"],
          counts: [1, 2],
          sums: [0, 0],
        },
        { q: 9, d: "06-03", t: 3, u: 2, s: 5, o: 1, count: 5, sum: 0, values: [], counts: [], sums: [] },
      ]);
      // One row a key: the primary key no longer holds the value.
      const { rows: key } = await m.query(
        `SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = '"RollupAnswerDay"'::regclass AND indisprimary`,
      );
      expect(key[0].def).toContain(`("questionCode", bucket, "touchpointCode", "unitCode", "surveyCode")`);
    } finally {
      await m.end();
    }
  });
});
