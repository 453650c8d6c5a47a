// Analytics at scale: summary and per-question results of an organisation with 10 million responses.
// The data set is the kept database of bench/generate-large-org.ts (made on the first run, which
// takes a long while; later runs find it and start at once). Then, on the real server:
// - each call below is sent `BENCH_ANALYTICS_REQUESTS` (default 40) times one after another through
//   the HTTP API (bearer token from the real sign-in), giving p50 and p99; they are answered from
//   the roll-ups;
// - in the same run the same figures are computed straight from the raw rows (the engine's raw path:
//   plain SQL aggregates over "Response", with the answers coded in its rows, and "Answer"),
//   `BENCH_ANALYTICS_RAW` (default 5) times each, in process; the two answers are compared (they
//   must be equal) and the ratio of the p50s is printed.
// `BENCH_ANALYTICS_RESPONSES` makes a smaller data set (its own database) for a quick run;
// `BENCH_ANALYTICS_AS_IS=1` uses the database as it is (no completeness check, no generation) and
// `BENCH_ANALYTICS_MAX_DAYS=30` leaves out the 365-day case (e.g. while older roll-ups are still built).
import { signInWithPassword } from "../../api/src/test/oidc-login.js";
import { demoSignIn } from "../../api/src/seed/demo.js";
import { loadViewer } from "../../api/src/domain/viewer.js";
import { getSummary } from "../../api/src/domain/analytics/summary.js";
import { getQuestionResult } from "../../api/src/domain/analytics/results.js";
import { COUNT_LIMIT, TEXT_ANALYSIS_CAP, textAnalytics } from "../../api/src/domain/text-analytics/service.js";
import type { DomainContext } from "../../api/src/domain/context.js";
import { largeOrgDefaults } from "../generate-large-org.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { prepareLargeOrg } from "../lib/large-org.js";
import { latencyStats, round1 } from "../lib/latency.js";
import { embeddedDemoFigures } from "../lib/embedded-demo.js";
import { filterCases, measureFilterCases } from "../lib/filter-cases.js";
import { hourSinceSql } from "../lib/hours.js";

export const name = "analytics";
export const description = "summary and per-question results at 10 M responses: HTTP API from roll-ups against plain SQL aggregates over the raw rows";

const REQUESTS = Number(process.env.BENCH_ANALYTICS_REQUESTS ?? 40);
const RAW = Number(process.env.BENCH_ANALYTICS_RAW ?? 5);
const RESPONSES = Number(process.env.BENCH_ANALYTICS_RESPONSES ?? largeOrgDefaults.responses);

const strip = (x: unknown) => JSON.parse(JSON.stringify(x, (k, v) => (k === "source" ? undefined : v)));

/** Which parts run (`BENCH_ANALYTICS_PARTS`, default both): "embedded" (the demo on PGlite), "large" (the kept data set). */
const PARTS = new Set((process.env.BENCH_ANALYTICS_PARTS ?? "embedded,large").split(",").map((s) => s.trim()));
/** The filter cases' window at scale, in days back from the data set's last response (`BENCH_ANALYTICS_FILTER_DAYS`). */
const FILTER_DAYS = Number(process.env.BENCH_ANALYTICS_FILTER_DAYS ?? 30);

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  if (PARTS.has("embedded")) rows.push(...(await embeddedDemoFigures(ctx)));
  if (PARTS.has("large")) rows.push(...(await largeOrgFigures(ctx)));
  return rows;
}

async function largeOrgFigures(ctx: BenchContext): Promise<FigureRow[]> {
  const { url, database } = await prepareLargeOrg(ctx, RESPONSES, { asIs: process.env.BENCH_ANALYTICS_AS_IS === "1" });
  const api = await startApiServer(url);
  const unregister = ctx.onCleanup(() => api.close());
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
    const question = async (type: string) =>
      (
        await api.prisma.$queryRawUnsafe<{ id: string }[]>(
          // The question of the type with the most answers in the last two days (every answer, coded or
          // a row: "EveryAnswer", read per response of the organisation's last two days; OFFSET 0 keeps
          // the view's read to each response, by primary key and Answer(responseId)).
          `SELECT q.id FROM "Question" q
           LEFT JOIN (SELECT a."questionId", count(*) AS n FROM "Response" r CROSS JOIN LATERAL (SELECT x."questionId" FROM "EveryAnswer" x WHERE x."responseId" = r.id OFFSET 0) a
                      WHERE r."organizationId" = $1 AND ${hourSinceSql("r", "now() - interval '2 days'", true)} GROUP BY 1) c ON c."questionId" = q.id
           WHERE q."organizationId" = $1 AND q.type::text = $2 ORDER BY coalesce(c.n, 0) DESC LIMIT 1`,
          orgId,
          type,
        )
      )[0]!.id;
    const nps = await question("nps");
    const smiley = await question("smiley");
    const choice = await question("singleChoice");

    type Case = { figure: string; path: string; body: Record<string, unknown>; raw: () => Promise<unknown>; rollup: () => Promise<unknown> };
    const summaryCase = (figure: string, body: Record<string, unknown>): Case => ({
      figure,
      path: "/summary",
      body,
      rollup: () => getSummary(dctx, body),
      raw: () => getSummary(dctx, body, { source: "raw" }),
    });
    const questionCase = (figure: string, questionId: string, filters: Record<string, unknown>): Case => ({
      figure,
      path: "/results/question",
      body: { questionId, ...filters },
      rollup: () => getQuestionResult(dctx, questionId, filters),
      raw: () => getQuestionResult(dctx, questionId, filters, { source: "raw" }),
    });
    const cases: Case[] = [
      summaryCase("POST /summary, 7 days (UTC)", { from: minus(6), to, utcOffset: 0 }),
      summaryCase("POST /summary, 7 days (+180, hourly buckets)", { from: minus(6), to, utcOffset: 180 }),
      summaryCase("POST /summary, 30 days", { from: minus(29), to, utcOffset: 0 }),
      questionCase("POST /results/question NPS, 7 days, daily", nps, { from: minus(6), to, utcOffset: 0, groupBy: "daily" }),
      questionCase("POST /results/question smiley, 30 days, by touchpoint", smiley, { from: minus(29), to, utcOffset: 0, groupBy: "source" }),
      questionCase("POST /results/question choice, 365 days, monthly", choice, { from: minus(364), to, utcOffset: 0, groupBy: "monthly" }),
      // Off UTC: the daily answer roll-ups, with the hours that move to another local day read raw. A
      // Finnish browser (+120: the moved hours are 22–24 UTC, which the generated data leaves empty), and
      // +600, whose moved hours (14–24 UTC) hold half of its answers (it answers 06–22 UTC).
      questionCase("POST /results/question NPS, 30 days, daily (+120: local days)", nps, { from: minus(29), to, utcOffset: 120, groupBy: "daily" }),
      questionCase("POST /results/question NPS, 30 days, daily (+600)", nps, { from: minus(29), to, utcOffset: 600, groupBy: "daily" }),
      questionCase("POST /results/question choice, 365 days, monthly (+600)", choice, { from: minus(364), to, utcOffset: 600, groupBy: "monthly" }),
      // A year by local day: at +120 the moved hours are empty (the roll-up path); at +600 they hold
      // half of the answers, so the engine weighs them and reads the raw rows (engine.ts movedShareOf).
      questionCase("POST /results/question NPS, 365 days, daily (+120)", nps, { from: minus(364), to, utcOffset: 120, groupBy: "daily" }),
      questionCase("POST /results/question NPS, 365 days, daily (+600: weighed, raw rows)", nps, { from: minus(364), to, utcOffset: 600, groupBy: "daily" }),
      questionCase("POST /results/question NPS, 365 days, weekday (+600: weighed, raw rows)", nps, {
        from: minus(364),
        to,
        utcOffset: 600,
        groupBy: "weekday",
      }),
      // Hour of day: no hourly answer roll-ups, so this one is the raw rows (docs/analytics.md "Daily answer roll-ups only").
      questionCase("POST /results/question NPS, 30 days, hour of day (raw rows)", nps, { from: minus(29), to, utcOffset: 120, groupBy: "hourly" }),
    ].filter((c) => !process.env.BENCH_ANALYTICS_MAX_DAYS || !/365 days/.test(c.figure) || Number(process.env.BENCH_ANALYTICS_MAX_DAYS) >= 365);

    const rows: FigureRow[] = [];
    for (const c of cases) {
      ctx.log(`${c.figure}: ${REQUESTS} HTTP requests`);
      const send = async () => {
        const t0 = performance.now();
        const r = await fetch(`${api.baseUrl}/api/v5${c.path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify(c.body),
        });
        const text = await r.text();
        if (r.status !== 200) throw new Error(`${c.path}: ${r.status} ${text.slice(0, 300)}`);
        return performance.now() - t0;
      };
      for (let i = 0; i < 3; i++) await send();
      const http: number[] = [];
      for (let i = 0; i < REQUESTS; i++) http.push(await send());
      const inproc: number[] = [];
      let fromRollup: unknown;
      for (let i = 0; i < Math.max(5, RAW); i++) {
        const t0 = performance.now();
        fromRollup = await c.rollup();
        inproc.push(performance.now() - t0);
      }
      ctx.log(`${c.figure}: ${RAW} computations from the raw rows`);
      const raw: number[] = [];
      let fromRaw: unknown;
      for (let i = 0; i < RAW; i++) {
        const t0 = performance.now();
        fromRaw = await c.raw();
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
    rows.push(...(await textAnalyticsFigures(ctx, dctx, orgId, await question("openText"), [minus(6), minus(29)], to)));
    // The results filters (docs/analytics.md "Filters at speed"): every case × screen over HTTP, compared with plain SQL.
    const window = { from: minus(FILTER_DAYS - 1), to };
    const filters = await filterCases(api.prisma, api.config, { organizationId: orgId, adminEmail: demoSignIn.email, window });
    const measured = await measureFilterCases({
      baseUrl: api.baseUrl,
      token,
      prisma: api.prisma,
      organizationId: orgId,
      npsQuestionId: filters.npsQuestionId,
      cases: filters.cases,
      window,
      requests: REQUESTS,
      label: `${FILTER_DAYS} days, `,
      log: ctx.log,
    });
    rows.push(...measured.rows);
    rows.push({ figure: "responses in the organisation", value: responses!.n, unit: "responses", note: `${database}; targets: p50 < 50 ms, p99 < 200 ms` });
    return rows;
  } finally {
    unregister();
    await api.close();
  }
}

/**
 * Text analytics of the open-text question over 7 and 30 days, in process (`RAW` times; it is a
 * GraphQL field): its newest TEXT_ANALYSIS_CAP texts and their count (up to COUNT_LIMIT, 10,000), against plain
 * SQL over "EveryAnswer" (every answer as a row). The same responses and count must come from both.
 */
async function textAnalyticsFigures(
  ctx: BenchContext,
  dctx: DomainContext,
  organizationId: string,
  questionId: string,
  froms: string[],
  to: string,
): Promise<FigureRow[]> {
  const rows: FigureRow[] = [];
  for (const from of froms) {
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    const figure = `textAnalytics, open text, ${days} days (in process)`;
    ctx.log(`${figure}: ${RAW} computations, and plain SQL`);
    const served: number[] = [];
    let result: Awaited<ReturnType<typeof textAnalytics>> | undefined;
    for (let i = 0; i < RAW; i++) {
      const t0 = performance.now();
      result = await textAnalytics(dctx, { filters: { from, to, utcOffset: 0 }, questionId });
      served.push(performance.now() - t0);
    }
    const t0 = performance.now();
    // The window's ends as the service resolves them: UTC days, "to" inclusive.
    const sql = await dctx.prisma.$queryRawUnsafe<{ responseId: string; n: number }[]>(
      `WITH t AS (
         SELECT a."responseId", a."createdAt" FROM "EveryAnswer" a JOIN "Response" r ON r."id" = a."responseId"
          WHERE a."questionId" = $1 AND r."organizationId" = $2 AND NOT r."hidden" AND NOT r."overLimit" AND NOT a."hidden"
            AND a."createdAt" >= $3::date AND a."createdAt" < $4::date + 1
            AND a."textValue" IS NOT NULL AND btrim(a."textValue") <> '')
       SELECT x."responseId", (SELECT least(count(*), ${COUNT_LIMIT})::int FROM t) AS n FROM (SELECT * FROM t ORDER BY "createdAt" DESC LIMIT ${TEXT_ANALYSIS_CAP}) x`,
      questionId,
      organizationId,
      from,
      to,
    );
    const rawMs = performance.now() - t0;
    const fromService = result!.answers.map((a) => a.responseId).sort();
    const fromSql = sql.map((r) => r.responseId).sort();
    const same = result!.totalAnswers === (sql[0]?.n ?? 0) && JSON.stringify(fromService) === JSON.stringify(fromSql);
    const h = latencyStats(served);
    rows.push({
      figure,
      value: round1(h.p50),
      unit: "ms p50 (in process)",
      extra: { "p99 ms": round1(h.p99), "plain SQL ms": round1(rawMs), analysed: result!.analyzedAnswers, "answers counted": result!.totalAnswers },
      note: same ? "same texts and count as plain SQL" : "ANSWERS DIFFER",
    });
  }
  return rows;
}
