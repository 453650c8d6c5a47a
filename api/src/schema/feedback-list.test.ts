// GraphQL feedback list and response mutations on the real server: feedbackList pages forward with
// keyset cursors (columns and cells line up, labels in the asked language), another organisation and
// anonymous callers get nothing; hideResponse, deleteResponse and updateResponseMetadata follow the
// same rules as REST (editors and admins of the response's team; viewers refused; others not found).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, createShareLinkFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../test/list-survey.js";
import { feedbackListMessages } from "../domain/feedback-list/list.js";
import { responseMessages } from "../domain/responses/manage.js";

const day = (d: Date) => d.toISOString().slice(0, 10);

describe.skipIf(noDatabase)("GraphQL feedback list and responses", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: ListSurvey;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const base = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - 2, 10, 15));
  const at = (h: number) => new Date(base.getTime() + h * 3_600_000);
  const window = () => ({ from: day(new Date(base.getTime() - 3 * 86_400_000)), to: day(new Date()) });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Listed");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    s = await createListSurvey(t.prisma, org);
    const [first, second, hidden, inB, hiddenText] = await insertResponses(t.prisma, org.organization.id, s.survey.id, [
      { touchpoint: s.touchpointA, createdAt: at(0), metadata: { store: "Kamppi" }, answers: fullAnswers(s) },
      { touchpoint: s.touchpointA, createdAt: at(1), answers: fullAnswers(s, { choice: "bad" }) },
      { touchpoint: s.touchpointA, createdAt: at(2), hidden: true, answers: fullAnswers(s) },
      { touchpoint: s.touchpointB, createdAt: at(3), answers: fullAnswers(s) },
      { touchpoint: s.touchpointA, createdAt: at(4), answers: fullAnswers(s, { hideText: true }) },
    ]);
    Object.assign(ids, { first, second, hidden, inB, hiddenText });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("GraphQL feedbackList pages forward with cursors; columns and cells line up", async () => {
    const query = `query($f: ResultsFilterInput, $after: String) { feedbackList(filters: $f, locale: "fi", first: 2, after: $after) {
      totalCount columns { key title kind } metaKeys
      edges { cursor node { responseLegacyId hidden hiddenAnswers cells { key text number } } }
      pageInfo { hasNextPage endCursor } } }`;
    const f = { ...window(), surveyIds: [globalId("Survey", s.survey.id)] };
    const one = await gql(t.baseUrl, query, { f }, tokens.editorA);
    expect(one.errors).toBeUndefined();
    const c1 = one.data!.feedbackList;
    expect(c1.totalCount).toBe(4);
    expect(c1.edges.map((e: any) => e.node.responseLegacyId)).toEqual([ids.hiddenText, ids.hidden]);
    expect(c1.pageInfo.hasNextPage).toBe(true);
    const two = await gql(t.baseUrl, query, { f, after: c1.pageInfo.endCursor }, tokens.editorA);
    const c2 = two.data!.feedbackList;
    expect(c2.edges.map((e: any) => e.node.responseLegacyId)).toEqual([ids.second, ids.first]);
    expect(c2.pageInfo.hasNextPage).toBe(false);
    const cells = c2.edges[1].node.cells;
    expect(cells.map((c: { key: string }) => c.key)).toEqual(c2.columns.map((c: { key: string }) => c.key));
    expect(cells.find((c: { key: string }) => c.key === s.questions.smiley.id)).toMatchObject({ text: "4", number: 4 });
    expect(cells.find((c: { key: string }) => c.key === s.questions.single.id)).toMatchObject({ text: "Hyvä", number: null });
    const bad = await gql(t.baseUrl, query, { f, after: "bm9wZQ" }, tokens.editorA);
    expect(bad.errors?.[0]?.message).toBe(feedbackListMessages.badCursor);
    const anonymous = await gql(t.baseUrl, query, { f });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const foreign = await gql(t.baseUrl, query, { f }, tokens.otherAdmin);
    expect(foreign.data!.feedbackList.totalCount).toBe(0);
  });

  it("a share link's visitor reads the list with shareToken or the X-Share-Token header, and nothing without a valid token", async () => {
    const token = await createShareLinkFixture(t.prisma, org, { filters: { ...window(), surveyId: [s.survey.id] }, allowChanges: [] });
    const query = `query($token: String) { feedbackList(shareToken: $token, first: 10) { totalCount edges { node { responseLegacyId hidden } } } }`;
    const byArgument = await gql(t.baseUrl, query, { token });
    expect(byArgument.errors).toBeUndefined();
    // Hidden responses stay out of share links: four of the five.
    expect(byArgument.data!.feedbackList.totalCount).toBe(4);
    expect(byArgument.data!.feedbackList.edges.map((e: any) => e.node.responseLegacyId)).not.toContain(ids.hidden);
    const byHeader = await fetch(`${t.baseUrl}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-share-token": token },
      body: JSON.stringify({ query, variables: {} }),
    }).then((r) => r.json() as Promise<any>);
    expect(byHeader.errors).toBeUndefined();
    expect(byHeader.data.feedbackList.totalCount).toBe(4);
    const tampered = await gql(t.baseUrl, query, { token: token.slice(0, -1) + (token.endsWith("A") ? "B" : "A") });
    expect(tampered.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    expect(tampered.data).toBeNull();
  });

  it("rows carry their whole metadata for members (hidden meta_ columns too, for the metadata editor); a visitor gets none", async () => {
    await t.prisma.response.update({ where: { id: ids.hiddenText! }, data: { metadata: { store: "Itis", lane: 3 } } });
    const query = `query($f: ResultsFilterInput, $token: String) { feedbackList(filters: $f, shareToken: $token, first: 10) {
      columns { key } edges { node { responseId responseLegacyId metadata { key value } } } } }`;
    const f = { ...window(), surveyIds: [globalId("Survey", s.survey.id)], feedbackListHiddenColumns: ["meta_store", "meta_lane"] };
    const member = await gql(t.baseUrl, query, { f }, tokens.editorA);
    expect(member.errors).toBeUndefined();
    const list = member.data!.feedbackList;
    expect(list.columns.map((c: { key: string }) => c.key).filter((k: string) => k.startsWith("meta_"))).toEqual([]);
    const node = (id: string) => list.edges.find((e: any) => e.node.responseLegacyId === id).node;
    expect(node(ids.hiddenText!).metadata).toEqual([
      { key: "lane", value: "3" },
      { key: "store", value: "Itis" },
    ]);
    expect(node(ids.first!).metadata).toEqual([{ key: "store", value: "Kamppi" }]);
    // Each row carries the response's global id, which the mutations below take.
    expect(node(ids.first!).responseId).toBe(globalId("Response", ids.first!));
    expect(node(ids.second!).metadata).toEqual([]);

    const token = await createShareLinkFixture(t.prisma, org, { filters: { ...window(), surveyId: [s.survey.id] }, allowChanges: [] });
    const visitor = await gql(t.baseUrl, query, { token });
    expect(visitor.errors).toBeUndefined();
    expect(visitor.data!.feedbackList.edges.length).toBeGreaterThan(0);
    for (const e of visitor.data!.feedbackList.edges) expect(e.node.metadata).toBeNull();
  });

  it("each row says whether the caller may manage it: an admin and the team's editor may, the team's viewer and a visitor may not", async () => {
    const query = `query($f: ResultsFilterInput, $token: String) { feedbackList(filters: $f, shareToken: $token, first: 10) {
      edges { node { responseLegacyId viewerCanManage } } } }`;
    const f = { ...window(), surveyIds: [globalId("Survey", s.survey.id)] };
    const rows = async (token?: string, shareToken?: string) => {
      const r = await gql(t.baseUrl, query, { f: shareToken ? undefined : f, token: shareToken }, token);
      expect(r.errors).toBeUndefined();
      return new Map<string, boolean>(r.data!.feedbackList.edges.map((e: any) => [e.node.responseLegacyId, e.node.viewerCanManage]));
    };
    const admin = await rows(tokens.admin);
    expect(admin.get(ids.first!)).toBe(true);
    expect(admin.get(ids.inB!)).toBe(true);
    const editor = await rows(tokens.editorA);
    expect(editor.get(ids.first!)).toBe(true);
    expect(editor.get(ids.hidden!)).toBe(true);
    const viewer = await rows(tokens.viewerA);
    expect(viewer.get(ids.first!)).toBe(false);
    expect([...viewer.values()].some(Boolean)).toBe(false);
    const token = await createShareLinkFixture(t.prisma, org, { filters: { ...window(), surveyId: [s.survey.id] }, allowChanges: [] });
    const visitor = await rows(undefined, token);
    expect(visitor.size).toBeGreaterThan(0);
    expect([...visitor.values()].some(Boolean)).toBe(false);
  });

  it("hideResponse, updateResponseMetadata and deleteResponse: editors may, viewers and other organisations may not", async () => {
    const rid = (id: string | undefined) => globalId("Response", id!);
    const hide = `mutation($id: ID!, $q: ID) { hideResponse(responseId: $id, hidden: true, questionId: $q) { responseLegacyId hidden hiddenAnswers } }`;
    const viewer = await gql(t.baseUrl, hide, { id: rid(ids.first) }, tokens.viewerA);
    expect(viewer.errors?.[0]?.message).toBe(responseMessages.noRights);
    const foreign = await gql(t.baseUrl, hide, { id: rid(ids.first) }, tokens.otherAdmin);
    expect(foreign.errors?.[0]?.message).toBe(responseMessages.notFound);
    expect((await t.prisma.response.findUniqueOrThrow({ where: { id: ids.first! } })).hidden).toBe(false);
    // The id of another type (the response's survey) is refused as such, and nothing is hidden.
    const wrongType = await gql(t.baseUrl, hide, { id: globalId("Survey", s.survey.id) }, tokens.editorA);
    expect(wrongType.data).toBeNull();
    expect(wrongType.errors?.[0]).toMatchObject({ message: expect.stringMatching(/is not of type: Response$/), extensions: { code: "BAD_USER_INPUT" } });
    const malformed = await gql(t.baseUrl, hide, { id: ids.first }, tokens.editorA);
    expect(malformed.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect((await t.prisma.response.findUniqueOrThrow({ where: { id: ids.first! } })).hidden).toBe(false);
    const answer = await gql(t.baseUrl, hide, { id: rid(ids.first), q: globalId("Question", s.questions.nps.id) }, tokens.editorA);
    expect(answer.data?.hideResponse).toEqual({ responseLegacyId: ids.first, hidden: false, hiddenAnswers: [s.questions.nps.id] });
    const whole = await gql(t.baseUrl, hide, { id: rid(ids.first) }, tokens.editorA);
    expect(whole.data?.hideResponse.hidden).toBe(true);

    const meta = `mutation($id: ID!, $set: [MetadataPairInput!]!) { updateResponseMetadata(responseId: $id, updatedMetaSet: $set) { responseLegacyId metadata { key value } } }`;
    const updated = await gql(t.baseUrl, meta, { id: rid(ids.second), set: [{ key: "store", value: "Itis" }] }, tokens.editorA);
    expect(updated.data?.updateResponseMetadata.metadata).toEqual([{ key: "store", value: "Itis" }]);
    const bad = await gql(t.baseUrl, meta, { id: rid(ids.second), set: [{ key: "", value: "x" }] }, tokens.editorA);
    expect(bad.errors?.[0]?.message).toBe(responseMessages.metaKeyBlank);
    expect((await t.prisma.response.findUniqueOrThrow({ where: { id: ids.second! } })).metadata).toEqual({ store: "Itis" });

    const del = `mutation($id: ID!) { deleteResponse(responseId: $id) { deletedResponseLegacyId } }`;
    expect((await gql(t.baseUrl, del, { id: rid(ids.inB) }, tokens.editorA)).errors?.[0]?.message).toBe(responseMessages.notFound);
    expect((await gql(t.baseUrl, del, { id: rid(ids.inB) }, tokens.viewerA)).errors?.[0]?.message).toBe(responseMessages.notFound);
    expect(await t.prisma.response.count({ where: { id: ids.inB! } })).toBe(1);
    const deleted = await gql(t.baseUrl, del, { id: rid(ids.inB) }, tokens.admin);
    expect(deleted.data?.deleteResponse).toEqual({ deletedResponseLegacyId: ids.inB });
    expect(await t.prisma.response.count({ where: { id: ids.inB! } })).toBe(0);
  });
});
