// Surveys (spec 001 §2 survey management and editor, §3 Survey, §7 "Surveys"): the list a member
// sees, one survey with its questions, create, save (the whole survey with its questions), delete,
// copy (also of a public template), archive and hide (per user). docs/permissions.md "Surveys".
//
// Who sees what: surveys of the units where the caller may view results (a right held in a unit
// covers its sub-units), plus surveys that have responses at touchpoints of such units ("Surveys of
// other teams are visible when the user has responses from them"). Editing needs editSurveys in the
// survey's unit; creating also needs the membership's "may create surveys" flag or organisation admin.
import type { DomainContext } from "../context.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { badInput, forbidden, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { requireFeature } from "../features/features.js";
import { tenantDb } from "../tenancy.js";
import { memoSlot, perRequest } from "../request-memo.js";
import { accessMessages, loadAccess, requireOnObject, unitCodesAmong, unitsWithRight, type Access as CallerAccess } from "../../permissions/access.js";
import { newId, prepareSurvey, remapLogic, type PreparedSurvey } from "./input.js";
import { lockQuestionSlots } from "../answers/rows.js";
import { z } from "zod";
import { containsText, nullsLast, parseSearch, type SortDirection } from "../list-query.js";

export const noSurvey = () => notFound(accessMessages.surveyNotFound);
export const noEditSurveyRight = () => forbidden(accessMessages.noEditSurvey);
export const noCreateSurveyRight = () => forbidden("You do not have the rights to create surveys");
export const noViewSurveyRight = () => forbidden(accessMessages.noViewSurvey);

export const surveyTabs = ["recent", "all", "active", "archived", "hidden", "mine"] as const;
export type SurveyTab = (typeof surveyTabs)[number];
export const recentDays = 14;

type Access = { m: CallerAccess; viewable: string[]; editable: Set<string> };

async function access(ctx: DomainContext): Promise<Access> {
  const m = await loadAccess(ctx);
  return { m, viewable: [...unitsWithRight(m, "viewResults")], editable: unitsWithRight(m, "editSurveys") };
}

/** The surveys a caller may see (before tabs). */
function visibleWhere(a: Access): Prisma.SurveyWhereInput {
  return {
    organizationId: a.m.organizationId,
    // responses name their team by code (migration 20261130000000_response_unit_code)
    OR: [{ unitId: { in: a.viewable } }, { responses: { some: { unitCode: { in: unitCodesAmong(a.m.units, a.viewable) } } } }],
  };
}

function tabWhere(a: Access, tab: SurveyTab, now = new Date()): Prisma.SurveyWhereInput {
  const userId = a.m.viewer.userId;
  const notHidden: Prisma.SurveyWhereInput = { hiddenBy: { none: { userId } } };
  switch (tab) {
    case "hidden":
      return { hiddenBy: { some: { userId } } };
    case "all":
      return notHidden;
    case "active":
      return { ...notHidden, archived: false };
    case "archived":
      return { ...notHidden, archived: true };
    case "recent":
      return { ...notHidden, archived: false, createdAt: { gte: new Date(now.getTime() - recentDays * 86_400_000) } };
    case "mine":
      return { ...notHidden, createdByUserId: userId };
  }
}

/** The Prisma filter of a tab of the survey list (the GraphQL connection pages through it). */
export async function surveysWhere(ctx: DomainContext, tab: SurveyTab = "all", search?: string | null): Promise<Prisma.SurveyWhereInput> {
  const text = parseSearch(search);
  const a = await access(ctx);
  // The list's search box: the survey's name or its team's name, within what the caller sees.
  const searched: Prisma.SurveyWhereInput = text ? { OR: [{ name: containsText(text) }, { unit: { name: containsText(text) } }] } : {};
  return { AND: [visibleWhere(a), tabWhere(a, tab), searched] };
}

export const surveySortFields = ["createdAt", "name", "responseCount", "lastFeedbackAt"] as const;
export type SurveySortField = (typeof surveySortFields)[number];

/** The survey list's order: newest first unless a column is chosen; ties by name, then id, so pages stay stable. */
export function surveyOrder(sort?: { field: SurveySortField; direction: SortDirection } | null): Prisma.SurveyOrderByWithRelationInput[] {
  if (!sort) return [{ createdAt: "desc" }, { id: "asc" }];
  const first: Prisma.SurveyOrderByWithRelationInput =
    sort.field === "lastFeedbackAt" ? { lastFeedbackAt: nullsLast(sort.direction) } : { [sort.field]: sort.direction };
  return [first, ...(sort.field === "name" ? [] : [{ name: "asc" as const }]), { id: "asc" }];
}

export const listSelect = {
  id: true,
  organizationId: true,
  name: true,
  createdAt: true,
  archived: true,
  languages: true,
  tags: true,
  questionTags: true,
  settings: true,
  responseCount: true,
  lastFeedbackAt: true,
  unitId: true,
  isTemplate: true,
  public: true,
  unit: { select: { id: true, name: true } },
  createdBy: { select: { id: true, displayName: true, email: true } },
  questions: { where: { hidden: false }, orderBy: { position: "asc" } },
  activeAt: { where: { deleted: false }, select: { id: true, name: true, type: true } },
} satisfies Prisma.SurveySelect;

export type SurveyRow = Prisma.SurveyGetPayload<{ select: typeof listSelect }> & { hidden: boolean };

async function withHidden(ctx: DomainContext, userId: string, rows: Prisma.SurveyGetPayload<{ select: typeof listSelect }>[]): Promise<SurveyRow[]> {
  const hidden = await ctx.prisma.surveyHidden.findMany({ where: { userId, surveyId: { in: rows.map((r) => r.id) } }, select: { surveyId: true } });
  const set = new Set(hidden.map((h) => h.surveyId));
  return rows.map((r) => ({ ...r, hidden: set.has(r.id) }));
}

/** GET /surveys: scope all (every visible survey) or active (not archived). */
export async function listSurveys(ctx: DomainContext, scope: "all" | "active" = "all"): Promise<SurveyRow[]> {
  const a = await access(ctx);
  const rows = await ctx.prisma.survey.findMany({
    where: { AND: [visibleWhere(a), scope === "active" ? { archived: false } : {}] },
    select: listSelect,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
  });
  return withHidden(ctx, a.m.viewer.userId, rows);
}

async function surveyOf(ctx: DomainContext, surveyId: string) {
  const id = parseInput(objectIdSchema, surveyId);
  const survey = await tenantDb(ctx).survey.findUnique({ where: { id }, select: listSelect });
  if (!survey) throw noSurvey();
  return survey;
}

// The access layer decides (permissions/access.ts: viewResults or editSurveys in the survey's unit,
// viewing also through responses); the GraphQL shield asked the same, so the unit is read once.
async function requireVisible(ctx: DomainContext, surveyId: string) {
  await requireOnObject(ctx, "viewResults", "Survey", surveyId);
  return surveyOf(ctx, surveyId);
}

async function requireEditable(ctx: DomainContext, surveyId: string) {
  await requireOnObject(ctx, "editSurveys", "Survey", surveyId);
  return surveyOf(ctx, surveyId);
}

/** GET /surveys/{id}: one visible survey with its questions. */
export async function getSurvey(ctx: DomainContext, surveyId: string): Promise<SurveyRow> {
  const a = await access(ctx);
  const survey = await requireVisible(ctx, surveyId);
  return (await withHidden(ctx, a.m.viewer.userId, [survey]))[0]!;
}

/** The unit a new survey goes to: the one asked for, else the highest unit where the caller edits surveys. */
function targetUnit(a: Access, unitId: string | undefined): string {
  if (!(a.m.organizationAdmin || a.m.viewer.mayCreateSurveys)) throw noCreateSurveyRight();
  if (unitId) {
    if (!a.m.units.some((u) => u.id === unitId)) throw notFound("Team not found");
    if (!a.editable.has(unitId)) throw noEditSurveyRight();
    return unitId;
  }
  const top = a.m.units.find((u) => a.editable.has(u.id) && !(u.parentId && a.editable.has(u.parentId)));
  if (!top) throw noCreateSurveyRight();
  return top.id;
}

async function requireLogicFeature(ctx: DomainContext, s: PreparedSurvey): Promise<void> {
  if (s.questions.some((q) => q.logic && Object.keys(q.logic).length > 0)) await requireFeature(ctx, "surveyLogic");
}

const json = (v: unknown) => v as Prisma.InputJsonValue;

function questionData(q: PreparedSurvey["questions"][number], position: number) {
  return {
    position,
    type: q.type,
    title: json(q.title),
    subtitle: q.subtitle ? json(q.subtitle) : undefined,
    options: json(q.options),
    choices: json(q.choices),
    tags: q.tags,
    logic: q.logic ? json(q.logic) : undefined,
    required: q.required,
    hidden: false,
  };
}

/** POST /surveys: answers the new survey's id. */
export async function createSurvey(ctx: DomainContext, input: unknown): Promise<{ id: string }> {
  const s = prepareSurvey(input, new Set());
  const a = await access(ctx);
  const unitId = targetUnit(a, s.unitId);
  await requireLogicFeature(ctx, s);
  const organizationId = a.m.organizationId;
  const id = await ctx.prisma.$transaction(async (db) => {
    const survey = await db.survey.create({
      data: {
        organizationId,
        unitId,
        name: s.name,
        languages: s.languages,
        tags: s.tags,
        questionTags: s.questionTags,
        settings: json(s.settings ?? {}),
        createdByUserId: a.m.viewer.userId,
      },
      select: { id: true },
    });
    if (s.questions.length)
      await db.question.createMany({
        data: s.questions.map((q, i) => ({ id: q.id, organizationId, surveyId: survey.id, ...questionData(q, i), logic: q.logic ? json(q.logic) : undefined })),
      });
    await db.user.updateMany({ where: { id: a.m.viewer.userId, onboardingCreatedSurvey: false }, data: { onboardingCreatedSurvey: true } });
    return survey.id;
  });
  ctx.bus.publish("user:updated", a.m.viewer.userId, { userId: a.m.viewer.userId });
  return { id };
}

/**
 * PUT /surveys/{id}: the whole survey with its questions. Questions left out are hidden (the soft
 * delete keeps their answers), new ones are created, the order is the body's. A unitId moves the
 * survey, which needs editSurveys in the new unit too.
 */
export async function updateSurvey(ctx: DomainContext, surveyId: string, input: unknown): Promise<SurveyRow> {
  const a = await access(ctx);
  const current = await requireEditable(ctx, surveyId);
  const stored = await ctx.prisma.question.findMany({ where: { surveyId: current.id }, select: { id: true } });
  const s = prepareSurvey(input, new Set(stored.map((q) => q.id)));
  if (s.unitId && s.unitId !== current.unitId) {
    if (!a.m.units.some((u) => u.id === s.unitId)) throw notFound("Team not found");
    if (!a.editable.has(s.unitId)) throw noEditSurveyRight();
  }
  await requireLogicFeature(ctx, s);
  const organizationId = a.m.organizationId;
  await ctx.prisma.$transaction(async (db) => {
    // The survey's row first, then its current question slots in slot order, then its questions: the
    // question slots' triggers lock a question's slots and then this row (migration
    // 20261129000000_question_slots), so this order cannot deadlock with the survey's delete, nor
    // with ingestion, which locks the slots it codes answers with in slot order (answers/rows.ts).
    await db.survey.update({
      where: { id: current.id },
      data: {
        name: s.name,
        unitId: s.unitId ?? current.unitId,
        languages: s.languages,
        tags: s.tags,
        questionTags: s.questionTags,
        ...(s.settings ? { settings: json(s.settings) } : {}),
      },
    });
    await lockQuestionSlots(db, current.id);
    const kept = new Set(s.questions.filter((q) => q.existing).map((q) => q.id));
    await db.question.updateMany({ where: { surveyId: current.id, hidden: false, id: { notIn: [...kept] } }, data: { hidden: true } });
    for (const [i, q] of s.questions.entries()) {
      const data = { ...questionData(q, i), subtitle: q.subtitle ? json(q.subtitle) : (null as never), logic: q.logic ? json(q.logic) : (null as never) };
      if (q.existing) await db.question.update({ where: { id: q.id }, data });
      else await db.question.create({ data: { id: q.id, organizationId, surveyId: current.id, ...data } });
    }
  });
  return getSurvey(ctx, current.id);
}

/** DELETE /surveys/{id}: the survey, its questions and responses. Touchpoints lose it as their active survey. */
export async function deleteSurvey(ctx: DomainContext, surveyId: string): Promise<void> {
  const survey = await requireEditable(ctx, surveyId);
  await ctx.prisma.survey.delete({ where: { id: survey.id } });
}

/**
 * POST /surveys/{id}/copy: a survey the caller sees (or a public template of any organisation) copied
 * into the caller's organisation with new question ids; logic follows the new ids. The copy goes to
 * the original's unit when the caller edits surveys there, else as a new survey would.
 */
export async function copySurvey(ctx: DomainContext, surveyId: string, opts: { unitId?: string } = {}): Promise<{ id: string }> {
  const id = parseInput(objectIdSchema, surveyId);
  const a = await access(ctx);
  let source = await ctx.prisma.survey.findFirst({ where: { id, isTemplate: true, public: true }, select: listSelect });
  const template = !!source && source.organizationId !== a.m.organizationId;
  if (!source || !template) source = await requireVisible(ctx, id);
  const unitId = targetUnit(a, opts.unitId ?? (!template && a.editable.has(source.unitId) ? source.unitId : undefined));
  const organizationId = a.m.organizationId;
  const idMap = new Map(source.questions.map((q) => [q.id, newId()]));
  const newSurveyId = await ctx.prisma.$transaction(async (db) => {
    const survey = await db.survey.create({
      data: {
        organizationId,
        unitId,
        name: template ? source.name : `${source.name} (copy)`,
        languages: source.languages,
        tags: source.tags,
        questionTags: source.questionTags,
        settings: json(source.settings),
        createdByUserId: a.m.viewer.userId,
      },
      select: { id: true },
    });
    if (source.questions.length)
      await db.question.createMany({
        data: source.questions.map((q, i) => ({
          id: idMap.get(q.id)!,
          organizationId,
          surveyId: survey.id,
          position: i,
          type: q.type,
          title: json(q.title),
          subtitle: q.subtitle === null ? undefined : json(q.subtitle),
          options: json(q.options),
          choices: json(q.choices),
          tags: q.tags,
          logic: q.logic ? json(remapLogic(q.logic, idMap)) : undefined,
          required: q.required,
        })),
      });
    return survey.id;
  });
  return { id: newSurveyId };
}

/** GET /surveys/public-templates: surveys marked as public templates, of any organisation. */
export async function publicTemplates(ctx: DomainContext): Promise<SurveyRow[]> {
  const a = await access(ctx);
  const rows = await ctx.prisma.survey.findMany({ where: { isTemplate: true, public: true }, select: listSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map((r) => ({ ...r, hidden: false, ...(r.organizationId === a.m.organizationId ? {} : { activeAt: [], createdBy: null }) }));
}

/** PUT /surveys/{id}/archive: archive (true) or unarchive (false); needs editSurveys in the survey's unit. */
export async function archiveSurvey(ctx: DomainContext, surveyId: string, archived: unknown): Promise<SurveyRow> {
  const flag = parseInput(z.boolean({ message: "archived must be true or false" }), archived);
  const survey = await requireEditable(ctx, surveyId);
  await ctx.prisma.survey.update({ where: { id: survey.id }, data: { archived: flag } });
  return getSurvey(ctx, survey.id);
}

/** PUT /surveys/{id}/hide: hides (true) or shows (false) a visible survey in the caller's own lists. */
export async function hideSurvey(ctx: DomainContext, surveyId: string, hidden: unknown): Promise<SurveyRow> {
  const flag = parseInput(z.boolean({ message: "hidden must be true or false" }), hidden);
  const a = await access(ctx);
  const survey = await requireVisible(ctx, surveyId);
  const key = { userId: a.m.viewer.userId, surveyId: survey.id };
  if (flag) await ctx.prisma.surveyHidden.upsert({ where: { userId_surveyId: key }, create: key, update: {} });
  else await ctx.prisma.surveyHidden.deleteMany({ where: key });
  return getSurvey(ctx, survey.id);
}

export { badInput };

// Per request: what the caller sees, so that a GraphQL answer with many surveys reads it once.
const seenSlot = memoSlot<{ access?: Promise<Access>; visible: Map<string, Promise<boolean>> }>("surveys seen", () => ({ visible: new Map() }));

/**
 * Whether the caller sees this survey (the GraphQL Survey and Question types check every object,
 * so `node(id)` cannot reach a survey of a unit the caller does not see). Public templates are seen.
 */
export function maySeeSurvey(ctx: DomainContext, surveyId: string): Promise<boolean> {
  const seen = perRequest(ctx, seenSlot);
  let result = seen.visible.get(surveyId);
  if (!result) {
    result = (async () => {
      if (!ctx.viewer?.organizationId) return false;
      seen.access ??= access(ctx);
      const where: Prisma.SurveyWhereInput = { id: surveyId, OR: [visibleWhere(await seen.access), { isTemplate: true, public: true }] };
      return (await ctx.prisma.survey.count({ where })) > 0;
    })();
    seen.visible.set(surveyId, result);
  }
  return result;
}
