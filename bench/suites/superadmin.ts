// Super-admin reports at scale (docs/superadmin.md "Reports"): the report pages, the 24-hour view and
// the per-team download over the organisation of bench/generate-large-org.ts (10 M responses; the
// kept database, made on the first run). Each call is sent `BENCH_SUPERADMIN_REQUESTS` (default 40)
// times one after another through the HTTP API as the demo system admin, giving p50 and p99 (target
// under 200 ms); they are answered from the roll-ups. In the same run the same totals are computed
// straight from the raw rows ("Response" and every answer, coded in it or a row of "Answer": the view
// "EveryAnswer"), `BENCH_SUPERADMIN_RAW` (default 3) times, and compared with the roll-ups' (they
// must be equal).
// `BENCH_SUPERADMIN_RESPONSES` makes a smaller data set (its own database) for a quick run.
import { signInWithPassword } from "../../api/src/test/oidc-login.js";
import { demoSignIn } from "../../api/src/seed/demo.js";
import { largeOrgDefaults } from "../generate-large-org.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";
import { prepareLargeOrg } from "../lib/large-org.js";
import { latencyStats, round1 } from "../lib/latency.js";
import { hourWindowSql } from "../lib/hours.js";

export const name = "superadmin";
export const description = "super-admin reports at 10 M responses: HTTP API from the roll-ups against plain SQL over the raw rows";

const REQUESTS = Number(process.env.BENCH_SUPERADMIN_REQUESTS ?? 40);
const RAW = Number(process.env.BENCH_SUPERADMIN_RAW ?? 3);
const RESPONSES = Number(process.env.BENCH_SUPERADMIN_RESPONSES ?? largeOrgDefaults.responses);

type Totals = { responses: number; answers: number; comments: number };

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  const { url, database } = await prepareLargeOrg(ctx, RESPONSES);
  const api = await startApiServer(url);
  const unregister = ctx.onCleanup(() => api.close());
  try {
    const token = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
    const admin = await api.prisma.user.findUniqueOrThrow({ where: { email: demoSignIn.email }, select: { systemAdmin: true, currentOrganizationId: true } });
    if (!admin.systemAdmin) throw new Error(`${demoSignIn.email} is not a system admin in ${database}`);
    // The organisation with the most responses (the generated one).
    const [big] = await api.prisma.$queryRawUnsafe<{ id: string; name: string; n: number; last: Date }[]>(
      `SELECT o.id, o.name, count(r.*)::int AS n, max(r."createdAt") AS last FROM "Organization" o JOIN "Response" r ON r."organizationId" = o.id
        GROUP BY o.id ORDER BY n DESC LIMIT 1`,
    );
    const year = big!.last.getUTCFullYear();
    const orgId = big!.id;

    const get = async (path: string) => {
      const t0 = performance.now();
      const r = await fetch(`${api.baseUrl}/api/v5${path}`, { headers: { authorization: `Bearer ${token}` } });
      const text = await r.text();
      if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 300)}`);
      return { ms: performance.now() - t0, body: JSON.parse(text) as unknown };
    };
    const rawTotals = async (): Promise<Totals> => {
      const [row] = await api.prisma.$queryRawUnsafe<Totals[]>(
        `SELECT (SELECT count(*)::int FROM "Response" r WHERE r."organizationId" = $1 AND ${hourWindowSql("r", "$2::timestamptz", "$3::timestamptz")} AND NOT r.hidden AND NOT r."overLimit") AS responses,
                (SELECT count(*)::int FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId"
                  WHERE r."organizationId" = $1 AND a."createdAt" >= $2 AND a."createdAt" < $3 AND NOT r.hidden AND NOT r."overLimit") AS answers,
                (SELECT count(*)::int FROM "EveryAnswer" a JOIN "Response" r ON r.id = a."responseId" JOIN "Question" q ON q.id = a."questionId"
                  WHERE r."organizationId" = $1 AND a."createdAt" >= $2 AND a."createdAt" < $3 AND NOT r.hidden AND NOT r."overLimit" AND q.type = 'openText') AS comments`,
        orgId,
        new Date(Date.UTC(year, 0, 1)),
        new Date(Date.UTC(year + 1, 0, 1)),
      );
      return row!;
    };

    const search = encodeURIComponent(big!.name);
    const cases: { figure: string; path: string; totals?: (body: unknown) => Totals }[] = [
      { figure: "GET /reports/count", path: "/reports/count" },
      {
        figure: `GET /reports responsesToQuestions ${year}, page of 3`,
        path: `/reports?view=responsesToQuestions&year=${year}&skip=0&limit=3&search=${search}`,
        totals: (b) => (b as { totals: Totals }[])[0]!.totals,
      },
      { figure: `GET /reports comments ${year}, page of 3`, path: `/reports?view=comments&year=${year}&skip=0&limit=3` },
      { figure: "GET /reports 24h, page of 3", path: "/reports?view=24h&skip=0&limit=3" },
      {
        figure: `GET /reports/unit responsesToQuestions ${year}`,
        path: `/reports/unit?view=responsesToQuestions&year=${year}&organizationId=${orgId}`,
        totals: (b) => (b as { totals: Totals }).totals,
      },
      { figure: "GET /sms-reports", path: `/sms-reports?year=${year}` },
    ];

    ctx.log(`raw SQL totals of ${year}: ${RAW} times`);
    const raw: number[] = [];
    let fromRaw: Totals | undefined;
    for (let i = 0; i < RAW; i++) {
      const t0 = performance.now();
      fromRaw = await rawTotals();
      raw.push(performance.now() - t0);
    }
    const r = latencyStats(raw);

    const rows: FigureRow[] = [];
    for (const c of cases) {
      ctx.log(`${c.figure}: ${REQUESTS} HTTP requests`);
      let last: unknown;
      for (let i = 0; i < 3; i++) last = (await get(c.path)).body;
      const http: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const answer = await get(c.path);
        http.push(answer.ms);
        last = answer.body;
      }
      const h = latencyStats(http);
      const same = c.totals ? JSON.stringify(c.totals(last)) === JSON.stringify(fromRaw) : undefined;
      rows.push({
        figure: c.figure,
        value: round1(h.p50),
        unit: "ms p50 (HTTP)",
        extra: { "p99 ms": round1(h.p99), ...(c.totals ? { "raw SQL p50 ms": round1(r.p50), "raw ÷ API (p50)": round1(r.p50 / h.p50) } : {}) },
        note:
          same === undefined ? "" : same ? "same totals as the raw rows" : `TOTALS DIFFER: ${JSON.stringify(c.totals!(last))} vs ${JSON.stringify(fromRaw)}`,
      });
    }
    rows.push({ figure: "responses in the organisation", value: big!.n, unit: "responses", note: `${database}; target: p99 < 200 ms` });
    return rows;
  } finally {
    unregister();
    await api.close();
  }
}
