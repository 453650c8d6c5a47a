// The respondent runtime through the real server: GET /r/{id}/survey, POST /r/{id}/responses and
// POST /r/{id}/ping, with a survey of every question type in an organisation of its own.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash, randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, subscribeWs } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { idempotencyDigestSql } from "../../domain/respondent/insert-batch.js";
import { answersOf } from "../../domain/answers/rows.js";
import { codeOf } from "../../domain/results-scope/codes.js";

const text = (en: string) => ({ en, fi: `${en} (fi)` });

async function createSurveyFixture(prisma: PrismaClient, org: OrganizationFixture, opts: { responseLimit?: number } = {}) {
  const organizationId = org.organization.id;
  if (opts.responseLimit !== undefined) await prisma.organization.update({ where: { id: organizationId }, data: { responseLimit: opts.responseLimit } });
  const unitId = org.units.unitA.id;
  const survey = await prisma.survey.create({ data: { organizationId, unitId, name: "Every type", languages: ["en", "fi"] } });
  const ids = (n: number) => Array.from({ length: n }, () => randomBytes(12).toString("hex"));
  const [c1, c2, c3] = ids(3);
  const [e1, e2] = ids(2);
  const specs = [
    { key: "smiley5", type: "smiley", options: { buttons: 5 } },
    { key: "smiley4", type: "smiley", options: { buttons: 4 } },
    { key: "nps", type: "nps", options: {} },
    { key: "slider", type: "slider", options: { min: 0, max: 10, step: 1 } },
    {
      key: "single",
      type: "singleChoice",
      choices: [
        { id: c1, text: text("One") },
        { id: c2, text: text("Two") },
      ],
    },
    {
      key: "multi",
      type: "multipleChoice",
      choices: [
        { id: c1, text: text("One") },
        { id: c2, text: text("Two") },
        { id: c3, text: text("Three") },
      ],
    },
    { key: "open", type: "openText", options: {} },
    {
      key: "emotion",
      type: "emotion",
      options: { clusters: { advocacy: 1, trust: 0.66, attention: 0.33, destroying: -1 } },
      choices: [
        { id: e1, text: text("Happy"), cluster: "advocacy" },
        { id: e2, text: text("Frustrated"), cluster: "destroying" },
      ],
    },
    { key: "contact", type: "contactDetails", options: { fields: ["name", "email", "phone"] } },
    { key: "hidden", type: "nps", options: {}, hidden: true },
  ] as const;
  const q: Record<string, string> = {};
  let position = 0;
  for (const s of specs) {
    const row = await prisma.question.create({
      data: {
        organizationId,
        surveyId: survey.id,
        position: position++,
        type: s.type,
        title: text(`Question ${s.key}`),
        options: "options" in s ? s.options : {},
        choices: "choices" in s ? s.choices : [],
        hidden: "hidden" in s ? s.hidden : false,
      },
    });
    q[s.key] = row.id;
  }
  const touchpoint = (name: string, type: "link" | "terminal" | "website", activeSurveyId: string | null, settings: object = {}) =>
    prisma.touchpoint.create({ data: { organizationId, unitId, name, type, activeSurveyId, settings } });
  const link = await touchpoint("Link", "link", survey.id);
  const terminal = await touchpoint("Terminal", "terminal", survey.id, { metadata: { store: "Helsinki" } });
  const noSurvey = await touchpoint("Empty", "link", null);
  const archivedSurvey = await prisma.survey.create({ data: { organizationId, unitId, name: "Old", archived: true } });
  await prisma.question.create({ data: { organizationId, surveyId: archivedSurvey.id, position: 0, type: "nps", title: text("Old NPS") } });
  const archived = await touchpoint("Archived", "link", archivedSurvey.id);
  const widgetOff = await touchpoint("Widget", "website", survey.id, { website: { domain: "x.example", state: { active: false } } });
  const otherSurvey = await prisma.survey.create({ data: { organizationId, unitId, name: "Other" } });
  const otherQuestion = await prisma.question.create({
    data: { organizationId, surveyId: otherSurvey.id, position: 0, type: "nps", title: text("Other NPS") },
  });
  return { survey, q, choices: { c1: c1!, c2: c2!, c3: c3!, e1: e1!, e2: e2! }, link, terminal, noSurvey, archived, widgetOff, otherSurvey, otherQuestion };
}

describe.skipIf(noDatabase)("respondent runtime /r", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let f: Awaited<ReturnType<typeof createSurveyFixture>>;
  let addressCounter = 1;
  /** A fresh client address per test (X-Forwarded-For; the server trusts its proxy), so the per-address limit stays out of the way. */
  const freshAddress = () => `198.51.100.${addressCounter++ % 250}`;

  const post = (path: string, body: unknown, address = freshAddress(), headers: Record<string, string> = {}) =>
    fetch(`${t.baseUrl}/r${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
  const counts = async (touchpointId: string) => ({
    responses: await t.prisma.response.count({ where: { touchpoint: { id: touchpointId } } }),
    answers: (
      await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "EveryAnswer" a JOIN "Response" r ON r."id" = a."responseId" WHERE r."touchpointCode" = ${codeOf("touchpoint", "$1")}`,
        touchpointId,
      )
    )[0]!.n,
  });
  /** How many answers the response has stored, coded in its row or "Answer" rows. */
  const answerCount = async (responseId: string) =>
    (await t.prisma.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "EveryAnswer" WHERE "responseId" = $1`, responseId))[0]!.n;
  const key = () => `k-${randomBytes(8).toString("hex")}`;
  /** The responses stored with the idempotency key `k` (through its digest, as the server finds a retry). */
  const storedWithKey = async (k: string, touchpointId = f.link.id) =>
    (
      await t.prisma.$queryRawUnsafe<{ n: number }[]>(
        `SELECT count(*)::int AS n FROM "Response" WHERE "idempotencyDigest" = ${idempotencyDigestSql("$1", "$2")}`,
        touchpointId,
        k,
      )
    )[0]!.n;
  const valid = () => ({ idempotencyKey: key(), surveyId: f.survey.id, language: "en", answers: [{ questionId: f.q.nps!, value: 9 }] });

  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: "127.0.0.1" } });
    org = await createOrganizationFixture(t.prisma, "Respond");
    f = await createSurveyFixture(t.prisma, org);
  });
  afterAll(async () => t?.close());

  it("GET survey answers the active survey: visible questions in order, types, options, choices, languages", async () => {
    const response = await fetch(`${t.baseUrl}/r/${f.link.id}/survey`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.survey).toMatchObject({ id: f.survey.id, name: "Every type", languages: ["en", "fi"] });
    expect(body.touchpoint).toEqual({ id: f.link.id, type: "link", name: "Link" });
    expect(body.questions.map((q: { type: string }) => q.type)).toEqual([
      "smiley",
      "smiley",
      "nps",
      "slider",
      "singleChoice",
      "multipleChoice",
      "openText",
      "emotion",
      "contactDetails",
    ]);
    expect(body.questions.map((q: { id: string }) => q.id)).not.toContain(f.q.hidden);
    expect(body.questions[0].title).toEqual({ en: "Question smiley5", fi: "Question smiley5 (fi)" });
    expect(body.questions[5].choices).toHaveLength(3);
    expect(body.kiosk).toEqual({ questionTimeoutSeconds: 30, endScreenSeconds: 10, heartbeatSeconds: 180 });
    expect(Date.parse(body.loadedAt)).not.toBeNaN();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  it("GET survey: 404 for an unknown or deleted touchpoint, 410 for a closed survey or an inactive widget", async () => {
    const get = (id: string) => fetch(`${t.baseUrl}/r/${id}/survey`);
    const unknown = await get("0123456789abcdef01234567");
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toMatch(/no such touchpoint/);
    expect((await get("not-an-id")).status).toBe(404);
    for (const id of [f.noSurvey.id, f.archived.id]) {
      const closed = await get(id);
      expect(closed.status).toBe(410);
      expect(await closed.json()).toEqual({ error: "This survey is closed" });
    }
    expect((await get(f.widgetOff.id)).status).toBe(410);
    const deleted = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Gone", type: "link", activeSurveyId: f.survey.id, deleted: true },
    });
    expect((await get(deleted.id)).status).toBe(404);
  });

  it("stores every question type with the stored encodings, one stored answer per answer", async () => {
    const { q, choices } = f;
    const submittedAt = new Date(Date.now() - 60_000).toISOString();
    const response = await post(`/${f.terminal.id}/responses`, {
      idempotencyKey: key(),
      surveyId: f.survey.id,
      language: "fi",
      metadata: { visit: "first", store: "client says" },
      submittedAt,
      answers: [
        { questionId: q.smiley5, value: 3 },
        { questionId: q.smiley4, value: 1 },
        { questionId: q.nps, value: 10 },
        { questionId: q.slider, value: 7 },
        { questionId: q.single, value: choices.c2 },
        { questionId: q.multi, value: [choices.c1, choices.c3] },
        { questionId: q.open, value: "  Great service  " },
        { questionId: q.emotion, value: choices.e2 },
        { questionId: q.contact, value: { email: "Someone@Example.com", name: "Some One", phone: "+358 40 1234567" } },
      ],
    });
    expect(response.status).toBe(201);
    const { responseId } = await response.json();
    expect(responseId).toMatch(/^[0-9a-f]{24}$/);
    const stored = await t.prisma.response.findUniqueOrThrow({ where: { id: responseId } });
    expect(stored).toMatchObject({
      surveyId: f.survey.id,
      touchpointCode: f.terminal.code,
      unitCode: org.units.unitA.code,
      language: "fi",
      status: "submitted",
    });
    // The terminal's configured metadata wins over the client's.
    expect(stored.metadata).toEqual({ visit: "first", store: "Helsinki" });
    expect(stored.createdAt.toISOString()).toBe(submittedAt);
    expect(stored.submittedAt?.toISOString()).toBe(submittedAt);
    const answers = await answersOf(t.prisma, [responseId]);
    const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
    expect(answers).toHaveLength(9);
    expect(byQuestion.size).toBe(9);
    expect(byQuestion.get(q.smiley5!)!.numericValue).toBe(0.75);
    expect(byQuestion.get(q.smiley4!)!.numericValue).toBeCloseTo(1 / 3, 9);
    expect(byQuestion.get(q.nps!)!.numericValue).toBe(10);
    expect(byQuestion.get(q.slider!)!.numericValue).toBe(0.7);
    expect(byQuestion.get(q.single!)!.choiceIds).toEqual([choices.c2]);
    expect(byQuestion.get(q.multi!)!.choiceIds).toEqual([choices.c1, choices.c3]);
    expect(byQuestion.get(q.open!)!.textValue).toBe("Great service");
    expect(byQuestion.get(q.emotion!)).toMatchObject({ numericValue: -1, choiceIds: [choices.e2] });
    expect(JSON.parse(byQuestion.get(q.contact!)!.textValue!)).toEqual({ name: "Some One", email: "someone@example.com", phone: "+358 40 1234567" });
    // Each answer's question is one of the response's survey (answers keep no survey of their own).
    const questions = await t.prisma.question.findMany({ where: { id: { in: answers.map((a) => a.questionId) } }, select: { surveyId: true } });
    expect(questions.map((x) => x.surveyId)).toEqual(answers.map(() => f.survey.id));
    const times = await t.prisma.$queryRawUnsafe<{ createdAt: Date }[]>(`SELECT "createdAt" FROM "EveryAnswer" WHERE "responseId" = $1`, responseId);
    expect(times).toHaveLength(9);
    for (const a of times) expect(a.createdAt.toISOString()).toBe(submittedAt);
    // Where they are: every answer coded in the response row, the texts (open text, contact) last with
    // their texts in "answerTexts"; no "Answer" row.
    expect(stored.answerCodes).toHaveLength(10);
    expect(stored.answerTexts).toEqual([byQuestion.get(q.open!)!.textValue, byQuestion.get(q.contact!)!.textValue]);
    expect(await t.prisma.answer.count({ where: { responseId } })).toBe(0);
  });

  it("clamps times more than a day in the future to the server's clock", async () => {
    const future = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
    const response = await post(`/${f.link.id}/responses`, { ...valid(), startedAt: future, submittedAt: future });
    expect(response.status).toBe(201);
    const stored = await t.prisma.response.findUniqueOrThrow({ where: { id: (await response.json()).responseId } });
    expect(Math.abs(stored.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(Math.abs(stored.submittedAt!.getTime() - Date.now())).toBeLessThan(60_000);
  });

  describe("refuses bad input with a clear error and stores nothing", () => {
    const cases: [string, () => unknown, number, RegExp][] = [
      ["no idempotency key", () => ({ ...valid(), idempotencyKey: undefined }), 400, /idempotencyKey is required/],
      ["a short idempotency key", () => ({ ...valid(), idempotencyKey: "short" }), 400, /at least 8/],
      ["a long idempotency key", () => ({ ...valid(), idempotencyKey: "x".repeat(101) }), 400, /at most 100/],
      ["no answers", () => ({ ...valid(), answers: [] }), 400, /At least one answer/],
      ["answers that are not a list", () => ({ ...valid(), answers: "nps=9" }), 400, /answers is a list/],
      ["an unknown question", () => ({ ...valid(), answers: [{ questionId: "0123456789abcdef01234567", value: 1 }] }), 400, /Unknown question/],
      ["a question of another survey", () => ({ ...valid(), answers: [{ questionId: f.otherQuestion.id, value: 1 }] }), 400, /Unknown question/],
      ["a hidden question", () => ({ ...valid(), answers: [{ questionId: f.q.hidden!, value: 1 }] }), 400, /Unknown question/],
      [
        "the same question twice",
        () => ({
          ...valid(),
          answers: [
            { questionId: f.q.nps!, value: 1 },
            { questionId: f.q.nps!, value: 2 },
          ],
        }),
        400,
        /answered twice/,
      ],
      ["an NPS of 11", () => ({ ...valid(), answers: [{ questionId: f.q.nps!, value: 11 }] }), 400, /0 to 10/],
      ["an NPS of 7.5", () => ({ ...valid(), answers: [{ questionId: f.q.nps!, value: 7.5 }] }), 400, /whole number/],
      ["an NPS as text", () => ({ ...valid(), answers: [{ questionId: f.q.nps!, value: "9" }] }), 400, /whole number/],
      ["smiley button 4 of 4", () => ({ ...valid(), answers: [{ questionId: f.q.smiley4!, value: 4 }] }), 400, /0 to 3/],
      ["a slider beyond its scale", () => ({ ...valid(), answers: [{ questionId: f.q.slider!, value: 11 }] }), 400, /0 to 10/],
      ["a slider off its steps", () => ({ ...valid(), answers: [{ questionId: f.q.slider!, value: 2.5 }] }), 400, /steps of 1/],
      ["an unknown choice", () => ({ ...valid(), answers: [{ questionId: f.q.single!, value: "nope" }] }), 400, /Unknown choice/],
      ["a choice given twice", () => ({ ...valid(), answers: [{ questionId: f.q.multi!, value: [f.choices.c1, f.choices.c1] }] }), 400, /twice/],
      ["an empty multiple choice", () => ({ ...valid(), answers: [{ questionId: f.q.multi!, value: [] }] }), 400, /at least one choice/],
      ["a blank open text", () => ({ ...valid(), answers: [{ questionId: f.q.open!, value: "   " }] }), 400, /blank/],
      ["an open text over 5,000 characters", () => ({ ...valid(), answers: [{ questionId: f.q.open!, value: "x".repeat(5001) }] }), 400, /at most 5000/],
      ["an unknown emotion", () => ({ ...valid(), answers: [{ questionId: f.q.emotion!, value: f.choices.c1 }] }), 400, /Unknown choice/],
      ["a bad contact e-mail", () => ({ ...valid(), answers: [{ questionId: f.q.contact!, value: { email: "nope" } }] }), 400, /valid e-mail/],
      ["an unknown contact field", () => ({ ...valid(), answers: [{ questionId: f.q.contact!, value: { shoeSize: "42" } }] }), 400, /Unknown contact field/],
      [
        "too many metadata keys",
        () => ({ ...valid(), metadata: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, "v"])) }),
        400,
        /At most 30 metadata keys/,
      ],
      ["a metadata value that is not text", () => ({ ...valid(), metadata: { n: 5 } }), 400, /Metadata values are text/],
      ["a language the survey is not in", () => ({ ...valid(), language: "es" }), 400, /not in the language 'es'/],
      ["another survey's id", () => ({ ...valid(), surveyId: f.otherSurvey.id }), 400, /not the survey of this touchpoint/],
      ["a malformed time", () => ({ ...valid(), submittedAt: "yesterday" }), 400, /ISO 8601/],
      ["malformed JSON", () => "{ not json", 400, /JSON/],
      ["a body over our 256 KB limit", () => ({ ...valid(), metadata: { big: "x".repeat(300_000) } }), 413, /too large: at most 256 KB/],
      ["a body over the server's 1 MB", () => ({ ...valid(), pad: "x".repeat(1_100_000) }), 413, /too large/],
    ];
    for (const [name, body, status, message] of cases) {
      it(name, async () => {
        const before = await counts(f.link.id);
        const response = await post(`/${f.link.id}/responses`, body());
        expect(response.status).toBe(status);
        expect((await response.json()).error).toMatch(message);
        expect(await counts(f.link.id)).toEqual(before);
      });
    }

    it("a closed survey (410), an unknown touchpoint (404), an inactive widget (410)", async () => {
      const before = await t.prisma.response.count({ where: { organizationId: org.organization.id } });
      for (const [id, status] of [
        [f.archived.id, 410],
        [f.noSurvey.id, 410],
        [f.widgetOff.id, 410],
        ["0123456789abcdef01234567", 404],
      ] as const) {
        const response = await post(`/${id}/responses`, valid());
        expect(response.status).toBe(status);
      }
      expect(await t.prisma.response.count({ where: { organizationId: org.organization.id } })).toBe(before);
    });
  });

  it("an unpaid organisation: its surveys collect while the countdown runs (a locked dashboard does not stop them) and close when it ends", async () => {
    const organizationId = org.organization.id;
    // A touchpoint of its own: its definition is first loaded (and kept) after the countdown is set,
    // whatever earlier tests left in the definition cache.
    const link = await t.prisma.touchpoint.create({
      data: { organizationId, unitId: org.units.unitA.id, name: "Unpaid countdown", type: "link", activeSurveyId: f.link.activeSurveyId },
    });
    // The countdown ends a few seconds from now, while the survey's definition is already loaded and kept.
    const stopsAt = new Date(Date.now() + 4_000);
    await t.prisma.subscription.upsert({
      where: { organizationId },
      create: { organizationId, status: "unpaid", paymentFailedAt: new Date(stopsAt.getTime() - 14 * 86_400_000), collectingStopsAt: stopsAt },
      update: { status: "unpaid", paymentFailedAt: new Date(stopsAt.getTime() - 14 * 86_400_000), collectingStopsAt: stopsAt },
    });
    await t.prisma.organization.update({ where: { id: organizationId }, data: { billingStatus: "unpaid", dashboardLocked: true } });
    try {
      expect((await fetch(`${t.baseUrl}/r/${link.id}/survey`)).status).toBe(200);
      expect((await post(`/${link.id}/responses`, valid())).status).toBe(201);
      // The countdown is over, nothing else changed: closed to respondents, nothing stored.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, stopsAt.getTime() - Date.now()) + 50));
      const before = await counts(link.id);
      const closed = await fetch(`${t.baseUrl}/r/${link.id}/survey`);
      expect({ status: closed.status, body: await closed.json() }).toEqual({ status: 410, body: { error: "This survey is closed" } });
      expect((await post(`/${link.id}/responses`, valid())).status).toBe(410);
      expect(await counts(link.id)).toEqual(before);
    } finally {
      await t.prisma.subscription.update({ where: { organizationId }, data: { status: "active", paymentFailedAt: null, collectingStopsAt: null } });
      await t.prisma.organization.update({ where: { id: organizationId }, data: { billingStatus: "active", dashboardLocked: false } });
    }
    // Paid: collecting again once the kept definition is checked against the database (its TTL).
    const deadline = Date.now() + 15_000;
    while ((await fetch(`${t.baseUrl}/r/${link.id}/survey`)).status !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect((await post(`/${link.id}/responses`, valid())).status).toBe(201);
  });

  it("a retry with the same idempotency key is stored once and answers the same id", async () => {
    const body = valid();
    const first = await post(`/${f.link.id}/responses`, body);
    expect(first.status).toBe(201);
    const { responseId } = await first.json();
    const again = await post(`/${f.link.id}/responses`, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ responseId });
    expect(await storedWithKey(body.idempotencyKey)).toBe(1);
    expect(await answerCount(responseId)).toBe(1);
    // Stored as a digest of the touchpoint and the key's MD5 (16 bytes), not as the key.
    const stored = await t.prisma.response.findUniqueOrThrow({ where: { id: responseId } });
    const md5 = createHash("md5").update(body.idempotencyKey).digest("hex");
    expect(stored.idempotencyDigest?.replaceAll("-", "")).toBe(
      createHash("sha256")
        .update(f.link.id + md5)
        .digest("hex")
        .slice(0, 32),
    );
  });

  it("one key sent to two touchpoints stores two responses, and a retry on each finds its own", async () => {
    const other = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Second link", type: "link", activeSurveyId: f.survey.id },
    });
    const body = valid();
    const first = await post(`/${f.link.id}/responses`, body);
    const second = await post(`/${other.id}/responses`, body);
    expect([first.status, second.status]).toEqual([201, 201]);
    const ids = [(await first.json()).responseId, (await second.json()).responseId];
    expect(ids[0]).not.toBe(ids[1]);
    const retries = [await post(`/${f.link.id}/responses`, body), await post(`/${other.id}/responses`, body)];
    expect(retries.map((r) => r.status)).toEqual([200, 200]);
    expect([(await retries[0]!.json()).responseId, (await retries[1]!.json()).responseId]).toEqual(ids);
    expect([await storedWithKey(body.idempotencyKey), await storedWithKey(body.idempotencyKey, other.id)]).toEqual([1, 1]);
  });

  it("keys of the longest length, and keys differing in one character, are told apart", async () => {
    const long = "k".repeat(99);
    const a = await post(`/${f.link.id}/responses`, { ...valid(), idempotencyKey: `${long}a` });
    const b = await post(`/${f.link.id}/responses`, { ...valid(), idempotencyKey: `${long}b` });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await a.json()).responseId).not.toBe((await b.json()).responseId);
    const again = await post(`/${f.link.id}/responses`, { ...valid(), idempotencyKey: `${long}a` });
    expect(again.status).toBe(200);
    expect([await storedWithKey(`${long}a`), await storedWithKey(`${long}b`)]).toEqual([1, 1]);
  });

  it("10 concurrent retries store one response and all answer its id", async () => {
    const body = valid();
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/${f.link.id}/responses`, body, address)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await r.json()).responseId)));
    expect(ids.size).toBe(1);
    expect(await storedWithKey(body.idempotencyKey)).toBe(1);
    expect(await answerCount([...ids][0])).toBe(1);
  });

  it("50 concurrent submissions (stored in groups) are each stored once with their answers, and counted", async () => {
    const tp = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Busy link", type: "link", activeSurveyId: f.survey.id },
    });
    const bodies = Array.from({ length: 50 }, (_, i) => ({
      ...valid(),
      answers: [
        { questionId: f.q.nps!, value: i % 11 },
        { questionId: f.q.open!, value: `answer ${i}` },
      ],
    }));
    // Two of them are the same submission sent twice at once.
    bodies.push(bodies[0]!);
    const answers = await Promise.all(bodies.map((b, i) => post(`/${tp.id}/responses`, b, `192.0.2.${i}`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(50);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await counts(tp.id)).toEqual({ responses: 50, answers: 100 });
    const texts = await t.prisma.$queryRawUnsafe<{ textValue: string }[]>(
      `SELECT a."textValue" FROM "EveryAnswer" a JOIN "Response" r ON r."id" = a."responseId" WHERE r."touchpointCode" = ${codeOf("touchpoint", "$1")} AND a."textValue" IS NOT NULL`,
      tp.id,
    );
    expect(new Set(texts.map((a) => a.textValue)).size).toBe(50);
    await expect.poll(async () => (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: tp.id } })).responseCount).toBe(50);
  });

  it("numbers each organisation's responses from its own sequence as they are stored; a retry takes no row, other writers get the next number", async () => {
    const other = await createOrganizationFixture(t.prisma, "Numbered");
    const of = await createSurveyFixture(t.prisma, other);
    const body = () => ({ idempotencyKey: key(), surveyId: of.survey.id, language: "en", answers: [{ questionId: of.q.nps!, value: 7 }] });
    // Interleaved with submissions to another organisation, at once (stored in groups).
    const mine = [body(), body(), body()];
    const answers = await Promise.all([
      ...mine.map((b) => post(`/${of.link.id}/responses`, b)),
      ...[0, 1, 2].map(() => post(`/${f.link.id}/responses`, valid())),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    const ordinals = async () =>
      (await t.prisma.response.findMany({ where: { organizationId: other.organization.id }, select: { ordinal: true }, orderBy: { ordinal: "asc" } })).map(
        (r) => r.ordinal,
      );
    // A new organisation's sequence starts at 0: its own numbers, none skipped for the other's.
    expect(await ordinals()).toEqual([0, 1, 2]);
    expect((await post(`/${of.link.id}/responses`, mine[0]!)).status).toBe(200);
    // A response stored by another writer (demo data, imports) is numbered by the trigger.
    const imported = await t.prisma.response.create({
      data: { organizationId: other.organization.id, surveyId: of.survey.id, touchpointCode: of.link.code, unitCode: other.units.unitA.code },
    });
    expect(imported.ordinal).toBeGreaterThanOrEqual(3);
    expect(await ordinals()).toEqual([0, 1, 2, imported.ordinal]);
  });

  it("updates the touchpoint's and survey's counters and publishes the new count to subscribers", async () => {
    const token = (await signInWithPassword(t.baseUrl, org.users.viewerA.email, testPassword)).accessToken;
    const sub = subscribeWs(
      t.baseUrl,
      `subscription { responseCountChanged(surveyId: "${globalId("Survey", f.survey.id)}") { surveyId responseCount created lastFeedbackAt touchpoints { touchpointId responseCount } } }`,
      token,
    );
    await sub.connected;
    await new Promise((r) => setTimeout(r, 300));
    const before = await t.prisma.survey.findUniqueOrThrow({ where: { id: f.survey.id } });
    const response = await post(`/${f.link.id}/responses`, valid());
    expect(response.status).toBe(201);
    await sub.waitFor(1, 5000);
    await sub.close();
    expect(sub.errors).toEqual([]);
    const event = (sub.events[0]?.data as any)?.responseCountChanged;
    expect(event.surveyId).toBe(f.survey.id);
    expect(event.responseCount).toBe(before.responseCount + 1);
    expect(event.created).toBe(1);
    expect(event.touchpoints[0].touchpointId).toBe(f.link.id);
    const survey = await t.prisma.survey.findUniqueOrThrow({ where: { id: f.survey.id } });
    expect(survey.responseCount).toBe(before.responseCount + 1);
    expect(survey.lastFeedbackAt).not.toBeNull();
    const touchpoint = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: f.link.id } });
    expect(touchpoint.responseCount).toBe(await t.prisma.response.count({ where: { touchpoint: { id: f.link.id } } }));
    expect(touchpoint.lastFeedbackAt).not.toBeNull();
    // Counters are plain SQL: updatedAt (the terminals' refresh signal) is left alone.
    expect(survey.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it("the subscription refuses a member without rights in the survey's unit", async () => {
    const token = (await signInWithPassword(t.baseUrl, org.users.adminB.email, testPassword)).accessToken;
    const sub = subscribeWs(t.baseUrl, `subscription { responseCountChanged(surveyId: "${globalId("Survey", f.survey.id)}") { responseCount } }`, token);
    await sub.waitFor(1, 2000);
    await sub.close();
    expect(JSON.stringify([...sub.events, ...sub.errors])).toMatch(/rights/);
  });

  it("stores responses over the organisation's response limit (this calendar month), marked over the limit and left out of the counts", async () => {
    const limited = await createOrganizationFixture(t.prisma, "Limited");
    const lf = await createSurveyFixture(t.prisma, limited, { responseLimit: 2 });
    const body = () => ({ idempotencyKey: key(), surveyId: lf.survey.id, answers: [{ questionId: lf.q.nps!, value: 5 }] });
    expect((await post(`/${lf.link.id}/responses`, body())).status).toBe(201);
    const second = body();
    expect((await post(`/${lf.link.id}/responses`, second)).status).toBe(201);
    const countOf = async (id: string) => (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).responseCount;
    await expect.poll(() => countOf(lf.link.id)).toBe(2);
    // Nothing a respondent sends is lost: the third is stored too, over the limit.
    const third = await post(`/${lf.link.id}/responses`, body());
    expect(third.status).toBe(201);
    const thirdId = ((await third.json()) as { responseId: string }).responseId;
    // A retry of a stored response is still answered with its first id.
    expect((await post(`/${lf.link.id}/responses`, second)).status).toBe(200);
    const stored = await t.prisma.response.findMany({
      where: { organizationId: limited.organization.id },
      select: { id: true, overLimit: true },
      orderBy: { createdAt: "asc" },
    });
    expect(stored).toHaveLength(3);
    expect(stored.filter((r) => r.overLimit).map((r) => r.id)).toEqual([thirdId]);
    // Its answer is stored beside it, but it is never pending for the roll-ups.
    expect(await answerCount(thirdId)).toBe(1);
    expect(await t.prisma.rollupPending.count({ where: { responseId: thirdId } })).toBe(0);
    // Counters apply everything added before in one statement: once a later response elsewhere is
    // counted, the over-limit one would have been too.
    const elsewhere = await countOf(f.link.id);
    expect((await post(`/${f.link.id}/responses`, valid())).status).toBe(201);
    await expect.poll(() => countOf(f.link.id)).toBeGreaterThan(elsewhere);
    expect(await countOf(lf.link.id)).toBe(2);
  });

  it("limits the rate per client address: 429 with Retry-After", async () => {
    // 60 at once, then 5 a second: the requests go out together, and the refill during the run
    // (5 a second of elapsed time) bounds how many more may pass, so a slow machine cannot flake it.
    const address = "203.0.113.77";
    const started = Date.now();
    const responses = await Promise.all(Array.from({ length: 80 }, () => post(`/${f.link.id}/responses`, { ...valid(), answers: [] }, address)));
    const elapsedSeconds = (Date.now() - started) / 1000;
    const statuses = responses.map((r) => r.status);
    const refused = responses.filter((r) => r.status === 429);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
    const passed = statuses.filter((s) => s === 400).length;
    expect(passed).toBeGreaterThanOrEqual(60);
    expect(passed).toBeLessThanOrEqual(60 + Math.ceil(elapsedSeconds * 5) + 1);
    expect(refused.length).toBeGreaterThan(0);
    expect(Number(refused[0]!.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    // Another address is not affected.
    expect((await post(`/${f.link.id}/responses`, valid(), "203.0.113.78")).status).toBe(201);
  });

  it("a terminal's heartbeat writes a ping and lastSeenAt, and asks for a refresh after a change", async () => {
    const survey = await (await fetch(`${t.baseUrl}/r/${f.terminal.id}/survey`)).json();
    const before = await t.prisma.touchpointPing.count({ where: { touchpointId: f.terminal.id } });
    const ping = await post(`/${f.terminal.id}/ping`, { battery: 0.8, loadedAt: survey.loadedAt });
    expect(ping.status).toBe(200);
    expect(await ping.json()).toEqual({ refresh: false });
    const pings = await t.prisma.touchpointPing.findMany({ where: { touchpointId: f.terminal.id }, orderBy: { at: "desc" } });
    expect(pings).toHaveLength(before + 1);
    expect(pings[0]).toMatchObject({ battery: 0.8, organizationId: org.organization.id });
    const tp = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: f.terminal.id } });
    expect(Date.now() - tp.lastSeenAt!.getTime()).toBeLessThan(60_000);

    // Editing the survey (its updatedAt) after the page loaded: the next heartbeat says refresh.
    await t.prisma.survey.update({ where: { id: f.survey.id }, data: { name: "Every type, edited" } });
    await new Promise((r) => setTimeout(r, 5_200)); // the definition cache's time to live
    const after = await post(`/${f.terminal.id}/ping`, { loadedAt: survey.loadedAt });
    expect(await after.json()).toEqual({ refresh: true });
    const reloaded = await (await fetch(`${t.baseUrl}/r/${f.terminal.id}/survey`)).json();
    expect(reloaded.survey.name).toBe("Every type, edited");
    expect(await (await post(`/${f.terminal.id}/ping`, { loadedAt: reloaded.loadedAt })).json()).toEqual({ refresh: false });

    // Bad heartbeats.
    expect((await post(`/${f.terminal.id}/ping`, { battery: 2, loadedAt: survey.loadedAt })).status).toBe(400);
    expect((await post(`/${f.terminal.id}/ping`, {})).status).toBe(400);
    expect((await post(`/${f.link.id}/ping`, { loadedAt: survey.loadedAt })).status).toBe(400);
    expect((await post(`/0123456789abcdef01234567/ping`, { loadedAt: survey.loadedAt })).status).toBe(404);
  });

  it("queued answers to the touchpoint's previous survey are accepted when answered before the change", async () => {
    const tp = await t.prisma.touchpoint.create({
      data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Switching", type: "terminal", activeSurveyId: f.survey.id },
    });
    const answeredAt = new Date(Date.now() - 30_000).toISOString();
    await t.prisma.touchpoint.update({ where: { id: tp.id }, data: { activeSurveyId: f.otherSurvey.id } });
    await t.prisma.question.create({
      data: { organizationId: org.organization.id, surveyId: f.otherSurvey.id, position: 1, type: "openText", title: text("Other open") },
    });
    const queued = await post(`/${tp.id}/responses`, { ...valid(), submittedAt: answeredAt });
    expect(queued.status).toBe(201);
    const stored = await t.prisma.response.findUniqueOrThrow({ where: { id: (await queued.json()).responseId } });
    expect(stored.surveyId).toBe(f.survey.id);
    // Answered after the change: refused.
    expect((await post(`/${tp.id}/responses`, valid())).status).toBe(400);
  });

  it("accepts a text/plain body (sendBeacon) and answers CORS preflights", async () => {
    const response = await post(`/${f.link.id}/responses`, JSON.stringify(valid()), freshAddress(), { "content-type": "text/plain;charset=UTF-8" });
    expect(response.status).toBe(201);
    const preflight = await fetch(`${t.baseUrl}/r/${f.link.id}/responses`, {
      method: "OPTIONS",
      headers: { origin: "https://shop.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  });
});
