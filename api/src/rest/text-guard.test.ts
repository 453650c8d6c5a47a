// NUL and unpaired surrogates at the edge (domain/text-hygiene.ts): REST and GraphQL refuse them
// with a specific 400 and store nothing; the respondents' /r calls keep the submission, cleaned.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql } from "../test/graphql-client.js";
import { apiCall } from "../test/rest-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { badTextMessage, cleanJson, findBadText } from "../domain/text-hygiene.js";
import { answersOf } from "../domain/answers/rows.js";

// JSON.stringify writes a lone surrogate as the escape \udXXX, which JSON.parse reads back as that lone code unit.
const NUL = "\u0000";
const LONE_HIGH = "\ud83d";
const LONE_LOW = "\ude00";

describe("text hygiene", () => {
  it("finds NUL and unpaired surrogates in values and keys, and passes paired ones", () => {
    expect(findBadText({ a: ["ok", `x${NUL}y`] })).toBe("a.1");
    expect(findBadText({ a: { [`k${LONE_LOW}`]: "v" } })).toBe("a.k\ufffd");
    expect(findBadText(`${LONE_HIGH}`)).toBe("");
    expect(findBadText({ a: "smile 😀", b: 1, c: null, d: [true] })).toBeUndefined();
    expect(cleanJson({ t: `a${NUL}b${LONE_HIGH}c😀${LONE_LOW}`, [`m${NUL}`]: "v" })).toEqual({ t: "ab\ufffdc😀\ufffd", m: "v" });
  });
});

describe.skipIf(noDatabase)("NUL and unpaired surrogates at the edge", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "TextGuard");
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("POST /signup (anonymous) with NUL or a lone surrogate: 400 with the field, and no user, signup or mail", async () => {
    const password = "Signup-Password-1!";
    for (const [field, bad] of [
      ["firstName", `Ada${NUL}`],
      ["company", `Engines ${LONE_HIGH}`],
      ["email", `ada${NUL}@example.test`],
    ] as const) {
      const local = `nul.${randomBytes(4).toString("hex")}`;
      const form = {
        firstName: "Ada",
        lastName: "L",
        email: `${local}@signup.example.test`,
        password,
        password2: password,
        company: "Engines",
        industry: "Retail",
        companySize: "10-49",
        type: "web",
        [field]: field === "email" ? `${local}${NUL}@signup.example.test` : bad,
      };
      const answer = await apiCall(t.baseUrl, "POST", "/signup", undefined, form);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toEqual({ error: badTextMessage, field });
      await t.jobs.idle();
      expect(await t.prisma.user.count({ where: { email: { startsWith: local } } })).toBe(0);
      expect(await t.prisma.signup.count({ where: { email: { startsWith: local } } })).toBe(0);
      expect(await t.prisma.mailOutbox.count({ where: { to: { startsWith: local } } })).toBe(0);
    }
  });

  it("signed-in REST calls: a bad body, query or path parameter is 400, never 500, and changes nothing", async () => {
    const before = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } });
    const profile = await apiCall(t.baseUrl, "PUT", "/user/profile", adminToken, { displayname: `Admin${NUL}` });
    expect(profile.status).toBe(400);
    expect(profile.body).toEqual({ error: badTextMessage, field: "displayname" });
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } });
    expect(after.displayName).toBe(before.displayName);

    const path = await apiCall(t.baseUrl, "GET", `/surveys/abc%00def`, adminToken);
    expect(path.status).toBe(400);
    expect(path.body).toEqual({ error: badTextMessage, field: "id" });
    const query = await apiCall(t.baseUrl, "GET", `/users/emails?organizationId=%00`, adminToken);
    expect(query.status).toBe(400);
    expect(query.body).toEqual({ error: badTextMessage, field: "organizationId" });
  });

  it("GraphQL: a variable or a literal with NUL or a lone surrogate is BAD_USER_INPUT with HTTP 400, and nothing is stored", async () => {
    const before = await t.prisma.survey.count({ where: { organizationId: org.organization.id } });
    const mutation = `mutation($input: SurveyInput!) { createSurvey(input: $input) { survey { id } } }`;
    const byVariable = await gql(
      t.baseUrl,
      mutation,
      { input: { name: `Survey${LONE_HIGH}`, unitId: globalId("Unit", org.units.root.id), questions: [] } },
      adminToken,
    );
    expect(byVariable.status).toBe(400);
    expect(byVariable.errors?.[0]?.message).toBe(badTextMessage);
    expect(byVariable.errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "input.name" });
    expect(byVariable.data ?? null).toBeNull();

    const byLiteral = await gql(t.baseUrl, `mutation { updateProfile(input: { displayName: "Admin\\u0000" }) { user { id } } }`, {}, adminToken);
    expect(byLiteral.status).toBe(400);
    expect(byLiteral.errors?.[0]).toMatchObject({ message: badTextMessage, extensions: { code: "BAD_USER_INPUT" } });
    expect(await t.prisma.survey.count({ where: { organizationId: org.organization.id } })).toBe(before);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } })).displayName).not.toContain(NUL);
  });

  it("a respondent's submission with NUL and lone surrogates in open text and metadata is stored, cleaned (nothing else lost)", async () => {
    const survey = await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Open" } });
    const open = await t.prisma.question.create({
      data: { organizationId: org.organization.id, surveyId: survey.id, position: 0, type: "openText", title: { en: "Tell us" } },
    });
    const touchpoint = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Link", type: "link", activeSurveyId: survey.id },
    });
    const idempotencyKey = `k-${randomBytes(8).toString("hex")}`;
    const body = {
      idempotencyKey,
      surveyId: survey.id,
      language: "en",
      answers: [{ questionId: open.id, value: `Great${NUL} service ${LONE_HIGH}😀` }],
      metadata: { [`vis${NUL}it`]: `first${LONE_LOW}` },
    };
    const submit = () =>
      fetch(`${t.baseUrl}/r/${touchpoint.id}/responses`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const first = await submit();
    expect(first.status).toBe(201);
    const { responseId } = (await first.json()) as { responseId: string };
    const response = await t.prisma.response.findUniqueOrThrow({ where: { id: responseId } });
    expect((await answersOf(t.prisma, [responseId])).map((a) => a.textValue)).toEqual(["Great service \ufffd😀"]);
    expect(response.metadata).toEqual({ visit: "first\ufffd" });
    // The terminal's retry of the same submission is the same response, not a 500 it would retry forever.
    const retry = await submit();
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { responseId: string }).responseId).toBe(responseId);
    expect(await t.prisma.response.count({ where: { touchpoint: { id: touchpoint.id } } })).toBe(1);
  });
});
