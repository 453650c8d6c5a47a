// A share link's visitor through the real server (GraphQL and REST), read through the one caller
// and the one scope function of results-scope:
// - every results-like field, text analytics and root causes included, is bounded by what the
//   link's creator may see NOW: narrow the creator's role and the visitor sees less, take it away
//   and they see nothing;
// - the token is looked up once per request, however many fields (and the permission rule) read
//   through it (a spy on loadShareLink, the only lookup of a token);
// - the X-Share-Token header opens every field and route that takes a share token, the same as the
//   argument or ?token= (the table below must name every such field and route).
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { apiFetch } from "../../test/rest-client.js";
import { globalId } from "../../test/graphql-client.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import { getProtectedSchema } from "../../graphql/yoga.js";
import { v5Routes } from "../../rest/v5/index.js";
import { generateShareToken } from "./share-token.js";
import { loadShareLink } from "./share-link.js";

// The real loadShareLink, counted: every importer in this process (the app included) gets the spy.
vi.mock("./share-link.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./share-link.js")>();
  return { ...actual, loadShareLink: vi.fn(actual.loadShareLink) };
});
const lookups = vi.mocked(loadShareLink);

type Answer = { status: number; data?: Record<string, any> | null; errors?: { message: string; extensions?: { code?: string } }[] };

describe.skipIf(noDatabase)("a share link's visitor, through results-scope", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let creatorId: string;
  const window = { from: "2026-03-01", to: "2026-03-31" };

  /** A GraphQL request as a visitor: the token in X-Share-Token (or nowhere). */
  const visit = async (query: string, variables: Record<string, unknown>, shareToken?: string): Promise<Answer> => {
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json", ...(shareToken ? { "x-share-token": shareToken } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: response.status, ...((await response.json()) as Omit<Answer, "status">) };
  };
  const makeLink = async (createdByUserId: string, data: Record<string, unknown> = {}) => {
    const { token, tokenHash } = generateShareToken();
    await t.prisma.shareToken.create({
      data: { organizationId: org.organization.id, createdByUserId, token: tokenHash, name: "Visited", filters: window, allowChanges: [], ...data },
    });
    return token;
  };
  const setCreatorRoles = async (unitIds: string[]) => {
    await t.prisma.unitRole.deleteMany({ where: { userId: creatorId, organizationId: org.organization.id } });
    for (const unitId of unitIds) await t.prisma.unitRole.create({ data: { organizationId: org.organization.id, userId: creatorId, unitId, role: "viewer" } });
  };

  let journeyId: string;
  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Scoped");
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.root.id, "Shared texts");
    const inA = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Store", s.survey.id);
    const inB = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitB.id, "Web", s.survey.id);
    const q = s.questions;
    const response = (touchpointId: string, unitId: string, day: number, text: string, nps: number) => ({
      surveyId: s.survey.id,
      touchpointId,
      unitId,
      createdAt: new Date(Date.UTC(2026, 2, day, 12)),
      answers: [
        { questionId: q.nps.id, n: nps },
        { questionId: q.smiley.id, n: nps / 10 },
        { questionId: q.text.id, text },
      ],
    });
    // Two responses in team A (Stores), three in team B (Online).
    await insertTestResponses(t.prisma, org.organization.id, [
      response(inA.id, org.units.unitA.id, 2, "Great service and friendly staff", 9),
      response(inA.id, org.units.unitA.id, 3, "Terrible queue, rude staff", 2),
      response(inB.id, org.units.unitB.id, 4, "Excellent web shop", 10),
      response(inB.id, org.units.unitB.id, 5, "Slow delivery", 4),
      response(inB.id, org.units.unitB.id, 6, "Good prices", 8),
    ]);
    // A customer journey over both touchpoints (its analytics open to the visitor of its own link).
    journeyId = (
      await t.prisma.customerJourney.create({
        data: {
          organizationId: org.organization.id,
          name: "Shared journey",
          kpi: "nps",
          steps: [{ name: "Visit", touchpointIds: [inA.id, inB.id], surveys: [{ surveyId: s.survey.id, questionIds: [q.nps.id] }] }],
        },
      })
    ).id;
    // The link's creator: a member who views results of the whole organisation (a role at the root).
    const user = await t.prisma.user.create({ data: { email: `sharer.${org.organization.id}@example.test`, displayName: "Sharer" } });
    await t.prisma.membership.create({ data: { userId: user.id, organizationId: org.organization.id } });
    creatorId = user.id;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await setCreatorRoles([org.units.root.id]);
    lookups.mockClear();
  });

  describe("bounded by the creator's current rights", () => {
    const texts = `query { textAnalytics { totalAnswers sentiment { count } } }`;
    const causes = `query($q: ID!) { rootCause(outcomeQuestionId: $q) { outcome { n } } }`;
    const results = `query { results { questionType mainResult { count } } }`;
    const list = `query { feedbackList(first: 50) { totalCount } }`;
    const npsOf = (a: Answer) => a.data?.results?.find((r: { questionType: string }) => r.questionType === "nps")?.mainResult?.count;

    it("textAnalytics and rootCause (as results and the feedback list) show less when the creator's role narrows, and nothing when it goes", async () => {
      const token = await makeLink(creatorId);

      const whole = { texts: await visit(texts, {}, token), causes: await visit(causes, { q: globalId("Question", s.questions.nps.id) }, token) };
      expect(whole.texts.errors).toBeUndefined();
      expect(whole.texts.data!.textAnalytics.totalAnswers).toBe(5);
      expect(whole.causes.errors).toBeUndefined();
      expect(whole.causes.data!.rootCause.outcome.n).toBe(5);
      expect(npsOf(await visit(results, {}, token))).toBe(5);
      expect((await visit(list, {}, token)).data!.feedbackList.totalCount).toBe(5);

      // The creator now views team B only: the same link shows team B only.
      await setCreatorRoles([org.units.unitB.id]);
      const narrowed = { texts: await visit(texts, {}, token), causes: await visit(causes, { q: globalId("Question", s.questions.nps.id) }, token) };
      expect(narrowed.texts.data!.textAnalytics.totalAnswers).toBe(3);
      expect(narrowed.causes.data!.rootCause.outcome.n).toBe(3);
      expect(npsOf(await visit(results, {}, token))).toBe(3);
      expect((await visit(list, {}, token)).data!.feedbackList.totalCount).toBe(3);

      // No role left (still a member, so the link itself still opens): nothing at all.
      await setCreatorRoles([]);
      const none = { texts: await visit(texts, {}, token), causes: await visit(causes, { q: globalId("Question", s.questions.nps.id) }, token) };
      expect(none.texts.data!.textAnalytics.totalAnswers).toBe(0);
      // The outcome question's survey is not one the creator may open any more.
      expect(none.causes.data ?? null).toBeNull();
      expect(none.causes.errors?.[0]).toMatchObject({ message: "Question not found", extensions: { code: "NOT_FOUND" } });
      expect(npsOf(await visit(results, {}, token)) ?? 0).toBe(0);
      expect((await visit(list, {}, token)).data!.feedbackList.totalCount).toBe(0);
    });
  });

  describe("the token is looked up once per request", () => {
    it("GraphQL: one lookup for the permission rules and every field of a request", async () => {
      const token = await makeLink(creatorId);
      const answer = await visit(
        `query($q: ID!, $t: String!) {
          sharedView { name }
          results { questionType }
          textAnalytics { totalAnswers }
          rootCause(outcomeQuestionId: $q) { outcome { n } }
          feedbackList(first: 5) { totalCount }
          responseLimitNotice
          questionResult(questionId: $q, shareToken: $t) { mainResult { count } }
        }`,
        { q: globalId("Question", s.questions.nps.id), t: token },
        token,
      );
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.textAnalytics.totalAnswers).toBe(5);
      expect(answer.data!.questionResult.mainResult.count).toBe(5);
      expect(lookups.mock.calls.map((c) => c[1])).toEqual([token]);

      // The next request looks it up again (a link removed meanwhile stops at once).
      await visit(`query { textAnalytics { totalAnswers } }`, {}, token);
      expect(lookups).toHaveBeenCalledTimes(2);
    });

    it("REST: one lookup per request, a file export (which checks the link twice) included", async () => {
      const admin = org.users.admin.id;
      const token = await makeLink(admin);
      const started = await apiFetch(t.baseUrl, "POST", `/results/list?token=${encodeURIComponent(token)}`, undefined, { format: "csv" });
      expect(started.status, await started.clone().text()).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(1);
      const page = await apiFetch(t.baseUrl, "POST", "/results/list", undefined, {}, { "x-share-token": token });
      expect(page.status).toBe(200);
      expect(lookups).toHaveBeenCalledTimes(2);
    });
  });

  describe("X-Share-Token opens every share-capable field and route", () => {
    /** Every Query field with a shareToken argument, as a visitor asks it (with the header only). */
    const fields: Record<string, { query: string; variables?: () => Record<string, unknown> }> = {
      sharedView: { query: `query { sharedView { name allowChanges } }` },
      results: { query: `query { results { questionType } }` },
      questionResult: {
        query: `query($q: ID!) { questionResult(questionId: $q) { questionType } }`,
        variables: () => ({ q: globalId("Question", s.questions.nps.id) }),
      },
      responseLimitNotice: { query: `query { responseLimitNotice }` },
      resultsFilterOptions: { query: `query { resultsFilterOptions { surveys { legacyId } } }` },
      textAnalytics: { query: `query { textAnalytics { totalAnswers } }` },
      rootCause: {
        query: `query($q: ID!) { rootCause(outcomeQuestionId: $q) { outcome { n } } }`,
        variables: () => ({ q: globalId("Question", s.questions.nps.id) }),
      },
      feedbackList: { query: `query { feedbackList(first: 5) { totalCount } }` },
      journeyResult: {
        query: `query($id: ID!) { journeyResult(id: $id) { __typename } }`,
        variables: () => ({ id: globalId("CustomerJourney", journeyId) }),
      },
    };

    it("names every Query field that takes shareToken", () => {
      const withToken = Object.values(getProtectedSchema().getQueryType()!.getFields())
        .filter((f) => f.args.some((a) => a.name === "shareToken"))
        .map((f) => f.name)
        .sort();
      expect(withToken).toEqual(Object.keys(fields).sort());
    });

    it("GraphQL: each field answers a visitor with the header, and refuses without it", async () => {
      const resultsToken = await makeLink(org.users.admin.id);
      // a journey's analytics open through that journey's own link (and a journey's link opens nothing else)
      const journeyToken = await makeLink(org.users.admin.id, { journeyId });
      for (const [name, field] of Object.entries(fields)) {
        const token = name === "journeyResult" ? journeyToken : resultsToken;
        const withHeader = await visit(field.query, field.variables?.() ?? {}, token);
        expect({ name, errors: withHeader.errors }).toEqual({ name, errors: undefined });
        expect(withHeader.data?.[name], name).not.toBeUndefined();
        const without = await visit(field.query, field.variables?.() ?? {});
        expect({ name, data: without.data?.[name] ?? null }).toEqual({ name, data: null });
        expect(without.errors?.[0]?.extensions?.code, name).toBe(name === "sharedView" ? "NOT_FOUND" : "UNAUTHENTICATED");
      }
    });

    it("REST: each token route answers a visitor with the header as with ?token=", async () => {
      const token = await makeLink(org.users.admin.id);
      const header = { "x-share-token": token };
      const json = async (r: Response) => ({ status: r.status, body: r.headers.get("content-type")?.includes("json") ? await r.json() : null });
      const waitFinished = async (path: string) => {
        for (let i = 0; i < 400; i++) {
          const r = await json(await apiFetch(t.baseUrl, "GET", path, undefined, undefined, header));
          if (r.status !== 200 || r.body.status !== "generating") return r;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        throw new Error(`${path} still generating`);
      };
      const tested = new Set<string>();
      const expectOk = async (method: string, path: string, route: string, body?: unknown) => {
        tested.add(`${method} ${route}`);
        const r = await json(await apiFetch(t.baseUrl, method, path, undefined, body, header));
        expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
        return r.body;
      };

      const preflight = await expectOk("GET", "/results/preflight", "/results/preflight");
      expect(preflight.surveyId).toBeDefined();
      const question = await expectOk("POST", "/results/question", "/results/question", { questionId: s.questions.nps.id });
      expect(question.mainResult.count).toBe(5);
      await expectOk("POST", "/results/get-used-meta-per-key", "/results/get-used-meta-per-key", { metaKey: "store" });
      const page = await expectOk("POST", "/results/list", "/results/list", {});
      expect(page.total).toBe(5);
      const surveys = await expectOk("GET", "/surveys", "/surveys");
      expect(surveys.map((x: { _id: string }) => x._id)).toEqual([s.survey.id]);
      const { cacheId } = await expectOk("POST", "/results/list", "/results/list", { format: "csv" });
      tested.add("GET /results-feedbacklist/poll");
      const polled = await waitFinished(`/results-feedbacklist/poll?cacheId=${cacheId}`);
      expect(polled.body, JSON.stringify(polled.body)).toMatchObject({ status: "finished" });
      tested.add("GET /exports/{id}/download");
      const file = await apiFetch(t.baseUrl, "GET", `/exports/${cacheId}/download`, undefined, undefined, header);
      expect(file.status).toBe(200);
      expect(await file.text()).toContain("Excellent web shop");
      const pdf = await expectOk("POST", "/results-pdf", "/results-pdf", { data: ["results"] });
      tested.add("GET /results-pdf/poll");
      // Whether this machine can print it or not, the job ends, and the visitor may poll it.
      const printed = await waitFinished(`/results-pdf/poll?id=${pdf.id}`);
      expect(printed.status).toBe(200);
      expect(["finished", "failed"]).toContain(printed.body.status);

      // a journey's analytics: through that journey's own link
      tested.add("POST /results/customer-journey/{id}");
      const journeyHeader = { "x-share-token": await makeLink(org.users.admin.id, { journeyId }) };
      const journey = await json(await apiFetch(t.baseUrl, "POST", `/results/customer-journey/${journeyId}`, undefined, {}, journeyHeader));
      expect(journey.status, JSON.stringify(journey.body)).toBe(200);

      // Without the header (and without a bearer token) the same routes refuse.
      expect((await apiFetch(t.baseUrl, "POST", "/results/question", undefined, { questionId: s.questions.nps.id })).status).toBe(401);

      // The invoice PDF page takes the invoice's own token, not a share link's (rest/v5/billing.test.ts).
      const tokenRoutes = v5Routes.filter((r) => r.auth === "bearerOrQueryToken" && !r.path.startsWith("/subscription/")).map((r) => `${r.method} ${r.path}`);
      expect([...tested].sort()).toEqual([...tokenRoutes].sort());
    });
  });
});
