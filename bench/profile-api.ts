// A CPU profile of the API layer under load (issue 18, item 2; docs/decisions.md "API layer"):
//   npx tsx bench/profile-api.ts [rest|graphql|apikey] [seconds] [out.cpuprofile]
// Starts the real server (as the foundation bench does) on a scratch database with the demo
// organisation, signs in, and loads one call with 32 connections from a worker thread, with V8's
// sampling profiler (node:inspector, the same as `node --cpu-prof`) running only during the measured
// load; the profile goes to `out` (default /tmp/api-<kind>.cpuprofile), summarised by
// `npx tsx bench/lib/cpu-profile-summary.ts <out>`.
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { signInWithPassword } from "../api/src/test/oidc-login.js";
import { apiKeyPrefix, hashApiKey } from "../api/src/domain/api-keys/key.js";
import { demoSignIn, seedDemoOrganization } from "../api/src/seed/demo.js";
import { withScratchDatabase } from "./lib/database.js";
import { measure, type LoadTarget } from "./lib/load.js";
import { startApiServer } from "./lib/servers.js";
import { viewerQuery } from "./suites/foundation.js";

const kind = process.argv[2] ?? "rest";
const seconds = Number(process.argv[3] ?? 10);
const out = process.argv[4] ?? `/tmp/api-${kind}.cpuprofile`;

const ctx = { connections: 32, duration: seconds, warmup: 2, log: (m: string) => console.error(m), onCleanup: () => () => {} };
await withScratchDatabase(ctx, "profile", async (databaseUrl) => {
  const api = await startApiServer(databaseUrl);
  try {
    const seed = await seedDemoOrganization(api.prisma, { responses: 100 });
    let bearer = (await signInWithPassword(api.baseUrl, demoSignIn.email, demoSignIn.password)).accessToken;
    if (kind === "apikey") {
      const admin = await api.prisma.user.findUniqueOrThrow({ where: { email: demoSignIn.email }, select: { id: true } });
      bearer = `${apiKeyPrefix}${randomBytes(24).toString("base64url")}`;
      await api.prisma.apiKey.create({
        data: { organizationId: seed.organizationId, userId: admin.id, name: "profile", keyHash: hashApiKey(bearer), keyPrefix: bearer.slice(0, 8) },
      });
    }
    const headers = { authorization: `Bearer ${bearer}` };
    const target: LoadTarget =
      kind === "graphql"
        ? {
            url: `${api.baseUrl}/graphql`,
            method: "POST",
            headers: { ...headers, "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ query: viewerQuery }),
          }
        : { url: `${api.baseUrl}/api/v5/user`, headers };
    await measure(target, { ...ctx, duration: 2, warmup: 0 });
    const session = new Session();
    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.start");
    const before = api.statements();
    const figures = await measure(target, { ...ctx, warmup: 0 });
    const { profile } = await session.post("Profiler.stop");
    writeFileSync(out, JSON.stringify(profile));
    session.disconnect();
    console.log(
      `${kind}: ${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, failures ${figures.failures}, SQL/req ${((api.statements() - before) / Math.max(1, figures.requests)).toFixed(3)} (background work included); profile: ${out}`,
    );
  } finally {
    await api.close();
  }
});
