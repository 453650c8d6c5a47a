// The analytics suite's "embedded demo" part (issue 18 item 1, "Embedded mode: the same screens on
// the demo organisation answer in under 1 s"): what `npm start` gives a new user — the embedded
// PGlite, migrated, the demo organisation seeded with 10,000 responses (DEMO_RESPONSES) — and the
// real server over it as main.ts runs it (one connection, no named statements), then every filter
// case of ./filter-cases.ts over HTTP, compared with plain SQL. Target: every case under 1 s.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startEmbeddedDatabase } from "../../api/src/db/embedded.js";
import { deployMigrations } from "../../api/src/db/migrations.js";
import { createPrisma } from "../../api/src/db/client.js";
import { demoSignIn, seedDemoOrganization } from "../../api/src/seed/demo.js";
import { signInWithPassword } from "../../api/src/test/oidc-login.js";
import { filterCases, measureFilterCases } from "./filter-cases.js";
import { startApiServer } from "./servers.js";
import type { BenchContext, FigureRow } from "./suite.js";

const RESPONSES = Number(process.env.BENCH_EMBEDDED_RESPONSES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_EMBEDDED_REQUESTS ?? 5);

export async function embeddedDemoFigures(ctx: BenchContext): Promise<FigureRow[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "bench-embedded-demo-"));
  const unregister = ctx.onCleanup(() => rm(dir, { recursive: true, force: true }));
  try {
    const db = await startEmbeddedDatabase(dir);
    try {
      await deployMigrations(db.url);
      const seeding = createPrisma(db.url, { max: 1, namedStatements: false });
      const t0 = performance.now();
      let organizationId: string;
      try {
        ({ organizationId } = await seedDemoOrganization(seeding, { responses: RESPONSES }));
      } finally {
        await seeding.$disconnect();
      }
      const seedSeconds = (performance.now() - t0) / 1000;
      ctx.log(`embedded demo: ${RESPONSES} responses seeded on PGlite in ${seedSeconds.toFixed(1)} s`);
      const api = await startApiServer(db.url, { embedded: true });
      try {
        const token = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
        // The screens' widest window: the demo's whole 90 days.
        const [{ last }] = (await api.prisma.$queryRawUnsafe<{ last: Date }[]>(
          `SELECT max("createdAt") AS last FROM "Response" WHERE "organizationId" = $1`,
          organizationId,
        )) as [{ last: Date }];
        const day = (d: Date) => d.toISOString().slice(0, 10);
        const window = { from: day(new Date(last.getTime() - 89 * 86_400_000)), to: day(last) };
        const { cases, npsQuestionId } = await filterCases(api.prisma, api.config, { organizationId, adminEmail: demoSignIn.email, window });
        const { rows, allSame } = await measureFilterCases({
          baseUrl: api.baseUrl,
          token,
          prisma: api.prisma,
          organizationId,
          npsQuestionId,
          cases,
          window,
          requests: REQUESTS,
          label: "embedded demo ",
          log: ctx.log,
        });
        const slowest = Math.max(...rows.map((r) => Math.max(Number(r.value), Number(r.extra?.["p99 ms"] ?? 0), Number(r.extra?.["first ms"] ?? 0))));
        rows.push({
          figure: "embedded demo: slowest case (p50, p99 or first request)",
          value: Math.round(slowest),
          unit: "ms",
          note: `${RESPONSES.toLocaleString("en")} demo responses on PGlite, 90 days; target < 1,000 ms: ${slowest < 1000 ? "met" : "MISSED"}; ${allSame ? "every answer as raw SQL" : "SOME ANSWERS DIFFER"}`,
        });
        return rows;
      } finally {
        await api.close();
      }
    } finally {
      await db.stop();
    }
  } finally {
    unregister();
    await rm(dir, { recursive: true, force: true });
  }
}
