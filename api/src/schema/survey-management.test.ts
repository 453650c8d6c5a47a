// The survey screens' reads on the real server: surveyTemplates (public templates of any
// organisation, copied with the spec's newSurvey._id), Survey.respondentPreview (the respondent
// runtime's shape of a saved survey, only for those who see it) and the list's rule that surveys of
// other teams are visible when the caller's teams have responses from them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { globalId, gql, subscribeWs } from "../test/graphql-client.js";
import { apiCall } from "../test/rest-client.js";
import { signInWithPassword } from "../test/oidc-login.js";

describe.skipIf(noDatabase)("survey management reads", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as Record<"admin" | "editorA" | "viewerA" | "adminB" | "otherAdmin", string>;
  const listOf = async (token: string, tab = "all") => {
    const r = await gql(t.baseUrl, `{ surveys(tab: ${tab}, first: 100) { edges { node { legacyId name } } } }`, {}, token);
    expect(r.errors).toBeUndefined();
    return (r.data as any).surveys.edges.map((e: any) => e.node.name as string);
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Managed");
    other = await createOrganizationFixture(t.prisma, "Publisher");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("shows a survey of another team to those whose teams have responses from it, and no other", async () => {
    const organizationId = org.organization.id;
    const answered = await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitB.id, name: "Online survey answered in stores" } });
    await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitB.id, name: "Online survey without store responses" } });
    const kiosk = await t.prisma.touchpoint.create({ data: { organizationId, unitId: org.units.unitA1.id, name: "Store kiosk", type: "terminal" } });
    await t.prisma.response.create({ data: { organizationId, surveyId: answered.id, touchpointCode: kiosk.code, unitCode: org.units.unitA1.code } });

    for (const token of [tokens.viewerA, tokens.editorA]) {
      const seen = await listOf(token);
      expect(seen).toContain("Online survey answered in stores");
      expect(seen).not.toContain("Online survey without store responses");
      expect(await listOf(token, "active")).toContain("Online survey answered in stores");
    }
    expect(await listOf(tokens.adminB)).toEqual(expect.arrayContaining(["Online survey answered in stores", "Online survey without store responses"]));
    expect(await listOf(tokens.otherAdmin)).not.toContain("Online survey answered in stores");
    // REST answers the same.
    const rest = await apiCall(t.baseUrl, "GET", "/surveys?fields=name", tokens.viewerA);
    expect(rest.body.map((s: { name: string }) => s.name)).toContain("Online survey answered in stores");

    // Its count follows live for them too; another organisation is refused.
    const doc = `subscription { responseCountChanged(surveyId: "${globalId("Survey", answered.id)}") { surveyId responseCount } }`;
    const watching = subscribeWs(t.baseUrl, doc, tokens.viewerA);
    const outsider = subscribeWs(t.baseUrl, doc, tokens.otherAdmin);
    await Promise.all([watching.connected, outsider.connected]);
    await outsider.waitFor(1, 3000);
    await new Promise((r) => setTimeout(r, 300));
    t.bus.publish("response:created", answered.id, { surveyId: answered.id, responseCount: 2, lastFeedbackAt: null, created: 1, touchpoints: [] });
    await watching.waitFor(1);
    await Promise.all([watching.close(), outsider.close()]);
    expect(watching.errors).toEqual([]);
    expect(watching.events[0]?.data).toEqual({ responseCountChanged: { surveyId: answered.id, responseCount: 2 } });
    expect(outsider.events.some((e) => e.data)).toBe(false);
    expect(JSON.stringify([...outsider.events, ...outsider.errors])).toMatch(/not found/i);
  });

  it("lists public templates of any organisation without their team, and copying one answers newSurvey._id", async () => {
    const tpl = await t.prisma.survey.create({
      data: {
        organizationId: other.organization.id,
        unitId: other.units.root.id,
        name: "Aaa public template",
        isTemplate: true,
        public: true,
        languages: ["en", "fi"],
      },
    });
    await t.prisma.question.create({
      data: { organizationId: other.organization.id, surveyId: tpl.id, position: 0, type: "nps", title: { en: "Recommend?", fi: "Suosittelisitko?" } },
    });
    await t.prisma.survey.create({
      data: { organizationId: other.organization.id, unitId: other.units.root.id, name: "Private template", isTemplate: true, public: false },
    });

    const r = await gql(t.baseUrl, `{ surveyTemplates { id legacyId name languages questionCount respondentPreview } }`, {}, tokens.editorA);
    expect(r.errors).toBeUndefined();
    const templates = (r.data as any).surveyTemplates as any[];
    expect(templates.map((s) => s.name)).toContain("Aaa public template");
    expect(templates.map((s) => s.name)).not.toContain("Private template");
    const found = templates.find((s) => s.legacyId === tpl.id);
    expect(found).toMatchObject({ languages: ["en", "fi"], questionCount: 1 });
    expect(found.respondentPreview.questions).toEqual([
      {
        id: expect.any(String),
        type: "nps",
        title: { en: "Recommend?", fi: "Suosittelisitko?" },
        subtitle: null,
        options: {},
        choices: [],
        required: false,
        logic: null,
      },
    ]);
    // A template is not a Survey: the publisher's team, creator and touchpoints cannot be asked for.
    const unit = await gql(t.baseUrl, `{ surveyTemplates { legacyId unit { name } } }`, {}, tokens.editorA);
    expect(unit.errors?.[0]?.message).toMatch(/Cannot query field "unit"/);
    expect(JSON.stringify(unit)).not.toContain(other.units.root.name);
    const node = await gql(t.baseUrl, `query($id: ID!) { node(id: $id) { id } }`, { id: Buffer.from(`Survey:${tpl.id}`).toString("base64") }, tokens.editorA);
    expect((node.data as any)?.node ?? null).toBeNull();

    const copy = await apiCall(t.baseUrl, "POST", `/surveys/${tpl.id}/copy`, tokens.editorA, {});
    expect(copy.status).toBe(201);
    const made = await t.prisma.survey.findUniqueOrThrow({ where: { id: copy.body.newSurvey._id }, include: { questions: true } });
    expect(made).toMatchObject({ organizationId: org.organization.id, name: "Aaa public template", isTemplate: false });
    expect(made.questions).toHaveLength(1);
    // GraphQL copies it by the template's own global id (the template list's `id`).
    expect(found.id).toBe(globalId("SurveyTemplate", tpl.id));
    const copied = await gql(
      t.baseUrl,
      `mutation($id: ID!, $unitId: ID) { copySurvey(id: $id, unitId: $unitId) { survey { name unitLegacyId } } }`,
      { id: found.id, unitId: globalId("Unit", org.units.unitA.id) },
      tokens.editorA,
    );
    expect(copied.errors).toBeUndefined();
    expect((copied.data as any).copySurvey.survey).toEqual({ name: "Aaa public template", unitLegacyId: org.units.unitA.id });
    // A team's id where a survey's belongs is refused as the wrong type, and nothing is copied.
    const before = await t.prisma.survey.count({ where: { organizationId: org.organization.id } });
    const wrongType = await gql(t.baseUrl, `mutation($id: ID!) { copySurvey(id: $id) { survey { name } } }`, { id: globalId("Unit", tpl.id) }, tokens.editorA);
    expect(wrongType.data).toBeNull();
    expect(wrongType.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/is not of type: Survey, SurveyTemplate/),
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect(await t.prisma.survey.count({ where: { organizationId: org.organization.id } })).toBe(before);
  });

  it("answers a saved survey's respondent view (texts, hidden questions and choices left out, the organisation's privacy policy) to those who see it", async () => {
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { privacyPolicy: "https://managed.example/privacy" } });
    const created = await apiCall(t.baseUrl, "POST", "/surveys", tokens.editorA, {
      name: "Previewed",
      unitId: org.units.unitA.id,
      languages: ["en", "es"],
      settings: { endScreenText: { en: "Thanks!", es: "¡Gracias!" } },
      questions: [
        { type: "smiley", title: { en: "How was it?", es: "¿Qué tal?" }, options: { buttons: 4 }, required: true },
        { type: "singleChoice", title: "Pick", choices: [{ text: { en: "A", es: "A" } }, { text: { en: "B", es: "B" } }] },
        { type: "openText", title: "Gone" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body._id as string;
    const saved = await apiCall(t.baseUrl, "GET", `/surveys/${id}`, tokens.editorA);
    const [q1, q2] = saved.body.questions;
    // Save without the third question (it is hidden, not deleted).
    const body = {
      name: "Previewed",
      languages: ["en", "es"],
      questions: [q1, q2].map((q: any) => ({ _id: q._id, type: q.type, title: q.title, options: q.options, choices: q.choices, required: q.required })),
    };
    expect((await apiCall(t.baseUrl, "PUT", `/surveys/${id}`, tokens.editorA, body)).status).toBe(200);

    const doc = `query($id: ID!) { survey(id: $id) { respondentPreview questionCount viewerMayEdit } }`;
    for (const token of [tokens.editorA, tokens.viewerA, tokens.admin]) {
      const r = await gql(t.baseUrl, doc, { id: globalId("Survey", id) }, token);
      expect(r.errors).toBeUndefined();
      expect((r.data as any).survey.viewerMayEdit).toBe(token !== tokens.viewerA);
      const p = (r.data as any).survey.respondentPreview;
      expect((r.data as any).survey.questionCount).toBe(2);
      expect(p.survey).toMatchObject({
        id,
        name: "Previewed",
        languages: ["en", "es"],
        endScreenText: { en: "Thanks!", es: "¡Gracias!" },
        privacyPolicy: "https://managed.example/privacy",
      });
      expect(p.questions.map((q: any) => q.type)).toEqual(["smiley", "singleChoice"]);
      expect(p.questions[0]).toMatchObject({ title: { en: "How was it?", es: "¿Qué tal?" }, options: { buttons: 4 }, required: true });
      expect(p.questions[1].choices.map((c: any) => c.text.en)).toEqual(["A", "B"]);
      expect(p.kiosk).toEqual({ questionTimeoutSeconds: 30, endScreenSeconds: 10, heartbeatSeconds: 180 });
    }
    // Another team's admin and another organisation get nothing of it.
    for (const token of [tokens.adminB, tokens.otherAdmin]) {
      const r = await gql(t.baseUrl, doc, { id: globalId("Survey", id) }, token);
      expect(r.errors?.length).toBeGreaterThan(0);
      expect(r.data?.survey ?? null).toBeNull();
      expect(JSON.stringify(r)).not.toContain("How was it?");
    }
  });
});
