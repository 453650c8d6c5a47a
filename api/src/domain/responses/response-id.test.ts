// A response's id begins with its arrival in milliseconds, so ids given in order of arrival sort in
// that order (and append to the primary key's b-tree); the rest is random.
import { describe, expect, it } from "vitest";
import pg from "pg";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { responseIdAt, responseIdSql } from "./response-id.js";

describe("response ids in order of arrival", () => {
  it("are 24 lowercase hexadecimal characters, ordered by arrival, unique within a millisecond", () => {
    const at = Date.UTC(2026, 10, 29, 13, 15, 0, 123);
    const ids = Array.from({ length: 2000 }, (_, i) => responseIdAt(at + Math.floor(i / 100)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
    // Each millisecond's ids sort after every id of the millisecond before.
    for (let i = 100; i < ids.length; i++) expect(ids[i]!.slice(0, 10) > ids[i - 100]!.slice(0, 10)).toBe(true);
    expect(responseIdAt(new Date(at)).slice(0, 10)).toBe(responseIdAt(at).slice(0, 10));
    // The low 40 bits of the milliseconds: 2026-11-29T13:15:00.123Z.
    expect(responseIdAt(at).slice(0, 10)).toBe((at % 2 ** 40).toString(16).padStart(10, "0"));
    // Before 1970 or past a wrap, still 10 characters.
    expect(responseIdAt(-1).slice(0, 10)).toBe("ffffffffff");
    expect(responseIdAt(2 ** 40 + 5).slice(0, 10)).toBe("0000000005");
  });

  it.skipIf(noDatabase)("the SQL expression gives the same time prefix as the server, and 24 characters", async () => {
    const c = new pg.Client({ connectionString: databaseUrl! });
    await c.connect();
    try {
      for (const at of [Date.UTC(2026, 10, 29, 13, 15, 0, 123), Date.UTC(2025, 0, 1), Date.UTC(2039, 11, 31, 23, 59, 59, 999)]) {
        const { rows } = await c.query<{ id: string }>(`SELECT ${responseIdSql("$1::timestamptz", "'seed-1'")} AS id`, [new Date(at).toISOString()]);
        expect(rows[0]!.id).toMatch(/^[0-9a-f]{24}$/);
        expect(rows[0]!.id.slice(0, 10), new Date(at).toISOString()).toBe(responseIdAt(at).slice(0, 10));
      }
    } finally {
      await c.end();
    }
  });
});
