// Answers in the response row (stage S3b, migration 20261129030000_answers_in_response, and the texts,
// migration 20261129080000_text_answers_in_response): what is coded into "Response" and what stays an
// "Answer" row, read back the same through every piece of the layer
// and through the "EveryAnswer" view (which decodes its own way), by both writers (ingestion's
// statement and insertAnswerRows); hiding one answer; the slot trigger's "has answers".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "../../db/client.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses, newTestId, type TestAnswer, type TestSurvey } from "../../test/analytics-survey.js";
import type { AnswerRow } from "../respondent/answers.js";
import { InsertBatcher } from "../respondent/insert-batch.js";
import { answersJsonOf, answersOf, hiddenAnswerQuestions, insertAnswerRows, lockQuestionSlots, setAnswerHidden, visibleAnswersOf } from "./rows.js";

/** The code of a number its element holds (migration 20261129110000_numbers_in_codes): n × 2520 + 32768. */
const num = (n: number) => Math.round(n * 2520) + 32768;

type Stored = { responseId: string; questionId: string; numericValue: number | null; textValue: string | null; choiceIds: string[]; hidden: boolean };

describe.skipIf(noDatabase)("answers in the response row", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let s: TestSurvey;
  let tp: string;
  const at = new Date("2026-11-20T10:00:00Z");

  const sorted = (rows: Stored[]) =>
    rows
      .map((r) => ({ ...r, choiceIds: r.choiceIds ?? [] }))
      .sort((a, b) => a.responseId.localeCompare(b.responseId) || a.questionId.localeCompare(b.questionId));
  const everyAnswer = async (ids: string[]) =>
    sorted(
      await prisma.$queryRawUnsafe<Stored[]>(
        `SELECT "responseId", "questionId", "numericValue", "textValue", "choiceIds", "hidden" FROM "EveryAnswer" WHERE "responseId" = ANY($1::text[])`,
        ids,
      ),
    );
  const layout = (id: string) =>
    prisma.$queryRawUnsafe<{ codes: number[] | null; numbers: number[] | null; texts: string[] | null; hidden: number[] | null; rows: number }[]>(
      `SELECT r."answerCodes" AS codes, r."answerNumbers" AS numbers, r."answerTexts" AS texts, r."hiddenSlots" AS hidden,
              (SELECT count(*)::int FROM "Answer" a WHERE a."responseId" = r."id") AS rows
         FROM "Response" r WHERE r."id" = $1`,
      id,
    );
  const slotOf = async (questionId: string) =>
    (await prisma.$queryRawUnsafe<{ slot: number }[]>(`SELECT "slot" FROM "QuestionSlot" WHERE "questionId" = $1 AND "current"`, questionId))[0]!.slot;

  /** A response of the survey at `at` stored with its answers by the test fixtures (insertAnswerRows); answers its id. */
  const storedResponse = async (answers: TestAnswer[]) =>
    (
      await insertTestResponses(prisma, org.organization.id, [{ surveyId: s.survey.id, touchpointId: tp, unitId: org.units.unitA.id, createdAt: at, answers }])
    )[0]!;

  /** A response of the survey at `at` as ingestion's statement stores it (answers as the respondent runtime encodes them). */
  const ingest = (id: string, answers: AnswerRow[]) =>
    new InsertBatcher(prisma).insert({
      id,
      organizationId: org.organization.id,
      surveyId: s.survey.id,
      touchpointId: tp,
      unitId: org.units.unitA.id,
      language: "en",
      metadata: {},
      idempotencyKey: `rows-test-${id}`,
      startedAt: at,
      submittedAt: at,
      answers,
    });

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "Answer rows");
    s = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id, "Every type");
    tp = (await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door", s.survey.id)).id;
  });
  afterAll(async () => prisma?.$disconnect());

  it("stores a response under its team's code, and under code 0 when that team was deleted a moment ago", async () => {
    // The respondent side trusts a touchpoint's cached definition for a few seconds, so a response can
    // name a team deleted since (the touchpoint moved, its old team deleted): it is stored all the same.
    const base = { organizationId: org.organization.id, surveyId: s.survey.id, touchpointId: tp, language: "en", metadata: {}, startedAt: at, submittedAt: at };
    const [live, gone] = [newTestId(), newTestId()];
    const batcher = new InsertBatcher(prisma);
    const stored = await Promise.all([
      batcher.insert({ ...base, id: live, unitId: org.units.unitA.id, idempotencyKey: `unit-${live}`, answers: [] }),
      batcher.insert({ ...base, id: gone, unitId: "f".repeat(24), idempotencyKey: `unit-${gone}`, answers: [] }),
    ]);
    expect(stored).toEqual([true, true]);
    const rows = await prisma.response.findMany({ where: { id: { in: [live, gone] } }, select: { id: true, unitCode: true } });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.unitCode]))).toEqual({ [live]: org.units.unitA.code, [gone]: 0 });
  });

  it("codes every answer a code can hold into the response row, numbers exact, texts last", async () => {
    const q = s.questions;
    const id = await storedResponse([
      { questionId: q.multi.id, choices: ["mz", "mx"] },
      { questionId: q.smiley.id, n: 0.75 },
      { questionId: q.text.id, text: "Friendly staff" },
      // a number with no short decimal form comes back as the very same double
      { questionId: q.slider.id, n: 0.1 + 0.2 },
      { questionId: q.single.id, choices: ["cb"] },
      { questionId: q.emotion.id, n: 0.66, choices: ["safe"] },
      { questionId: q.nps.id, n: 7 },
    ]);
    const [row] = await layout(id);
    const [multi, smiley, slider, single, emotion, nps, text] = await Promise.all(
      [q.multi, q.smiley, q.slider, q.single, q.emotion, q.nps, q.text].map((x) => slotOf(x.id)),
    );
    // Those whose number no code holds first (a slider value that is no multiple of 1/2520, an
    // emotion's beside its choice), in the order given; then the rest in the order given (a smiley's
    // and an NPS answer's number in its code, a multiple choice's elements side by side in its order);
    // the texts last.
    expect(row!.codes).toEqual([
      slider! << 16,
      (emotion! << 16) | 1,
      (multi! << 16) | 2,
      (multi! << 16) | 0,
      (smiley! << 16) | num(0.75),
      (single! << 16) | 1,
      (nps! << 16) | num(7),
      text! << 16,
    ]);
    expect(row!.numbers).toEqual([0.1 + 0.2, 0.66]);
    expect(row!.texts).toEqual(["Friendly staff"]);
    expect(row!.hidden).toBeNull();
    expect(row!.rows).toBe(0);
    const expected = sorted([
      { responseId: id, questionId: q.smiley.id, numericValue: 0.75, textValue: null, choiceIds: [], hidden: false },
      { responseId: id, questionId: q.nps.id, numericValue: 7, textValue: null, choiceIds: [], hidden: false },
      { responseId: id, questionId: q.slider.id, numericValue: 0.1 + 0.2, textValue: null, choiceIds: [], hidden: false },
      { responseId: id, questionId: q.single.id, numericValue: null, textValue: null, choiceIds: ["cb"], hidden: false },
      { responseId: id, questionId: q.multi.id, numericValue: null, textValue: null, choiceIds: ["mz", "mx"], hidden: false },
      { responseId: id, questionId: q.text.id, numericValue: null, textValue: "Friendly staff", choiceIds: [], hidden: false },
      { responseId: id, questionId: q.emotion.id, numericValue: 0.66, textValue: null, choiceIds: ["safe"], hidden: false },
    ]);
    expect(sorted(await answersOf(prisma, [id]))).toEqual(expected);
    expect(await everyAnswer([id])).toEqual(expected);
    // The JSON piece gives the same answers (the feedback list's and the notifications' read).
    const [json] = await prisma.$queryRawUnsafe<{ j: Stored[] }[]>(
      `SELECT ${answersJsonOf("$1", (a) => `json_build_object('responseId', ${a}."responseId", 'questionId', ${a}."questionId", 'numericValue', ${a}."numericValue", 'textValue', ${a}."textValue", 'choiceIds', ${a}."choiceIds", 'hidden', ${a}."hidden")`)} AS j`,
      id,
    );
    expect(sorted(json!.j)).toEqual(expected);
  });

  it("keeps as answer rows the texts a code cannot hold: a second one to a slot, a text outside a text question", async () => {
    const contact = await prisma.question.create({
      data: {
        organizationId: org.organization.id,
        surveyId: s.survey.id,
        position: 99,
        type: "contactDetails",
        title: { en: "contact" },
        options: {},
        choices: [],
      },
    });
    const q = { ...s.questions, contact };
    const id = await storedResponse([
      { questionId: q.text.id, text: "First" },
      { questionId: q.nps.id, n: 6 },
      { questionId: q.contact.id, text: '{"name":"A"}' },
    ]);
    await insertAnswerRows(prisma, [
      { r: id, q: q.text.id, c: at.toISOString(), x: "Second" },
      { r: id, q: q.smiley.id, c: at.toISOString(), x: "not a smiley" },
    ]);
    const [row] = await layout(id);
    expect(row!.codes).toEqual([((await slotOf(q.nps.id)) << 16) | num(6), (await slotOf(q.text.id)) << 16, (await slotOf(q.contact.id)) << 16]);
    expect(row!.numbers).toBeNull();
    expect(row!.texts).toEqual(["First", '{"name":"A"}']);
    expect(row!.rows).toBe(2);
    const expected = sorted([
      { responseId: id, questionId: q.text.id, numericValue: null, textValue: "First", choiceIds: [], hidden: false },
      { responseId: id, questionId: q.text.id, numericValue: null, textValue: "Second", choiceIds: [], hidden: false },
      { responseId: id, questionId: q.nps.id, numericValue: 6, textValue: null, choiceIds: [], hidden: false },
      { responseId: id, questionId: q.contact.id, numericValue: null, textValue: '{"name":"A"}', choiceIds: [], hidden: false },
      { responseId: id, questionId: q.smiley.id, numericValue: null, textValue: "not a smiley", choiceIds: [], hidden: false },
    ]).sort((a, b) => a.questionId.localeCompare(b.questionId) || String(a.textValue).localeCompare(String(b.textValue)));
    const byText = (rows: Stored[]) => rows.sort((a, b) => a.questionId.localeCompare(b.questionId) || String(a.textValue).localeCompare(String(b.textValue)));
    expect(byText(sorted(await answersOf(prisma, [id])))).toEqual(expected);
    expect(byText(await everyAnswer([id]))).toEqual(expected);
    // A number no code holds, added later, goes first (its number in "answerNumbers"), before the
    // numbers in codes; the texts keep their places and order.
    await insertAnswerRows(prisma, [{ r: id, q: q.slider.id, c: at.toISOString(), n: 0.1 + 0.2 }]);
    const [after] = await layout(id);
    expect(after!.codes).toEqual([
      (await slotOf(q.slider.id)) << 16,
      ((await slotOf(q.nps.id)) << 16) | num(6),
      (await slotOf(q.text.id)) << 16,
      (await slotOf(q.contact.id)) << 16,
    ]);
    expect(after!.numbers).toEqual([0.1 + 0.2]);
    expect(
      (await answersOf(prisma, [id]))
        .filter((a) => a.numericValue !== null)
        .map((a) => [a.questionId, a.numericValue])
        .sort(),
    ).toEqual(
      [
        [q.nps.id, 6],
        [q.slider.id, 0.1 + 0.2],
      ].sort(),
    );
    expect(after!.texts).toEqual(["First", '{"name":"A"}']);
    expect((await answersOf(prisma, [id])).find((a) => a.questionId === q.contact.id)?.textValue).toBe('{"name":"A"}');
  });

  it("keeps as answer rows what a code cannot hold, and reads them with the coded ones", async () => {
    const q = s.questions;
    const id = await storedResponse([
      { questionId: q.nps.id, n: 9 },
      // a choice the question never listed (a definition cached across a change): kept, as a row
      { questionId: q.single.id, choices: ["gone"] },
      // a number without a choice on a choice question
      { questionId: q.emotion.id, n: 1 },
    ]);
    // a second answer to a slot the response holds
    await insertAnswerRows(prisma, [{ r: id, q: q.nps.id, c: at.toISOString(), n: 3 }]);
    const [row] = await layout(id);
    expect(row!.codes).toEqual([((await slotOf(q.nps.id)) << 16) | num(9)]);
    expect(row!.rows).toBe(3);
    const every = await everyAnswer([id]);
    expect(every.map((a) => [a.questionId, a.numericValue, a.choiceIds])).toEqual(
      sorted([
        { responseId: id, questionId: q.nps.id, numericValue: 9, textValue: null, choiceIds: [], hidden: false },
        { responseId: id, questionId: q.nps.id, numericValue: 3, textValue: null, choiceIds: [], hidden: false },
        { responseId: id, questionId: q.single.id, numericValue: null, textValue: null, choiceIds: ["gone"], hidden: false },
        { responseId: id, questionId: q.emotion.id, numericValue: 1, textValue: null, choiceIds: [], hidden: false },
      ]).map((a) => [a.questionId, a.numericValue, a.choiceIds]),
    );
    expect(sorted(await answersOf(prisma, [id]))).toEqual(every);
  });

  it("keeps a number on a choice question without choices as a row (its code would later read as the first choice added)", async () => {
    const survey = await prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "No choices yet" } });
    const pick = await prisma.question.create({
      data: { organizationId: org.organization.id, surveyId: survey.id, position: 0, type: "singleChoice", title: { en: "pick" }, options: {}, choices: [] },
    });
    const door = (await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door 3", survey.id)).id;
    const [id] = (await insertTestResponses(prisma, org.organization.id, [
      { surveyId: survey.id, touchpointId: door, unitId: org.units.unitA.id, createdAt: at, answers: [{ questionId: pick.id, n: 7 }] },
    ])) as [string];
    expect((await layout(id))[0]).toMatchObject({ codes: null, rows: 1 });
    await prisma.question.update({ where: { id: pick.id }, data: { choices: [{ id: "a", text: { en: "A" } }] } });
    expect((await answersOf(prisma, [id])).map((a) => [a.numericValue, a.choiceIds])).toEqual([[7, []]]);
  });

  it("refuses answers of a response that does not exist, storing none of the call's answers", async () => {
    const id = await storedResponse([]);
    await expect(
      insertAnswerRows(prisma, [
        { r: id, q: s.questions.nps.id, c: at.toISOString(), n: 5 },
        { r: "nosuchresponse0000000000", q: s.questions.nps.id, c: at.toISOString(), n: 5 },
      ]),
    ).rejects.toThrow(/foreign key/);
    expect(await answersOf(prisma, [id])).toEqual([]);
  });

  it("the survey editor's save and ingestion take the slots in one order: a save changing two questions waits, never deadlocks", async () => {
    const q = s.questions;
    const id = newTestId();
    let stored: Promise<boolean> | undefined;
    await prisma.$transaction(
      async (tx) => {
        // As updateSurvey: the survey's row, its slots in slot order, then the questions in the body's
        // order (here the later slot first, the order that deadlocked before the slots were taken first).
        await tx.survey.update({ where: { id: s.survey.id }, data: { name: "Every type" } });
        await lockQuestionSlots(tx as unknown as PrismaClient, s.survey.id);
        await tx.question.update({
          where: { id: q.multi.id },
          data: {
            choices: [
              { id: "mx", text: { en: "X" } },
              { id: "my", text: { en: "Y" } },
              { id: "mz", text: { en: "Z" } },
              { id: "mw", text: { en: "W" } },
            ],
          },
        });
        stored = ingest(id, [
          { q: q.single.id, n: null, x: null, h: ["ca"] },
          { q: q.multi.id, n: null, x: null, h: ["mz"] },
        ]);
        // The statement is now waiting for the slots.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await tx.question.update({
          where: { id: q.single.id },
          data: {
            choices: [
              { id: "ca", text: { en: "A" } },
              { id: "cb", text: { en: "B" } },
              { id: "cc", text: { en: "C" } },
              { id: "cd", text: { en: "D" } },
            ],
          },
        });
      },
      { timeout: 20_000 },
    );
    expect(await stored).toBe(true);
    expect((await answersOf(prisma, [id])).map((a) => a.choiceIds).sort()).toEqual([["ca"], ["mz"]]);
  });

  it("ingestion's statement codes the same way, and adds to a response's answers stored before", async () => {
    const q = s.questions;
    const id = newTestId();
    const stored = await ingest(id, [
      { q: q.single.id, n: null, x: null, h: ["cc"] },
      { q: q.nps.id, n: 10, x: null, h: [] },
      { q: q.text.id, n: null, x: "Long queue", h: [] },
      { q: q.multi.id, n: null, x: null, h: ["my"] },
    ]);
    expect(stored).toBe(true);
    const [row] = await layout(id);
    expect(row!.codes).toEqual([
      ((await slotOf(q.single.id)) << 16) | 2,
      ((await slotOf(q.nps.id)) << 16) | num(10),
      ((await slotOf(q.multi.id)) << 16) | 1,
      (await slotOf(q.text.id)) << 16,
    ]);
    expect(row!.numbers).toBeNull();
    expect(row!.texts).toEqual(["Long queue"]);
    expect(row!.rows).toBe(0);
    // A writer adding answers later puts them after those stored, before the texts.
    await insertAnswerRows(prisma, [{ r: id, q: q.smiley.id, c: at.toISOString(), n: 0.25 }]);
    const [after] = await layout(id);
    expect(after!.codes).toEqual([
      ((await slotOf(q.single.id)) << 16) | 2,
      ((await slotOf(q.nps.id)) << 16) | num(10),
      ((await slotOf(q.multi.id)) << 16) | 1,
      ((await slotOf(q.smiley.id)) << 16) | num(0.25),
      (await slotOf(q.text.id)) << 16,
    ]);
    expect(after!.numbers).toBeNull();
    expect(after!.texts).toEqual(["Long queue"]);
    expect((await answersOf(prisma, [id])).map((a) => [a.questionId, a.numericValue, a.textValue, a.choiceIds]).sort()).toEqual(
      [
        [q.single.id, null, null, ["cc"]],
        [q.nps.id, 10, null, []],
        [q.text.id, null, "Long queue", []],
        [q.multi.id, null, null, ["my"]],
        [q.smiley.id, 0.25, null, []],
      ].sort(),
    );
  });

  it("hides and shows one answer, coded or a row, only in the organisation's response", async () => {
    const q = s.questions;
    const id = await storedResponse([
      { questionId: q.nps.id, n: 4 },
      { questionId: q.multi.id, choices: ["mx", "my"] },
      { questionId: q.text.id, text: "Cold coffee" },
    ]);
    const where = (questionId: string) => ({ organizationId: org.organization.id, responseId: id, questionId });
    expect(await setAnswerHidden(prisma, where(q.multi.id), true)).toBe(1);
    expect(await setAnswerHidden(prisma, where(q.text.id), true)).toBe(1);
    expect((await hiddenAnswerQuestions(prisma, id)).sort()).toEqual([q.multi.id, q.text.id].sort());
    expect((await layout(id))[0]!.hidden).toEqual([await slotOf(q.multi.id), await slotOf(q.text.id)].sort((a, b) => a - b));
    expect((await visibleAnswersOf(prisma, id)).map((a) => a.questionId)).toEqual([q.nps.id]);
    expect(
      (await everyAnswer([id]))
        .filter((a) => a.hidden)
        .map((a) => a.questionId)
        .sort(),
    ).toEqual([q.multi.id, q.text.id].sort());
    // Hiding again changes nothing more; a question the response did not answer, or another organisation, finds nothing.
    expect(await setAnswerHidden(prisma, where(q.multi.id), true)).toBe(1);
    expect((await layout(id))[0]!.hidden).toEqual([await slotOf(q.multi.id), await slotOf(q.text.id)].sort((a, b) => a - b));
    expect(await setAnswerHidden(prisma, where(q.slider.id), true)).toBe(0);
    const other = await createOrganizationFixture(prisma, "Answer rows other");
    expect(await setAnswerHidden(prisma, { ...where(q.nps.id), organizationId: other.organization.id }, true)).toBe(0);
    expect(await hiddenAnswerQuestions(prisma, id)).not.toContain(q.nps.id);
    // Shown again: the hidden slots go back to none.
    expect(await setAnswerHidden(prisma, where(q.multi.id), false)).toBe(1);
    expect(await setAnswerHidden(prisma, where(q.text.id), false)).toBe(1);
    expect((await layout(id))[0]!.hidden).toBeNull();
    expect(await hiddenAnswerQuestions(prisma, id)).toEqual([]);
  });

  it("a question of a survey with responses keeps its answered slot's meaning: a change opens another slot", async () => {
    // The survey has a response, but none that answers this question: its slot is still not rewritten
    // in place, as the response rows cannot tell which questions they answer without reading them all.
    const survey = await prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Has responses" } });
    const asked = await prisma.question.create({
      data: { organizationId: org.organization.id, surveyId: survey.id, position: 0, type: "nps", title: { en: "nps" }, options: {}, choices: [] },
    });
    const other = await prisma.question.create({
      data: {
        organizationId: org.organization.id,
        surveyId: survey.id,
        position: 1,
        type: "singleChoice",
        title: { en: "pick" },
        options: {},
        choices: [{ id: "a", text: { en: "A" } }],
      },
    });
    const door = (await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, "Door 2", survey.id)).id;
    // Before any response: rewritten in place.
    await prisma.question.update({ where: { id: other.id }, data: { choices: [{ id: "b", text: { en: "B" } }] } });
    const before = await prisma.$queryRawUnsafe<{ slot: number; choiceCodes: string[] }[]>(
      `SELECT "slot", "choiceCodes" FROM "QuestionSlot" WHERE "questionId" = $1`,
      other.id,
    );
    expect(before).toEqual([{ slot: 1, choiceCodes: ["b"] }]);
    await insertTestResponses(prisma, org.organization.id, [
      { surveyId: survey.id, touchpointId: door, unitId: org.units.unitA.id, createdAt: at, answers: [{ questionId: asked.id, n: 8 }] },
    ]);
    // After one: the codes are only appended to.
    await prisma.question.update({ where: { id: other.id }, data: { choices: [{ id: "c", text: { en: "C" } }] } });
    const after = await prisma.$queryRawUnsafe<{ slot: number; choiceCodes: string[] }[]>(
      `SELECT "slot", "choiceCodes" FROM "QuestionSlot" WHERE "questionId" = $1`,
      other.id,
    );
    expect(after).toEqual([{ slot: 1, choiceCodes: ["b", "c"] }]);
  });
});
