// Migration 20261128200000_response_ordinal_in_response carries the ordinals over: a database at the
// migration before it, holding responses numbered in "ResponseOrdinal", responses not numbered yet
// (pending, or of an organisation whose bit strings were still to be built) and ordinals of responses
// deleted since, is migrated, and every response must then have the ordinal it had, or a new one after
// every ordinal ever given; the organisations' sequences go on from there.
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { skipWithout } from "../test/services.js";
import { createScratchDatabase, migrationsFrom, type ScratchDatabase } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261128200000_response_ordinal_in_response";
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("keeps every ordinal given, numbers the rest after all of them, and starts each organisation's sequence after its last", async () => {
    // The migrations before this one, alone.
    database = await createScratchDatabase("db_migration_ordinal", undefined, { before: migration });
    const url = database.url;

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      // The rows as the previous code left them (foreign keys off: only the tables this migration reads).
      await c.query(`SET session_replication_role = replica`);
      await c.query(`INSERT INTO "Organization" ("id", "name", "featureSetId") VALUES ('org-a', 'A', 'fs'), ('org-b', 'B', 'fs'), ('org-c', 'C', 'fs')`);
      // The responses' touchpoint: migration 20261129200000 names it by its code, so it must exist.
      await c.query(`INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ('t', 'org-a', 'u', 'T', 'link')`);
      const response = (id: string, org: string, at: string) =>
        c.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointId", "unitId", "createdAt") VALUES ($1, $2, 's', 't', 'u', $3::timestamptz)`,
          [id, org, at],
        );
      // A: three numbered (0, 1, 5: ordinals 2–4 were of responses deleted since, and its next
      // ordinal is 7: 6 too), two not numbered yet (one pending), created out of order.
      await response("a0", "org-a", "2026-01-01T10:00:00Z");
      await response("a1", "org-a", "2026-01-02T10:00:00Z");
      await response("a5", "org-a", "2026-01-03T10:00:00Z");
      await response("a-late", "org-a", "2026-01-05T10:00:00Z");
      await response("a-early", "org-a", "2026-01-04T10:00:00Z");
      const code = async (org: string) => (await c.query<{ code: number }>(`SELECT "code" FROM "Organization" WHERE "id" = $1`, [org])).rows[0]!.code;
      for (const [id, ordinal] of [
        ["a0", 0],
        ["a1", 1],
        ["a5", 5],
      ] as const)
        await c.query(`INSERT INTO "ResponseOrdinal" ("organizationCode", "ordinal", "responseId") VALUES ($1, $2, $3)`, [await code("org-a"), ordinal, id]);
      await c.query(`INSERT INTO "ResponseOrdinal" ("organizationCode", "ordinal", "responseId") VALUES ($1, 3, 'a-deleted')`, [await code("org-a")]);
      await c.query(`INSERT INTO "ResponseBitsState" ("organizationId", "nextOrdinal") VALUES ('org-a', 7)`);
      await c.query(`INSERT INTO "RollupPending" ("responseId") VALUES ('a-late')`);
      // B: none numbered (its bit strings were still to be built), and the same ordinal numbers as A's
      // in "ResponseOrdinal" would belong to A only.
      await response("b-2", "org-b", "2026-02-02T00:00:00Z");
      await response("b-1", "org-b", "2026-02-01T00:00:00Z");
      await c.query(`INSERT INTO "ResponseBitsState" ("organizationId", "nextOrdinal", "built") VALUES ('org-b', 0, false)`);
      // C: no response.
      await c.query(`SET session_replication_role = origin`);
    } finally {
      await c.end();
    }

    expect(await deployMigrations(url)).toEqual(await migrationsFrom(migration));

    const m = new pg.Client({ connectionString: url });
    await m.connect();
    try {
      const ordinals = Object.fromEntries(
        (await m.query<{ id: string; ordinal: number }>(`SELECT "id", "ordinal" FROM "Response" ORDER BY 1`)).rows.map((r) => [r.id, r.ordinal]),
      );
      expect(ordinals).toEqual({ a0: 0, a1: 1, a5: 5, "a-early": 7, "a-late": 8, "b-1": 0, "b-2": 1 });
      // Each organisation's next response goes after every ordinal it ever gave. (Team 'u' does not
      // exist: migration 20261130000000 names it by code 0, as it did the responses above.)
      await m.query(`SET session_replication_role = replica`);
      for (const [id, org] of [
        ["a-next", "org-a"],
        ["b-next", "org-b"],
        ["c-next", "org-c"],
      ])
        await m.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitCode") VALUES ($1, $2, 's', (SELECT "code" FROM "Touchpoint" WHERE "id" = 't'), 0)`,
          [id, org],
        );
      // (The trigger that numbers them is an ordinary one: with replication role "replica" it does not
      // fire, so they are numbered here as the trigger does.)
      await m.query(`SET session_replication_role = origin`);
      await m.query(`UPDATE "Response" SET "ordinal" = nextval("response_ordinal_sequence"("organizationId")::regclass) WHERE "ordinal" IS NULL`);
      const next = (await m.query<{ id: string; ordinal: number }>(`SELECT "id", "ordinal" FROM "Response" WHERE "id" LIKE '%-next' ORDER BY 1`)).rows;
      expect(next).toEqual([
        { id: "a-next", ordinal: 9 },
        { id: "b-next", ordinal: 2 },
        { id: "c-next", ordinal: 0 },
      ]);
      const tables = (await m.query<{ t: string | null }>(`SELECT to_regclass('"ResponseOrdinal"')::text AS t`)).rows[0]!.t;
      expect(tables).toBeNull();
    } finally {
      await m.end();
    }
  }, 120_000);
});
