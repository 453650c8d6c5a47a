// Migration 20261130000000_response_unit_code: a response names its team by the team's integer code
// instead of its 24-character id. Every stored response keeps its team (the code of the team its id
// named); a response whose team was deleted before the migration gets code 0, which names no team (as
// the roll-ups already count such a response), and is kept: nothing stored is lost.
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../test/services.js";
import { columnsLike, createScratchDatabase, migrationsFrom, type ScratchDatabase, withClient } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261130000000_response_unit_code";
const databases: ScratchDatabase[] = [];

afterAll(async () => {
  for (const d of databases) await d.drop();
});

const unitA = "a".repeat(24);
const unitB = "b".repeat(24);
const deleted = "c".repeat(24);

/** A database just before the migration, with teams A and B and the responses given (foreign keys off). */
async function before(prefix: string, responses: [id: string, unitId: string][]): Promise<string> {
  const database = await createScratchDatabase(prefix, undefined, { before: migration });
  databases.push(database);
  await withClient(database.url, async (c) => {
    await c.query(`SET session_replication_role = replica`);
    // B is created first, so the codes do not follow the ids' order; a team created and deleted between
    // them leaves a gap, so the codes do not follow the order of creation either.
    await c.query(`INSERT INTO "Unit" ("id", "organizationId", "name") VALUES ($1, 'org', 'B')`, [unitB]);
    await c.query(`INSERT INTO "Unit" ("id", "organizationId", "name") VALUES ($1, 'org', 'Gone')`, [deleted]);
    await c.query(`DELETE FROM "Unit" WHERE "id" = $1`, [deleted]);
    await c.query(`INSERT INTO "Unit" ("id", "organizationId", "name") VALUES ($1, 'org', 'A')`, [unitA]);
    await c.query(`INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ($1, 'org', $2, 'T', 'link')`, ["t".repeat(24), unitA]);
    const touchpoint = (await c.query<{ code: number }>(`SELECT "code" FROM "Touchpoint"`)).rows[0]!.code;
    for (const [i, [id, unitId]] of responses.entries())
      await c.query(`INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitId", "ordinal") VALUES ($1, 'org', 's', $2, $3, $4)`, [
        id,
        touchpoint,
        unitId,
        i,
      ]);
  });
  return database.url;
}

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("gives every response its team's code, and code 0 to a response whose team was deleted", async () => {
    const url = await before("db_migration_unit_code", [
      ["r1", unitA],
      ["r2", unitB],
      ["r3", unitA],
      ["r4", deleted],
    ]);
    expect(await deployMigrations(url)).toEqual(await migrationsFrom(migration));

    await withClient(url, async (m) => {
      const rows = (
        await m.query<{ id: string; code: number; unit: string | null }>(
          `SELECT r."id", r."unitCode" AS code, u."id" AS unit FROM "Response" r LEFT JOIN "Unit" u ON u."code" = r."unitCode" ORDER BY 1`,
        )
      ).rows;
      const codes = Object.fromEntries((await m.query<{ id: string; code: number }>(`SELECT "id", "code" FROM "Unit"`)).rows.map((u) => [u.id, u.code]));
      expect(codes[unitA]! - codes[unitB]!).toBe(2);
      expect(rows).toEqual([
        { id: "r1", code: codes[unitA], unit: unitA },
        { id: "r2", code: codes[unitB], unit: unitB },
        { id: "r3", code: codes[unitA], unit: unitA },
        { id: "r4", code: 0, unit: null },
      ]);
      expect(await columnsLike(m, "Response", "unit")).toEqual([{ name: "unitCode", type: "integer", notNull: true }]);
      // No foreign key (a response outlives its team) and no index by team, as before.
      const keys = (await m.query(`SELECT conname FROM pg_constraint WHERE conrelid = '"Response"'::regclass AND conname ILIKE '%unit%'`)).rows;
      expect(keys).toEqual([]);
      const indexes = (await m.query(`SELECT indexdef FROM pg_indexes WHERE tablename = 'Response' AND indexdef ILIKE '%unit%'`)).rows;
      expect(indexes).toEqual([]);
      // A team's delete leaves its responses, whose code then names no team.
      await m.query(`DELETE FROM "Unit" WHERE "id" = $1`, [unitB]);
      expect((await m.query<{ id: string }>(`SELECT "id" FROM "Response" ORDER BY 1`)).rows.map((r) => r.id)).toEqual(["r1", "r2", "r3", "r4"]);
    });
  });
});
