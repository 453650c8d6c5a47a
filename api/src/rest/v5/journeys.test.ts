// Customer journeys through the real server (spec 001 §3, §5, §7 "Journeys"): create, list, read,
// save and delete over REST and GraphQL with their success messages; the validation rules (eligible
// questions per KPI, touchpoints selected, 24-hex ids, foreign surveys, touchpoints and journeys);
// rights (viewers read, editors edit); and the analytics (KPI per stage now and earlier, over time,
// the results filters) for members and, with ?token=, for a share link's visitor without sign-in.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";
import { journeyMessages } from "../../domain/journeys/journeys.js";
import { shareMessages } from "../../domain/results-scope/share-link.js";

describe.skipIf(noDatabase)("customer journeys", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s1: TestSurvey;
  let s2: TestSurvey;
  let foreignSurvey: TestSurvey;
  let tp1: { id: string };
  let tp2: { id: string };
  let foreignTp: { id: string };
  const tokens: Record<"admin" | "editor" | "viewer" | "otherAdmin", string> = {} as never;
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const journeyBody = (overrides: Record<string, unknown> = {}) => ({
    name: "Purchase",
    steps: [
      { name: "Visit", touchpointIds: [tp1.id], surveys: [{ surveyId: s1.survey.id }] },
      { name: "Checkout", touchpointIds: [tp2.id], surveys: [{ surveyId: s2.survey.id, questionIds: [s2.questions.nps.id] }] },
    ],
    ...overrides,
  });
  // Thursday 2026-03-12 12:00 UTC; "now" for the analytics is passed as explicit dates.
  const at = (day: string, hour = 12) => new Date(`${day}T${String(hour).padStart(2, "0")}:00:00Z`);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Journeys");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    const o = org.organization.id;
    s1 = await createAnalyticsSurvey(t.prisma, o, org.units.unitA.id, "Store visit");
    s2 = await createAnalyticsSurvey(t.prisma, o, org.units.unitA.id, "Checkout");
    foreignSurvey = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.unitA.id, "Foreign");
    tp1 = await createTestTouchpoint(t.prisma, o, org.units.unitA.id, "Entrance", s1.survey.id);
    tp2 = await createTestTouchpoint(t.prisma, o, org.units.unitA.id, "Till", s2.survey.id);
    foreignTp = await createTestTouchpoint(t.prisma, other.organization.id, other.units.unitA.id, "Foreign till");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
    const r = (surveyId: string, touchpointId: string, createdAt: Date, answers: { questionId: string; n: number }[]) => ({
      surveyId,
      touchpointId,
      unitId: org.units.unitA.id,
      createdAt,
      answers,
    });
    await insertTestResponses(t.prisma, o, [
      // now (2026-03-09 … 2026-03-15): stage 1 NPS 10, 9, 3 → (2 − 1) / 3 = 33; stage 2: 10 → 100
      r(s1.survey.id, tp1.id, at("2026-03-09"), [
        { questionId: s1.questions.nps.id, n: 10 },
        { questionId: s1.questions.smiley.id, n: 1 },
      ]),
      r(s1.survey.id, tp1.id, at("2026-03-09"), [{ questionId: s1.questions.nps.id, n: 9 }]),
      r(s1.survey.id, tp1.id, at("2026-03-11"), [
        { questionId: s1.questions.nps.id, n: 3 },
        { questionId: s1.questions.smiley.id, n: 0.5 },
      ]),
      r(s2.survey.id, tp2.id, at("2026-03-10"), [{ questionId: s2.questions.nps.id, n: 10 }]),
      // stage 2's survey answered at stage 1's touchpoint: not in stage 2 (its touchpoints only)
      r(s2.survey.id, tp1.id, at("2026-03-10"), [{ questionId: s2.questions.nps.id, n: 0 }]),
      // earlier (2026-03-02 … 2026-03-08): stage 1 NPS 0 → −100
      r(s1.survey.id, tp1.id, at("2026-03-04"), [{ questionId: s1.questions.nps.id, n: 0 }]),
    ]);
  });
  afterAll(async () => t?.close());

  it("creates (nps by default, eligible questions filled in), lists, reads, saves and deletes a journey", async () => {
    const created = await call("POST", "/customer-journey", tokens.editor, journeyBody());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      organizationId: org.organization.id,
      name: "Purchase",
      kpi: "nps",
      message: journeyMessages.created,
      createdBy: org.users.editorA.id,
      steps: [
        { name: "Visit", touchpointIds: [tp1.id], surveys: [{ surveyId: s1.survey.id, questionIds: [s1.questions.nps.id] }] },
        { name: "Checkout", touchpointIds: [tp2.id], surveys: [{ surveyId: s2.survey.id, questionIds: [s2.questions.nps.id] }] },
      ],
    });
    const id = created.body._id as string;
    const list = await call("GET", "/customer-journey", tokens.viewer);
    expect(list.body.map((j: { _id: string }) => j._id)).toContain(id);
    expect((await call("GET", `/customer-journey/${id}`, tokens.viewer)).body).toMatchObject({ _id: id, name: "Purchase" });

    const saved = await call("PUT", `/customer-journey/${id}`, tokens.editor, journeyBody({ name: "Purchase path", kpi: "average" }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ name: "Purchase path", kpi: "average", message: journeyMessages.saved });
    // average: the smiley, NPS and slider questions of survey 1
    expect(saved.body.steps[0].surveys[0].questionIds).toEqual([s1.questions.smiley.id, s1.questions.nps.id, s1.questions.slider.id]);

    const deleted = await call("DELETE", `/customer-journey/${id}`, tokens.editor);
    expect(deleted.body).toEqual({ status: "ok", _id: id, message: journeyMessages.deleted });
    expect((await call("GET", `/customer-journey/${id}`, tokens.viewer)).status).toBe(404);
    expect((await call("DELETE", `/customer-journey/${id}`, tokens.editor)).status).toBe(404);
  });

  it("refuses bad input with a clear message and saves nothing", async () => {
    const before = await t.prisma.customerJourney.count({ where: { organizationId: org.organization.id } });
    const stage = (over: Record<string, unknown>) => ({ name: "Visit", touchpointIds: [tp1.id], surveys: [{ surveyId: s1.survey.id }], ...over });
    const cases: [unknown, number, string][] = [
      [journeyBody({ name: "  " }), 400, journeyMessages.nameRequired],
      [journeyBody({ kpi: "mood" }), 400, journeyMessages.invalidKpi],
      [journeyBody({ steps: [] }), 400, journeyMessages.stagesRequired],
      [journeyBody({ steps: [stage({ name: "" })] }), 400, journeyMessages.stageNameRequired],
      [journeyBody({ steps: [stage({ touchpointIds: [] })] }), 400, journeyMessages.touchpointsRequired],
      [journeyBody({ steps: [stage({ surveys: [] })] }), 400, journeyMessages.surveysRequired],
      [journeyBody({ steps: [stage({ touchpointIds: ["nope"] })] }), 400, "Invalid id: ids are 24 hexadecimal characters"],
      [journeyBody({ steps: [stage({ surveys: [{ surveyId: "ZZ" }] })] }), 400, "Invalid id: ids are 24 hexadecimal characters"],
      [journeyBody({ steps: [stage({ touchpointIds: [foreignTp.id] })] }), 404, journeyMessages.touchpointNotFound],
      [journeyBody({ steps: [stage({ surveys: [{ surveyId: foreignSurvey.survey.id }] })] }), 404, journeyMessages.surveyNotFound],
      [
        journeyBody({ steps: [stage({ surveys: [{ surveyId: s1.survey.id, questionIds: [foreignSurvey.questions.nps.id] }] })] }),
        404,
        journeyMessages.questionNotFound,
      ],
      // a question of another survey of the same organisation
      [journeyBody({ steps: [stage({ surveys: [{ surveyId: s1.survey.id, questionIds: [s2.questions.nps.id] }] })] }), 404, journeyMessages.questionNotFound],
      [
        journeyBody({ steps: [stage({ surveys: [{ surveyId: s1.survey.id, questionIds: [s1.questions.text.id] }] })] }),
        400,
        journeyMessages.notEligible("nps"),
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await call("POST", "/customer-journey", tokens.editor, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error, JSON.stringify(body)).toBe(message);
    }
    // a survey without any question eligible for the KPI
    const plain = await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Words only" } });
    await t.prisma.question.create({ data: { organizationId: org.organization.id, surveyId: plain.id, position: 0, type: "openText", title: { en: "Why?" } } });
    const noEligible = await call(
      "POST",
      "/customer-journey",
      tokens.editor,
      journeyBody({ kpi: "evi", steps: [stage({ surveys: [{ surveyId: plain.id }] })] }),
    );
    expect(noEligible.body.error).toBe(journeyMessages.noEligibleQuestion("Words only", "evi"));
    expect(await t.prisma.customerJourney.count({ where: { organizationId: org.organization.id } })).toBe(before);
  });

  it("answers ids that are not 24 hex and other organisations' journeys as refused, changing nothing", async () => {
    const mine = (await call("POST", "/customer-journey", tokens.admin, journeyBody({ name: "Mine" }))).body._id as string;
    for (const method of ["GET", "PUT", "DELETE"] as const) {
      const bad = await call(method, "/customer-journey/not-an-id", tokens.admin, method === "PUT" ? journeyBody() : undefined);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe("Invalid id: ids are 24 hexadecimal characters");
      const foreign = await call(method, `/customer-journey/${mine}`, tokens.otherAdmin, method === "PUT" ? journeyBody() : undefined);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error).toBe(journeyMessages.notFound);
    }
    expect((await call("POST", `/results/customer-journey/${mine}`, tokens.otherAdmin, {})).status).toBe(404);
    expect((await call("GET", "/customer-journey", tokens.otherAdmin)).body).toEqual([]);
    expect(await t.prisma.customerJourney.findUnique({ where: { id: mine } })).toMatchObject({ name: "Mine" });
  });

  it("lets viewers read but not edit", async () => {
    const res = await call("POST", "/customer-journey", tokens.viewer, journeyBody());
    expect(res.status).toBe(403);
    expect(res.body.error).toBe(journeyMessages.noRightsToManage);
    expect((await call("GET", "/customer-journey", undefined)).status).toBe(401);
  });

  it("scores each stage by the KPI, now against the earlier period and over time, with the results filters", async () => {
    const id = (await call("POST", "/customer-journey", tokens.editor, journeyBody({ name: "Scored" }))).body._id as string;
    const filters = { from: "2026-03-09", to: "2026-03-15" };
    for (const source of ["bearer", "graphql"] as const) {
      let result: any;
      if (source === "bearer") {
        const res = await call("POST", `/results/customer-journey/${id}`, tokens.viewer, filters);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        result = res.body;
      } else {
        const res = await gql(
          t.baseUrl,
          `query($id: ID!) { journeyResult(id: $id, filters: { from: "2026-03-09", to: "2026-03-15" }) { kpi from to stages { name now { value count } earlier { value count } series { group label value count } } total { now { value count } } } }`,
          { id: globalId("CustomerJourney", id) },
          tokens.viewer,
        );
        expect(res.errors).toBeUndefined();
        result = res.data!.journeyResult;
      }
      expect(result).toMatchObject({ kpi: "nps", from: "2026/03/09", to: "2026/03/15" });
      expect(result.stages[0]).toMatchObject({ name: "Visit", now: { value: 33, count: 3 }, earlier: { value: -100, count: 1 } });
      expect(result.stages[0].series).toEqual([
        { group: "2026-03-09", label: "2026/03/09", value: 100, count: 2 },
        { group: "2026-03-11", label: "2026/03/11", value: -100, count: 1 },
      ]);
      expect(result.stages[1]).toMatchObject({ name: "Checkout", now: { value: 100, count: 1 }, earlier: { value: null, count: 0 } });
      expect(result.total.now).toEqual({ value: 50, count: 4 });
    }
    // the results filters: a touchpoint filter narrows every stage to it
    const narrowed = await call("POST", `/results/customer-journey/${id}`, tokens.admin, { ...filters, channelId: [tp2.id] });
    expect(narrowed.body.stages.map((s: { now: { count: number } }) => s.now.count)).toEqual([0, 1]);
    // average KPI: stage 1 smiley 1 and 0.5 (100, 50) and NPS 10, 9, 3 (100, 90, 30) → 74
    await call("PUT", `/customer-journey/${id}`, tokens.editor, journeyBody({ name: "Scored", kpi: "average" }));
    const average = await call("POST", `/results/customer-journey/${id}`, tokens.admin, filters);
    expect(average.body.stages[0].now).toEqual({ value: 74, count: 5 });
    // bad filters: the analytics messages
    const bad = await call("POST", `/results/customer-journey/${id}`, tokens.admin, { colour: "red" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Unknown filter 'colour'");
  });

  it("opens through a share link's token without sign-in, and not without one", async () => {
    const id = (await call("POST", "/customer-journey", tokens.editor, journeyBody({ name: "Shared" }))).body._id as string;
    const link = await call("POST", "/results/token/create", tokens.admin, { from: "2026-03-09", to: "2026-03-15", journeyId: id });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const visitor = await call("POST", `/results/customer-journey/${id}?token=${link.body.token}`, undefined, {});
    expect(visitor.status, JSON.stringify(visitor.body)).toBe(200);
    expect(visitor.body).toMatchObject({ name: "Shared", from: "2026/03/09", stages: [{ now: { value: 33 } }, { now: { value: 100 } }] });
    expect((await call("POST", `/results/customer-journey/${id}`, undefined, {})).status).toBe(401);
    const invalid = await call("POST", `/results/customer-journey/${id}?token=${"x".repeat(40)}`, undefined, {});
    expect(invalid.status).toBe(404);
    // a link hiding results of fewer than 2 answers: stage 2 (1 answer) shows no value
    const hiding = await call("POST", "/results/token/create", tokens.admin, { from: "2026-03-09", to: "2026-03-15", hideResultsIfLessThan: 2, journeyId: id });
    const hidden = await call("POST", `/results/customer-journey/${id}?token=${hiding.body.token}`, undefined, {});
    expect(hidden.body.stages[0].now).toEqual({ value: 33, count: 3 });
    expect(hidden.body.stages[1]).toMatchObject({ now: { value: null, count: 1 }, series: [] });
    // another organisation's link does not open this organisation's journey
    const otherLink = await call("POST", "/results/token/create", tokens.otherAdmin, {});
    expect((await call("POST", `/results/customer-journey/${id}?token=${otherLink.body.token}`, undefined, {})).status).toBe(404);
  });

  it("a journey's share link opens only its own journey", async () => {
    const first = (await call("POST", "/customer-journey", tokens.editor, journeyBody({ name: "Bound" }))).body._id as string;
    const second = (await call("POST", "/customer-journey", tokens.editor, journeyBody({ name: "Other" }))).body._id as string;
    const link = await call("POST", "/results/token/create", tokens.admin, { from: "2026-03-09", to: "2026-03-15", journeyId: first });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    expect((await t.prisma.shareToken.findUniqueOrThrow({ where: { id: link.body._id } })).journeyId).toBe(first);
    const own = await call("POST", `/results/customer-journey/${first}?token=${link.body.token}`, undefined, {});
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toMatchObject({ name: "Bound" });
    // the same token on another journey of the same organisation: refused, nothing of it shown
    const otherJourney = await call("POST", `/results/customer-journey/${second}?token=${link.body.token}`, undefined, {});
    expect(otherJourney.status).toBe(403);
    expect(otherJourney.body.error).toBe(journeyMessages.shareLinkOfAnotherJourney);
    expect(JSON.stringify(otherJourney.body)).not.toContain("Other");
    // GraphQL answers the same
    const graph = await gql(t.baseUrl, "query($id: ID!, $token: String) { journeyResult(id: $id, shareToken: $token) { name } }", {
      id: globalId("CustomerJourney", second),
      token: link.body.token,
    });
    expect(graph.errors?.[0]?.message).toBe(journeyMessages.shareLinkOfAnotherJourney);
    // a results link (no journey) opens no journey
    const results = await call("POST", "/results/token/create", tokens.admin, { from: "2026-03-09", to: "2026-03-15" });
    const viaResults = await call("POST", `/results/customer-journey/${first}?token=${results.body.token}`, undefined, {});
    expect(viaResults.status).toBe(403);
    expect(viaResults.body.error).toBe(journeyMessages.shareLinkOfAnotherJourney);
    // the journey's link opens nothing else: not the results, not a results export
    for (const [method, path, body] of [
      ["POST", `/results/question?token=${link.body.token}`, { questionId: s1.questions.nps.id }],
      ["POST", `/results/list?token=${link.body.token}`, {}],
      ["POST", `/results-pdf?token=${link.body.token}`, { data: ["summary"] }],
    ] as const) {
      const refused = await call(method, path, undefined, body);
      expect({ path, status: refused.status, error: refused.body.error }).toEqual({ path, status: 403, error: shareMessages.journeyOnly });
    }
    // a link can be made only for a journey of the caller's organisation, with a well-formed id
    const before = await t.prisma.shareToken.count();
    const foreign = await call("POST", "/results/token/create", tokens.otherAdmin, { journeyId: first });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(journeyMessages.notFound);
    const malformed = await call("POST", "/results/token/create", tokens.admin, { journeyId: "nope" });
    expect(malformed.status).toBe(400);
    expect(await t.prisma.shareToken.count()).toBe(before);
  });

  it("edits through GraphQL with the same rules and messages", async () => {
    const input = `{ name: "Graph", steps: [{ name: "Visit", touchpointIds: ["${tp1.id}"], surveys: [{ surveyId: "${s1.survey.id}" }] }] }`;
    const created = await gql(
      t.baseUrl,
      `mutation { createCustomerJourney(input: ${input}) { message journey { id legacyId kpi steps { name touchpointIds surveys { surveyId questionIds } } } } }`,
      {},
      tokens.editor,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createCustomerJourney).toMatchObject({
      message: journeyMessages.created,
      journey: { kpi: "nps", steps: [{ name: "Visit", touchpointIds: [tp1.id] }] },
    });
    const gid = created.data!.createCustomerJourney.journey.id;
    const saved = await gql(
      t.baseUrl,
      `mutation($id: ID!) { updateCustomerJourney(id: $id, input: { name: "Graph 2", kpi: count, steps: [{ name: "Visit", touchpointIds: [], surveys: [] }] }) { message } }`,
      { id: gid },
      tokens.editor,
    );
    expect(saved.errors?.[0]?.message).toBe(journeyMessages.touchpointsRequired);
    const list = await gql(t.baseUrl, `{ customerJourneys { legacyId name } }`, {}, tokens.viewer);
    expect(list.data!.customerJourneys.some((j: { name: string }) => j.name === "Graph")).toBe(true);
    const deleted = await gql(t.baseUrl, `mutation($id: ID!) { deleteCustomerJourney(id: $id) { deletedJourneyId message } }`, { id: gid }, tokens.editor);
    expect(deleted.data!.deleteCustomerJourney).toEqual({ deletedJourneyId: gid, message: journeyMessages.deleted });
  });

  it("starts a journey's PDF only for a journey of the organisation", async () => {
    const id = (await call("POST", "/customer-journey", tokens.editor, journeyBody({ name: "Printed" }))).body._id as string;
    const before = await t.prisma.exportJob.count({ where: { organizationId: { in: [org.organization.id, other.organization.id] } } });
    const missing = await call("POST", "/results-pdf", tokens.admin, { data: ["customerJourney"], type: "customerJourney" });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("A customerJourney PDF needs the journeyId");
    const badId = await call("POST", "/results-pdf", tokens.admin, { data: ["customerJourney"], type: "customerJourney", journeyId: "nope" });
    expect(badId.status).toBe(400);
    const foreign = await call("POST", "/results-pdf", tokens.otherAdmin, { data: ["customerJourney"], type: "customerJourney", journeyId: id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe(journeyMessages.notFound);
    expect(await t.prisma.exportJob.count({ where: { organizationId: { in: [org.organization.id, other.organization.id] } } })).toBe(before);
  });
});
