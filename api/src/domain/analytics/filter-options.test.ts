// The results filter bar's choices on the real server and PostgreSQL (GraphQL resultsFilterOptions,
// REST preflight and get-used-meta-per-key): a share link's visitor gets the surveys, touchpoints,
// questions and metadata only for the filters the link's allowChanges opens, bounded by the link
// creator's teams and the link's own team and surveys; no permission, an expired or a tampered token
// give nothing; another organisation's ids never appear. Members get every list within their view.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { apiCall } from "../../test/rest-client.js";
import { globalId } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { generateShareToken } from "../results-scope/share-token.js";
import { shareMessages } from "../results-scope/share-link.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, type TestSurvey } from "../../test/analytics-survey.js";

type Options = {
  surveys: { legacyId: string; name: string }[];
  touchpoints: { legacyId: string; name: string; unitLegacyId: string }[];
  questions: { legacyId: string; surveyLegacyId: string; type: string; title: unknown; choices: unknown }[];
  metaKeys: { key: string; count: number; values: { value: string; count: number }[] }[];
};
type Answer = { data?: { resultsFilterOptions: Options } | null; errors?: { message: string; extensions?: { code?: string } }[] };

const query = `query ($f: ResultsFilterInput) { resultsFilterOptions(filters: $f) {
  surveys { legacyId name } touchpoints { legacyId name unitLegacyId }
  questions { legacyId surveyLegacyId type title { language text } choices { id text { language text } cluster hidden } } metaKeys { key count values { value count } } } }`;

describe.skipIf(noDatabase)("results filter options", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let stores: TestSurvey;
  let web: TestSurvey;
  let foreign: TestSurvey;
  const tp: Record<string, string> = {};
  const window = { from: "2026-10-08", to: "2026-10-14" };
  const at = (d: number, h: number) => new Date(Date.UTC(2026, 9, d, h));

  /** A visitor's GraphQL call: the X-Share-Token header, never a bearer token. */
  const visit = async (shareToken: string, filters: Record<string, unknown> = {}): Promise<Answer> => {
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-share-token": shareToken },
      body: JSON.stringify({ query, variables: { f: filters } }),
    });
    return (await response.json()) as Answer;
  };
  const member = async (bearer: string, filters: Record<string, unknown> = {}): Promise<Answer> => {
    const response = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${bearer}` },
      body: JSON.stringify({ query, variables: { f: filters } }),
    });
    return (await response.json()) as Answer;
  };
  const makeLink = async ({ filters, ...data }: { createdByUserId: string; allowChanges: string[]; filters?: object; expiredAt?: Date }) => {
    const { token, tokenHash } = generateShareToken();
    await t.prisma.shareToken.create({
      data: { organizationId: org.organization.id, token: tokenHash, name: "Link", filters: { ...window, ...(filters ?? {}) }, ...data },
    });
    return token;
  };
  const everyId = (o: Options) => [
    ...o.surveys.map((s) => s.legacyId),
    ...o.touchpoints.map((x) => x.legacyId),
    ...o.questions.flatMap((q) => [q.legacyId, q.surveyLegacyId]),
  ];
  const foreignIds = () => [foreign.survey.id, tp.other!, ...Object.values(foreign.questions).map((q) => q.id)];

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Options");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    stores = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id, "Store survey");
    web = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitB.id, "Web survey");
    foreign = await createAnalyticsSurvey(t.prisma, other.organization.id, other.units.root.id, "Foreign survey");
    tp.a = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Alpha door", stores.survey.id)).id;
    tp.a1 = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA1.id, "Alpha one", stores.survey.id)).id;
    tp.b = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitB.id, "Beta web", web.survey.id)).id;
    tp.other = (await createTestTouchpoint(t.prisma, other.organization.id, other.units.root.id, "Other door", foreign.survey.id)).id;
    const nps = (s: TestSurvey, n: number) => [{ questionId: s.questions.nps.id, n }];
    await insertTestResponses(t.prisma, org.organization.id, [
      {
        surveyId: stores.survey.id,
        touchpointId: tp.a!,
        unitId: org.units.unitA.id,
        createdAt: at(9, 10),
        metadata: { store: "1", region: "north" },
        answers: nps(stores, 9),
      },
      {
        surveyId: stores.survey.id,
        touchpointId: tp.a1!,
        unitId: org.units.unitA1.id,
        createdAt: at(10, 10),
        metadata: { store: "2", region: "north" },
        answers: nps(stores, 3),
      },
      {
        surveyId: stores.survey.id,
        touchpointId: tp.a!,
        unitId: org.units.unitA.id,
        createdAt: at(11, 10),
        metadata: { store: "1" },
        answers: nps(stores, 10),
      },
      {
        surveyId: web.survey.id,
        touchpointId: tp.b!,
        unitId: org.units.unitB.id,
        createdAt: at(9, 12),
        metadata: { campaign: "autumn" },
        answers: nps(web, 7),
      },
      // Outside the window: its metadata is not offered.
      {
        surveyId: stores.survey.id,
        touchpointId: tp.a!,
        unitId: org.units.unitA.id,
        createdAt: at(1, 10),
        metadata: { store: "9", old: "yes" },
        answers: nps(stores, 5),
      },
    ]);
    await insertTestResponses(t.prisma, other.organization.id, [
      {
        surveyId: foreign.survey.id,
        touchpointId: tp.other!,
        unitId: other.units.root.id,
        createdAt: at(9, 10),
        metadata: { secret: "x", store: "99" },
        answers: nps(foreign, 1),
      },
    ]);
  });
  afterAll(async () => t?.close());

  it("a visitor whose link lets them change surveys, touchpoints, answers and metadata gets those lists, within the creator's teams", async () => {
    // The creator administers Stores (unitA and its Helsinki store), not Online (unitB).
    const token = await makeLink({ createdByUserId: org.users.adminA.id, allowChanges: ["surveyId", "channelId", "restrictByAnswer", "metaDataMatch"] });
    const answer = await visit(token, { utcOffset: 0 });
    expect(answer.errors).toBeUndefined();
    const o = answer.data!.resultsFilterOptions;
    expect(o.surveys).toEqual([{ legacyId: stores.survey.id, name: "Store survey" }]);
    expect(o.touchpoints.map((x) => x.name)).toEqual(["Alpha door", "Alpha one"]);
    expect(new Set(o.questions.map((q) => q.surveyLegacyId))).toEqual(new Set([stores.survey.id]));
    // Every analysed question of the survey, with its stored title and choices (emotions with their clusters).
    expect(o.questions.map((q) => q.type)).toEqual(["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion"]);
    const emotion = o.questions.find((q) => q.type === "emotion")!;
    expect(emotion.title).toEqual([{ language: "en", text: "emotion question" }]);
    expect(emotion.choices).toEqual(expect.arrayContaining([{ id: "happy", text: [{ language: "en", text: "Happy" }], cluster: "advocacy", hidden: false }]));
    // Metadata in the window and the creator's teams only (no "campaign" from Online, no "old" from before).
    expect(o.metaKeys).toEqual([
      {
        key: "store",
        count: 3,
        values: [
          { value: "1", count: 2 },
          { value: "2", count: 1 },
        ],
      },
      { key: "region", count: 2, values: [{ value: "north", count: 2 }] },
    ]);
    for (const id of foreignIds()) expect(everyId(o)).not.toContain(id);
    expect(everyId(o)).not.toContain(web.survey.id);
    expect(everyId(o)).not.toContain(tp.b);
  });

  it("an organisation admin's link pinned to a team offers that team's surveys and touchpoints only", async () => {
    const token = await makeLink({
      createdByUserId: org.users.admin.id,
      allowChanges: ["surveyId", "channelId", "groupBy"],
      filters: { unitId: org.units.unitB.id },
    });
    const o = (await visit(token)).data!.resultsFilterOptions;
    expect(o.surveys.map((s) => s.name)).toEqual(["Web survey"]);
    expect(o.touchpoints.map((x) => x.name)).toEqual(["Beta web"]);
    // Questions are not the visitor's to restrict by: not listed. Grouping by metadata: the keys are.
    expect(o.questions).toEqual([]);
    expect(o.metaKeys.map((k) => k.key)).toEqual(["campaign"]);
  });

  it("with the surveys fixed by the link, the questions are the link's survey's only; its own metadata match narrows the values unless the visitor may change it", async () => {
    const fixed = await makeLink({
      createdByUserId: org.users.admin.id,
      allowChanges: ["restrictByAnswer", "groupBy"],
      filters: { surveyId: [web.survey.id], metaDataMatch: { strict: true, items: [{ key: "campaign", value: "autumn" }] } },
    });
    const o = (await visit(fixed, { surveyIds: [globalId("Survey", stores.survey.id)] })).data!.resultsFilterOptions;
    expect(o.surveys).toEqual([]);
    expect(new Set(o.questions.map((q) => q.surveyLegacyId))).toEqual(new Set([web.survey.id]));
    expect(o.metaKeys.map((k) => k.key)).toEqual(["campaign"]);
    const open = await makeLink({
      createdByUserId: org.users.admin.id,
      allowChanges: ["metaDataMatch"],
      filters: { metaDataMatch: { strict: true, items: [{ key: "campaign", value: "autumn" }] } },
    });
    expect((await visit(open)).data!.resultsFilterOptions.metaKeys.map((k) => k.key)).toEqual(["store", "region", "campaign"]);
  });

  it("a visitor without the permission gets no lists, through GraphQL and REST alike", async () => {
    const token = await makeLink({ createdByUserId: org.users.admin.id, allowChanges: ["date", "options.view"] });
    expect((await visit(token)).data!.resultsFilterOptions).toEqual({ surveys: [], touchpoints: [], questions: [], metaKeys: [] });
    const pre = await apiCall(t.baseUrl, "GET", `/results/preflight?token=${token}&from=${window.from}&to=${window.to}`, undefined);
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.sourceList).toEqual([]);
    expect(pre.body.usedMeta).toEqual([]);
    const values = await apiCall(t.baseUrl, "POST", `/results/get-used-meta-per-key?token=${token}`, undefined, { metaKey: "store" });
    expect(values.status).toBe(200);
    expect(values.body).toEqual({ key: "store", values: [] });
  });

  it("REST preflight and used metadata honour allowChanges, the creator's teams and the organisation", async () => {
    const token = await makeLink({ createdByUserId: org.users.adminA.id, allowChanges: ["channelId", "metaDataMatch"] });
    const pre = await apiCall(t.baseUrl, "GET", `/results/preflight?token=${token}&from=${window.from}&to=${window.to}&utcOffset=0`, undefined);
    expect(pre.status, JSON.stringify(pre.body)).toBe(200);
    expect(pre.body.sourceList.flatMap((g: { touchpoints: { name: string }[] }) => g.touchpoints.map((x) => x.name)).sort()).toEqual([
      "Alpha door",
      "Alpha one",
    ]);
    expect(pre.body.usedMeta).toEqual([
      { key: "store", count: 3 },
      { key: "region", count: 2 },
    ]);
    const values = await apiCall(t.baseUrl, "POST", `/results/get-used-meta-per-key?token=${token}`, undefined, { metaKey: "store", ...window });
    expect(values.body.values).toEqual([
      { value: "1", count: 2 },
      { value: "2", count: 1 },
    ]);
    expect(JSON.stringify(pre.body)).not.toContain(tp.other);
  });

  it("an expired (410) or tampered (404) token gets nothing", async () => {
    const token = await makeLink({ createdByUserId: org.users.admin.id, allowChanges: ["surveyId"], expiredAt: new Date(Date.now() - 1000) });
    const expired = await visit(token);
    expect(expired.data ?? null).toBeNull();
    expect(expired.errors?.[0]).toMatchObject({ message: shareMessages.expired, extensions: { code: "GONE" } });
    expect((await apiCall(t.baseUrl, "GET", `/results/preflight?token=${token}`, undefined)).status).toBe(410);

    const valid = await makeLink({ createdByUserId: org.users.admin.id, allowChanges: ["surveyId"] });
    const tampered = valid.slice(0, -2) + (valid.endsWith("AA") ? "BB" : "AA");
    const refused = await visit(tampered);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toBe(shareMessages.invalid);
    expect((await apiCall(t.baseUrl, "GET", `/results/preflight?token=${tampered}`, undefined)).status).toBe(404);
    expect((await apiCall(t.baseUrl, "POST", `/results/get-used-meta-per-key?token=${tampered}`, undefined, { metaKey: "store" })).status).toBe(404);
  });

  it("members get every list within what they see; another organisation's ids never appear", async () => {
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    const admin = (await member(await signIn(org.users.admin.email), window)).data!.resultsFilterOptions;
    expect(admin.surveys.map((s) => s.name)).toEqual(["Store survey", "Web survey"]);
    expect(admin.touchpoints.map((x) => x.name)).toEqual(["Alpha door", "Alpha one", "Beta web"]);
    expect(admin.metaKeys.map((k) => k.key)).toEqual(["store", "region", "campaign"]);
    for (const id of foreignIds()) expect(everyId(admin)).not.toContain(id);
    const viewer = (await member(await signIn(org.users.viewerA.email), window)).data!.resultsFilterOptions;
    expect(viewer.surveys.map((s) => s.name)).toEqual(["Store survey"]);
    expect(viewer.touchpoints.map((x) => x.name)).toEqual(["Alpha door", "Alpha one"]);
    // Another organisation's survey ids in the filters change nothing.
    const foreignFilter = (await member(await signIn(org.users.admin.email), { ...window, surveyIds: [globalId("Survey", foreign.survey.id)] })).data!
      .resultsFilterOptions;
    for (const id of foreignIds()) expect(everyId(foreignFilter)).not.toContain(id);
  });
});
