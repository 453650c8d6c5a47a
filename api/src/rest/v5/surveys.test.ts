// Surveys on the real server: the list and its fields, one survey, create with every question type,
// save (hidden, new and reordered questions, logic behind the surveyLogic feature), delete, copy
// (logic follows the new ids), public templates, archive and hide; bad input changes nothing; an
// editor of another unit, a viewer and another organisation's admin are kept out; the GraphQL tabs.
import { apiCall } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { surveyMessages } from "../../domain/surveys/input.js";
import { createTestTouchpoint, insertTestResponses } from "../../test/analytics-survey.js";
import { noFeatureAccessMessage } from "../../domain/features/features.js";

const everyType = (lang = "en") => [
  { type: "smiley", title: { [lang]: "How was it?" }, options: { buttons: 4 }, ref: "q1", logic: { "0": "q3", submit: "q2" } },
  { type: "nps", title: "Recommend us?", ref: "q2", logic: { "10": "end" } },
  { type: "slider", title: "Speed", options: { min: 1, max: 7, step: 1, minLabel: "slow", maxLabel: "fast" }, ref: "q3" },
  {
    type: "singleChoice",
    title: "Pick one",
    choices: [
      { key: "a", text: "A" },
      { key: "b", text: "B" },
    ],
    logic: { a: "end" },
  },
  { type: "multipleChoice", title: "Pick many", choices: [{ text: "X" }, { text: "Y" }], tags: ["service"] },
  { type: "openText", title: "Tell us more" },
  {
    type: "emotion",
    title: "How do you feel?",
    choices: [
      { text: "Happy", cluster: "advocacy" },
      { text: "Sad", cluster: "destroying" },
    ],
  },
  { type: "contactDetails", title: "Contact", options: { fields: ["email"] } },
];

describe.skipIf(noDatabase)("surveys", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};

  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const create = async (body: Record<string, unknown>, token = tokens.editorA!) => {
    const r = await call("POST", "/surveys", token, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body._id as string;
  };
  const snapshot = async (surveyId: string) => ({
    survey: await t.prisma.survey.findUnique({ where: { id: surveyId }, select: { name: true, archived: true, unitId: true, tags: true, languages: true } }),
    questions: await t.prisma.question.findMany({ where: { surveyId }, orderBy: { id: "asc" } }),
  });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Surveyed");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("creates a survey with every question type; logic keys and targets are stored as ids", async () => {
    const id = await create({ name: "Every type", unitId: org.units.unitA.id, tags: ["store"], questions: everyType() });
    const r = await call("GET", `/surveys/${id}`, tokens.editorA);
    expect(r.status).toBe(200);
    const s = r.body;
    expect(s).toMatchObject({
      _id: id,
      name: "Every type",
      archived: false,
      hidden: false,
      languages: ["en"],
      tags: ["store"],
      unitId: org.units.unitA.id,
      unitName: "Stores",
      questionTags: ["service"],
    });
    expect(s.created_by_user).toMatchObject({ _id: org.users.editorA.id });
    expect(s.questions.map((q: { type: string }) => q.type)).toEqual(everyType().map((q) => q.type));
    expect(s.question_ids).toEqual(s.questions.map((q: { _id: string }) => q._id));
    const [smiley, nps, slider, single] = s.questions;
    expect(smiley.logic).toEqual({ "0": slider._id, submit: nps._id });
    expect(nps.logic).toEqual({ "10": "end" });
    const a = single.choices.find((c: { key?: string }) => c.key === "a");
    expect(single.logic).toEqual({ [a.id]: "end" });
    expect(slider.options).toMatchObject({ min: 1, max: 7, step: 1, minLabel: { en: "slow" } });
    expect(s.questions[6].options.clusters).toMatchObject({ advocacy: 1 });
    const user = await t.prisma.user.findUnique({ where: { id: org.users.editorA.id } });
    expect(user?.onboardingCreatedSurvey).toBe(true);
  });

  it("refuses bad questions with clear messages and writes nothing", async () => {
    const before = await t.prisma.survey.count({ where: { organizationId: org.organization.id } });
    const cases: [unknown[], string][] = [
      [[{ type: "openText", title: "   " }], surveyMessages.blankTitle],
      [[{ type: "openText", title: { en: "" } }], surveyMessages.blankTitle],
      [[{ type: "smiley", title: "S", options: { buttons: 3 } }], surveyMessages.smileyButtons],
      [[{ type: "singleChoice", title: "C", choices: [] }], surveyMessages.choicesRequired],
      [[{ type: "multipleChoice", title: "C" }], surveyMessages.choicesRequired],
      [[{ type: "singleChoice", title: "C", choices: [{ text: " " }] }], surveyMessages.blankChoice],
      [[{ type: "emotion", title: "E", choices: [{ text: "Meh", cluster: "bored" }] }], surveyMessages.unknownCluster],
      [[{ type: "slider", title: "S", options: { min: 5, max: 5 } }], surveyMessages.sliderRange],
      [[{ type: "slider", title: "S", options: { min: 0, max: 10, step: 3 } }], surveyMessages.sliderStep],
      [[{ type: "contactDetails", title: "C", options: { fields: ["fax"] } }], surveyMessages.contactFields],
      [[{ type: "nps", title: "N", logic: { "11": "end" } }], surveyMessages.logicKey],
      [
        [
          { type: "nps", title: "N", ref: "n" },
          { type: "nps", title: "M", logic: { "1": "n" } },
        ],
        surveyMessages.logicTarget,
      ],
      [[{ type: "rating", title: "R" }], "Question type must be one of"],
    ];
    for (const [questions, message] of cases) {
      const r = await call("POST", "/surveys", tokens.editorA, { name: "Bad", unitId: org.units.unitA.id, questions });
      expect(r.status, JSON.stringify(questions)).toBe(400);
      expect(r.body.error).toContain(message);
    }
    const blankName = await call("POST", "/surveys", tokens.editorA, { name: " ", questions: [] });
    expect(blankName.body).toMatchObject({ error: surveyMessages.blankName, field: "name" });
    expect(await t.prisma.survey.count({ where: { organizationId: org.organization.id } })).toBe(before);
  });

  it("saves the whole survey: questions left out are hidden, new ones created, order, languages and tags kept", async () => {
    const id = await create({
      name: "Editable",
      unitId: org.units.unitA.id,
      questions: [
        { type: "nps", title: "One" },
        { type: "openText", title: "Two" },
        { type: "smiley", title: "Three" },
      ],
    });
    const [one, two, three] = (await call("GET", `/surveys/${id}`, tokens.editorA)).body.questions;
    const r = await call("PUT", `/surveys/${id}`, tokens.editorA, {
      name: "Edited",
      languages: ["en", "fi"],
      tags: ["a", "b"],
      questions: [
        { _id: three._id, type: "smiley", title: { en: "Three", fi: "Kolme" }, options: { buttons: 5 }, tags: ["t"] },
        { type: "openText", title: "New" },
        { _id: one._id, type: "nps", title: "One again" },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ name: "Edited", languages: ["en", "fi"], tags: ["a", "b"], questionTags: ["t"] });
    expect(r.body.questions.map((q: { title: { en: string } }) => q.title.en)).toEqual(["Three", "New", "One again"]);
    expect(r.body.questions[0].title.fi).toBe("Kolme");
    const stored = await t.prisma.question.findUnique({ where: { id: two._id } });
    expect(stored?.hidden).toBe(true);
    // Slots (docs/analytics.md "Stable question slots"): a save keeps each question's slot whatever its
    // position; the new question gets the survey's next; the hidden one keeps its own.
    const slots = await t.prisma.$queryRawUnsafe<{ slot: number; questionId: string }[]>(
      `SELECT "slot", "questionId" FROM "QuestionSlot" WHERE "surveyId" = $1 ORDER BY "slot"`,
      id,
    );
    expect(slots).toEqual([
      { slot: 0, questionId: one._id },
      { slot: 1, questionId: two._id },
      { slot: 2, questionId: three._id },
      { slot: 3, questionId: r.body.questions[1]._id },
    ]);

    const before = await snapshot(id);
    const bad = await call("PUT", `/surveys/${id}`, tokens.editorA, { name: "Broken", questions: [{ _id: one._id, type: "nps", title: "" }] });
    expect(bad).toMatchObject({ status: 400, body: { error: surveyMessages.blankTitle } });
    const foreign = await call("PUT", `/surveys/${id}`, tokens.editorA, {
      name: "Broken",
      questions: [{ _id: "0123456789abcdef01234567", type: "nps", title: "x" }],
    });
    expect(foreign).toMatchObject({ status: 400, body: { error: surveyMessages.unknownQuestion } });
    expect(await snapshot(id)).toEqual(before);
  });

  it("keeps an answered question's slot when the editor saves the survey back as it read it", async () => {
    const id = await create({ name: "Answered", unitId: org.units.unitA.id, questions: everyType() });
    const read = (await call("GET", `/surveys/${id}`, tokens.editorA)).body;
    const tp = await createTestTouchpoint(t.prisma, org.organization.id, org.units.unitA.id, "Answered link", id);
    await insertTestResponses(t.prisma, org.organization.id, [
      {
        surveyId: id,
        touchpointId: tp.id,
        unitId: org.units.unitA.id,
        createdAt: new Date("2026-11-01T10:00:00Z"),
        answers: read.questions.map((q: { _id: string }) => ({ questionId: q._id, n: 1 })),
      },
    ]);
    const slotsNow = () =>
      t.prisma.$queryRawUnsafe<unknown[]>(
        `SELECT "slot", "questionId", "current", "encoding", "choiceCodes", "choiceValues" FROM "QuestionSlot" WHERE "surveyId" = $1 ORDER BY "slot"`,
        id,
      );
    const before = await slotsNow();
    expect(before).toHaveLength(read.questions.length);
    const saved = await call("PUT", `/surveys/${id}`, tokens.editorA, { name: read.name, unitId: read.unitId, questions: read.questions });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(await slotsNow()).toEqual(before);
  });

  it("refuses logic without the surveyLogic feature and changes nothing", async () => {
    const id = await create({ name: "No logic", unitId: org.units.unitA.id, questions: [{ type: "nps", title: "N" }] });
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId! }, data: { features: ["restApi"] } });
    try {
      const before = await snapshot(id);
      const r = await call("PUT", `/surveys/${id}`, tokens.editorA, { name: "No logic", questions: [{ type: "nps", title: "N", logic: { "0": "end" } }] });
      expect(r).toMatchObject({ status: 403, body: { error: noFeatureAccessMessage } });
      const c = await call("POST", "/surveys", tokens.editorA, { name: "No logic 2", questions: [{ type: "nps", title: "N", logic: { submit: "end" } }] });
      expect(c).toMatchObject({ status: 403, body: { error: noFeatureAccessMessage } });
      expect(await snapshot(id)).toEqual(before);
      const plain = await call("PUT", `/surveys/${id}`, tokens.editorA, { name: "Still fine", questions: [{ type: "nps", title: "N" }] });
      expect(plain.status).toBe(200);
    } finally {
      await t.prisma.featureSet.update({
        where: { id: org.organization.featureSetId! },
        data: { features: ["restApi", "fileExportAll", "surveyLogic", "channelCreation"] },
      });
    }
  });

  it("copies a survey with new question ids, logic following them", async () => {
    const id = await create({ name: "Original", unitId: org.units.unitA.id, questions: everyType() });
    const r = await call("POST", `/surveys/${id}/copy`, tokens.editorA);
    expect(r.status).toBe(201);
    const copyId = r.body.newSurvey._id;
    const original = (await call("GET", `/surveys/${id}`, tokens.editorA)).body;
    const copy = (await call("GET", `/surveys/${copyId}`, tokens.editorA)).body;
    expect(copy.name).toBe("Original (copy)");
    expect(copy.unitId).toBe(org.units.unitA.id);
    const ids = copy.questions.map((q: { _id: string }) => q._id);
    expect(ids.some((x: string) => original.question_ids.includes(x))).toBe(false);
    expect(copy.questions[0].logic).toEqual({ "0": ids[2], submit: ids[1] });
    expect(copy.questions[3].logic).toEqual(original.questions[3].logic);
  });

  it("lists visible surveys with their fields, scope active, field selection, and surveys with responses in the caller's units", async () => {
    const a = await create({ name: "Listed A", unitId: org.units.unitA1.id, questions: [] });
    const b = await create({ name: "Listed B", unitId: org.units.unitB.id, questions: [] }, tokens.admin);
    const tp = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Door", type: "terminal", activeSurveyId: a },
    });
    const archived = await create({ name: "Listed archived", unitId: org.units.unitA.id, questions: [] });
    await call("PUT", `/surveys/${archived}/archive`, tokens.editorA, { archived: true });

    const viewer = await call("GET", "/surveys", tokens.viewerA);
    expect(viewer.status).toBe(200);
    const names = viewer.body.map((s: { name: string }) => s.name);
    expect(names).toContain("Listed A");
    expect(names).not.toContain("Listed B");
    const itemA = viewer.body.find((s: { _id: string }) => s._id === a);
    expect(itemA).toMatchObject({
      unitName: "Helsinki store",
      activeChannels: [{ _id: tp.id, name: "Door", type: "terminal" }],
      feedbackCount: 0,
      lastFeedback: null,
    });
    expect(Object.keys(itemA)).toEqual(
      expect.arrayContaining([
        "_id",
        "name",
        "created_at",
        "archived",
        "hidden",
        "question_ids",
        "questions",
        "languages",
        "feedbackCount",
        "responseCount",
        "lastFeedback",
        "activeChannels",
        "created_by_user",
        "unit",
        "unitId",
        "unitName",
        "tags",
      ]),
    );

    const active = await call("GET", "/surveys?scope=active&fields=name,unitName,tags,lastFeedback,created_at", tokens.viewerA);
    expect(active.body.map((s: { name: string }) => s.name)).not.toContain("Listed archived");
    expect(Object.keys(active.body[0]).sort()).toEqual(["_id", "created_at", "lastFeedback", "name", "tags", "unitName"]);
    expect((await call("GET", "/surveys?scope=closed", tokens.viewerA)).status).toBe(400);

    // a response at a touchpoint of unit A to the survey of unit B makes it visible to unit A's viewer
    await t.prisma.response.create({ data: { organizationId: org.organization.id, surveyId: b, touchpointCode: tp.code, unitCode: org.units.unitA.code } });
    const after = await call("GET", "/surveys", tokens.viewerA);
    expect(after.body.map((s: { name: string }) => s.name)).toContain("Listed B");
    expect((await call("GET", `/surveys/${b}`, tokens.viewerA)).status).toBe(200);
    expect((await call("PUT", `/surveys/${b}`, tokens.editorA, { name: "Nope", questions: [] })).status).toBe(403);
  });

  it("archives, unarchives, hides per user and deletes", async () => {
    const id = await create({ name: "Lifecycle", unitId: org.units.unitA.id, questions: [{ type: "nps", title: "N" }] });
    expect((await call("PUT", `/surveys/${id}/archive`, tokens.editorA, { archived: true })).body.archived).toBe(true);
    expect((await call("PUT", `/surveys/${id}/archive`, tokens.editorA, { archived: false })).body.archived).toBe(false);
    expect((await call("PUT", `/surveys/${id}/archive`, tokens.editorA, { archived: "yes" })).status).toBe(400);
    expect((await call("PUT", `/surveys/${id}/hide`, tokens.viewerA, { hidden: true })).body.hidden).toBe(true);
    expect((await call("GET", `/surveys/${id}`, tokens.viewerA)).body.hidden).toBe(true);
    expect((await call("GET", `/surveys/${id}`, tokens.editorA)).body.hidden).toBe(false);
    expect((await call("PUT", `/surveys/${id}/hide`, tokens.viewerA, { hidden: false })).body.hidden).toBe(false);
    expect((await call("DELETE", `/surveys/${id}`, tokens.viewerA)).status).toBe(403);
    expect((await call("DELETE", `/surveys/${id}`, tokens.editorA)).status).toBe(200);
    expect((await call("GET", `/surveys/${id}`, tokens.editorA)).status).toBe(404);
    expect(await t.prisma.question.count({ where: { surveyId: id } })).toBe(0);
  });

  it("lists public templates and copies one into the caller's organisation", async () => {
    const template = await t.prisma.survey.create({
      data: { organizationId: other.organization.id, unitId: other.units.root.id, name: `Template ${Date.now()}`, isTemplate: true, public: true },
    });
    await t.prisma.question.create({ data: { organizationId: other.organization.id, surveyId: template.id, position: 0, type: "nps", title: { en: "NPS" } } });
    const list = await call("GET", "/surveys/public-templates", tokens.editorA);
    expect(list.status).toBe(200);
    const item = list.body.find((s: { _id: string }) => s._id === template.id);
    expect(item).toMatchObject({ name: template.name, created_by_user: null, activeChannels: [] });
    const r = await call("POST", `/surveys/${template.id}/copy`, tokens.editorA);
    expect(r.status).toBe(201);
    const copy = await t.prisma.survey.findUnique({ where: { id: r.body.newSurvey._id }, include: { questions: true } });
    expect(copy).toMatchObject({ organizationId: org.organization.id, name: template.name, isTemplate: false });
    expect(copy?.questions).toHaveLength(1);
    // a template-less survey of another organisation cannot be copied
    const privateOne = await t.prisma.survey.create({ data: { organizationId: other.organization.id, unitId: other.units.root.id, name: "Private" } });
    expect((await call("POST", `/surveys/${privateOne.id}/copy`, tokens.editorA)).status).toBe(404);
  });

  it("keeps out a viewer, an editor of another unit and another organisation's admin", async () => {
    const id = await create({ name: "Guarded", unitId: org.units.unitA.id, questions: [{ type: "nps", title: "N" }] });
    const body = { name: "Taken", questions: [] };
    const before = await snapshot(id);
    // viewer of unit A: reads, cannot edit, cannot create
    expect((await call("GET", `/surveys/${id}`, tokens.viewerA)).status).toBe(200);
    expect((await call("PUT", `/surveys/${id}`, tokens.viewerA, body)).status).toBe(403);
    expect((await call("PUT", `/surveys/${id}/archive`, tokens.viewerA, { archived: true })).status).toBe(403);
    expect((await call("POST", "/surveys", tokens.viewerA, { name: "Mine", questions: [] })).status).toBe(403);
    expect((await call("POST", `/surveys/${id}/copy`, tokens.viewerA)).status).toBe(403);
    // admin of unit B (an editor elsewhere): neither reads nor edits unit A's survey
    for (const [method, path, b] of [
      ["GET", `/surveys/${id}`, undefined],
      ["PUT", `/surveys/${id}`, body],
      ["DELETE", `/surveys/${id}`, undefined],
      ["PUT", `/surveys/${id}/archive`, { archived: true }],
      ["PUT", `/surveys/${id}/hide`, { hidden: true }],
      ["POST", `/surveys/${id}/copy`, {}],
    ] as const)
      expect((await call(method, path, tokens.adminB, b)).status, `${method} ${path}`).toBe(403);
    expect((await call("GET", "/surveys", tokens.adminB)).body.map((s: { _id: string }) => s._id)).not.toContain(id);
    // editor of unit A cannot put a survey into unit B
    expect((await call("POST", "/surveys", tokens.editorA, { name: "Into B", unitId: org.units.unitB.id, questions: [] })).status).toBe(403);
    // another organisation's admin: not found everywhere, sees nothing
    for (const [method, path, b] of [
      ["GET", `/surveys/${id}`, undefined],
      ["PUT", `/surveys/${id}`, body],
      ["DELETE", `/surveys/${id}`, undefined],
      ["PUT", `/surveys/${id}/archive`, { archived: true }],
      ["PUT", `/surveys/${id}/hide`, { hidden: true }],
      ["POST", `/surveys/${id}/copy`, {}],
    ] as const)
      expect((await call(method, path, tokens.otherAdmin, b)).status, `${method} ${path}`).toBe(404);
    const otherList = await call("GET", "/surveys", tokens.otherAdmin);
    expect(otherList.body.map((s: { _id: string }) => s._id)).not.toContain(id);
    const gq = await gql(t.baseUrl, `{ surveys(first: 50) { edges { node { legacyId } } } }`, {}, tokens.otherAdmin);
    expect(JSON.stringify(gq.data)).not.toContain(id);
    expect((await call("GET", "/surveys")).status).toBe(401);
    expect(await snapshot(id)).toEqual(before);
  });

  describe("GraphQL", () => {
    const tab = async (name: string, token = tokens.editorA!) => {
      const r = await gql(
        t.baseUrl,
        `{ surveys(tab: ${name}, first: 100) { edges { node { legacyId name archived hidden questions { legacyId type } } } } }`,
        {},
        token,
      );
      expect(r.errors).toBeUndefined();
      return (r.data as any).surveys.edges.map((e: any) => e.node.legacyId) as string[];
    };

    it("answers the tabs recent, all, active, archived, hidden and mine", async () => {
      const mine = await create({ name: "Tab mine", unitId: org.units.unitA.id, questions: [] });
      const old = await create({ name: "Tab old", unitId: org.units.unitA.id, questions: [] }, tokens.admin);
      await t.prisma.survey.update({ where: { id: old }, data: { createdAt: new Date(Date.now() - 15 * 86_400_000) } });
      const archived = await create({ name: "Tab archived", unitId: org.units.unitA.id, questions: [] }, tokens.admin);
      await t.prisma.survey.update({ where: { id: archived }, data: { archived: true } });
      const hidden = await create({ name: "Tab hidden", unitId: org.units.unitA.id, questions: [] }, tokens.admin);
      await gql(t.baseUrl, `mutation { hideSurvey(id: "${globalId("Survey", hidden)}", hidden: true) { survey { hidden } } }`, {}, tokens.editorA);

      const recent = await tab("recent");
      expect(recent).toContain(mine);
      expect(recent).not.toContain(old);
      expect(recent).not.toContain(hidden);
      const all = await tab("all");
      expect(all).toEqual(expect.arrayContaining([mine, old, archived]));
      expect(all).not.toContain(hidden);
      const active = await tab("active");
      expect(active).toContain(old);
      expect(active).not.toContain(archived);
      expect(await tab("archived")).toEqual(expect.arrayContaining([archived]));
      expect(await tab("archived")).not.toContain(mine);
      expect(await tab("hidden")).toEqual([hidden]);
      const mineTab = await tab("mine");
      expect(mineTab).toContain(mine);
      expect(mineTab).not.toContain(old);
      // hidden is per user
      expect(await tab("all", tokens.admin)).toContain(hidden);
    });

    it("node(id) answers a survey and its questions only to those who see it", async () => {
      const id = await create({ name: "Node survey", unitId: org.units.unitA.id, questions: [{ type: "nps", title: "N" }] });
      const questionId = (await t.prisma.question.findFirstOrThrow({ where: { surveyId: id } })).id;
      const gid = (type: string, x: string) => Buffer.from(`${type}:${x}`).toString("base64");
      const doc = `{ s: node(id: "${gid("Survey", id)}") { ... on Survey { name questions { legacyId } } } q: node(id: "${gid("Question", questionId)}") { ... on Question { type } } }`;
      const seen = await gql(t.baseUrl, doc, {}, tokens.viewerA);
      expect(seen.errors).toBeUndefined();
      expect(seen.data).toMatchObject({ s: { name: "Node survey", questions: [{ legacyId: questionId }] }, q: { type: "nps" } });
      for (const token of [tokens.adminB, tokens.otherAdmin]) {
        const refused = await gql(t.baseUrl, doc, {}, token);
        expect(refused.errors?.length).toBeGreaterThan(0);
        expect(JSON.stringify(refused.data ?? null)).not.toContain("Node survey");
        expect(JSON.stringify(refused.data ?? null)).not.toContain("nps");
      }
    });

    it("creates, updates, copies, archives and deletes through the same services", async () => {
      const created = await gql(
        t.baseUrl,
        `mutation($input: SurveyInput!) { createSurvey(input: $input) { survey { legacyId name questions { id legacyId type title { language text } } } } }`,
        {
          input: {
            name: "GraphQL survey",
            unitId: globalId("Unit", org.units.unitA.id),
            questions: [
              { type: "nps", title: [{ language: "en", text: "N" }], ref: "n" },
              { type: "openText", title: [{ language: "en", text: "Why?" }] },
            ],
          },
        },
        tokens.editorA,
      );
      expect(created.errors).toBeUndefined();
      const survey = (created.data as any).createSurvey.survey;
      expect(survey.questions.map((q: any) => q.type)).toEqual(["nps", "openText"]);
      const legacyId = survey.legacyId;
      const id = globalId("Survey", legacyId);
      const updated = await gql(
        t.baseUrl,
        `mutation($id: ID!, $input: SurveyInput!) { updateSurvey(id: $id, input: $input) { survey { name questions { title { language text } } } } }`,
        {
          id,
          input: { name: "GraphQL renamed", questions: [{ id: survey.questions[1].id, type: "openText", title: [{ language: "en", text: "Why not?" }] }] },
        },
        tokens.editorA,
      );
      expect(updated.errors).toBeUndefined();
      expect((updated.data as any).updateSurvey.survey).toEqual({ name: "GraphQL renamed", questions: [{ title: [{ language: "en", text: "Why not?" }] }] });
      const blank = await gql(
        t.baseUrl,
        `mutation($id: ID!, $input: SurveyInput!) { updateSurvey(id: $id, input: $input) { survey { name } } }`,
        {
          id,
          input: { name: "x", questions: [{ type: "openText", title: [{ language: "en", text: "" }] }] },
        },
        tokens.editorA,
      );
      expect(blank.errors?.[0]).toMatchObject({ message: surveyMessages.blankTitle, extensions: { code: "BAD_USER_INPUT" } });
      const copied = await gql(t.baseUrl, `mutation { copySurvey(id: "${id}") { survey { name } } }`, {}, tokens.editorA);
      expect((copied.data as any).copySurvey.survey.name).toBe("GraphQL renamed (copy)");
      const archived = await gql(t.baseUrl, `mutation { archiveSurvey(id: "${id}", archived: true) { survey { archived } } }`, {}, tokens.editorA);
      expect((archived.data as any).archiveSurvey.survey.archived).toBe(true);
      const refused = await gql(t.baseUrl, `mutation { deleteSurvey(id: "${id}") { legacyId } }`, {}, tokens.viewerA);
      expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const deleted = await gql(t.baseUrl, `mutation { deleteSurvey(id: "${id}") { legacyId } }`, {}, tokens.editorA);
      expect((deleted.data as any).deleteSurvey.legacyId).toBe(legacyId);
      const foreign = await gql(t.baseUrl, `mutation { archiveSurvey(id: "${id}", archived: false) { survey { archived } } }`, {}, tokens.otherAdmin);
      expect(foreign.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
    });
  });
});
