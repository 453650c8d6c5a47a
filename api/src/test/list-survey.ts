// Test data for the feedback-list and response tests: a survey in unit A with one question of every
// type (labels in en, es and fi), a touchpoint in unit A and one in unit B, and responses written
// straight into the tables at chosen times (ingestion itself is tested through /r elsewhere).
import { randomBytes } from "node:crypto";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { OrganizationFixture } from "./fixtures.js";
import { insertAnswerRows } from "../domain/answers/rows.js";
import { markResponsesChanged } from "../domain/analytics/rollups.js";
import { codeOf } from "../domain/results-scope/codes.js";

export const hexId = () => randomBytes(12).toString("hex");
const tr = (en: string, es: string, fi: string) => ({ en, es, fi });

export async function createListSurvey(prisma: PrismaClient, org: OrganizationFixture, name = "Store survey") {
  const organizationId = org.organization.id;
  const survey = await prisma.survey.create({ data: { organizationId, unitId: org.units.unitA.id, name, languages: ["en", "es", "fi"] } });
  let position = 0;
  const q = (
    type: "smiley" | "nps" | "slider" | "singleChoice" | "multipleChoice" | "openText" | "emotion" | "contactDetails",
    title: object,
    options: object = {},
    choices: object[] = [],
  ) => prisma.question.create({ data: { organizationId, surveyId: survey.id, position: position++, type, title, options, choices } });
  const questions = {
    smiley: await q("smiley", tr("How was it?", "¿Qué tal?", "Miten meni?"), { buttons: 5 }),
    nps: await q("nps", tr("Recommend us?", "¿Nos recomendarías?", "Suosittelisitko?")),
    slider: await q("slider", tr("Speed", "Velocidad", "Nopeus"), { min: 1, max: 7, step: 1 }),
    single: await q("singleChoice", tr("Which store?", "¿Qué tienda?", "Mikä myymälä?"), {}, [
      { id: "good", text: tr("Good", "Bueno", "Hyvä") },
      { id: "bad", text: tr("Bad", "Malo", "Huono") },
    ]),
    multi: await q("multipleChoice", tr("What did you buy?", "¿Qué compraste?", "Mitä ostit?"), {}, [
      { id: "milk", text: tr("Milk", "Leche", "Maito") },
      { id: "bread", text: tr("Bread", "Pan", "Leipä") },
    ]),
    text: await q("openText", tr("Tell us more", "Cuéntanos más", "Kerro lisää")),
    emotion: await q("emotion", tr("How do you feel?", "¿Cómo te sientes?", "Miltä tuntuu?"), {}, [
      { id: "happy", text: tr("Happy", "Feliz", "Iloinen"), cluster: "advocacy" },
    ]),
    contact: await q("contactDetails", tr("Contact", "Contacto", "Yhteystiedot"), { fields: ["name", "email"] }),
  };
  const touchpointA = await prisma.touchpoint.create({
    data: { organizationId, unitId: org.units.unitA.id, name: "Kamppi kiosk", type: "link", activeSurveyId: survey.id, responseCount: 0 },
  });
  const touchpointB = await prisma.touchpoint.create({
    data: { organizationId, unitId: org.units.unitB.id, name: "Web shop", type: "link", activeSurveyId: survey.id, responseCount: 0 },
  });
  return { survey, questions, touchpointA, touchpointB };
}
export type ListSurvey = Awaited<ReturnType<typeof createListSurvey>>;

export type ListAnswer = { questionId: string; n?: number | null; text?: string | null; choices?: string[]; hidden?: boolean };
export type ListResponse = {
  touchpoint: { id: string; unitId: string };
  createdAt: Date;
  metadata?: Record<string, string>;
  hidden?: boolean;
  language?: string;
  answers: ListAnswer[];
};

/** Inserts responses with their answers (and counts them on the survey and touchpoint); answers the ids in order. */
export async function insertResponses(prisma: PrismaClient, organizationId: string, surveyId: string, responses: ListResponse[]): Promise<string[]> {
  const ids = responses.map(() => hexId());
  const rows = responses.map((r, i) => ({
    i: ids[i],
    o: organizationId,
    s: surveyId,
    t: r.touchpoint.id,
    u: r.touchpoint.unitId,
    m: r.metadata ?? {},
    h: r.hidden ?? false,
    l: r.language ?? "en",
    c: r.createdAt.toISOString(),
  }));
  const answers = responses.flatMap((r, i) =>
    r.answers.map((a) => ({
      r: ids[i],
      o: organizationId,
      s: surveyId,
      t: r.touchpoint.id,
      q: a.questionId,
      c: r.createdAt.toISOString(),
      n: a.n ?? null,
      x: a.text ?? null,
      ch: a.choices ?? [],
      h: a.hidden ?? false,
    })),
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO "Response" ("id","organizationId","surveyId","touchpointCode","unitCode","metadata","hidden","language","createdAt","submittedAt")
     SELECT i, o, s, ${codeOf("touchpoint", "t")}, ${codeOf("unit", "u")}, m, h, l, c, c FROM json_to_recordset($1::json) AS x(i text, o text, s text, t text, u text, m jsonb, h boolean, l text, c timestamptz)`,
    JSON.stringify(rows),
  );
  await insertAnswerRows(
    prisma,
    answers.map((a) => ({ r: a.r!, q: a.q, c: a.c, n: a.n, x: a.x, h: a.ch, hidden: a.h })),
  );
  // Into the roll-ups, as ingestion's applier would add them: the list's total reads them.
  await markResponsesChanged(
    prisma,
    organizationId,
    responses.map((r) => ({ createdAt: r.createdAt, surveyId, touchpointId: r.touchpoint.id })),
  );
  const perTouchpoint = new Map<string, number>();
  for (const r of responses) perTouchpoint.set(r.touchpoint.id, (perTouchpoint.get(r.touchpoint.id) ?? 0) + 1);
  for (const [id, n] of perTouchpoint) await prisma.touchpoint.update({ where: { id }, data: { responseCount: { increment: n } } });
  await prisma.survey.update({ where: { id: surveyId }, data: { responseCount: { increment: responses.length } } });
  return ids;
}

/** A full answer set of the list survey. */
export function fullAnswers(
  s: ListSurvey,
  v: { smiley?: number; nps?: number; slider?: number; choice?: string; text?: string; hideText?: boolean } = {},
): ListAnswer[] {
  const q = s.questions;
  return [
    { questionId: q.smiley.id, n: v.smiley ?? 0.75 },
    { questionId: q.nps.id, n: v.nps ?? 9 },
    { questionId: q.slider.id, n: v.slider ?? 0.5 },
    { questionId: q.single.id, choices: [v.choice ?? "good"] },
    { questionId: q.multi.id, choices: ["milk", "bread"] },
    { questionId: q.text.id, text: v.text ?? "Friendly staff", hidden: v.hideText ?? false },
    { questionId: q.emotion.id, n: 1, choices: ["happy"] },
    { questionId: q.contact.id, text: JSON.stringify({ name: "Aino", email: "aino@example.test" }) },
  ];
}
