// What our layers cost per request. Requests per second of
// GET /api/v5/user and of the GraphQL viewer query, as a ratio to a bare fastify route answering a
// constant, measured in the same run with the same load. Also GET /livez on the real server
// (fastify with our plugins, no authentication, no database) and GET /api/v5/user with an API key.
// Each of ours is also compared with its own baseline (issue 18, item 2): GET /api/v5/user with a
// bare fastify route answering the same JSON from memory, and the viewer query with a bare
// graphql-yoga (our version, mounted on fastify the same way) answering the same query from memory.
import { randomBytes } from "node:crypto";
import { signInWithPassword } from "../../api/src/test/oidc-login.js";
import { apiKeyPrefix, hashApiKey } from "../../api/src/domain/api-keys/key.js";
import { demoSignIn, seedDemoOrganization } from "../../api/src/seed/demo.js";
import { withScratchDatabase } from "../lib/database.js";
import { measure, serialLatency, type LoadFigures, type LoadTarget } from "../lib/load.js";
import { startApiServer, startBareServer, startBareYogaServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "foundation";
export const description = "cost of our layers: GET /api/v5/user and the GraphQL viewer query against a bare fastify route";

export const viewerQuery = `{ viewer { user { id email displayName } currentOrganization { name } rolesPerUnit { role rights } } }`;

/** The types the viewer query reads, as our schema has them (schema.graphql), for the bare yoga. */
export const viewerTypeDefs = `
  enum Role { admin editor viewer }
  type User { id: ID! email: String! displayName: String! }
  type Organization { name: String! }
  type UnitRole { role: Role! rights: [String!]! }
  type Viewer { user: User! currentOrganization: Organization rolesPerUnit: [UnitRole!]! }
  type Query { viewer: Viewer }
`;

async function check(target: LoadTarget, expect: (status: number, body: string) => string | undefined): Promise<void> {
  const response = await fetch(target.url, { method: target.method ?? "GET", headers: target.headers, body: target.body });
  const body = await response.text();
  const problem = expect(response.status, body);
  if (problem) throw new Error(`${target.method ?? "GET"} ${target.url}: ${problem} (status ${response.status}): ${body.slice(0, 300)}`);
}

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  return withScratchDatabase(ctx, name, async (databaseUrl) => {
    const servers: { close(): Promise<void> }[] = [];
    const unregister = ctx.onCleanup(async () => {
      for (const s of servers.splice(0).reverse()) await s.close().catch(() => {});
    });
    try {
      const api = await startApiServer(databaseUrl);
      servers.push(api);
      const seedStarted = performance.now();
      const seed = await seedDemoOrganization(api.prisma, { responses: 1000 });
      ctx.log(`seeded the demo organisation (1,000 responses) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

      // An access token through the real sign-in flow (authorization code + PKCE at /oidc).
      const notes: string[] = [];
      let bearer: string;
      let bearerKind: string;
      try {
        const tokens = await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password);
        bearer = tokens.accessToken;
        bearerKind = "access token";
      } catch (error) {
        bearer = "";
        bearerKind = "API key";
        notes.push(`sign-in failed (${error instanceof Error ? error.message : String(error)}): the token rows use an API key`);
      }

      // An API key row for the admin (only the sha-256 of the key is stored).
      const admin = await api.prisma.user.findUniqueOrThrow({ where: { email: demoSignIn.email }, select: { id: true } });
      const apiKey = `${apiKeyPrefix}${randomBytes(24).toString("base64url")}`;
      await api.prisma.apiKey.create({
        data: {
          organizationId: seed.organizationId,
          userId: admin.id,
          name: "benchmark",
          keyHash: hashApiKey(apiKey),
          keyPrefix: apiKey.slice(0, 8),
          lastUsedAt: new Date(),
        },
      });
      if (!bearer) bearer = apiKey;

      const auth = (token: string) => ({ authorization: `Bearer ${token}` });
      // The baselines answer what ours answer, held in memory.
      const userJson: unknown = await (await fetch(`${api.baseUrl}/api/v5/user`, { headers: auth(bearer) })).json();
      const viewerAnswer = (await (
        await fetch(`${api.baseUrl}/graphql`, {
          method: "POST",
          headers: { ...auth(bearer), "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ query: viewerQuery }),
        })
      ).json()) as { data?: { viewer?: unknown } };
      if (!viewerAnswer.data?.viewer) throw new Error(`the viewer query answered no viewer: ${JSON.stringify(viewerAnswer).slice(0, 300)}`);
      const bare = await startBareServer({ json: userJson });
      servers.push(bare);
      const bareYoga = await startBareYogaServer(viewerTypeDefs, viewerAnswer.data.viewer);
      servers.push(bareYoga);
      const graphqlTarget = (baseUrl: string, headers: Record<string, string>): LoadTarget => ({
        url: `${baseUrl}/graphql`,
        method: "POST",
        headers: { ...headers, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ query: viewerQuery }),
      });
      const sameJson = JSON.stringify(userJson);
      const sameViewer = JSON.stringify(viewerAnswer);
      const targets: { figure: string; target: LoadTarget; expect: (status: number, body: string) => string | undefined }[] = [
        {
          figure: "bare fastify GET /constant",
          target: { url: `${bare.baseUrl}/constant` },
          expect: (s, b) => (s === 200 && b === '{"ok":true}' ? undefined : "unexpected answer"),
        },
        {
          figure: "bare fastify GET /json (the same JSON as GET /api/v5/user, from memory)",
          target: { url: `${bare.baseUrl}/json` },
          expect: (s, b) => (s === 200 && b === sameJson ? undefined : "not the same JSON"),
        },
        {
          figure: "bare graphql-yoga viewer query (the same answer, from memory)",
          target: graphqlTarget(bareYoga.baseUrl, {}),
          expect: (s, b) => (s === 200 && b === sameViewer ? undefined : "not the same answer"),
        },
        {
          figure: "GET /livez (our server, no auth, no DB)",
          target: { url: `${api.baseUrl}/livez` },
          expect: (s) => (s === 200 ? undefined : "unexpected status"),
        },
        {
          figure: `GET /api/v5/user (${bearerKind})`,
          target: { url: `${api.baseUrl}/api/v5/user`, headers: auth(bearer) },
          expect: (s, b) => (s === 200 && b.includes(demoSignIn.email) ? undefined : "not the demo admin"),
        },
        {
          figure: `POST /graphql viewer query (${bearerKind})`,
          target: graphqlTarget(api.baseUrl, auth(bearer)),
          expect: (s, b) => (s === 200 && b === sameViewer ? undefined : "not the viewer's answer"),
        },
        {
          figure: "GET /api/v5/user (API key)",
          target: { url: `${api.baseUrl}/api/v5/user`, headers: auth(apiKey) },
          expect: (s, b) => (s === 200 && b.includes(demoSignIn.email) ? undefined : "not the demo admin"),
        },
      ];

      // Per target: a check of the answer, the serial latency and SQL statements per request (one
      // connection, 50 requests after 10 unmeasured), then the load run. The bare route is measured
      // first and last; the baseline is the mean of both, so a drifting machine shows.
      const measured: { figure: string; load: LoadFigures; serialMs: number; sql: number | undefined }[] = [];
      for (const t of [...targets, { ...targets[0]!, figure: `${targets[0]!.figure} (again, last)` }]) {
        await check(t.target, t.expect);
        const onApi = t.target.url.startsWith(api.baseUrl);
        const before = api.statements();
        const serialMs = await serialLatency(t.target, 50, 10);
        const sql = onApi ? (api.statements() - before) / 60 : undefined;
        ctx.log(`load: ${t.figure} (${ctx.connections} connections, ${ctx.warmup} s warm-up + ${ctx.duration} s)`);
        const load = await measure(t.target, ctx);
        if (load.failures > 0) notes.push(`${t.figure}: ${load.failures} failed requests`);
        measured.push({ figure: t.figure, load, serialMs, sql });
      }

      const first = measured[0]!.load.requestsPerSecond;
      const last = measured[measured.length - 1]!.load.requestsPerSecond;
      const baseline = (first + last) / 2;
      // Each of ours against its own baseline: REST /user against the bare route with the same JSON,
      // the viewer query against the bare yoga.
      const rateOf = (figure: string) => measured.find((m) => m.figure === figure)?.load.requestsPerSecond ?? 0;
      const ownBaseline = (figure: string): number | undefined =>
        figure.startsWith("GET /api/v5/user") ? rateOf(targets[1]!.figure) : figure.startsWith("POST /graphql") ? rateOf(targets[2]!.figure) : undefined;
      const rows: FigureRow[] = measured.map(({ figure, load, serialMs, sql }) => {
        const own = ownBaseline(figure);
        return {
          figure,
          value: Math.round(load.requestsPerSecond),
          unit: "req/s",
          extra: {
            "p50 ms": load.p50Ms,
            "p99 ms": load.p99Ms,
            "ratio to bare": baseline > 0 ? Number((load.requestsPerSecond / baseline).toFixed(4)) : 0,
            "ratio to own baseline": own ? Number((load.requestsPerSecond / own).toFixed(3)) : "",
            "serial ms": Number(serialMs.toFixed(2)),
            "SQL/req": sql === undefined ? "" : Number(sql.toFixed(1)),
          },
          ...(load.failures > 0 ? { note: `${load.failures} failed` } : {}),
        };
      });
      for (const note of notes) ctx.log(`note: ${note}`);
      if (bearerKind !== "access token") {
        for (const row of rows.slice(4, 6)) row.note = [row.note, "sign-in failed: API key instead of an access token"].filter(Boolean).join("; ");
      }
      return rows;
    } finally {
      unregister();
      for (const s of servers.splice(0).reverse()) await s.close().catch(() => {});
    }
  });
}
