// Customer journey analytics at scale: the KPI per stage (now, earlier, over time) of a three-stage
// journey in the organisation with 10 million responses (the kept database of
// bench/generate-large-org.ts, shared with the analytics suite). On the real server each case is sent
// `BENCH_JOURNEYS_REQUESTS` (default 40) times through POST /results/customer-journey/{id} (bearer
// token from the real sign-in), giving p50 and p99 from the roll-ups; in the same run the same
// figures are computed from the raw rows (`BENCH_JOURNEYS_RAW`, default 5, in process), the answers
// compared and the ratio printed. Targets (issue 13): p50 < 50 ms, p99 < 200 ms.
// `BENCH_ANALYTICS_RESPONSES` / `BENCH_ANALYTICS_AS_IS` work as in the analytics suite.
import { signInWithPassword } from "../../api/src/test/oidc-login.js";
import { demoSignIn } from "../../api/src/seed/demo.js";
import { loadViewer } from "../../api/src/domain/viewer.js";
import { getJourneyResult } from "../../api/src/domain/journeys/analytics.js";
import type { DomainContext } from "../../api/src/domain/context.js";
import { largeOrgDefaults } from "../generate-large-org.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { prepareLargeOrg } from "../lib/large-org.js";
import { latencyStats, round1 } from "../lib/latency.js";
import { hourSinceSql } from "../lib/hours.js";
import { idOf } from "../../api/src/domain/results-scope/codes.js";

export const name = "journeys";
export const description = "customer journey analytics (KPI per stage, earlier, over time) at 10 M responses: HTTP API from roll-ups against the raw rows";

const REQUESTS = Number(process.env.BENCH_JOURNEYS_REQUESTS ?? 40);
const RAW = Number(process.env.BENCH_JOURNEYS_RAW ?? 5);
const RESPONSES = Number(process.env.BENCH_ANALYTICS_RESPONSES ?? largeOrgDefaults.responses);

const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "source" ? undefined : v)));

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const { url, database } = await prepareLargeOrg(ctx, RESPONSES, { asIs: process.env.BENCH_ANALYTICS_AS_IS === "1" });
  const api = await startApiServer(url);
  const unregister = ctx.onCleanup(() => api.close());
  let journeyIds: string[] = [];
  try {
    const token = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
    const admin = await api.prisma.user.findUniqueOrThrow({ where: { email: demoSignIn.email }, select: { id: true } });
    const viewer = (await loadViewer(api.prisma, admin.id, "accessToken"))!;
    const dctx = { prisma: api.prisma, viewer } as unknown as DomainContext;
    const orgId = viewer.organizationId!;
    const [responses] = await api.prisma.$queryRawUnsafe<{ n: number; last: Date }[]>(
      `SELECT count(*)::int AS n, max("createdAt") AS last FROM "Response" WHERE "organizationId" = $1`,
      orgId,
    );
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const to = day(responses!.last);
    const minus = (days: number) => day(new Date(responses!.last.getTime() - days * 86_400_000));
    // Three stages: the busiest (touchpoint, survey) pairs of the last days, each with the survey's NPS and smiley questions.
    const pairs = await api.prisma.$queryRawUnsafe<{ touchpointId: string; surveyId: string }[]>(
      `SELECT ${idOf("touchpoint", 'r."touchpointCode"')} AS "touchpointId", r."surveyId" FROM "Response" r WHERE r."organizationId" = $1 AND ${hourSinceSql("r", "$2::timestamptz")}
       GROUP BY 1, 2 ORDER BY count(*) DESC LIMIT 3`,
      orgId,
      new Date(responses!.last.getTime() - 2 * 86_400_000),
    );
    if (pairs.length === 0) throw new Error("no recent responses to build a journey from");
    const questionsOf = async (surveyId: string, types: string[]) =>
      (
        await api.prisma.question.findMany({
          where: { surveyId, type: { in: types as never } },
          select: { id: true },
        })
      ).map((q) => q.id);
    const journey = async (kpi: "nps" | "average", types: string[]) =>
      (
        await api.prisma.customerJourney.create({
          data: {
            organizationId: orgId,
            name: `Bench journey ${kpi}`,
            kpi,
            steps: await Promise.all(
              pairs.map(async (p, i) => ({
                name: `Stage ${i + 1}`,
                touchpointIds: [p.touchpointId],
                surveys: [{ surveyId: p.surveyId, questionIds: await questionsOf(p.surveyId, types) }],
              })),
            ),
          },
        })
      ).id;
    const npsJourney = await journey("nps", ["nps"]);
    const averageJourney = await journey("average", ["smiley", "slider", "nps"]);
    journeyIds = [npsJourney, averageJourney];

    type Case = { figure: string; id: string; filters: Record<string, unknown> };
    const cases: Case[] = [
      { figure: "journey NPS, 3 stages, 7 days, daily", id: npsJourney, filters: { from: minus(6), to, utcOffset: 0 } },
      { figure: "journey NPS, 3 stages, 30 days, +180, daily", id: npsJourney, filters: { from: minus(29), to, utcOffset: 180 } },
      { figure: "journey average, 3 stages, 90 days, weekly", id: averageJourney, filters: { from: minus(89), to, utcOffset: 0, groupBy: "weekNumber" } },
    ];
    const rows: FigureRow[] = [];
    for (const c of cases) {
      ctx.log(`${c.figure}: ${REQUESTS} HTTP requests`);
      const send = async () => {
        const t0 = performance.now();
        const r = await fetch(`${api.baseUrl}/api/v5/results/customer-journey/${c.id}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(c.filters),
        });
        const text = await r.text();
        if (r.status !== 200) throw new Error(`journey analytics: ${r.status} ${text.slice(0, 300)}`);
        return performance.now() - t0;
      };
      for (let i = 0; i < 3; i++) await send();
      const http: number[] = [];
      for (let i = 0; i < REQUESTS; i++) http.push(await send());
      const inproc: number[] = [];
      let fromRollup: unknown;
      for (let i = 0; i < Math.max(5, RAW); i++) {
        const t0 = performance.now();
        fromRollup = await getJourneyResult(dctx, c.id, c.filters);
        inproc.push(performance.now() - t0);
      }
      ctx.log(`${c.figure}: ${RAW} computations from the raw rows`);
      const raw: number[] = [];
      let fromRaw: unknown;
      for (let i = 0; i < RAW; i++) {
        const t0 = performance.now();
        fromRaw = await getJourneyResult(dctx, c.id, c.filters, { source: "raw" });
        raw.push(performance.now() - t0);
      }
      const same = JSON.stringify(strip(fromRollup)) === JSON.stringify(strip(fromRaw));
      const h = latencyStats(http);
      const p = latencyStats(inproc);
      const r = latencyStats(raw);
      rows.push({
        figure: c.figure,
        value: round1(h.p50),
        unit: "ms p50 (HTTP)",
        extra: {
          "p99 ms": round1(h.p99),
          "in-process p50 ms": round1(p.p50),
          "raw SQL p50 ms": round1(r.p50),
          "raw p99 ms": round1(r.p99),
          "raw ÷ roll-up (p50)": round1(r.p50 / p.p50),
        },
        note: same ? "same answer from both" : "ANSWERS DIFFER",
      });
    }
    rows.push({ figure: "responses in the organisation", value: responses!.n, unit: "responses", note: `${database}; targets: p50 < 50 ms, p99 < 200 ms` });
    return rows;
  } finally {
    // the kept database keeps no bench journeys
    if (journeyIds.length) await api.prisma.customerJourney.deleteMany({ where: { id: { in: journeyIds } } }).catch(() => {});
    unregister();
    await api.close();
  }
}
