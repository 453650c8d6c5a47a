// A warm request runs no SQL (issue 18, item 2; docs/decisions.md "API layer"): once a caller's
// `GET /api/v5/user` and GraphQL viewer query have run (cold), the same requests with the same access
// token are answered from the process's access cache (auth/access-cache.ts) without a statement to
// PostgreSQL. Statements are counted on the server's pg pool, so Prisma's queries, raw queries and
// the prepared hot reads all count. The same steps on a server without the cache (lifetime 0) run
// SQL on every request: the count sees what the cache saves. Parallel cold requests of one
// credential share one load.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "../db/client.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";

const viewerQuery = `{ viewer { user { id email displayName } currentOrganization { name } rolesPerUnit { role rights } } }`;

/** The two requests, checked to answer the caller's own data; answers the statements they cost. */
async function round(t: TestApp, token: string, org: OrganizationFixture): Promise<number> {
  const before = t.statements();
  const user = await fetch(`${t.baseUrl}/api/v5/user`, { headers: { authorization: `Bearer ${token}` } });
  expect(user.status).toBe(200);
  expect(((await user.json()) as { email?: string }).email).toBe(org.users.editorA.email);
  const graphql = await fetch(`${t.baseUrl}/graphql`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: viewerQuery }),
  });
  expect(graphql.status).toBe(200);
  const body = (await graphql.json()) as {
    data?: { viewer?: { user: { email: string }; currentOrganization: { name: string }; rolesPerUnit: { role: string }[] } };
  };
  expect(body.data?.viewer).toMatchObject({
    user: { email: org.users.editorA.email },
    currentOrganization: { name: org.organization.name },
    rolesPerUnit: [{ role: "editor" }],
  });
  return t.statements() - before;
}

/** Signs the editor in and lets the sign-in's own change messages arrive before the cold round. */
async function signedIn(t: TestApp, org: OrganizationFixture): Promise<string> {
  const { accessToken } = await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword);
  await new Promise((r) => setTimeout(r, 500));
  return accessToken;
}

describe.skipIf(noDatabase)("a warm request runs no SQL", () => {
  let database: ScratchDatabase;
  let prisma: PrismaClient;
  let org: OrganizationFixture;

  beforeAll(async () => {
    // A database of its own: another test file's change messages (a feature set's drop everything) never reach it.
    database = await createScratchDatabase("feedback_warm_request");
    prisma = createPrisma(database.url, { max: 2 });
    org = await createOrganizationFixture(prisma, "Warm");
  }, 120_000);
  afterAll(async () => {
    await prisma?.$disconnect();
    await database?.drop();
  });

  it("answers GET /api/v5/user and the GraphQL viewer query a second time with 0 statements", async () => {
    // Ten minutes: the entry cannot expire between the rounds on a slow machine.
    const t = await startTestApp({ databaseUrl: database.url, env: { ACCESS_CACHE_TTL_MS: "600000" } });
    try {
      const token = await signedIn(t, org);
      expect(await round(t, token, org)).toBeGreaterThan(0);
      // The count is the pool's, and background sweeps may land in a round's window: the least of
      // three warm rounds is 0 (without the cache every round runs SQL: the test below).
      expect(Math.min(await round(t, token, org), await round(t, token, org), await round(t, token, org))).toBe(0);
    } finally {
      await t.close();
    }
  });

  it("runs one load for parallel cold requests of one credential (a busy client after its entry expired)", async () => {
    const t = await startTestApp({ databaseUrl: database.url, env: { ACCESS_CACHE_TTL_MS: "600000" } });
    try {
      const get = (token: string) => fetch(`${t.baseUrl}/api/v5/user`, { headers: { authorization: `Bearer ${token}` } });
      // The count is the pool's: the server's background work (the roll-up applier's, the job
      // runner's and other sweeps) can add a statement or a few to any window. Each figure is the
      // least of three tries (a fresh credential each), which leaves those out.
      const cold = async () => {
        const token = await signedIn(t, org);
        const before = t.statements();
        expect((await get(token)).status).toBe(200);
        return t.statements() - before;
      };
      const parallel = async () => {
        const token = await signedIn(t, org);
        const before = t.statements();
        const answers = await Promise.all(Array.from({ length: 8 }, () => get(token)));
        expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
        for (const a of answers) expect(((await a.json()) as { email?: string }).email).toBe(org.users.editorA.email);
        return t.statements() - before;
      };
      const single = Math.min(await cold(), await cold(), await cold());
      expect(single).toBeGreaterThan(0);
      const eight = Math.min(await parallel(), await parallel(), await parallel());
      // One load, not eight (eight loads would be at least 8 × single, two at least 2 ×).
      expect(eight).toBeGreaterThan(0);
      expect(eight).toBeLessThan(2 * single);
    } finally {
      await t.close();
    }
  });

  it("runs SQL on every round without the access cache (the count sees the reads the cache saves)", async () => {
    const t = await startTestApp({ databaseUrl: database.url, env: { ACCESS_CACHE_TTL_MS: "0" } });
    try {
      const token = await signedIn(t, org);
      const cold = await round(t, token, org);
      expect(cold).toBeGreaterThan(0);
      expect(await round(t, token, org)).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});
