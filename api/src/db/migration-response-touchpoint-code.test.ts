// Migration 20261129200000_response_touchpoint_code: a response names its touchpoint by the touchpoint's
// integer code instead of its 24-character id. Every stored response keeps its touchpoint (the code of
// the touchpoint its id named), a touchpoint's delete still takes its responses with it, the index by
// touchpoint follows, and a response whose touchpoint cannot be found stops the migration instead of
// losing its touchpoint.
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../test/services.js";
import { columnsLike, createScratchDatabase, migrationsFrom, type ScratchDatabase, withClient } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261129200000_response_touchpoint_code";
const databases: ScratchDatabase[] = [];

afterAll(async () => {
  for (const d of databases) await d.drop();
});

const tpA = "a".repeat(24);
const tpB = "b".repeat(24);

/** A database just before the migration, with touchpoints A and B and the responses given (foreign keys off). */
async function before(prefix: string, responses: [id: string, touchpointId: string][]): Promise<string> {
  const database = await createScratchDatabase(prefix, undefined, { before: migration });
  databases.push(database);
  await withClient(database.url, async (c) => {
    await c.query(`SET session_replication_role = replica`);
    // B is created first, so the codes do not follow the ids' order.
    await c.query(`INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ($1, 'org', 'u', 'B', 'link')`, [tpB]);
    await c.query(`INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ($1, 'org', 'u', 'A', 'link')`, [tpA]);
    for (const [i, [id, touchpointId]] of responses.entries())
      await c.query(`INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointId", "unitId", "ordinal") VALUES ($1, 'org', 's', $2, 'u', $3)`, [
        id,
        touchpointId,
        i,
      ]);
  });
  return database.url;
}

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("gives every response its touchpoint's code, keeps the cascade and the index by touchpoint", async () => {
    const url = await before("db_migration_tp_code", [
      ["r1", tpA],
      ["r2", tpB],
      ["r3", tpA],
    ]);
    expect(await deployMigrations(url)).toEqual(await migrationsFrom(migration));

    await withClient(url, async (m) => {
      const rows = (
        await m.query<{ id: string; touchpoint: string }>(
          `SELECT r."id", t."id" AS touchpoint FROM "Response" r JOIN "Touchpoint" t ON t."code" = r."touchpointCode" ORDER BY 1`,
        )
      ).rows;
      expect(rows).toEqual([
        { id: "r1", touchpoint: tpA },
        { id: "r2", touchpoint: tpB },
        { id: "r3", touchpoint: tpA },
      ]);
      expect(await columnsLike(m, "Response", "touchpoint")).toEqual([{ name: "touchpointCode", type: "integer", notNull: true }]);
      const indexes = (await m.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'Response' AND indexdef LIKE '%touchpoint%'`))
        .rows;
      expect(indexes.map((i) => i.def)).toEqual([`CREATE INDEX "Response_touchpointCode_idx" ON public."Response" USING btree ("touchpointCode")`]);

      // The foreign key follows the code, and a touchpoint's delete takes its responses with it.
      const keys = (
        await m.query<{ name: string; def: string }>(
          `SELECT conname AS name, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = '"Response"'::regclass AND conname LIKE '%touchpoint%'`,
        )
      ).rows;
      expect(keys).toEqual([
        { name: "Response_touchpointCode_fkey", def: `FOREIGN KEY ("touchpointCode") REFERENCES "Touchpoint"(code) ON UPDATE CASCADE ON DELETE CASCADE` },
      ]);
      await m.query(`DELETE FROM "Touchpoint" WHERE "id" = $1`, [tpA]);
      expect((await m.query<{ id: string }>(`SELECT "id" FROM "Response" ORDER BY 1`)).rows).toEqual([{ id: "r2" }]);
    });
  });

  it("stops, changing nothing, when a response names a touchpoint that cannot be found", async () => {
    const url = await before("db_migration_tp_orphan", [
      ["r1", tpA],
      ["r2", "c".repeat(24)],
    ]);
    await expect(deployMigrations(url)).rejects.toThrow(
      /response_touchpoint_code failed and was rolled back: 1 response\(s\) name a touchpoint that does not exist/,
    );
    await withClient(url, async (m) => {
      const rows = (await m.query<{ id: string; t: string }>(`SELECT "id", "touchpointId" AS t FROM "Response" ORDER BY 1`)).rows;
      expect(rows).toEqual([
        { id: "r1", t: tpA },
        { id: "r2", t: "c".repeat(24) },
      ]);
    });
  });
});
