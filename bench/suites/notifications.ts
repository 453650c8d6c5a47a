// Notification rules (issue 13 item 6): what evaluating rules costs ingestion, and how soon an alert
// reaches the mail server. On the real server over loopback (jobs in process, as when embedded):
// 1. POST /r/{touchpointId}/responses as in the ingestion suite (64 clients, the demo "Store visit"
//    survey, 64 link touchpoints) with no rule, then with 100 active rules on that survey and those
//    touchpoints (conditions that a response meets only rarely: every response is evaluated, few
//    send), in the same run. Target: the rate with rules at least 0.9 of the rate without.
// 2. Then one rule with delay 0 that every response meets, one receiver, and a local SMTP server
//    (smtp-server): the time from a stored response (its 201) to the alert accepted by the SMTP
//    server, p50 and p99, over 200 responses sent 4 at a time.
import path from "node:path";
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { seedDemoOrganization } from "../../api/src/seed/demo.js";
import { startSmtpCapture } from "../../api/src/test/mail.js";
import { forgetRules } from "../../api/src/domain/notifications/evaluation.js";
import { withScratchDatabase } from "../lib/database.js";
import { benchRules } from "../lib/notification-rules.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "notifications";
export const description = "ingestion with 100 active notification rules against none; stored response → alert accepted by SMTP (p50, p99)";

const requestFile = path.join(path.dirname(fileURLToPath(import.meta.url)), "../lib/ingestion-request.cjs");
const CONNECTIONS = Number(process.env.BENCH_INGESTION_CONNECTIONS ?? 64);
const TOUCHPOINTS = 64;
/** BENCH_NOTIFICATION_RULES: how many active rules the second run has (100; 0 shows what the run order alone changes). */
const RULES = Number(process.env.BENCH_NOTIFICATION_RULES ?? 100);
const ALERTS = Number(process.env.BENCH_NOTIFICATION_ALERTS ?? 200);
/**
 * BENCH_NOTIFICATION_PROFILE=<prefix>: a CPU profile of this process (the server, its in-process
 * jobs) during each measured load run, written to <prefix>-no-rules.cpuprofile and
 * <prefix>-rules.cpuprofile (summarised by `tsx bench/lib/cpu-profile-summary.ts <file>`).
 */
const PROFILE = process.env.BENCH_NOTIFICATION_PROFILE;

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0);

async function load(baseUrl: string, seconds: number): Promise<Result> {
  return Promise.resolve(
    autocannon({
      url: baseUrl,
      connections: CONNECTIONS,
      duration: seconds,
      timeout: 10,
      workers: 1,
      requests: [{ method: "POST", path: "/", setupRequest: requestFile }],
    } as never),
  );
}

/** CPU seconds (user + system) a process has used, from /proc (Linux; 0 when unreadable). */
function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const smtp = await startSmtpCapture();
  const stopSmtp = ctx.onCleanup(() => smtp.close());
  try {
    return await withScratchDatabase(ctx, name, async (databaseUrl) => {
      const api = await startApiServer(databaseUrl, { env: { SMTP_URL: smtp.url, MAIL_FROM: "alerts@bench.example" } });
      const unregister = ctx.onCleanup(() => api.close());
      try {
        const seed = await seedDemoOrganization(api.prisma, { responses: 200 });
        const survey = await api.prisma.survey.findFirstOrThrow({
          where: { organizationId: seed.organizationId, name: "Store visit" },
          include: { questions: { orderBy: { position: "asc" } } },
        });
        const byType = (type: string) => survey.questions.find((q) => q.type === type)!;
        const choiceIds = (type: string) => (byType(type).choices as { id: string }[]).map((c) => c.id);
        const touchpoints = Array.from({ length: TOUCHPOINTS }, () => randomBytes(12).toString("hex"));
        await api.prisma.touchpoint.createMany({
          data: touchpoints.map((id, i) => ({
            id,
            organizationId: seed.organizationId,
            unitId: survey.unitId,
            name: `Bench link ${i + 1}`,
            type: "link" as const,
            activeSurveyId: survey.id,
          })),
        });
        process.env.INGESTION_BENCH_SPEC = JSON.stringify({
          surveyId: survey.id,
          organizationId: seed.organizationId,
          unitId: survey.unitId,
          touchpoints,
          questions: {
            smiley: byType("smiley").id,
            nps: byType("nps").id,
            singleChoice: byType("singleChoice").id,
            emotion: byType("emotion").id,
            openText: byType("openText").id,
          },
          choices: choiceIds("singleChoice"),
          emotions: choiceIds("emotion"),
        });

        const measure = async (label: string) => {
          ctx.log(`notifications: ${label}: ${CONNECTIONS} connections, ${ctx.warmup} s warm-up + ${ctx.duration} s`);
          if (ctx.warmup > 0) await load(api.baseUrl, ctx.warmup);
          // CPU used during the measured run, per stored response: this process's main thread (the
          // server and its in-process jobs, not the load generator's thread) and the PostgreSQL
          // backends of the scratch database. Less disturbed by other work on the machine than the rate.
          const backends = async () =>
            (await api.prisma.$queryRawUnsafe<{ pid: number }[]>(`SELECT pid FROM pg_stat_activity WHERE datname = current_database()`)).map((r) => r.pid);
          const dbCpuBefore = new Map((await backends()).map((pid) => [pid, processCpuSeconds(pid)]));
          const threadCpuBefore = process.threadCpuUsage();
          const session = PROFILE ? new Session() : undefined;
          if (session) {
            session.connect();
            await session.post("Profiler.enable");
            await session.post("Profiler.start");
          }
          const result = await load(api.baseUrl, ctx.duration);
          const threadCpu = process.threadCpuUsage(threadCpuBefore);
          const dbCpu = (await backends()).reduce((sum, pid) => sum + processCpuSeconds(pid) - (dbCpuBefore.get(pid) ?? 0), 0);
          if (session) {
            const { profile } = await session.post("Profiler.stop");
            const file = `${PROFILE}-${label === "no rules" ? "no-rules" : "rules"}.cpuprofile`;
            writeFileSync(file, JSON.stringify(profile));
            session.disconnect();
            ctx.log(`notifications: CPU profile of ${label}: ${file}`);
          }
          const seconds = (result.finish.getTime() - result.start.getTime()) / 1000;
          const stored = Math.max(1, result["2xx"]);
          return {
            rate: seconds > 0 ? result["2xx"] / seconds : 0,
            result,
            failures: result.non2xx + result.errors + result.timeouts,
            apiCpuMs: (threadCpu.user + threadCpu.system) / 1000 / stored,
            dbCpuMs: (dbCpu * 1000) / stored,
          };
        };
        const pending = async () => (await api.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "NotificationPending"`))[0]!.n;
        const settle = async () => {
          const start = performance.now();
          await api.jobs.idle(120_000).catch(() => {});
          while ((await pending()) > 0 && performance.now() - start < 120_000) await new Promise((r) => setTimeout(r, 20));
          return performance.now() - start;
        };

        const without = await measure("no rules");
        await settle();

        // 100 active rules that every response is checked against; one in ~1,000 responses meets one.
        const receiver = "ops@bench.example";
        await api.prisma.notificationRule.createMany({
          data: benchRules({
            organizationId: seed.organizationId,
            surveyId: survey.id,
            touchpointIds: touchpoints,
            npsQuestionId: byType("nps").id,
            openTextQuestionId: byType("openText").id,
            count: RULES,
            receiver: receiver,
          }),
        });
        forgetRules(); // rules written straight to the database: the server (this process) reads them again
        const withRules = await measure(`${RULES} active rules`);
        const backlog = await pending();
        const drainMs = await settle();
        const evaluated = Math.round(withRules.result["2xx"]);

        // Latency: one rule every response meets, delay 0.
        await api.prisma.notificationRule.deleteMany({ where: { organizationId: seed.organizationId } });
        const rule = await api.prisma.notificationRule.create({
          data: {
            organizationId: seed.organizationId,
            name: "Bench alert",
            surveyId: survey.id,
            touchpointIds: touchpoints,
            conditions: [[{ questionId: byType("nps").id, values: { gte: 0 } }]],
            delay: 0,
            receivers: [receiver],
          },
        });
        forgetRules();
        const setupRequest = (await import(requestFile)).default as (r: object) => { path: string; headers: Record<string, string>; body: string };
        const storedAt = new Map<string, number>();
        const latencies: number[] = [];
        smtp.messages.length = 0;
        ctx.log(`notifications: ${ALERTS} alerts, stored response → SMTP accepted`);
        let next = 0;
        const sender = async () => {
          while (next < ALERTS) {
            next++;
            const r = setupRequest({});
            const answer = await fetch(`${api.baseUrl}${r.path}`, { method: "POST", headers: r.headers, body: r.body });
            const at = performance.now();
            if (answer.status !== 201) throw new Error(`submission refused: ${answer.status}`);
            storedAt.set(((await answer.json()) as { responseId: string }).responseId, at);
          }
        };
        const watcher = (async () => {
          const seen = new Set<string>();
          const deadline = performance.now() + 120_000;
          while (seen.size < ALERTS && performance.now() < deadline) {
            for (const m of smtp.messages) {
              const id = m.parsed.headers.get("x-response-id");
              if (typeof id !== "string" || seen.has(id)) continue;
              const t0 = storedAt.get(id);
              if (t0 === undefined) continue;
              seen.add(id);
              latencies.push(m.receivedAt - t0);
            }
            await new Promise((r) => setTimeout(r, 2));
          }
        })();
        await Promise.all(Array.from({ length: 4 }, sender));
        await watcher;
        const sorted = latencies.sort((a, b) => a - b);
        const firings = await api.prisma.notificationFiring.count({ where: { ruleId: rule.id } });

        const ratio = without.rate > 0 ? Number((withRules.rate / without.rate).toFixed(3)) : 0;
        const rows: FigureRow[] = [
          {
            figure: "POST /r/{id}/responses, no notification rules",
            value: Math.round(without.rate),
            unit: "responses/s",
            extra: {
              "p50 ms": without.result.latency.p50,
              "p99 ms": without.result.latency.p99,
              ratio: 1,
              "api CPU ms/response": Number(without.apiCpuMs.toFixed(3)),
              "db CPU ms/response": Number(without.dbCpuMs.toFixed(3)),
            },
            note: without.failures > 0 ? `${without.failures} failed` : "",
          },
          {
            figure: `POST /r/{id}/responses, ${RULES} active rules on the survey`,
            value: Math.round(withRules.rate),
            unit: "responses/s",
            extra: {
              "p50 ms": withRules.result.latency.p50,
              "p99 ms": withRules.result.latency.p99,
              ratio,
              "api CPU ms/response": Number(withRules.apiCpuMs.toFixed(3)),
              "db CPU ms/response": Number(withRules.dbCpuMs.toFixed(3)),
            },
            note: `${withRules.failures > 0 ? `${withRules.failures} failed; ` : ""}target: ratio ≥ 0.9`,
          },
          {
            figure: "evaluations pending when the load stopped, then time to drain",
            value: backlog,
            unit: "pending",
            extra: { "drain ms": Math.round(drainMs), "responses evaluated": evaluated },
            note: `each response against ${RULES} rules, off the request's path (the notifications queue, in process)`,
          },
          {
            figure: "stored response → alert accepted by SMTP (delay 0)",
            value: Number(percentile(sorted, 50).toFixed(1)),
            unit: "ms p50",
            extra: { "p99 ms": Number(percentile(sorted, 99).toFixed(1)), alerts: sorted.length, firings },
            note: sorted.length < ALERTS ? `only ${sorted.length} of ${ALERTS} alerts arrived` : `${ALERTS} responses, 4 at a time`,
          },
        ];
        return rows;
      } finally {
        unregister();
        await api.close();
      }
    });
  } finally {
    stopSmtp();
    await smtp.close();
  }
}
