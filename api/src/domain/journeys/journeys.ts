// Customer journeys (spec 001 §3 "Customer journey", §4, §5, §7 "Journeys", §9): a journey has a
// name, a KPI (nps by default; average, count, evi) and stages, each with the touchpoints whose
// responses it reads and the surveys (and their questions) that score it. Rules here; REST
// (rest/v5/journeys.ts) and GraphQL (schema/customer-journey.ts) stay thin. docs/customer-journeys.md.
//
// - Read (list, one, analytics): any member who views results somewhere (organisation admins too).
// - Create, save, delete: manageJourneys in some team (editors and admins; docs/permissions.md).
// - An id that is not 24 hexadecimal characters is refused before any read; another organisation's
//   journey, survey, question or touchpoint is "not found", exactly like one that does not exist.
// - Every survey of a stage needs a question eligible for the journey's KPI (spec 001 §5); a stage
//   without touchpoints is refused ("Select touchpoints to continue").
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { badInput, forbidden, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { requireOrganization } from "../viewer.js";
import { tenantDb } from "../tenancy.js";
import { canSomewhere, loadAccess, unitsWithRight } from "../../permissions/access.js";
import type { JourneyKpi, QuestionType } from "../../generated/prisma/client.js";

export const journeyKpis = ["nps", "average", "count", "evi"] as const satisfies readonly JourneyKpi[];
export type Kpi = (typeof journeyKpis)[number];

export const journeyMessages = {
  created: "Journey created",
  saved: "Journey saved",
  deleted: "Journey deleted",
  notFound: "Customer journey not found",
  nameRequired: "A journey needs a name",
  invalidKpi: "The KPI must be nps, average, count or evi",
  stagesRequired: "A journey needs at least one stage",
  stageNameRequired: "Every stage needs a name",
  touchpointsRequired: "Select touchpoints to continue",
  surveysRequired: "Every stage needs at least one survey",
  surveyNotFound: "Survey not found",
  touchpointNotFound: "Touchpoint not found",
  questionNotFound: "Question not found",
  duplicateSurvey: "A survey is listed twice in the same stage",
  noEligibleQuestion: (survey: string, kpi: Kpi) => `The survey "${survey}" needs a question eligible for the KPI ${kpi}`,
  notEligible: (kpi: Kpi) => `The question is not eligible for the KPI ${kpi}`,
  noRightsToView: "You do not have the rights to view results",
  noRightsToManage: "You do not have the rights to manage customer journeys",
  shareLinkOfAnotherJourney: "This share link does not open this customer journey: ask for the journey's own link",
} as const;

/** The question types that can score a KPI (docs/customer-journeys.md). */
export const eligibleTypes: Record<Kpi, readonly QuestionType[]> = {
  nps: ["nps"],
  average: ["smiley", "slider", "nps"],
  count: ["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion"],
  evi: ["emotion"],
};
export const isEligible = (kpi: Kpi, type: QuestionType) => eligibleTypes[kpi].includes(type);

export const journeyLimits = { nameMaxLength: 200, stages: 20, surveysPerStage: 20, touchpointsPerStage: 500, questionsPerSurvey: 100 } as const;

export type JourneyStageSurvey = { surveyId: string; questionIds: string[] };
export type JourneyStage = { name: string; touchpointIds: string[]; surveys: JourneyStageSurvey[] };
export type Journey = {
  id: string;
  organizationId: string;
  name: string;
  kpi: Kpi;
  steps: JourneyStage[];
  createdAt: Date;
  updatedAt: Date;
  createdByUserId: string | null;
};

const id = objectIdSchema;
const stageSchema = z.object({
  name: z
    .string({ message: journeyMessages.stageNameRequired })
    .trim()
    .min(1, journeyMessages.stageNameRequired)
    .max(journeyLimits.nameMaxLength, `A stage name is at most ${journeyLimits.nameMaxLength} characters`),
  touchpointIds: z
    .array(id, { message: journeyMessages.touchpointsRequired })
    .min(1, journeyMessages.touchpointsRequired)
    .max(journeyLimits.touchpointsPerStage, `A stage has at most ${journeyLimits.touchpointsPerStage} touchpoints`),
  surveys: z
    .array(
      z.object({
        surveyId: id,
        questionIds: z.array(id).max(journeyLimits.questionsPerSurvey).optional(),
      }),
      { message: journeyMessages.surveysRequired },
    )
    .min(1, journeyMessages.surveysRequired)
    .max(journeyLimits.surveysPerStage, `A stage has at most ${journeyLimits.surveysPerStage} surveys`),
});
const inputSchema = z.object({
  name: z
    .string({ message: journeyMessages.nameRequired })
    .trim()
    .min(1, journeyMessages.nameRequired)
    .max(journeyLimits.nameMaxLength, `A journey name is at most ${journeyLimits.nameMaxLength} characters`),
  kpi: z.enum(journeyKpis, { message: journeyMessages.invalidKpi }).nullish(),
  steps: z
    .array(stageSchema, { message: journeyMessages.stagesRequired })
    .min(1, journeyMessages.stagesRequired)
    .max(journeyLimits.stages, `A journey has at most ${journeyLimits.stages} stages`),
});
export type JourneyInput = z.input<typeof inputSchema>;

const select = { id: true, organizationId: true, name: true, kpi: true, steps: true, createdAt: true, updatedAt: true, createdByUserId: true } as const;
type Row = {
  id: string;
  organizationId: string;
  name: string;
  kpi: JourneyKpi;
  steps: unknown;
  createdAt: Date;
  updatedAt: Date;
  createdByUserId: string | null;
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

/** The stored steps as stages (a malformed entry reads as empty rather than failing the page). */
export function stagesOf(steps: unknown): JourneyStage[] {
  if (!Array.isArray(steps)) return [];
  return steps.filter(isObject).map((s) => ({
    name: typeof s.name === "string" ? s.name : "",
    touchpointIds: strings(s.touchpointIds),
    surveys: (Array.isArray(s.surveys) ? s.surveys : []).filter(isObject).map((x) => ({
      surveyId: typeof x.surveyId === "string" ? x.surveyId : "",
      questionIds: strings(x.questionIds),
    })),
  }));
}

export const toJourney = (r: Row): Journey => ({ ...r, kpi: r.kpi as Kpi, steps: stagesOf(r.steps) });

/** A member who views results somewhere (or an organisation admin). */
export async function requireJourneyReader(ctx: DomainContext) {
  requireOrganization(ctx.viewer);
  const a = await loadAccess(ctx);
  if (!canSomewhere(a, "viewResults")) throw forbidden(journeyMessages.noRightsToView);
  return a;
}

async function requireJourneyManager(ctx: DomainContext) {
  requireOrganization(ctx.viewer);
  const a = await loadAccess(ctx);
  if (!canSomewhere(a, "manageJourneys")) throw forbidden(journeyMessages.noRightsToManage);
  return a;
}

/** The journey's id, checked before any read: anything but 24 hex is refused. */
export const parseJourneyId = (raw: unknown): string => parseInput(objectIdSchema, raw);

export async function listJourneys(ctx: DomainContext): Promise<Journey[]> {
  await requireJourneyReader(ctx);
  const rows = await tenantDb(ctx).customerJourney.findMany({ select, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 1000 });
  return rows.map(toJourney);
}

export async function getJourney(ctx: DomainContext, rawId: unknown): Promise<Journey> {
  const journeyId = parseJourneyId(rawId);
  await requireJourneyReader(ctx);
  const row = await tenantDb(ctx).customerJourney.findFirst({ where: { id: journeyId }, select });
  if (!row) throw notFound(journeyMessages.notFound);
  return toJourney(row);
}

/**
 * The input checked against the organisation: every touchpoint is the organisation's and in a team
 * where the caller views results; every survey and question the organisation's, each question of
 * its own survey; every survey with a question eligible for the KPI. Questions left out mean "the
 * survey's eligible questions", stored explicitly.
 */
async function validated(ctx: DomainContext, input: unknown): Promise<{ name: string; kpi: Kpi; steps: JourneyStage[] }> {
  const parsed = parseInput(inputSchema, input);
  const kpi: Kpi = parsed.kpi ?? "nps";
  const db = tenantDb(ctx);
  const a = await loadAccess(ctx);
  const tpIds = [...new Set(parsed.steps.flatMap((s) => s.touchpointIds))];
  const surveyIds = [...new Set(parsed.steps.flatMap((s) => s.surveys.map((x) => x.surveyId)))];
  const [touchpoints, surveys, questions] = await Promise.all([
    db.touchpoint.findMany({ where: { id: { in: tpIds }, deleted: false }, select: { id: true, unitId: true } }),
    db.survey.findMany({ where: { id: { in: surveyIds } }, select: { id: true, name: true } }),
    db.question.findMany({
      where: { surveyId: { in: surveyIds } },
      select: { id: true, surveyId: true, type: true, hidden: true },
      orderBy: { position: "asc" },
    }),
  ]);
  const viewable = unitsWithRight(a, "viewResults");
  const tpOk = new Set(touchpoints.filter((t) => viewable.has(t.unitId)).map((t) => t.id));
  const surveyName = new Map(surveys.map((s) => [s.id, s.name]));
  const questionById = new Map(questions.map((q) => [q.id, q]));
  const steps: JourneyStage[] = parsed.steps.map((stage, i) => {
    const badTp = stage.touchpointIds.findIndex((t) => !tpOk.has(t));
    if (badTp >= 0) throw notFound(journeyMessages.touchpointNotFound);
    const seen = new Set<string>();
    const stageSurveys = stage.surveys.map((s, j) => {
      const field = `steps.${i}.surveys.${j}`;
      const name = surveyName.get(s.surveyId);
      if (name === undefined) throw notFound(journeyMessages.surveyNotFound);
      if (seen.has(s.surveyId)) throw badInput(journeyMessages.duplicateSurvey, `${field}.surveyId`);
      seen.add(s.surveyId);
      let questionIds = [...new Set(s.questionIds ?? [])];
      for (const qid of questionIds) {
        const q = questionById.get(qid);
        if (!q || q.surveyId !== s.surveyId) throw notFound(journeyMessages.questionNotFound);
        if (!isEligible(kpi, q.type)) throw badInput(journeyMessages.notEligible(kpi), `${field}.questionIds`);
      }
      if (questionIds.length === 0) questionIds = questions.filter((q) => q.surveyId === s.surveyId && !q.hidden && isEligible(kpi, q.type)).map((q) => q.id);
      if (questionIds.length === 0) throw badInput(journeyMessages.noEligibleQuestion(name, kpi), `${field}.questionIds`);
      return { surveyId: s.surveyId, questionIds };
    });
    return { name: stage.name, touchpointIds: [...new Set(stage.touchpointIds)], surveys: stageSurveys };
  });
  return { name: parsed.name, kpi, steps };
}

export async function createJourney(ctx: DomainContext, input: unknown): Promise<Journey> {
  await requireJourneyManager(ctx);
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  const data = await validated(ctx, input);
  const row = await tenantDb(ctx).customerJourney.create({
    data: { organizationId, name: data.name, kpi: data.kpi, steps: data.steps, createdByUserId: viewer.userId },
    select,
  });
  return toJourney(row);
}

export async function updateJourney(ctx: DomainContext, rawId: unknown, input: unknown): Promise<Journey> {
  const journeyId = parseJourneyId(rawId);
  await requireJourneyManager(ctx);
  const db = tenantDb(ctx);
  if (!(await db.customerJourney.findFirst({ where: { id: journeyId }, select: { id: true } }))) throw notFound(journeyMessages.notFound);
  const data = await validated(ctx, input);
  const updated = await db.customerJourney.updateManyAndReturn({
    where: { id: journeyId },
    data: { name: data.name, kpi: data.kpi, steps: data.steps },
    select,
  });
  if (!updated[0]) throw notFound(journeyMessages.notFound);
  return toJourney(updated[0]);
}

export async function deleteJourney(ctx: DomainContext, rawId: unknown): Promise<{ id: string }> {
  const journeyId = parseJourneyId(rawId);
  await requireJourneyManager(ctx);
  const removed = await tenantDb(ctx).customerJourney.deleteMany({ where: { id: journeyId } });
  if (removed.count === 0) throw notFound(journeyMessages.notFound);
  return { id: journeyId };
}
