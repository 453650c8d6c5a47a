// Migration 20261129070000_idempotency_digest_unique carries the idempotency digests over: responses
// stored before it hold their key's MD5, unique per touchpoint (one key may be on two touchpoints);
// after it each holds the digest that ingestion now computes from its touchpoint and key, so a retry of
// a response stored before the migration is still recognised, and one unique index covers them all.
import { createHash } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { idempotencyDigestSql } from "../domain/respondent/insert-batch.js";
import { skipWithout } from "../test/services.js";
import { createScratchDatabase, migrationsFrom, type ScratchDatabase } from "../test/support.js";
import { deployMigrations } from "./migrations.js";

const noDatabase = skipWithout("PostgreSQL");
const migration = "20261129070000_idempotency_digest_unique";
let database: ScratchDatabase | undefined;

afterAll(async () => {
  await database?.drop();
});

const md5 = (text: string) => createHash("md5").update(text).digest("hex");
/** The digest as ingestion computes it after the migration, written again here from its definition. */
const digestOf = (touchpointId: string, key: string) =>
  createHash("sha256")
    .update(touchpointId + md5(key))
    .digest("hex")
    .slice(0, 32);

describe.skipIf(noDatabase)(`migration ${migration}`, () => {
  it("gives every stored response the digest of its touchpoint and key, and one unique index recognises their retries", async () => {
    database = await createScratchDatabase("db_migration_digest", undefined, { before: migration });
    const url = database.url;
    const tpA = "a".repeat(24);
    const tpB = "b".repeat(24);

    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      // The rows as the previous code stored them (foreign keys off: only "Response" is read).
      await c.query(`SET session_replication_role = replica`);
      // The responses' touchpoint: migration 20261129200000 names it by its code, so it must exist.
      await c.query(
        `INSERT INTO "Touchpoint" ("id", "organizationId", "unitId", "name", "type") VALUES ($1, 'org', 'u', 'A', 'link'), ($2, 'org', 'u', 'B', 'link')`,
        [tpA, tpB],
      );
      const response = (id: string, touchpointId: string, key: string | null) =>
        c.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointId", "unitId", "idempotencyDigest", "ordinal")
           VALUES ($1, 'org', 's', $2, 'u', md5($3)::uuid, $4)`,
          [id, touchpointId, key, Number(id.slice(1))],
        );
      // The same key on two touchpoints (two responses before and after), another key, and none.
      await response("r1", tpA, "key-one");
      await response("r2", tpB, "key-one");
      await response("r3", tpA, "key-two");
      await response("r4", tpA, null);
      await c.query(`SET session_replication_role = origin`);
    } finally {
      await c.end();
    }

    expect(await deployMigrations(url)).toEqual(await migrationsFrom(migration));

    const m = new pg.Client({ connectionString: url });
    await m.connect();
    try {
      const digests = Object.fromEntries(
        (await m.query<{ id: string; d: string | null }>(`SELECT "id", replace("idempotencyDigest"::text, '-', '') AS d FROM "Response" ORDER BY 1`)).rows.map(
          (r) => [r.id, r.d],
        ),
      );
      expect(digests).toEqual({ r1: digestOf(tpA, "key-one"), r2: digestOf(tpB, "key-one"), r3: digestOf(tpA, "key-two"), r4: null });

      // Ingestion's own expression finds each one by its touchpoint and key.
      const found = async (touchpointId: string, key: string) =>
        (
          await m.query<{ id: string }>(`SELECT "id" FROM "Response" WHERE "idempotencyDigest" = ${idempotencyDigestSql("$1::text", "$2::text")}`, [
            touchpointId,
            key,
          ])
        ).rows;
      expect(await found(tpA, "key-one")).toEqual([{ id: "r1" }]);
      expect(await found(tpB, "key-one")).toEqual([{ id: "r2" }]);
      expect(await found(tpB, "key-two")).toEqual([]);

      // The unique index is on the digest alone, and refuses a second response with r3's.
      const indexes = (
        await m.query<{ def: string }>(`SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'Response' AND indexdef LIKE '%idempotencyDigest%'`)
      ).rows;
      expect(indexes.map((i) => i.def)).toEqual([
        `CREATE UNIQUE INDEX "Response_idempotencyDigest_key" ON public."Response" USING btree ("idempotencyDigest")`,
      ]);
      await m.query(`SET session_replication_role = replica`);
      // (Team 'u' does not exist: migration 20261130000000 names it by code 0, as it did the responses above.)
      await expect(
        m.query(
          `INSERT INTO "Response" ("id", "organizationId", "surveyId", "touchpointCode", "unitCode", "idempotencyDigest", "ordinal")
           VALUES ('r5', 'org', 's', (SELECT "code" FROM "Touchpoint" WHERE "id" = $1), 0, ${idempotencyDigestSql("$1::varchar", "$2::text")}, 5)`,
          [tpA, "key-two"],
        ),
      ).rejects.toThrow(/Response_idempotencyDigest_key/);
    } finally {
      await m.end();
    }
  }, 120_000);
});
