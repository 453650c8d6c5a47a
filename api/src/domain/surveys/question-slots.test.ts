// Question slots (migration 20261129000000_question_slots; docs/analytics.md "Stable question slots"):
// every question gets a slot of its survey when it is created, by whichever writer; a change of
// encoding rewrites the current slot while the question has no answers, and once it has, makes a slot
// of that encoding current (one it had, or a new one); choice codes are only appended once answered;
// slots are never reused, and go with their question; a question cannot move to another survey.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "../../db/client.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { createAnalyticsSurvey, createTestTouchpoint, insertTestResponses } from "../../test/analytics-survey.js";

type Slot = { slot: number; questionId: string; current: boolean; encoding: Record<string, unknown>; choiceCodes: string[]; choiceValues: number[] | null };

describe.skipIf(noDatabase)("question slots", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;

  const slotsOf = (surveyId: string) =>
    prisma.$queryRawUnsafe<Slot[]>(
      `SELECT "slot", "questionId", "current", "encoding", "choiceCodes", "choiceValues" FROM "QuestionSlot" WHERE "surveyId" = $1 ORDER BY "slot"`,
      surveyId,
    );
  const nextSlot = async (surveyId: string) => (await prisma.survey.findUniqueOrThrow({ where: { id: surveyId }, select: { nextSlot: true } })).nextSlot;
  const newSurvey = (name: string) => prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name } });
  const question = (
    surveyId: string,
    position: number,
    type: "nps" | "slider" | "singleChoice" | "multipleChoice" | "emotion" | "smiley",
    extra: { options?: object; choices?: object[] } = {},
  ) =>
    prisma.question.create({
      data: { organizationId: org.organization.id, surveyId, position, type, title: { en: type }, options: extra.options ?? {}, choices: extra.choices ?? [] },
    });
  const choice = (id: string, cluster?: string) => ({ id, text: { en: id }, ...(cluster ? { cluster } : {}) });
  const answerOnce = async (surveyId: string, questionId: string, answer: { n?: number; choices?: string[] }) => {
    const tp = await createTestTouchpoint(prisma, org.organization.id, org.units.unitA.id, `tp ${questionId}`, surveyId);
    await insertTestResponses(prisma, org.organization.id, [
      { surveyId, touchpointId: tp.id, unitId: org.units.unitA.id, createdAt: new Date("2026-11-01T10:00:00Z"), answers: [{ questionId, ...answer }] },
    ]);
  };

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    org = await createOrganizationFixture(prisma, "Slots");
  });
  afterAll(async () => prisma?.$disconnect());

  it("gives each new question the survey's next slot, with its encoding and choice codes in order", async () => {
    const { survey, questions: q } = await createAnalyticsSurvey(prisma, org.organization.id, org.units.unitA.id, "Every type");
    const slots = await slotsOf(survey.id);
    expect(slots.map((s) => [s.slot, s.questionId])).toEqual([
      [0, q.smiley.id],
      [1, q.nps.id],
      [2, q.slider.id],
      [3, q.single.id],
      [4, q.multi.id],
      [5, q.text.id],
      [6, q.emotion.id],
    ]);
    expect(await nextSlot(survey.id)).toBe(7);
    expect(slots.map((s) => s.encoding)).toEqual([
      { type: "smiley" },
      { type: "nps" },
      { type: "slider", min: 0, max: 10, step: 1 },
      { type: "singleChoice" },
      { type: "multipleChoice" },
      { type: "openText" },
      { type: "emotion" },
    ]);
    expect(slots[3]).toMatchObject({ choiceCodes: ["ca", "cb", "cc"], choiceValues: null });
    expect(slots[4]).toMatchObject({ choiceCodes: ["mx", "my", "mz"], choiceValues: null });
    expect(slots[5]).toMatchObject({ choiceCodes: [], choiceValues: null });
    // the emotion's values as stored with an answer: the default clusters (respondent/answers.ts)
    expect(slots[6]).toMatchObject({ choiceCodes: ["happy", "safe", "curious", "angry"], choiceValues: [1, 0.66, 0.33, -1] });
  });

  it("takes a slider's effective scale, and an emotion's own clusters, as respondent/answers.ts encodes them", async () => {
    const survey = await newSurvey("Scales");
    await question(survey.id, 0, "slider", { options: { min: 5, max: 2, step: -1 } });
    await question(survey.id, 1, "slider", { options: { min: "1", max: 7.5, step: 0.5 } });
    await question(survey.id, 3, "slider", { options: { min: 3, max: 3, step: 0 } });
    await question(survey.id, 2, "emotion", {
      options: { clusters: { glad: 0.5, gone: "x" } },
      choices: [choice("a", "glad"), choice("b", "gone"), choice("c"), choice("a", "glad")],
    });
    const slots = await slotsOf(survey.id);
    expect(slots[0]!.encoding).toEqual({ type: "slider", min: 5, max: 15, step: 1 });
    expect(slots[1]!.encoding).toEqual({ type: "slider", min: 0, max: 7.5, step: 0.5 });
    // a max equal to min is min + 10, as a max below it; a step of 0 is 1, as a negative one
    expect(slots[2]!.encoding).toEqual({ type: "slider", min: 3, max: 13, step: 1 });
    // a choice id given twice is coded once; a cluster without a number value, or none, is null
    expect(slots[3]).toMatchObject({ choiceCodes: ["a", "b", "c"], choiceValues: [0.5, null, null] });
  });

  it("rewrites an unanswered question's slot in place: a draft does not use up slots", async () => {
    const survey = await newSurvey("Draft");
    const nps = await question(survey.id, 0, "nps");
    const pick = await question(survey.id, 1, "singleChoice", { choices: [choice("x"), choice("y")] });
    const feel = await question(survey.id, 2, "emotion", { choices: [choice("a", "advocacy"), choice("b", "trust")] });
    await prisma.question.update({ where: { id: nps.id }, data: { type: "slider", options: { min: 1, max: 5 } } });
    await prisma.question.update({ where: { id: pick.id }, data: { choices: [choice("y"), choice("z")] } });
    await prisma.question.update({ where: { id: feel.id }, data: { choices: [choice("b", "destroying"), choice("a", "advocacy")] } });
    const slots = await slotsOf(survey.id);
    expect(slots).toEqual([
      { slot: 0, questionId: nps.id, current: true, encoding: { type: "slider", min: 1, max: 5, step: 1 }, choiceCodes: [], choiceValues: null },
      { slot: 1, questionId: pick.id, current: true, encoding: { type: "singleChoice" }, choiceCodes: ["y", "z"], choiceValues: null },
      { slot: 2, questionId: feel.id, current: true, encoding: { type: "emotion" }, choiceCodes: ["b", "a"], choiceValues: [-1, 1] },
    ]);
    expect(await nextSlot(survey.id)).toBe(3);
  });

  it("once answered, keeps the slot for a title or position change and appends new choices only", async () => {
    const survey = await newSurvey("Answered choices");
    const pick = await question(survey.id, 0, "multipleChoice", { choices: [choice("x"), choice("y")] });
    await answerOnce(survey.id, pick.id, { choices: ["y"] });
    await prisma.question.update({ where: { id: pick.id }, data: { title: { en: "Renamed" }, position: 3 } });
    // reordered, one removed, one added: x and y keep codes 0 and 1, z gets 2
    await prisma.question.update({ where: { id: pick.id }, data: { choices: [choice("z"), choice("y")] } });
    await prisma.question.update({ where: { id: pick.id }, data: { choices: [choice("w"), choice("z"), choice("v"), choice("x")] } });
    const slots = await slotsOf(survey.id);
    expect(slots).toMatchObject([{ slot: 0, questionId: pick.id, choiceCodes: ["x", "y", "z", "w", "v"], choiceValues: null }]);
    expect(await nextSlot(survey.id)).toBe(1);
  });

  it("once answered, opens a new slot for a new encoding; the old slot keeps the answers' meaning", async () => {
    const survey = await newSurvey("Answered encodings");
    const q = await question(survey.id, 0, "slider", { options: { min: 0, max: 10 } });
    const other = await question(survey.id, 1, "nps");
    await answerOnce(survey.id, q.id, { n: 0.5 });
    await prisma.question.update({ where: { id: q.id }, data: { options: { min: 0, max: 10, minLabel: "low" } } });
    expect((await slotsOf(survey.id)).length).toBe(2);
    await prisma.question.update({ where: { id: q.id }, data: { options: { min: 0, max: 100, step: 5 } } });
    await prisma.question.update({ where: { id: q.id }, data: { options: { min: 0, max: 100, step: 5, maxLabel: "high" } } });
    expect(await slotsOf(survey.id)).toMatchObject([
      { slot: 0, questionId: q.id, current: false, encoding: { type: "slider", min: 0, max: 10, step: 1 } },
      { slot: 1, questionId: other.id, current: true, encoding: { type: "nps" } },
      { slot: 2, questionId: q.id, current: true, encoding: { type: "slider", min: 0, max: 100, step: 5 } },
    ]);
    // back to the first scale: its slot is current again, no third one
    await prisma.question.update({ where: { id: q.id }, data: { options: { min: 0, max: 10 } } });
    expect((await slotsOf(survey.id)).filter((s) => s.questionId === q.id).map((s) => [s.slot, s.current])).toEqual([
      [0, true],
      [2, false],
    ]);
    // a smiley's buttons do not change its encoding; its type does
    const smiley = await question(survey.id, 2, "smiley", { options: { buttons: 5 } });
    await answerOnce(survey.id, smiley.id, { n: 0.25 });
    await prisma.question.update({ where: { id: smiley.id }, data: { options: { buttons: 4 } } });
    expect((await slotsOf(survey.id)).filter((s) => s.questionId === smiley.id)).toHaveLength(1);
    await prisma.question.update({ where: { id: smiley.id }, data: { type: "nps", options: {} } });
    expect((await slotsOf(survey.id)).filter((s) => s.questionId === smiley.id)).toMatchObject([
      { slot: 3, current: false, encoding: { type: "smiley" } },
      { slot: 4, current: true, encoding: { type: "nps" } },
    ]);
    expect(await nextSlot(survey.id)).toBe(5);
  });

  it("once answered, an emotion whose coded choice changes value opens a new slot; a new choice is appended", async () => {
    const survey = await newSurvey("Answered emotion");
    const q = await question(survey.id, 0, "emotion", { choices: [choice("happy", "advocacy"), choice("sad", "destroying")] });
    await answerOnce(survey.id, q.id, { n: 1, choices: ["happy"] });
    await prisma.question.update({
      where: { id: q.id },
      data: { choices: [choice("happy", "advocacy"), choice("sad", "destroying"), choice("calm", "trust")] },
    });
    expect(await slotsOf(survey.id)).toMatchObject([{ slot: 0, choiceCodes: ["happy", "sad", "calm"], choiceValues: [1, -1, 0.66] }]);
    // "sad" moves to another cluster: answers stored with -1 keep slot 0
    await prisma.question.update({
      where: { id: q.id },
      data: { choices: [choice("happy", "advocacy"), choice("sad", "attention"), choice("calm", "trust")] },
    });
    expect(await slotsOf(survey.id)).toMatchObject([
      { slot: 0, current: false, choiceCodes: ["happy", "sad", "calm"], choiceValues: [1, -1, 0.66] },
      { slot: 1, current: true, choiceCodes: ["happy", "sad", "calm"], choiceValues: [1, 0.33, 0.66] },
    ]);
    // "sad" back in its first cluster, and a new choice: slot 0 is current again and codes it
    await prisma.question.update({
      where: { id: q.id },
      data: { choices: [choice("happy", "advocacy"), choice("sad", "destroying"), choice("calm", "trust"), choice("glad", "advocacy")] },
    });
    expect(await slotsOf(survey.id)).toMatchObject([
      { slot: 0, current: true, choiceCodes: ["happy", "sad", "calm", "glad"], choiceValues: [1, -1, 0.66, 1] },
      { slot: 1, current: false, choiceCodes: ["happy", "sad", "calm"], choiceValues: [1, 0.33, 0.66] },
    ]);
  });

  it("never reuses a slot: a deleted question's slot goes with it and the next question gets a new one", async () => {
    const survey = await newSurvey("Deleted");
    await question(survey.id, 0, "nps");
    const gone = await question(survey.id, 1, "nps");
    await prisma.question.delete({ where: { id: gone.id } });
    expect((await slotsOf(survey.id)).map((s) => s.slot)).toEqual([0]);
    const next = await question(survey.id, 1, "nps");
    expect((await slotsOf(survey.id)).map((s) => [s.slot, s.questionId])).toEqual([
      [0, expect.any(String)],
      [2, next.id],
    ]);
    await prisma.survey.delete({ where: { id: survey.id } });
    expect(await slotsOf(survey.id)).toEqual([]);
  });

  it("keeps a question in its survey, and leaves a question of no survey to the foreign key", async () => {
    const one = await newSurvey("Stays");
    const two = await newSurvey("Elsewhere");
    const q = await question(one.id, 0, "nps");
    await expect(prisma.question.update({ where: { id: q.id }, data: { surveyId: two.id } })).rejects.toThrow(/cannot move to another survey/);
    expect((await slotsOf(one.id)).map((s) => s.questionId)).toEqual([q.id]);
    expect(await slotsOf(two.id)).toEqual([]);
    await expect(question("0123456789abcdef01234567", 0, "nps")).rejects.toThrow(/[Ff]oreign key/);
  });
});
