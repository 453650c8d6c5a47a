// POST /demo-data (spec 001 §7: "payload and answer not shown"; docs/demo-data.md): fills the
// caller's organisation with something to look at. The first call creates a demo survey (every
// question type, in English, Spanish and Finnish) and a link touchpoint for it in the organisation's
// top team; every call then adds `responses` sample responses (default 500, at most 5,000) spread
// over the last 90 days, made by the same generator as the seeded demo organisation (generator.ts).
//
// - Organisation admins only: it writes responses that every analysis of the organisation shows.
// - Additive, never duplicating: the demo survey and link are found again by their marker
//   (settings.demoData = true); a deleted one is made again on the next call. Concurrent calls of
//   one organisation are serialised with an advisory lock, so two clicks make one survey.
// - Counters, analytics and live lists: the survey's and the link's response count and last feedback
//   are updated in the same transaction, the analytics roll-ups of the touched days are recomputed
//   (domain/analytics/rollups.ts), and the new count is published to responseCountChanged.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { forbidden, notFound } from "../errors.js";
import { parseInput } from "../validation.js";
import { requireOrganization } from "../viewer.js";
import { demoLanguages, demoSurveys, type Lang, type QuestionSpec } from "./content.js";
import {
  answerValues,
  buildQuestion,
  clamp,
  insertResponses,
  moodWeights,
  questionRows,
  responseTimes,
  type AnswerJson,
  type BuiltQuestion,
  type ResponseJson,
} from "./generator.js";
import { createRandom } from "./random.js";
import { markResponsesChanged } from "../analytics/rollups.js";
import { newId } from "../surveys/input.js";
import { insertAnswerRows } from "../answers/rows.js";

export const demoDataLimits = { defaultResponses: 500, maxResponses: 5_000 } as const;
const demoSurveyName = "Demo survey";
const demoTouchpointName = "Demo link";
export const onlyAdminsMessage = "Only organisation admins can generate demo data";

/** The order of question kinds in the demo survey: one of each type. */
const kinds: QuestionSpec["kind"][] = ["smiley5", "nps", "slider", "singleChoice", "multipleChoice", "emotion", "openText", "contactDetails"];

const demoDataInput = z
  .object({
    responses: z
      .number({ message: "responses must be a whole number" })
      .int("responses must be a whole number")
      .min(1, "responses must be at least 1")
      .max(demoDataLimits.maxResponses, `responses must be at most ${demoDataLimits.maxResponses}`)
      .optional(),
  })
  .strict();

export type DemoDataResult = {
  survey: { id: string; name: string; created: boolean };
  touchpoint: { id: string; name: string; created: boolean };
  /** Responses added by this call. */
  responses: number;
  /** The demo survey's responses after this call. */
  responseCount: number;
  from: Date | null;
  to: Date | null;
};

const marker = { path: ["demoData"], equals: true } as const;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The demo survey's questions as the demo content describes them (fresh ids for questions and choices). */
function demoQuestions(): BuiltQuestion[] {
  const specs = demoSurveys.flatMap((s) => s.questions);
  return kinds.map((kind) => {
    const spec = specs.find((q) => q.kind === kind);
    if (!spec) throw new Error(`demo content has no ${kind} question`);
    return buildQuestion(spec);
  });
}

type StoredQuestion = { id: string; type: string; options: unknown; choices: unknown; required: boolean };

/**
 * A stored question as the generator's input: the kind from its type (smiley by its buttons), the
 * choices with their ids and clusters. The demo survey may have been edited since it was made.
 */
function asBuilt(q: StoredQuestion): BuiltQuestion | null {
  const options = isObject(q.options) ? q.options : {};
  const choices = (Array.isArray(q.choices) ? q.choices : [])
    .filter((c): c is Record<string, unknown> => isObject(c) && typeof c.id === "string" && c.hidden !== true)
    .map((c) => ({
      id: c.id as string,
      key: c.id as string,
      text: { en: "", es: "", fi: "" },
      ...(typeof c.cluster === "string" ? { cluster: c.cluster as never } : {}),
    }));
  const title = { en: "", es: "", fi: "" };
  const kind: QuestionSpec["kind"] | null =
    q.type === "smiley"
      ? options.buttons === 4
        ? "smiley4"
        : "smiley5"
      : ((["nps", "slider", "singleChoice", "multipleChoice", "emotion", "openText", "contactDetails"] as const).find((k) => k === q.type) ?? null);
  if (!kind) return null;
  if ((kind === "singleChoice" || kind === "multipleChoice") && choices.length === 0) return null;
  if (kind === "emotion" && !choices.some((c) => "cluster" in c)) return null;
  return { id: q.id, spec: { kind, title, required: q.required } as QuestionSpec, choices };
}

type Tx = Prisma.TransactionClient;

async function findOrCreateSurvey(tx: Tx, organizationId: string, unitId: string, userId: string, now: Date) {
  const existing = await tx.survey.findFirst({
    where: { organizationId, settings: marker },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, languages: true },
  });
  if (existing) return { ...existing, created: false };
  const questions = demoQuestions();
  const survey = await tx.survey.create({
    data: {
      organizationId,
      unitId,
      name: demoSurveyName,
      languages: [...demoLanguages],
      tags: ["demo"],
      settings: { demoData: true },
      createdByUserId: userId,
      createdAt: now,
    },
    select: { id: true, name: true, languages: true },
  });
  await tx.question.createMany({ data: questionRows(questions, { organizationId, surveyId: survey.id }) });
  return { ...survey, created: true };
}

async function findOrCreateTouchpoint(tx: Tx, organizationId: string, unitId: string, surveyId: string) {
  const existing = await tx.touchpoint.findFirst({
    where: { organizationId, type: "link", deleted: false, settings: marker },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, unitId: true, activeSurveyId: true },
  });
  if (existing) {
    // A demo link whose survey was deleted takes the demo survey again.
    if (!existing.activeSurveyId) await tx.touchpoint.update({ where: { id: existing.id }, data: { activeSurveyId: surveyId } });
    return { ...existing, created: false };
  }
  const tp = await tx.touchpoint.create({
    data: { organizationId, unitId, name: demoTouchpointName, type: "link", activeSurveyId: surveyId, settings: { demoData: true } },
    select: { id: true, name: true, unitId: true },
  });
  return { ...tp, activeSurveyId: surveyId, created: true };
}

/** Generates the demo survey, its link and `responses` sample responses in the caller's organisation. */
export async function generateDemoData(ctx: DomainContext, input: unknown = {}): Promise<DemoDataResult> {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  if (!viewer.organizationAdmin) throw forbidden(onlyAdminsMessage);
  const { responses } = parseInput(demoDataInput, input ?? {});
  const count = responses ?? demoDataLimits.defaultResponses;
  const top = await ctx.prisma.unit.findFirst({ where: { organizationId, parentId: null }, orderBy: { createdAt: "asc" }, select: { id: true } });
  if (!top) throw notFound("Team not found");
  const now = new Date();

  const result = await ctx.prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`demo-data:${organizationId}`}))`;
      const survey = await findOrCreateSurvey(tx, organizationId, top.id, viewer.userId, now);
      const touchpoint = await findOrCreateTouchpoint(tx, organizationId, top.id, survey.id);
      const stored = await tx.question.findMany({
        where: { surveyId: survey.id, hidden: false },
        orderBy: { position: "asc" },
        select: { id: true, type: true, options: true, choices: true, required: true },
      });
      const questions = stored.map(asBuilt).filter((q): q is BuiltQuestion => q !== null);
      const before = await tx.survey.findUniqueOrThrow({ where: { id: survey.id }, select: { responseCount: true } });

      // Different values on every call, the same generator as the seeded demo organisation.
      const salt = `${survey.id}:${before.responseCount}:${now.getTime()}`;
      const rnd = createRandom(`demo-data-values:${salt}`);
      const times = responseTimes(createRandom(`demo-data-times:${salt}`), count, now.getTime());
      const languages = (survey.languages.length ? survey.languages : ["en"]) as Lang[];
      const batch = 1_000;
      for (let offset = 0; offset < times.length; offset += batch) {
        const rows: ResponseJson[] = [];
        const answers: AnswerJson[] = [];
        for (const t of times.slice(offset, offset + batch)) {
          const id = newId();
          const c = new Date(t).toISOString();
          const lang = rnd.pick(languages);
          const mood = clamp(rnd.weightedIndex(moodWeights), 0, 4);
          rows.push({ i: id, s: survey.id, t: touchpoint.id, u: touchpoint.unitId, l: lang, m: { source: "demo" }, c });
          for (const q of questions) {
            const v = answerValues(rnd, q, mood, (["en", "es", "fi"] as const).includes(lang) ? lang : "en");
            if (v) answers.push({ r: id, q: q.id, c, ...v });
          }
        }
        await tx.$executeRawUnsafe(insertResponses, JSON.stringify(rows), organizationId);
        await insertAnswerRows(tx, answers);
      }
      const from = times.length ? new Date(times[0]!) : null;
      const to = times.length ? new Date(times[times.length - 1]!) : null;
      const bump = async (table: "Survey" | "Touchpoint", id: string) =>
        (
          await tx.$queryRawUnsafe<{ responseCount: number; lastFeedbackAt: Date | null }[]>(
            `UPDATE "${table}" SET "responseCount" = "responseCount" + $2,
               "lastFeedbackAt" = greatest("lastFeedbackAt", $3::timestamptz), "updatedAt" = now()
             WHERE id = $1 RETURNING "responseCount", "lastFeedbackAt"`,
            id,
            times.length,
            to,
          )
        )[0]!;
      const surveyCounts = await bump("Survey", survey.id);
      const touchpointCounts = await bump("Touchpoint", touchpoint.id);
      return {
        survey: { id: survey.id, name: survey.name, created: survey.created },
        touchpoint: { id: touchpoint.id, name: touchpoint.name, created: touchpoint.created },
        responses: times.length,
        responseCount: surveyCounts.responseCount,
        from,
        to,
        lastFeedbackAt: surveyCounts.lastFeedbackAt,
        touchpointCounts,
        times,
      };
    },
    { maxWait: 30_000, timeout: 5 * 60_000 },
  );

  // The analytics roll-ups of the days that got responses, recomputed from the raw rows.
  await markResponsesChanged(
    ctx.prisma,
    organizationId,
    result.times.map((t) => ({ createdAt: new Date(t), surveyId: result.survey.id, touchpointId: result.touchpoint.id })),
  );
  // Open survey lists and summaries update live.
  ctx.bus.publish("response:created", result.survey.id, {
    surveyId: result.survey.id,
    responseCount: result.responseCount,
    lastFeedbackAt: result.lastFeedbackAt?.toISOString() ?? null,
    created: result.responses,
    touchpoints: [
      {
        touchpointId: result.touchpoint.id,
        responseCount: result.touchpointCounts.responseCount,
        lastFeedbackAt: result.touchpointCounts.lastFeedbackAt?.toISOString() ?? null,
      },
    ],
  });
  return {
    survey: result.survey,
    touchpoint: result.touchpoint,
    responses: result.responses,
    responseCount: result.responseCount,
    from: result.from,
    to: result.to,
  };
}
