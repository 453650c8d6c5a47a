// What the roll-up applier costs per response once today's buckets exist (issue 18, item 3):
//   npx tsx bench/applier-steady.ts [--responses=2000] [--rounds=6] [--explain]
// On a scratch database with the demo organisation and the ingestion bench's 64 link touchpoints,
// stores `rounds` groups of `responses` store-visit responses through the ingestion's own statement
// (InsertBatcher: marked pending, nobody applies them), applies one group first (the buckets then
// exist), and times `applyPendingRollups` (the applier's transaction: its settings, lock and
// statement) on each further group: updates of existing roll-up rows, as under sustained ingestion.
// Prints each apply's milliseconds and the median per response. No server, no load generator: the
// figure moves little with the machine's other work (docs/analytics.md "Ingestion cost").
import { randomBytes } from "node:crypto";
import os from "node:os";
import { createPrisma } from "../api/src/db/client.js";
import { applyPendingRollups } from "../api/src/domain/analytics/rollup-applier.js";
import { applyPendingSql, lockRollups } from "../api/src/domain/analytics/rollups.js";
import { InsertBatcher, type PendingResponse } from "../api/src/domain/respondent/insert-batch.js";
import { seedDemoOrganization } from "../api/src/seed/demo.js";
import { withScratchDatabase } from "./lib/database.js";
import { percentile } from "./lib/latency.js";
import { createIngestionSpec } from "./suites/ingestion.js";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1];
const perGroup = Number(arg("responses") ?? 2000);
const rounds = Number(arg("rounds") ?? 6);
/** --explain: after the timed rounds, prints the plan of one more apply (EXPLAIN ANALYZE, rolled back). */
const explain = process.argv.includes("--explain");
const texts = ["Friendly staff and quick service, thank you!", "The queue at the checkout was a bit long today."];

const ctx = { connections: 1, duration: 0, warmup: 0, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "applier", async (databaseUrl) => {
  const prisma = createPrisma(databaseUrl, { max: 4 });
  try {
    const seed = await seedDemoOrganization(prisma, { responses: 1000 });
    const spec = await createIngestionSpec(prisma, seed.organizationId);
    // The answers as the endpoint encodes them (respondent/answers.ts): smiley 0..1, NPS 0..10, one
    // choice, one emotion (its cluster value is left out: it changes no roll-up row's key), a text.
    const batcher = new InsertBatcher(prisma, { maxBatch: 500 });
    let n = 0;
    const group = () =>
      Array.from({ length: perGroup }, (): PendingResponse => {
        n++;
        const now = new Date();
        return {
          id: randomBytes(12).toString("hex"),
          organizationId: spec.organizationId,
          surveyId: spec.surveyId,
          touchpointId: spec.touchpoints[n % spec.touchpoints.length]!,
          unitId: spec.unitId,
          language: "fi",
          metadata: { visit: n % 3 ? "returning" : "first" },
          idempotencyKey: randomBytes(12).toString("base64url"),
          startedAt: now,
          submittedAt: now,
          answers: [
            { q: spec.questions.smiley, n: (n % 5) / 4, x: null, h: [] },
            { q: spec.questions.nps, n: n % 11, x: null, h: [] },
            { q: spec.questions.singleChoice, n: null, x: null, h: [spec.choices[n % spec.choices.length]!] },
            { q: spec.questions.emotion, n: null, x: null, h: [spec.emotions[n % spec.emotions.length]!] },
            { q: spec.questions.openText, n: null, x: texts[n % texts.length]!, h: [] },
          ],
        };
      });
    const store = async () => {
      await Promise.all(group().map((r) => batcher.insert(r)));
    };
    await store();
    await applyPendingRollups(prisma, perGroup);
    // Alternating with the applier's statement alone (its settings, lock and roll-ups, without the
    // response bit strings' numbering and bits), so both see the same machine: the bits' share.
    const ms: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await store();
      const t = performance.now();
      const claimed = await applyPendingRollups(prisma, perGroup);
      ms.push(performance.now() - t);
      if (claimed !== perGroup) throw new Error(`applied ${claimed} of ${perGroup}`);
      await store();
      const t2 = performance.now();
      await prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
        await tx.$executeRawUnsafe(lockRollups("ROW EXCLUSIVE"));
        await tx.$queryRawUnsafe(applyPendingSql(), perGroup);
      });
      without.push(performance.now() - t2);
    }
    if (explain) {
      await store();
      await prisma
        .$transaction(async (tx) => {
          await tx.$executeRawUnsafe(`SELECT set_config('jit', 'off', true), set_config('work_mem', '64MB', true)`);
          const plan = await tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN (ANALYZE, BUFFERS) ${applyPendingSql()}`, perGroup);
          console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
          throw new Error("rolled back");
        })
        .catch((e: unknown) => {
          if (!(e instanceof Error && e.message === "rolled back")) throw e;
        });
    }
    const median = percentile(
      [...ms].sort((a, b) => a - b),
      50,
    );
    console.log(
      `roll-up applier, ${perGroup} responses into existing buckets: ${ms.map((x) => Math.round(x)).join(" ")} ms; median ${Math.round(median)} ms = ${((1000 * median) / perGroup).toFixed(0)} µs per response; load ${os
        .loadavg()
        .map((x) => x.toFixed(1))
        .join(" ")}`,
    );
    const medianWithout = percentile(
      [...without].sort((a, b) => a - b),
      50,
    );
    console.log(
      `the same without the response bit strings: ${without.map((x) => Math.round(x)).join(" ")} ms; median ${Math.round(medianWithout)} ms = ${((1000 * medianWithout) / perGroup).toFixed(0)} µs per response; the bit strings' share ${(((median - medianWithout) / median) * 100).toFixed(0)} %`,
    );
  } finally {
    await prisma.$disconnect();
  }
});
