// Test data for the analytics integration tests: a survey with one question of each analysed type,
// touchpoints in chosen units, and responses with answers written straight into the tables at
// chosen times (the ingestion path itself is exercised by the roll-up tests through /r).
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.js";
import { markResponsesChanged } from "../domain/analytics/rollups.js";
import { insertAnswerRows } from "../domain/answers/rows.js";
import { codeOf } from "../domain/results-scope/codes.js";

export const newTestId = () => randomBytes(12).toString("hex");

export type TestSurvey = Awaited<ReturnType<typeof createAnalyticsSurvey>>;

export async function createAnalyticsSurvey(prisma: PrismaClient, organizationId: string, unitId: string, name = "Analytics survey") {
  const survey = await prisma.survey.create({ data: { organizationId, unitId, name } });
  const q = async (
    position: number,
    type: "smiley" | "nps" | "slider" | "singleChoice" | "multipleChoice" | "openText" | "emotion",
    extra: { options?: object; choices?: object[] } = {},
  ) =>
    prisma.question.create({
      data: {
        organizationId,
        surveyId: survey.id,
        position,
        type,
        title: { en: `${type} question` },
        options: extra.options ?? {},
        choices: extra.choices ?? [],
      },
    });
  const choice = (id: string, text: string, cluster?: string) => ({ id, text: { en: text }, ...(cluster ? { cluster } : {}) });
  const smiley = await q(0, "smiley", { options: { buttons: 5 } });
  const nps = await q(1, "nps");
  const slider = await q(2, "slider", { options: { min: 0, max: 10, step: 1 } });
  const single = await q(3, "singleChoice", { choices: [choice("ca", "A"), choice("cb", "B"), choice("cc", "C")] });
  const multi = await q(4, "multipleChoice", { choices: [choice("mx", "X"), choice("my", "Y"), choice("mz", "Z")] });
  const text = await q(5, "openText");
  const emotion = await q(6, "emotion", {
    choices: [
      choice("happy", "Happy", "advocacy"),
      choice("safe", "Safe", "trust"),
      choice("curious", "Curious", "attention"),
      choice("angry", "Angry", "destroying"),
    ],
  });
  return { survey, questions: { smiley, nps, slider, single, multi, text, emotion } };
}

export async function createTestTouchpoint(prisma: PrismaClient, organizationId: string, unitId: string, name: string, surveyId?: string) {
  return prisma.touchpoint.create({ data: { organizationId, unitId, name, type: "link", activeSurveyId: surveyId ?? null } });
}

export type TestAnswer = { questionId: string; n?: number | null; text?: string | null; choices?: string[] };
export type TestResponse = {
  surveyId: string;
  touchpointId: string;
  unitId: string;
  createdAt: Date;
  metadata?: Record<string, string>;
  hidden?: boolean;
  answers: TestAnswer[];
};

/** Inserts the rows of responses and their answers, nothing else; answers the new response ids in order. */
async function insertResponseRows(prisma: PrismaClient, organizationId: string, responses: TestResponse[]): Promise<string[]> {
  const ids = responses.map(() => newTestId());
  const rows = responses.map((r, i) => ({
    i: ids[i],
    o: organizationId,
    s: r.surveyId,
    t: r.touchpointId,
    u: r.unitId,
    m: r.metadata ?? {},
    h: r.hidden ?? false,
    c: r.createdAt.toISOString(),
  }));
  const answers = responses.flatMap((r, i) =>
    r.answers.map((a) => ({
      r: ids[i],
      o: organizationId,
      s: r.surveyId,
      t: r.touchpointId,
      q: a.questionId,
      c: r.createdAt.toISOString(),
      n: a.n ?? null,
      x: a.text ?? null,
      ch: a.choices ?? [],
    })),
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Response" ("id","organizationId","surveyId","touchpointCode","unitCode","metadata","hidden","createdAt","submittedAt")
     SELECT i, o, s, ${codeOf("touchpoint", "t")}, ${codeOf("unit", "u")}, m, h, c, c FROM json_to_recordset($1::json) AS x(i text, o text, s text, t text, u text, m jsonb, h boolean, c timestamptz)`,
    JSON.stringify(rows),
  );
  await insertAnswerRows(
    prisma,
    answers.map((a) => ({ r: a.r!, q: a.q, c: a.c, n: a.n, x: a.x, h: a.ch })),
  );
  return ids;
}

/** Inserts responses and their answers, rolled up; answers the new response ids in order. */
export async function insertTestResponses(prisma: PrismaClient, organizationId: string, responses: TestResponse[]): Promise<string[]> {
  const ids = await insertResponseRows(prisma, organizationId, responses);
  await markResponsesChanged(prisma, organizationId, responses);
  return ids;
}

/**
 * Inserts responses and their answers marked pending, as ingestion leaves them before the roll-up
 * applier adds them. Through a transaction the caller rolls back, no applier can take them.
 */
export async function insertPendingTestResponses(db: PrismaClient, organizationId: string, responses: TestResponse[]): Promise<string[]> {
  const ids = await insertResponseRows(db, organizationId, responses);
  await db.$executeRawUnsafe(`INSERT INTO "RollupPending" ("responseId") SELECT unnest($1::text[])`, ids);
  return ids;
}
