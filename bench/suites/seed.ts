// How long the demo seed takes (first start of `npm start`): 10,000 responses on the real PostgreSQL
// and on the embedded PGlite, and the second start, when the seed finds the organisation and stops.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createPrisma } from "../../api/src/db/client.js";
import { startEmbeddedDatabase } from "../../api/src/db/embedded.js";
import { deployMigrations } from "../../api/src/db/migrations.js";
import { seedDemoOrganization } from "../../api/src/seed/demo.js";
import type { PrismaClient } from "../../api/src/generated/prisma/client.js";
import { withScratchDatabase } from "../lib/database.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "seed";
export const description = "demo seed: 10,000 responses on PostgreSQL and on PGlite";

const RESPONSES = 10_000;

async function timeSeed(ctx: BenchContext, label: string, prisma: PrismaClient): Promise<FigureRow[]> {
  const started = performance.now();
  let lastLogged = -1;
  await seedDemoOrganization(prisma, {
    responses: RESPONSES,
    log: (m) => {
      const percent = Number(/(\d+)%/.exec(m)?.[1] ?? -1);
      if (percent >= lastLogged + 25 || percent === 100) {
        ctx.log(`${label}: ${m}`);
        lastLogged = percent;
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  // Every answer, coded into its response's row or a row of "Answer".
  const [counted] = await prisma.$queryRawUnsafe<{ answers: number }[]>(`SELECT count(*)::int AS answers FROM "EveryAnswer"`);
  const answers = counted!.answers;
  const againStarted = performance.now();
  const again = await seedDemoOrganization(prisma, { responses: RESPONSES });
  const againMs = performance.now() - againStarted;
  if (again.seeded) throw new Error(`${label}: the second seed did not find the demo organisation`);
  return [
    {
      figure: `${label}: seed ${RESPONSES.toLocaleString("en")} responses`,
      value: Number(seconds.toFixed(2)),
      unit: "s",
      extra: { "responses/s": Math.round(RESPONSES / seconds), answers },
    },
    { figure: `${label}: second start (already seeded)`, value: Number(againMs.toFixed(1)), unit: "ms" },
  ];
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  await withScratchDatabase(ctx, name, async (databaseUrl) => {
    const prisma = createPrisma(databaseUrl, { max: 10 });
    try {
      rows.push(...(await timeSeed(ctx, "PostgreSQL", prisma)));
    } finally {
      await prisma.$disconnect();
    }
  });

  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-pglite-"));
  const unregister = ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));
  try {
    const db = await startEmbeddedDatabase(dir);
    try {
      await deployMigrations(db.url);
      const prisma = createPrisma(db.url, { max: 4 });
      try {
        rows.push(...(await timeSeed(ctx, "PGlite", prisma)));
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await db.stop();
    }
  } finally {
    unregister();
    await rm(dir, { recursive: true, force: true });
  }
  return rows;
}
