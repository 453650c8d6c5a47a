// The GraphQL endpoint under attack: aliases, tokens, directives, nesting and
// the expensive fields' budget refused at validation (nothing runs); node/nodes answering client
// errors; CORS only for PUBLIC_URL's origin; production without introspection or suggestions; the
// X-Share-Token header for textAnalytics; and, on a database of its own, the per-caller budget and the
// analytics statement timeout while a table lock holds the analytics reads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import pg from "pg";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql, type GraphQLResult } from "../test/graphql-client.js";
import { apiCall } from "../test/rest-client.js";
import { createScratchDatabase, type ScratchDatabase } from "../test/support.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses } from "../test/analytics-survey.js";
import { generateShareToken } from "../domain/results-scope/share-token.js";
import { maxNodeIds } from "../schema/node.js";
import { maxNesting, nestingDepth, operationCost } from "./limits.js";
import { CallerBudget } from "../limits/analytics.js";
import { parse, type OperationDefinitionNode } from "graphql";

type Result = GraphQLResult & { status: number };

/** POST /graphql with any headers (share token, origin). */
async function post(baseUrl: string, query: string, headers: Record<string, string> = {}, variables: Record<string, unknown> = {}): Promise<Result> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as GraphQLResult) };
}

const aliases = (n: number, field: string) => Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join("\n");
const textAnalyticsField = "textAnalytics { totalAnswers }";

/** A share link of the organisation over October 2026 (the test data's month). */
async function createShareLink(t: TestApp, org: OrganizationFixture): Promise<string> {
  const { token, tokenHash } = generateShareToken();
  await t.prisma.shareToken.create({
    data: {
      organizationId: org.organization.id,
      createdByUserId: org.users.admin.id,
      token: tokenHash,
      name: "Limits",
      filters: { from: "2026-10-01", to: "2026-10-31" },
    },
  });
  return token;
}

/** A survey with three open-text answers in October 2026 in the organisation's unit A. */
async function createTextAnswers(t: TestApp, org: OrganizationFixture) {
  const s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
  const tp = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Store");
  const base = { surveyId: s.survey.id, touchpointId: tp.id, unitId: org.units.unitA.id };
  await insertTestResponses(
    t.prisma,
    org.organization.id,
    ["Great staff", "Terrible queue", "Thank you"].map((text, i) => ({
      ...base,
      createdAt: new Date(Date.UTC(2026, 9, 2 + i, 12)),
      answers: [{ questionId: s.questions.text.id, text }],
    })),
  );
  return s;
}

describe("operationCost and nestingDepth", () => {
  const costOf = (document: string, root = "Query") => {
    const doc = parse(document);
    const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === "FragmentDefinition" ? [[d.name.value, d] as const] : [])));
    const operation = doc.definitions.find((d): d is OperationDefinitionNode => d.kind === "OperationDefinition")!;
    return operationCost(operation, root, (name) => fragments.get(name));
  };

  it("weighs the expensive root fields, counting each fragment spread each time it is used", () => {
    expect(costOf("{ viewer { user { id } } __typename }")).toBe(0);
    expect(costOf("{ textAnalytics { cap } summary { __typename } }")).toBe(45);
    expect(costOf('{ ...F ...F ... on Query { ...F } } fragment F on Query { rootCause(questionId: "x") { __typename } }')).toBe(75);
    expect(costOf("mutation { generateApiKey { __typename } updateProfile(input: {}) { __typename } }", "Mutation")).toBe(30);
  });

  it("measures the nesting of braces and brackets without recursing", () => {
    expect(nestingDepth("{ a { b(x: [[1]]) } }")).toBe(4);
    expect(nestingDepth(`{ a(s: "[[[[[[") }`)).toBe(1);
    expect(nestingDepth(`{ a(x: ${"[".repeat(5000)}`)).toBe(maxNesting + 1);
  });
});

describe("CallerBudget", () => {
  /** Work that finishes when the test says so. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  it("runs `concurrency` at once per caller, queues `queue` more in order, refuses the rest, and frees the slots", async () => {
    const budget = new CallerBudget(2, 1);
    const order: string[] = [];
    const gates = [gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      budget.run("user:a", async () => {
        order.push(`start ${i}`);
        await g.opened;
        return i;
      }),
    );
    const settle = () => new Promise((resolve) => setImmediate(resolve)); // every pending promise step has run
    await settle();
    expect(budget.load("user:a")).toEqual({ running: 2, waiting: 1 });
    await expect(budget.run("user:a", async () => "refused")).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: expect.stringMatching(/^Too many analytics requests/),
    });
    // Another caller has a budget of its own.
    expect(await budget.run("address:10.0.0.1", async () => "other")).toBe("other");
    expect(order).toEqual(["start 0", "start 1"]);
    gates[1]!.open();
    expect(await runs[1]).toBe(1);
    await settle();
    expect(order).toEqual(["start 0", "start 1", "start 2"]);
    gates[0]!.open();
    gates[2]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(budget.load("user:a")).toEqual({ running: 0, waiting: 0 });
  });

  it("frees the slot when the work fails", async () => {
    const budget = new CallerBudget(1, 0);
    await expect(budget.run("user:b", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await budget.run("user:b", async () => "next")).toBe("next");
  });
});

describe.skipIf(noDatabase)("GraphQL request limits", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let adminToken: string;
  let otherAdminToken: string;
  let shareToken: string;
  let npsQuestionId: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Limits");
    other = await createOrganizationFixture(t.prisma, "Bystander");
    npsQuestionId = (await createTextAnswers(t, org)).questions.nps.id;
    shareToken = await createShareLink(t, org);
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    otherAdminToken = (await signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("refuses 20 aliases of textAnalytics from an anonymous share-link visitor before running any", async () => {
    const result = await post(t.baseUrl, `{ ${aliases(20, textAnalyticsField)} }`, { "x-share-token": shareToken });
    expect(result.data ?? null).toBeNull();
    expect(result.errors?.[0]?.message).toMatch(/Aliases limit of 15 exceeded, found 20/);
  });

  it("weighs analytics fields: five textAnalytics in one operation are refused, four answer", async () => {
    const five = await post(t.baseUrl, `{ ${aliases(5, textAnalyticsField)} }`, { "x-share-token": shareToken });
    expect(five.data ?? null).toBeNull();
    expect(five.errors?.[0]).toMatchObject({ extensions: { code: "OPERATION_TOO_EXPENSIVE", cost: 125, maxCost: 100 } });
    expect(five.errors?.[0]?.message).toMatch(/Split it into several requests/);

    const four = await post(t.baseUrl, `{ ${aliases(4, textAnalyticsField)} }`, { "x-share-token": shareToken });
    expect(four.errors).toBeUndefined();
    expect(Object.values(four.data!)).toEqual(Array(4).fill({ totalAnswers: 3 }));
  });

  it("refuses 1,000 aliases of summary (at the token limit), and 16 (at the alias limit)", async () => {
    const thousand = await gql(t.baseUrl, `{ ${aliases(1000, "summary { __typename }")} }`, {}, adminToken);
    expect(thousand.data ?? null).toBeNull();
    expect(thousand.errors?.[0]?.message).toBe("Syntax Error: Token limit of 5000 exceeded.");
    const sixteen = await gql(t.baseUrl, `{ ${aliases(16, "summary { __typename }")} }`, {}, adminToken);
    expect(sixteen.data ?? null).toBeNull();
    expect(sixteen.errors?.[0]?.message).toMatch(/Aliases limit of 15 exceeded, found 16/);
  });

  it("refuses 500 aliases of generateApiKey, and five, creating no key", async () => {
    const before = await t.prisma.apiKey.count({ where: { userId: org.users.admin.id } });
    const many = await gql(t.baseUrl, `mutation { ${aliases(500, "generateApiKey { key }")} }`, {}, adminToken);
    expect(many.errors?.[0]?.message).toMatch(/Aliases limit/);
    const five = await gql(t.baseUrl, `mutation { ${aliases(5, "generateApiKey { key }")} }`, {}, adminToken);
    expect(five.errors?.[0]?.extensions).toMatchObject({ code: "OPERATION_TOO_EXPENSIVE", cost: 125 });
    expect(many.data ?? null).toBeNull();
    expect(five.data ?? null).toBeNull();
    expect(await t.prisma.apiKey.count({ where: { userId: org.users.admin.id } })).toBe(before);
  });

  it("refuses documents over the token and directive limits", async () => {
    const tokens = await gql(t.baseUrl, `{ ${"__typename ".repeat(6000)} }`, {}, adminToken);
    expect(tokens.errors?.[0]?.message).toMatch(/Token limit of 5000 exceeded/);
    const directives = await gql(t.baseUrl, `{ viewer { user { id ${"@include(if: true) ".repeat(21)} } } }`, {}, adminToken);
    expect(directives.errors?.[0]?.message).toMatch(/Directives limit of 20 exceeded, found 21/);
  });

  it("answers a deeply nested literal with a client error, and still reads a moderately nested one", async () => {
    const deep = `mutation { createSurvey(input: ${"[".repeat(2400)}1${"]".repeat(2400)}) { survey { id } } }`;
    const refused = await gql(t.baseUrl, deep, {}, adminToken);
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: "GRAPHQL_PARSE_FAILED" } });
    expect(refused.errors?.[0]?.message).toMatch(/more than 100 levels deep/);

    const moderate = `mutation { createSurvey(input: {name: "N", questions: ${"[".repeat(50)}1${"]".repeat(50)}}) { survey { id } } }`;
    const parsed = await gql(t.baseUrl, moderate, {}, adminToken);
    // parsed, then refused by validation: questions are typed QuestionInput objects, not nested lists
    expect(parsed.errors?.[0]?.extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  it("answers surveys(first: -5) with a client error", async () => {
    const result = await gql(t.baseUrl, "{ surveys(first: -5) { edges { node { id } } } }", {}, adminToken);
    expect(result.errors?.[0]).toMatchObject({ message: 'Argument "first" must be a non-negative integer', extensions: { code: "BAD_USER_INPUT" } });
  });

  it("node: a malformed, an unknown or another organisation's id is null with a client error", async () => {
    const query = `query($id: ID!) { node(id: $id) { id } }`;
    const cases: [string, string][] = [
      ["not base64!", "BAD_USER_INPUT"],
      [Buffer.from("no separator").toString("base64"), "BAD_USER_INPUT"],
      [globalId("NoSuchType", org.units.unitA.id), "NOT_FOUND"],
      [globalId("Viewer", "x"), "NOT_FOUND"],
      [globalId("Unit", other.units.unitA.id), "NOT_FOUND"],
      [globalId("Unit", "000000000000000000000000"), "NOT_FOUND"],
    ];
    for (const [id, code] of cases) {
      const result = await gql(t.baseUrl, query, { id }, adminToken);
      expect(result.data).toEqual({ node: null });
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]).toMatchObject({ path: ["node"], extensions: { code } });
    }
  });

  it("nodes: an unknown id nulls only its own entry", async () => {
    const ids = [globalId("Unit", org.units.unitA.id), "%%%", globalId("Unit", other.units.root.id), globalId("Unit", org.units.unitB.id)];
    const result = await gql(t.baseUrl, `query($ids: [ID!]!) { nodes(ids: $ids) { id ... on Unit { name } } }`, { ids }, adminToken);
    expect(result.data!.nodes).toEqual([{ id: ids[0], name: "Stores" }, null, null, { id: ids[3], name: "Online" }]);
    expect(result.errors?.map((e) => [e.path, e.extensions?.code])).toEqual([
      [["nodes", 1], "BAD_USER_INPUT"],
      [["nodes", 2], "NOT_FOUND"],
    ]);
    const tooMany = await gql(t.baseUrl, `query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: Array(maxNodeIds + 1).fill(ids[0]) }, adminToken);
    expect(tooMany.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("textAnalytics honours the X-Share-Token header like the shareToken argument", async () => {
    const byHeader = await post(t.baseUrl, "{ textAnalytics { totalAnswers analyzedAnswers } }", { "x-share-token": shareToken });
    expect(byHeader.errors).toBeUndefined();
    expect(byHeader.data).toEqual({ textAnalytics: { totalAnswers: 3, analyzedAnswers: 3 } });
    const byArgument = await post(
      t.baseUrl,
      `query($token: String) { textAnalytics(shareToken: $token) { totalAnswers analyzedAnswers } }`,
      {},
      { token: shareToken },
    );
    expect(byArgument.data).toEqual(byHeader.data);
    const forged = await post(t.baseUrl, "{ textAnalytics { totalAnswers } }", { "x-share-token": "forged-token" });
    expect(forged.data ?? null).toBeNull();
    expect(forged.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const none = await post(t.baseUrl, "{ textAnalytics { totalAnswers } }");
    expect(none.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("rootCause honours the X-Share-Token header too", async () => {
    const query = `query($q: ID!) { rootCause(outcomeQuestionId: $q) { __typename } }`;
    const byHeader = await post(t.baseUrl, query, { "x-share-token": shareToken }, { q: globalId("Question", npsQuestionId) });
    expect(byHeader.errors).toBeUndefined();
    expect(byHeader.data).toEqual({ rootCause: { __typename: "RootCause" } });
    const without = await post(t.baseUrl, query, {}, { q: globalId("Question", npsQuestionId) });
    expect(without.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("CORS: only PUBLIC_URL's origin may call with credentials", async () => {
    const preflight = (origin: string) =>
      fetch(`${t.baseUrl}/graphql`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
      });
    const own = await preflight(t.baseUrl);
    expect(own.headers.get("access-control-allow-origin")).toBe(t.baseUrl);
    expect(own.headers.get("access-control-allow-credentials")).toBe("true");
    expect(own.headers.get("access-control-allow-headers")).toMatch(/authorization/);

    const evil = await preflight("https://evil.example");
    expect(evil.headers.get("access-control-allow-origin")).toBeNull();
    expect(evil.headers.get("access-control-allow-credentials")).toBeNull();
    const evilPost = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json", authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ query: "{ viewer { user { id } } }" }),
    });
    expect(evilPost.headers.get("access-control-allow-origin")).toBeNull();
    expect(evilPost.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("outside production, introspection and suggestions stay on", async () => {
    const introspection = await gql(t.baseUrl, "{ __schema { queryType { name } } }");
    expect(introspection.data).toEqual({ __schema: { queryType: { name: "Query" } } });
    const typo = await gql(t.baseUrl, "{ viewr { user { id } } }");
    expect(typo.errors?.[0]?.message).toMatch(/Did you mean "viewer"\?/);
  });

  it("another organisation is untouched by all of the above", async () => {
    const result = await gql(t.baseUrl, "{ viewer { currentOrganization { name } } }", {}, otherAdminToken);
    expect(result.data!.viewer.currentOrganization.name).toBe(other.organization.name);
  });
});

describe.skipIf(noDatabase)("GraphQL in production", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { NODE_ENV: "production", CORS_ORIGINS: "https://admin.example.com" } });
  });
  afterAll(async () => t?.close());

  it("refuses introspection", async () => {
    for (const query of [
      "{ __schema { types { name } } }",
      `{ __type(name: "Query") { name } }`,
      "{ ...F } fragment F on Query { __schema { queryType { name } } }",
    ]) {
      const result = await gql(t.baseUrl, query);
      expect(result.data ?? null).toBeNull();
      expect(result.errors?.[0]?.extensions?.code).toBe("INTROSPECTION_DISABLED");
    }
    expect((await gql(t.baseUrl, "{ __typename }")).data).toEqual({ __typename: "Query" });
  });

  it("gives no 'did you mean' suggestions", async () => {
    const result = await gql(t.baseUrl, "{ viewr { user { id } } }");
    expect(result.errors?.[0]?.message).toMatch(/Cannot query field/);
    expect(JSON.stringify(result.errors)).not.toMatch(/Did you mean|viewer/);
  });

  it("allows the configured extra origin besides PUBLIC_URL's", async () => {
    for (const origin of [t.baseUrl, "https://admin.example.com"]) {
      const response = await fetch(`${t.baseUrl}/graphql`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST" } });
      expect(response.headers.get("access-control-allow-origin")).toBe(origin);
    }
    const other = await fetch(`${t.baseUrl}/graphql`, {
      method: "OPTIONS",
      headers: { origin: "https://admin.example.com.evil", "access-control-request-method": "POST" },
    });
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe.skipIf(noDatabase)("the per-caller budget and the analytics statement timeout", () => {
  // A database of this test's own: the table lock below would otherwise hold other test files' reads.
  let database: ScratchDatabase;
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let adminToken: string;
  let otherAdminToken: string;
  let shareToken: string;
  let locker: pg.Client;
  let observer: pg.Client;

  /** Takes a lock that holds every read of answers until `release`. */
  async function lockAnswers() {
    await locker.query("BEGIN");
    await locker.query(`LOCK TABLE "Answer" IN ACCESS EXCLUSIVE MODE`);
    return { release: () => locker.query("COMMIT") };
  }

  /**
   * Text analyses in this database waiting for the lock. Asked on a connection of its own: inside
   * the locker's transaction pg_stat_activity would stay the snapshot of its first reading. Only the
   * text analysis's own statement counts: the roll-up applier also reads answers, and on a loaded
   * machine its pass for this test's responses can come late and wait on the same lock. It is known by
   * the column it starts with ("answerId"): pg_stat_activity keeps only a statement's first 1,024
   * bytes (track_activity_query_size).
   */
  async function waitingReads(): Promise<number> {
    const { rows } = await observer.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'
          AND query LIKE 'SELECT t."answerId"%'`,
    );
    return rows[0]!.n;
  }

  async function untilWaitingReads(n: number) {
    for (let attempt = 0; attempt < 400; attempt++) {
      if ((await waitingReads()) >= n) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`never saw ${n} reads waiting for the lock`);
  }

  beforeAll(async () => {
    database = await createScratchDatabase("graphql_limits");
    // One analytics field at a time per caller, none waiting: a second is refused at once.
    t = await startTestApp({
      databaseUrl: database.url,
      env: { GRAPHQL_CALLER_CONCURRENCY: "1", GRAPHQL_CALLER_QUEUE: "0", ANALYTICS_STATEMENT_TIMEOUT_MS: "0" },
    });
    org = await createOrganizationFixture(t.prisma, "Attacker");
    other = await createOrganizationFixture(t.prisma, "Bystander");
    await createTextAnswers(t, org);
    shareToken = await createShareLink(t, org);
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    otherAdminToken = (await signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).accessToken;
    locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    observer = new pg.Client({ connectionString: database.url });
    await observer.connect();
  });
  afterAll(async () => {
    await locker?.end().catch(() => {});
    await observer?.end().catch(() => {});
    await t?.close();
    await database?.drop();
  });

  it("refuses a caller's analytics beyond the budget while other callers and organisations still answer", async () => {
    const filters = { from: "2026-10-01", to: "2026-10-31" };
    const ask = (token: string) => gql(t.baseUrl, `query($f: ResultsFilterInput) { textAnalytics(filters: $f) { totalAnswers } }`, { f: filters }, token);
    const lock = await lockAnswers();
    let held: Promise<Result>[] = [];
    try {
      // The admin's first request runs and waits on the lock, holding the admin's one slot.
      held.push(ask(adminToken));
      await untilWaitingReads(1);
      // Twelve more from the same user (more than the app's pool of 5): each refused at once.
      const refused = await Promise.all(Array.from({ length: 12 }, () => ask(adminToken)));
      for (const r of refused) {
        expect(r.data ?? null).toBeNull();
        expect(r.errors?.[0]).toMatchObject({ extensions: { code: "TOO_MANY_REQUESTS" } });
        expect(r.errors?.[0]?.message).toMatch(/Too many analytics requests at once/);
      }
      // A visitor without a session is budgeted by address: one runs, the next is refused.
      held.push(post(t.baseUrl, `{ textAnalytics { totalAnswers } }`, { "x-share-token": shareToken }));
      await untilWaitingReads(2);
      const visitorAgain = await post(t.baseUrl, `{ textAnalytics { totalAnswers } }`, { "x-share-token": shareToken });
      expect(visitorAgain.errors?.[0]?.extensions?.code).toBe("TOO_MANY_REQUESTS");
      expect(await waitingReads()).toBe(2);

      // Another organisation meanwhile: GraphQL and REST answer (the app's pool is not exhausted).
      const viewer = await gql(t.baseUrl, "{ viewer { currentOrganization { name } } }", {}, otherAdminToken);
      expect(viewer.data!.viewer.currentOrganization.name).toBe(other.organization.name);
      const surveys = await apiCall(t.baseUrl, "GET", "/surveys", otherAdminToken);
      expect(surveys.status).toBe(200);
    } finally {
      await lock.release();
    }
    // Released: the held requests finish with their answers, and the budget is free again.
    const [admin, visitor] = await Promise.all(held);
    held = [];
    expect(admin!.errors).toBeUndefined();
    expect(admin!.data).toEqual({ textAnalytics: { totalAnswers: 3 } });
    expect(visitor!.data).toEqual({ textAnalytics: { totalAnswers: 3 } });
    expect((await ask(adminToken)).data).toEqual({ textAnalytics: { totalAnswers: 3 } });
  });

  it("REST analyses share the caller's budget: with the slot held by a GraphQL analysis, POST /summary answers 429", async () => {
    const lock = await lockAnswers();
    let held: Promise<Result> | undefined;
    try {
      held = gql(
        t.baseUrl,
        `query($f: ResultsFilterInput) { textAnalytics(filters: $f) { totalAnswers } }`,
        { f: { from: "2026-10-01", to: "2026-10-31" } },
        adminToken,
      );
      await untilWaitingReads(1);
      const summary = await apiCall(t.baseUrl, "POST", "/summary", adminToken, { from: "2026-10-01", to: "2026-10-31" });
      expect(summary.status).toBe(429);
      expect(summary.body.error).toMatch(/Too many analytics requests at once/);
      // Another organisation meanwhile (the app's pool is free; its own analyses would wait on this test's table lock).
      expect((await apiCall(t.baseUrl, "GET", "/surveys", otherAdminToken)).status).toBe(200);
    } finally {
      await lock.release();
    }
    expect((await held!).data).toEqual({ textAnalytics: { totalAnswers: 3 } });
    expect((await apiCall(t.baseUrl, "POST", "/summary", adminToken, { from: "2026-10-01", to: "2026-10-31" })).status).toBe(200);
  });

  it("a REST analysis stopped at the statement timeout answers 503 with the clear message", async () => {
    const timed = await startTestApp({ databaseUrl: database.url, env: { ANALYTICS_STATEMENT_TIMEOUT_MS: "200" } });
    try {
      const token = (await signInWithPassword(timed.baseUrl, org.users.admin.email, testPassword)).accessToken;
      const lock = await lockAnswers();
      let answer: Awaited<ReturnType<typeof apiCall>>;
      try {
        answer = await apiCall(timed.baseUrl, "POST", "/results/list", token, { filters: { from: "2026-10-01", to: "2026-10-31" } });
      } finally {
        await lock.release();
      }
      expect(answer.status, JSON.stringify(answer.body)).toBe(503);
      expect(answer.body.error).toMatch(/took too long/);
    } finally {
      await timed.close();
    }
  });

  it("stops an analytics read at the statement timeout with a clear error", async () => {
    const timed = await startTestApp({ databaseUrl: database.url, env: { ANALYTICS_STATEMENT_TIMEOUT_MS: "200" } });
    try {
      const token = (await signInWithPassword(timed.baseUrl, org.users.admin.email, testPassword)).accessToken;
      const lock = await lockAnswers();
      let result: Result;
      try {
        // The lock is held until the answer is in: only the statement timeout can end this read.
        result = await gql(timed.baseUrl, `{ textAnalytics(filters: { from: "2026-10-01", to: "2026-10-31" }) { totalAnswers } }`, {}, token);
      } finally {
        await lock.release();
      }
      expect(result.data ?? null).toBeNull();
      expect(result.errors?.[0]).toMatchObject({ extensions: { code: "ANALYTICS_TIMEOUT" }, path: ["textAnalytics"] });
      expect(result.errors?.[0]?.message).toMatch(/took too long/);
    } finally {
      await timed.close();
    }
  });
});
