// Managing responses on the real server (spec 001 §7 PUT /responses/{id}/hide, DELETE /responses/{id},
// PUT /responses/{id} with updatedMetaSet): editors and admins of the response's team may; a viewer
// is refused, an admin of another team or organisation gets "not found", bad input is refused with a
// clear message, and in every refused case nothing changes. Roll-ups follow each change and a
// deletion's new counts are published live.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "../../test/rest-client.js";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, subscribeWs } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../../test/list-survey.js";
import { responseMessages } from "../../domain/responses/manage.js";
import { rebuildRollups } from "../../domain/analytics/rollups.js";
import { answersOf } from "../../domain/answers/rows.js";

describe.skipIf(noDatabase)("responses", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: ListSurvey;
  let otherSurvey: ListSurvey;
  const tokens: Record<string, string> = {};
  const at = new Date(Date.UTC(2026, 0, 15, 9, 30));
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const add = async (n = 1, metadata: Record<string, string> = { store: "Kamppi" }) =>
    insertResponses(
      t.prisma,
      org.organization.id,
      s.survey.id,
      Array.from({ length: n }, (_, i) => ({ touchpoint: s.touchpointA, createdAt: new Date(at.getTime() + i * 60_000), metadata, answers: fullAnswers(s) })),
    );
  /** The response row and every stored answer of it (coded in the row or an "Answer" row), in question order; null once deleted. */
  const snapshot = async (id: string) => {
    const response = await t.prisma.response.findUnique({ where: { id } });
    if (!response) return null;
    const answers = (await answersOf(t.prisma, [id])).sort((a, b) => a.questionId.localeCompare(b.questionId));
    return { ...response, answers };
  };
  const answerCount = async (id: string) =>
    (await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "EveryAnswer" WHERE "responseId" = $1`, id))[0]!.n;
  const dayRollup = async () =>
    (
      await t.prisma.rollupResponseDay.findMany({
        where: { organizationCode: org.organization.code, surveyCode: s.survey.code, touchpointCode: s.touchpointA.code },
      })
    ).reduce((n, r) => n + r.responses, 0);

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Responding");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    s = await createListSurvey(t.prisma, org);
    otherSurvey = await createListSurvey(t.prisma, other);
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("hides and shows a whole response; the roll-ups follow", async () => {
    const [id] = await add(3);
    await rebuildRollups(t.prisma, org.organization.id);
    const before = await dayRollup();
    const hide = await call("PUT", `/responses/${id}/hide`, tokens.editorA, { hidden: true, responseId: id });
    expect(hide.status, JSON.stringify(hide.body)).toBe(200);
    expect(hide.body).toEqual({ _id: id, hidden: true, hiddenAnswers: [] });
    expect((await snapshot(id!))!.hidden).toBe(true);
    expect(await dayRollup()).toBe(before - 1);
    const show = await call("PUT", `/responses/${id}/hide`, tokens.admin, { hidden: false });
    expect(show.body.hidden).toBe(false);
    expect(await dayRollup()).toBe(before);
  });

  it("hides one answer with questionId", async () => {
    const [id] = await add();
    const r = await call("PUT", `/responses/${id}/hide`, tokens.editorA, { hidden: true, questionId: s.questions.text.id, responseId: id });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ _id: id, hidden: false, hiddenAnswers: [s.questions.text.id] });
    const answers = (await snapshot(id!))!.answers;
    expect(answers.filter((a) => a.hidden).map((a) => a.questionId)).toEqual([s.questions.text.id]);
  });

  it("refuses a viewer, another team's admin and another organisation; bad input; nothing changes", async () => {
    const [id] = await add();
    const before = await snapshot(id!);
    const cases: [string | undefined, unknown, number, string | undefined][] = [
      [tokens.viewerA, { hidden: true }, 403, responseMessages.noRights],
      [tokens.adminB, { hidden: true }, 404, responseMessages.notFound],
      [tokens.otherAdmin, { hidden: true }, 404, responseMessages.notFound],
      [undefined, { hidden: true }, 401, "Not logged in"],
      [tokens.editorA, { hidden: "yes" }, 400, responseMessages.hiddenRequired],
      [tokens.editorA, {}, 400, responseMessages.hiddenRequired],
      [tokens.editorA, { hidden: true, responseId: otherSurvey.survey.id }, 400, responseMessages.responseIdMismatch],
      [tokens.editorA, { hidden: true, questionId: otherSurvey.questions.text.id }, 404, responseMessages.answerNotFound],
    ];
    for (const [token, body, status, message] of cases) {
      const r = await call("PUT", `/responses/${id}/hide`, token, body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      if (message) expect(r.body.error, JSON.stringify(body)).toBe(message);
    }
    expect((await call("PUT", `/responses/not-an-id/hide`, tokens.editorA, { hidden: true })).status).toBe(400);
    expect(await snapshot(id!)).toEqual(before);
  });

  it("another organisation's response id is not found for our admin, and stays as it was", async () => {
    const [foreign] = await insertResponses(t.prisma, other.organization.id, otherSurvey.survey.id, [
      { touchpoint: otherSurvey.touchpointA, createdAt: at, answers: fullAnswers(otherSurvey) },
    ]);
    const before = await snapshot(foreign!);
    for (const [method, path, body] of [
      ["PUT", `/responses/${foreign}/hide`, { hidden: true }],
      ["PUT", `/responses/${foreign}/hide`, { hidden: true, questionId: otherSurvey.questions.text.id }],
      ["DELETE", `/responses/${foreign}`, undefined],
      ["PUT", `/responses/${foreign}`, { updatedMetaSet: [{ key: "x", value: "y" }] }],
    ] as const) {
      const r = await call(method, path, tokens.admin, body);
      expect(r.status, path).toBe(404);
      expect(r.body.error).toBe(responseMessages.notFound);
    }
    expect(await snapshot(foreign!)).toEqual(before);
  });

  it("replaces the metadata with updatedMetaSet and answers OK", async () => {
    const [id] = await add(1, { store: "Kamppi", lane: "3" });
    const r = await call("PUT", `/responses/${id}`, tokens.editorA, {
      updatedMetaSet: [
        { key: "store", value: "Itis" },
        { key: "visits", value: 4 },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ok: true, _id: id, metadata: { store: "Itis", visits: "4" } });
    expect((await snapshot(id!))!.metadata).toEqual({ store: "Itis", visits: "4" });
  });

  it("refuses invalid metadata with a clear message and changes nothing", async () => {
    const [id] = await add(1, { store: "Kamppi" });
    const before = await snapshot(id!);
    const cases: [unknown, string][] = [
      [{}, responseMessages.metaSetRequired],
      [{ updatedMetaSet: "store=Itis" }, responseMessages.metaSetRequired],
      [{ updatedMetaSet: [{ key: "  ", value: "x" }] }, responseMessages.metaKeyBlank],
      [{ updatedMetaSet: [{ key: "k".repeat(65), value: "x" }] }, responseMessages.metaKeyLong],
      [{ updatedMetaSet: [{ key: "k", value: "v".repeat(501) }] }, responseMessages.metaValueLong],
      [{ updatedMetaSet: [{ key: "k", value: { nested: true } }] }, responseMessages.metaValueType],
      [
        {
          updatedMetaSet: [
            { key: "k", value: "1" },
            { key: "k", value: "2" },
          ],
        },
        responseMessages.metaDuplicate("k"),
      ],
      [{ updatedMetaSet: Array.from({ length: 31 }, (_, i) => ({ key: `k${i}`, value: "v" })) }, responseMessages.metaTooMany],
    ];
    for (const [body, message] of cases) {
      const r = await call("PUT", `/responses/${id}`, tokens.editorA, body);
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(r.body.error).toBe(message);
    }
    expect((await call("PUT", `/responses/${id}`, tokens.viewerA, { updatedMetaSet: [] })).status).toBe(403);
    expect(await snapshot(id!)).toEqual(before);
  });

  it("deletes a response with its answers; counts go down and are published live; refused callers change nothing", async () => {
    const [id, keep] = await add(2);
    await rebuildRollups(t.prisma, org.organization.id);
    const rollupBefore = await dayRollup();
    const surveyBefore = (await t.prisma.survey.findUniqueOrThrow({ where: { id: s.survey.id } })).responseCount;
    const touchpointBefore = (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: s.touchpointA.id } })).responseCount;
    for (const [token, status] of [
      [tokens.viewerA, 403],
      [tokens.adminB, 404],
      [tokens.otherAdmin, 404],
    ] as const) {
      expect((await call("DELETE", `/responses/${id}`, token)).status).toBe(status);
    }
    expect(await snapshot(id!)).not.toBeNull();
    expect(await answerCount(id!)).toBe(8);
    const live = subscribeWs(
      t.baseUrl,
      `subscription { responseCountChanged(surveyId: "${globalId("Survey", s.survey.id)}") { surveyId responseCount created touchpoints { touchpointId responseCount } } }`,
      tokens.admin,
    );
    await live.connected;
    await new Promise((r) => setTimeout(r, 200));
    const r = await call("DELETE", `/responses/${id}`, tokens.editorA);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ ok: true });
    expect(await snapshot(id!)).toBeNull();
    expect(await answerCount(id!)).toBe(0);
    expect(await snapshot(keep!)).not.toBeNull();
    expect((await t.prisma.survey.findUniqueOrThrow({ where: { id: s.survey.id } })).responseCount).toBe(surveyBefore - 1);
    expect((await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: s.touchpointA.id } })).responseCount).toBe(touchpointBefore - 1);
    expect(await dayRollup()).toBe(rollupBefore - 1);
    await live.waitFor(1);
    await live.close();
    expect(live.events[0]?.data).toMatchObject({
      responseCountChanged: {
        surveyId: s.survey.id,
        responseCount: surveyBefore - 1,
        created: -1,
        touchpoints: [{ touchpointId: s.touchpointA.id, responseCount: touchpointBefore - 1 }],
      },
    });
    expect((await call("DELETE", `/responses/${id}`, tokens.editorA)).status).toBe(404);
  });
});
