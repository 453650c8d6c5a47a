// Responses over the organisation's response limit (spec 001 §8 "Response limit exceeded (some
// responses not shown)"): ingestion stores them, marked overLimit, and every results-like read
// leaves them out: the summary (roll-ups and raw rows), question results, the feedback list (files use
// the same scope), text analytics and root causes. The summary, the results preflight and
// Query.responseLimitNotice carry the spec's message for the window; windows and organisations
// without such responses carry null. A recompute of the roll-ups (hiding a response) keeps them out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createAnalyticsSurvey, createTestTouchpoint, type TestSurvey } from "../../test/analytics-survey.js";
import { responseLimitMessage } from "../respondent/response-limit.js";
import { settleRollups } from "./rollup-applier.js";

const day = (d: Date) => d.toISOString().slice(0, 10);

describe.skipIf(noDatabase)("responses over the response limit", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let s: TestSurvey;
  let touchpointId: string;
  let admin: string;
  let otherAdmin: string;
  const ids = { within: [] as string[], over: [] as string[] };
  // Inside the month the limiter counts (the server's clock), an hour ago: the windows below hold it whatever the time of day.
  const at = new Date(Date.now() - 3600_000);
  const filters = JSON.stringify({ from: day(new Date(at.getTime() - 2 * 86_400_000)), to: day(new Date(Date.now() + 86_400_000)) });
  const filterInput = JSON.parse(filters) as { from: string; to: string };

  let address = 0;
  const submit = async (nps: number, text: string, smiley: number) => {
    const response = await fetch(`${t.baseUrl}/r/${touchpointId}/responses`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++address}` },
      body: JSON.stringify({
        idempotencyKey: randomBytes(10).toString("hex"),
        surveyId: s.survey.id,
        language: "en",
        startedAt: at.toISOString(),
        submittedAt: at.toISOString(),
        answers: [
          { questionId: s.questions.nps.id, value: nps },
          { questionId: s.questions.smiley.id, value: smiley },
          { questionId: s.questions.text.id, value: text },
        ],
      }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { responseId: string }).responseId;
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Limited");
    other = await createOrganizationFixture(t.prisma, "Unlimited");
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { responseLimit: 2 } });
    s = await createAnalyticsSurvey(t.prisma, org.organization.id, org.units.unitA.id);
    touchpointId = (await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id)).id;
    admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    otherAdmin = (await signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).accessToken;
    // Two within the limit (promoters, happy), then two over it (detractors with their own word).
    for (const _ of [1, 2]) ids.within.push(await submit(10, "lovely service", 4));
    for (const _ of [1, 2]) ids.over.push(await submit(0, "zanzibar zanzibar", 0));
    await settleRollups(t.prisma);
  });
  afterAll(async () => t?.close());

  it("stores every response; those over the limit are marked", async () => {
    const rows = await t.prisma.response.findMany({ where: { organizationId: org.organization.id }, select: { id: true, overLimit: true } });
    expect(
      rows
        .filter((r) => r.overLimit)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ids.over].sort());
    expect(
      rows
        .filter((r) => !r.overLimit)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...ids.within].sort());
  });

  it("the summary counts only the shown responses, from the roll-ups and after a recompute, and says some are not shown", async () => {
    const q = `query($from: String, $to: String) { summary(input: { from: $from, to: $to }) { count { now } nps { now } average { now } responseLimitNotice } }`;
    const vars = JSON.parse(filters) as { from: string; to: string };
    const first = await gql(t.baseUrl, q, vars, admin);
    expect(first.errors).toBeUndefined();
    expect(first.data!.summary).toEqual({ count: { now: 2 }, nps: { now: 100 }, average: { now: 100 }, responseLimitNotice: responseLimitMessage });
    // Hiding and showing a shown response recomputes its hour's buckets from the raw rows.
    const hide = (hidden: boolean) =>
      fetch(`${t.baseUrl}/api/v5/responses/${ids.within[0]}/hide`, {
        method: "PUT",
        headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
        body: JSON.stringify({ hidden }),
      });
    expect((await hide(true)).status).toBe(200);
    expect((await gql(t.baseUrl, q, vars, admin)).data!.summary.count.now).toBe(1);
    expect((await hide(false)).status).toBe(200);
    expect((await gql(t.baseUrl, q, vars, admin)).data!.summary.count.now).toBe(2);
    // REST gives the same notice; a window before the responses and another organisation: none.
    const rest = await fetch(`${t.baseUrl}/api/v5/summary`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: filters,
    });
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ count: { now: 2 }, responseLimitNotice: responseLimitMessage });
    const before = await gql(t.baseUrl, q, { from: "2025-01-01", to: "2025-01-07" }, admin);
    expect(before.data!.summary.responseLimitNotice).toBeNull();
    const elsewhere = await gql(t.baseUrl, q, vars, otherAdmin);
    expect(elsewhere.data!.summary).toMatchObject({ count: { now: 0 }, responseLimitNotice: null });
  });

  it("question results, the feedback list (GraphQL and REST), text analytics and root causes leave them out", async () => {
    const result = await gql(
      t.baseUrl,
      `query($id: ID!, $f: ResultsFilterInput) { questionResult(questionId: $id, filters: $f) { mainResult { count } } }`,
      { id: globalId("Question", s.questions.nps.id), f: filterInput },
      admin,
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.questionResult.mainResult.count).toBe(2);

    const list = await gql(
      t.baseUrl,
      `query($f: ResultsFilterInput) { feedbackList(filters: $f, first: 50) { totalCount edges { node { responseLegacyId } } } }`,
      { f: filterInput },
      admin,
    );
    expect(list.errors).toBeUndefined();
    expect(list.data!.feedbackList.totalCount).toBe(2);
    expect(list.data!.feedbackList.edges.map((e: any) => e.node.responseLegacyId).sort()).toEqual([...ids.within].sort());

    const rest = await fetch(`${t.baseUrl}/api/v5/results/list`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ filters: JSON.parse(filters), format: "json" }),
    });
    expect(rest.status).toBe(200);
    const listed = JSON.stringify(await rest.json());
    for (const id of ids.within) expect(listed).toContain(id);
    for (const id of ids.over) expect(listed).not.toContain(id);
    expect(listed).not.toContain("zanzibar");

    const text = await gql(
      t.baseUrl,
      `query($f: ResultsFilterInput) { textAnalytics(filters: $f) { totalAnswers words { word } } }`,
      { f: filterInput },
      admin,
    );
    expect(text.errors).toBeUndefined();
    expect(text.data!.textAnalytics.totalAnswers).toBe(2);
    expect(JSON.stringify(text.data!.textAnalytics.words)).not.toContain("zanzibar");

    const cause = await gql(
      t.baseUrl,
      `query($id: ID!, $f: ResultsFilterInput) { rootCause(outcomeQuestionId: $id, filters: $f, minSampleSize: 10) { outcome { n nps } } }`,
      { id: globalId("Question", s.questions.nps.id), f: filterInput },
      admin,
    );
    expect(cause.errors).toBeUndefined();
    expect(cause.data!.rootCause.outcome).toEqual({ n: 2, nps: 100 });
  });

  it("the results screens get the notice through the preflight and Query.responseLimitNotice", async () => {
    const { from, to } = JSON.parse(filters) as { from: string; to: string };
    const preflight = await fetch(`${t.baseUrl}/api/v5/results/preflight?from=${from}&to=${to}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(preflight.status).toBe(200);
    expect(((await preflight.json()) as { responseLimitNotice: string | null }).responseLimitNotice).toBe(responseLimitMessage);
    const q = `query($f: ResultsFilterInput) { responseLimitNotice(filters: $f) }`;
    expect((await gql(t.baseUrl, q, { f: filterInput }, admin)).data!.responseLimitNotice).toBe(responseLimitMessage);
    expect((await gql(t.baseUrl, q, { f: { from: "2025-01-01", to: "2025-01-07" } }, admin)).data!.responseLimitNotice).toBeNull();
    expect((await gql(t.baseUrl, q, { f: filterInput }, otherAdmin)).data!.responseLimitNotice).toBeNull();
  });

  it("an over-limit response cannot be hidden, edited or deleted by id: it is not found", async () => {
    const response = await fetch(`${t.baseUrl}/api/v5/responses/${ids.over[0]}`, { method: "DELETE", headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(404);
    expect(await t.prisma.response.count({ where: { id: ids.over[0] } })).toBe(1);
  });
});
