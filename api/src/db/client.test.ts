// The app's Prisma client: its connections run with JIT off (db/client.ts poolConfig).
import { describe, expect, it } from "vitest";
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
});
