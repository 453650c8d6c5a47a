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
  const texts = "{ language text }";
  const questionFields = `id legacyId type title ${texts} subtitle ${texts} tags required
    options { __typename ... on SmileyOptions { buttons } ... on SliderOptions { min max step minLabel ${texts} maxLabel ${texts} }
      ... on EmotionOptions { clusters { name value } } ... on ContactDetailsOptions { fields } }
    choices { id key text ${texts} cluster hidden } logic { answer target }`;
  const doc = `query($id: ID!) { survey(id: $id) { legacyId name languages tags viewerMayEdit questions { ${questionFields} } } }`;
  const create = `mutation($input: SurveyInput!) { createSurvey(input: $input) { survey { legacyId questions { ${questionFields} } } } }`;
  const update = `mutation($id: ID!, $input: SurveyInput!) { updateSurvey(id: $id, input: $input) { survey { questions { ${questionFields} } } } }`;
  const en = (text: string) => [{ language: "en", text }];

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
      create,
      {
        input: {
          name: "Read back",
          unitId: globalId("Unit", org.units.unitA.id),
          languages: ["en", "fi"],
          tags: ["lobby"],
          questions: [
            {
              type: "smiley",
              title: [
                { language: "en", text: "How was it?" },
                { language: "fi", text: "Miten meni?" },
              ],
              buttons: 4,
              required: true,
            },
            { type: "singleChoice", title: en("Pick"), choices: [{ text: [...en("A"), { language: "fi", text: "Ä" }] }], tags: ["service"] },
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
            {
              type: "smiley",
              title: [
                { language: "en", text: "How was it?" },
                { language: "fi", text: "Miten meni?" },
              ],
              subtitle: [],
              options: { __typename: "SmileyOptions", buttons: 4 },
              choices: [],
              logic: [],
              required: true,
              tags: [],
            },
            {
              type: "singleChoice",
              title: en("Pick"),
              options: null,
              choices: [
                { id: expect.stringMatching(/^[0-9a-f]{24}$/), key: null, cluster: null, hidden: false, text: [...en("A"), { language: "fi", text: "Ä" }] },
              ],
              tags: ["service"],
              required: false,
            },
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

  it("saves every question type through the typed SurveyInput: per-type options, logic by ref, global question ids", async () => {
    const created = await gql(
      t.baseUrl,
      create,
      {
        input: {
          name: "Typed",
          unitId: globalId("Unit", org.units.unitA.id),
          questions: [
            {
              ref: "q1",
              type: "nps",
              title: en("Recommend?"),
              subtitle: en("0 to 10"),
              logic: [
                { answer: "10", target: "q3" },
                { answer: "submit", target: "end" },
              ],
            },
            { ref: "q2", type: "slider", title: en("Speed"), slider: { min: 1, max: 7, step: 2, minLabel: en("slow") } },
            {
              ref: "q3",
              type: "emotion",
              title: en("Feel?"),
              emotionClusters: [
                { name: "advocacy", value: 1 },
                { name: "meh", value: 0 },
              ],
              choices: [{ text: en("Meh"), cluster: "meh" }],
            },
            { ref: "q4", type: "contactDetails", title: en("Contact"), contactFields: ["email"] },
            { type: "openText", title: en("Anything else?") },
          ],
        },
      },
      tokens.editorA,
    );
    expect(created.errors).toBeUndefined();
    const survey = (created.data as any).createSurvey.survey;
    const [nps, slider, emotion, contact, text] = survey.questions;
    expect(nps).toMatchObject({
      subtitle: en("0 to 10"),
      options: null,
      logic: [
        { answer: "10", target: emotion.legacyId },
        { answer: "submit", target: "end" },
      ],
    });
    expect(slider.options).toEqual({ __typename: "SliderOptions", min: 1, max: 7, step: 2, minLabel: en("slow"), maxLabel: [] });
    // (jsonb keeps a map's keys in its own order)
    expect(emotion.options.clusters).toHaveLength(2);
    expect(emotion.options.clusters).toEqual(
      expect.arrayContaining([
        { name: "advocacy", value: 1 },
        { name: "meh", value: 0 },
      ]),
    );
    expect(emotion.choices).toMatchObject([{ text: en("Meh"), cluster: "meh", hidden: false }]);
    expect(contact.options).toEqual({ __typename: "ContactDetailsOptions", fields: ["email"] });
    expect(text).toMatchObject({ type: "openText", options: null, choices: [], logic: [] });
    // What the REST facade stores is the same body as before: options by key, texts per language.
    const row = await t.prisma.question.findUniqueOrThrow({ where: { id: slider.legacyId } });
    expect(row.options).toEqual({ min: 1, max: 7, step: 2, minLabel: { en: "slow" } });

    // Saving again by global id keeps the questions (and their ids); one left out is hidden.
    const id = globalId("Survey", survey.legacyId);
    const again = await gql(
      t.baseUrl,
      update,
      {
        id,
        input: {
          name: "Typed",
          questions: [
            { id: nps.id, ref: nps.legacyId, type: "nps", title: en("Recommend us?") },
            { id: text.id, type: "openText", title: en("More?") },
          ],
        },
      },
      tokens.editorA,
    );
    expect(again.errors).toBeUndefined();
    expect((again.data as any).updateSurvey.survey.questions.map((q: { legacyId: string }) => q.legacyId)).toEqual([nps.legacyId, text.legacyId]);

    // Refusals change nothing: an option of another type, a text given twice, another survey's question, an id of another type.
    const refusals: [unknown, RegExp][] = [
      [{ name: "Typed", questions: [{ type: "nps", title: en("Score"), buttons: 4 }] }, /^buttons is an option of smiley questions only$/],
      [{ name: "Typed", questions: [{ type: "nps", title: [...en("A"), ...en("B")] }] }, /^The text in en is given twice$/],
      [{ name: "Typed", questions: [{ type: "slider", title: en("S"), slider: { min: 5, max: 1 } }] }, /^The slider's minimum must be below its maximum$/],
      [
        { name: "Typed", questions: [{ id: globalId("Question", "0".repeat(24)), type: "nps", title: en("S") }] },
        /^This question does not belong to the survey$/,
      ],
      [{ name: "Typed", questions: [{ id, type: "nps", title: en("S") }] }, /is not of type: Question$/],
    ];
    for (const [input, message] of refusals) {
      const r = await gql(t.baseUrl, update, { id, input }, tokens.editorA);
      expect(r.errors?.[0]).toMatchObject({ message: expect.stringMatching(message), extensions: { code: "BAD_USER_INPUT" } });
    }
    expect(await t.prisma.question.count({ where: { surveyId: survey.legacyId, hidden: false } })).toBe(2);
  });
});
