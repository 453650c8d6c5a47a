// The editor's read of one survey: `survey(id)` answers a survey the caller sees with its questions
// in order and whether the caller may save it (viewerMayEdit), and refuses anyone else (another
// unit's admin, another organisation) without its data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";

describe.skipIf(noDatabase)("GraphQL survey(id)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};
  const doc = `query($id: ID!) { survey(id: $id) { legacyId name languages tags viewerMayEdit questions { legacyId type title options choices logic tags required } } }`;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Edited");
    other = await createOrganizationFixture(t.prisma, "Outsider");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("answers the survey with its questions in order to those who see it, and nobody else", async () => {
    const created = await gql(
      t.baseUrl,
      `mutation($input: SurveyData!) { createSurvey(input: $input) { survey { legacyId } } }`,
      {
        input: {
          name: "Read back",
          unitId: org.units.unitA.id,
          languages: ["en", "fi"],
          tags: ["lobby"],
          questions: [
            { type: "smiley", title: { en: "How was it?", fi: "Miten meni?" }, options: { buttons: 4 }, required: true },
            { type: "singleChoice", title: "Pick", choices: [{ text: { en: "A", fi: "Ä" } }], tags: ["service"] },
          ],
        },
      },
      tokens.editorA,
    );
    expect(created.errors).toBeUndefined();
    const legacyId = (created.data as any).createSurvey.survey.legacyId as string;
    const id = globalId("Survey", legacyId);

    for (const [token, mayEdit] of [
      [tokens.editorA, true],
      [tokens.viewerA, false],
    ] as const) {
      const r = await gql(t.baseUrl, doc, { id }, token);
      expect(r.errors).toBeUndefined();
      expect(r.data).toMatchObject({
        survey: {
          legacyId,
          viewerMayEdit: mayEdit,
          name: "Read back",
          languages: ["en", "fi"],
          tags: ["lobby"],
          questions: [
            { type: "smiley", title: { en: "How was it?", fi: "Miten meni?" }, options: { buttons: 4 }, required: true, tags: [] },
            { type: "singleChoice", title: { en: "Pick" }, choices: [{ text: { en: "A", fi: "Ä" } }], tags: ["service"], required: false },
          ],
        },
      });
    }
    for (const token of [tokens.adminB, tokens.otherAdmin]) {
      const r = await gql(t.baseUrl, doc, { id }, token);
      expect(r.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(r.data ?? null)).not.toContain("Read back");
    }
    const otherOrg = await gql(t.baseUrl, doc, { id }, tokens.otherAdmin);
    expect(otherOrg.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    const bad = await gql(t.baseUrl, doc, { id: "not-an-id" }, tokens.editorA);
    expect(bad.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    // The id of another type (a question of this very survey) is refused as such, without data.
    const question = await t.prisma.question.findFirstOrThrow({ where: { surveyId: legacyId } });
    const wrongType = await gql(t.baseUrl, doc, { id: globalId("Question", question.id) }, tokens.editorA);
    expect(wrongType.data).toBeNull();
    expect(wrongType.errors?.[0]).toMatchObject({ message: expect.stringMatching(/is not of type: Survey$/), extensions: { code: "BAD_USER_INPUT" } });
  });
});
