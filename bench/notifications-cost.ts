// What notification rules add to storing a response, in CPU time rather than wall-clock rates (so
// less disturbed by other work on the machine): `npx tsx bench/notifications-cost.ts [groups]`.
// On a scratch database with the demo organisation, 64 link touchpoints and 100 active rules as in
// the notifications bench suite, it stores `groups` insert groups of 200 responses through the
// ingestion's batch statement (respondent/insert-batch.ts) and evaluates them with the
// notifications' job function, and prints, per response, the PostgreSQL backend's CPU time and
// this process's CPU time of each step: storing without rules, storing with rules, evaluating.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import pg from "pg";
import { poolConfig, prismaOverPool } from "../api/src/db/client.js";
import { InsertBatcher, type PendingResponse } from "../api/src/domain/respondent/insert-batch.js";
import { evaluateResponses, forgetRules, responsesWithAnswersSql, storedForEvaluation } from "../api/src/domain/notifications/evaluation.js";
import { seedDemoOrganization } from "../api/src/seed/demo.js";
import type { JobRunner } from "../api/src/jobs/runner.js";
import { withScratchDatabase } from "./lib/database.js";
import { benchRules } from "./lib/notification-rules.js";

const GROUPS = Number(process.argv[2] ?? 40);
const GROUP = Number(process.argv[3] ?? 200);
const texts = ["Friendly staff and quick service, thank you!", "The queue at the checkout was a bit long today.", "Great selection and fair prices."];

const cpuOf = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * 10; // ms
};

const ctx = { connections: 1, duration: 1, warmup: 0, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "notifcost", async (databaseUrl) => {
  const pool = new pg.Pool(poolConfig(databaseUrl, 1));
  const prisma = prismaOverPool(pool);
  try {
    const seed = await seedDemoOrganization(prisma, { responses: 0 });
    const survey = await prisma.survey.findFirstOrThrow({
      where: { organizationId: seed.organizationId, name: "Store visit" },
      include: { questions: { orderBy: { position: "asc" } } },
    });
    const byType = (type: string) => survey.questions.find((q) => q.type === type)!;
    const choiceIds = (type: string) => (byType(type).choices as { id: string }[]).map((c) => c.id);
    const touchpoints = Array.from({ length: 64 }, () => randomBytes(12).toString("hex"));
    await prisma.touchpoint.createMany({
      data: touchpoints.map((id, i) => ({
        id,
        organizationId: seed.organizationId,
        unitId: survey.unitId,
        name: `T${i}`,
        type: "link" as const,
        activeSurveyId: survey.id,
      })),
    });
    const pid = (await prisma.$queryRawUnsafe<{ pid: number }[]>("SELECT pg_backend_pid() AS pid"))[0]!.pid;
    let n = 0;
    const group = (): PendingResponse[] =>
      Array.from({ length: GROUP }, () => {
        n++;
        return {
          id: randomBytes(12).toString("hex"),
          organizationId: seed.organizationId,
          surveyId: survey.id,
          touchpointId: touchpoints[n % 64]!,
          unitId: survey.unitId,
          language: "fi",
          metadata: { visit: "first" },
          idempotencyKey: randomBytes(12).toString("base64url"),
          startedAt: new Date(),
          submittedAt: new Date(),
          answers: [
            { q: byType("smiley").id, n: (n % 5) / 4, x: null, h: [] },
            { q: byType("nps").id, n: n % 11, x: null, h: [] },
            { q: byType("singleChoice").id, n: null, x: null, h: [choiceIds("singleChoice")[n % 3]!] },
            { q: byType("emotion").id, n: null, x: null, h: [choiceIds("emotion")[n % 3]!] },
            { q: byType("openText").id, n: null, x: texts[n % texts.length]!, h: [] },
          ],
        };
      });
    const stored: PendingResponse[][] = [];
    const batcher = new InsertBatcher(prisma, { onNotificationPending: (responses) => stored.push(responses) });
    const step = async (label: string, fn: () => Promise<unknown>) => {
      const db0 = cpuOf(pid);
      const js0 = process.threadCpuUsage();
      for (let i = 0; i < GROUPS; i++) await fn();
      const js = process.threadCpuUsage(js0);
      const db = cpuOf(pid) - db0;
      const per = GROUPS * GROUP;
      console.log(
        `${label.padEnd(40)} db ${((db / per) * 1000).toFixed(1).padStart(6)} µs/response main thread ${(((js.user + js.system) / 1000 / per) * 1000).toFixed(1).padStart(6)} µs/response`,
      );
    };
    const insertGroup = () => Promise.all(group().map((item) => batcher.insert(item)));
    await step("warm-up, no rules", insertGroup);
    await step("store, no rules", insertGroup);
    await prisma.notificationRule.createMany({
      data: benchRules({
        organizationId: seed.organizationId,
        surveyId: survey.id,
        touchpointIds: touchpoints,
        npsQuestionId: byType("nps").id,
        openTextQuestionId: byType("openText").id,
        count: 100,
        receiver: "ops@bench.example",
      }),
    });
    forgetRules();
    stored.length = 0;
    await step("store, 100 active rules", insertGroup);
    await step("store, 100 active rules (more)", insertGroup);
    const jobs = () => ({ enqueue: async () => {} }) as unknown as JobRunner;
    const session = process.env.PROFILE ? new Session() : undefined;
    if (session) {
      session.connect();
      await session.post("Profiler.enable");
      await session.post("Profiler.setSamplingInterval", { interval: 100 });
      await session.post("Profiler.start");
    }
    // in jobs of 200, as the server's batching hands them on under load
    const flat = stored.flat();
    stored.length = 0;
    while (flat.length > 0) stored.push(flat.splice(0, GROUP));
    let next = 0;
    await step("evaluate, responses handed on", () => {
      const responses = stored[next++] ?? [];
      return evaluateResponses({ prisma, jobs }, { responseIds: responses.map((r) => r.id), responses: storedForEvaluation(responses) });
    });
    if (session) {
      writeFileSync(process.env.PROFILE!, JSON.stringify((await session.post("Profiler.stop")).profile));
      session.disconnect();
    }
    if (process.env.EXPLAIN) {
      const plan = await prisma.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN (ANALYZE, BUFFERS) ${responsesWithAnswersSql}`,
        stored[next + 1]!.map((r) => r.id),
      );
      console.log(plan.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    await step("evaluate, read back (the sweeper's path)", () => evaluateResponses({ prisma, jobs }, { responseIds: (stored[next++] ?? []).map((r) => r.id) }));
    const left = await prisma.notificationPending.count();
    if (left > 0) throw new Error(`${left} responses left unevaluated`);
  } finally {
    await prisma.$disconnect();
  }
});
