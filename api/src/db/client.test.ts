// The app's Prisma client: its connections run with JIT off and in UTC (db/client.ts poolConfig).
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { createPrisma } from "./client.js";

describe.skipIf(noDatabase)("createPrisma", () => {
  it("opens connections with JIT compilation off, from their first statement", async () => {
    const prisma = createPrisma(databaseUrl!, { max: 2 });
    try {
      const [first, second] = await Promise.all([prisma.$queryRawUnsafe<{ jit: string }[]>("SHOW jit"), prisma.$queryRawUnsafe<{ jit: string }[]>("SHOW jit")]);
      expect(first).toEqual([{ jit: "off" }]);
      expect(second).toEqual([{ jit: "off" }]);
    } finally {
      await prisma.$disconnect();
    }
  });

  it("opens connections in UTC whatever the database's default time zone, so UTC days are the same days everywhere", async () => {
    const database = `tz_${randomBytes(6).toString("hex")}`;
    const admin = createPrisma(databaseUrl!, { max: 1 });
    const url = new URL(databaseUrl!);
    url.pathname = `/${database}`;
    await admin.$executeRawUnsafe(`CREATE DATABASE "${database}"`);
    try {
      await admin.$executeRawUnsafe(`ALTER DATABASE "${database}" SET TimeZone = 'Europe/Helsinki'`);
      const prisma = createPrisma(url.toString(), { max: 1 });
      try {
        expect(await prisma.$queryRawUnsafe("SHOW TimeZone")).toEqual([{ TimeZone: "UTC" }]);
        // A Date sent by Prisma (no zone) is the instant it names, and its UTC day the day the engine names.
        const [row] = await prisma.$queryRawUnsafe<{ utc: string; day: boolean }[]>(
          `SELECT to_char($1::timestamptz AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS utc, date_trunc('day', $1::timestamptz) = timestamptz '2026-03-10 00:00:00+00' AS day`,
          new Date("2026-03-10T23:30:00Z"),
        );
        expect(row).toEqual({ utc: "2026-03-10 23:30", day: true });
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await admin.$executeRawUnsafe(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
      await admin.$disconnect();
    }
  });
});
