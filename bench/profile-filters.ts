// One screen's latency under each results filter, on a kept data set (bench/generate-large-org.ts),
// over HTTP with a real bearer token, with nothing else measured: a quick loop to run before and
// after a change, or beside `log_min_duration_statement` to see a request's statements
// (docs/analytics.md "The feedback list in one match of the filters").
//
//   npx tsx bench/profile-filters.ts [database] [list|table|graphs] [case name part] [requests]
//
// "graphs": the table's request with every question's series as well (what the graphs view asks).
// The window is the data set's last 30 days; the cases are bench/lib/filter-cases.ts's. Prints each
// case's p50, min and max in ms, and the list's total and meta_ column count.
import { signInWithPassword } from "../api/src/test/oidc-login.js";
import { demoSignIn } from "../api/src/seed/demo.js";
import { startApiServer } from "./lib/servers.js";
import { filterCases, graphqlFilters, resultsQuery } from "./lib/filter-cases.js";

const [database = "feedback_bench_10000000", screen = "list", only = "", count = "10"] = process.argv.slice(2);
if (screen !== "list" && screen !== "table" && screen !== "graphs") throw new Error("the screen is list, table or graphs");
const graphsQuery = resultsQuery.replace("earlier {", "series { group label metrics { count nps satisfaction distribution { value count } } } earlier {");
const requests = Number(count);
const url = `postgresql://postgres@127.0.0.1:5432/${database}`;
const api = await startApiServer(url);
try {
  const token = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
  const [last] = await api.prisma.$queryRawUnsafe<{ at: Date; org: string }[]>(
    `SELECT max(r."createdAt") AS at, min(r."organizationId") AS org FROM "Response" r
      WHERE r."organizationId" = (SELECT m."organizationId" FROM "Membership" m JOIN "User" u ON u.id = m."userId" WHERE u.email = $1 LIMIT 1)`,
    demoSignIn.email,
  );
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const window = { from: day(new Date(last!.at.getTime() - 29 * 86_400_000)), to: day(last!.at) };
  const { cases } = await filterCases(api.prisma, api.config, { organizationId: last!.org, adminEmail: demoSignIn.email, window });
  for (const c of cases.filter((x) => x.name.includes(only))) {
    const filters = { ...window, utcOffset: 0, ...c.filters };
    const headers = { "content-type": "application/json", ...(c.shareToken ? {} : { authorization: `Bearer ${token}` }) };
    const send = async () => {
      const t0 = performance.now();
      const r =
        screen !== "list"
          ? await fetch(`${api.baseUrl}/graphql`, {
              method: "POST",
              headers,
              body: JSON.stringify({
                query: screen === "graphs" ? graphsQuery : resultsQuery,
                variables: { filters: c.shareToken ? {} : graphqlFilters(filters), shareToken: c.shareToken ?? null },
              }),
            })
          : await fetch(`${api.baseUrl}/api/v5/results/list${c.shareToken ? `?token=${encodeURIComponent(c.shareToken)}` : ""}`, {
              method: "POST",
              headers,
              body: JSON.stringify({ filters: c.shareToken ? {} : filters, page: 1, pageSize: 50 }),
            });
      const body = (await r.json()) as { total?: number; metaKeys?: string[]; errors?: unknown };
      if (r.status !== 200 || body.errors) throw new Error(`${c.name}: ${r.status} ${JSON.stringify(body).slice(0, 300)}`);
      return { ms: performance.now() - t0, body };
    };
    for (let i = 0; i < 3; i++) await send();
    const times: number[] = [];
    let body: Awaited<ReturnType<typeof send>>["body"] = {};
    for (let i = 0; i < requests; i++) {
      const r = await send();
      times.push(r.ms);
      body = r.body;
    }
    times.sort((a, b) => a - b);
    const extra = screen === "list" ? ` total ${body.total} meta_ columns ${body.metaKeys?.length}` : "";
    console.log(`${screen}: ${c.name}: p50 ${times[Math.floor(requests / 2)]!.toFixed(1)} min ${times[0]!.toFixed(1)} max ${times.at(-1)!.toFixed(1)}${extra}`);
  }
} finally {
  await api.close();
}
process.exit(0);
