// /api/v5 "Surveys" (spec 001 §7): the survey list, one survey, create, save, delete, copy, public
// templates, and our archive and hide calls (docs/decisions.md "Surveys"). Handlers only parse and
// shape: the rules are in domain/surveys.
import { listSharedSurveys } from "../../domain/surveys/shared.js";
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  archiveSurvey,
  copySurvey,
  createSurvey,
  deleteSurvey,
  getSurvey,
  hideSurvey,
  listSurveys,
  publicTemplates,
  updateSurvey,
  type SurveyRow,
} from "../../domain/surveys/surveys.js";

const tag = "Surveys";
const objectId = z.string().describe("24 hexadecimal characters");
const idParams = z.object({ id: z.string() });
const text = z.record(z.string(), z.string());

const questionShape = z.object({
  _id: objectId,
  type: z.string(),
  title: text,
  subtitle: text.nullable(),
  options: z.record(z.string(), z.unknown()),
  choices: z.array(z.record(z.string(), z.unknown())),
  tags: z.array(z.string()),
  logic: z.record(z.string(), z.string()).nullable(),
  required: z.boolean(),
});

const surveyShape = z
  .object({
    _id: objectId,
    name: z.string(),
    created_at: z.string(),
    archived: z.boolean(),
    hidden: z.boolean().describe("hidden by the caller"),
    question_ids: z.array(objectId),
    questions: z.array(questionShape),
    languages: z.array(z.string()),
    feedbackCount: z.number(),
    responseCount: z.number(),
    lastFeedback: z.string().nullable(),
    activeChannels: z.array(z.object({ _id: objectId, name: z.string(), type: z.string() })),
    created_by_user: z.object({ _id: objectId, displayname: z.string() }).nullable(),
    createdBy: objectId.nullable(),
    unit: z.object({ _id: objectId, name: z.string() }),
    unitId: objectId,
    unitName: z.string(),
    tags: z.array(z.string()),
    questionTags: z.array(z.string()),
    settings: z.record(z.string(), z.unknown()),
    isTemplate: z.boolean(),
  })
  .meta({ id: "Survey" });
type SurveyJson = z.input<typeof surveyShape>;

const toSurveyJson = (s: SurveyRow): SurveyJson => ({
  _id: s.id,
  name: s.name,
  created_at: s.createdAt.toISOString(),
  archived: s.archived,
  hidden: s.hidden,
  question_ids: s.questions.map((q) => q.id),
  questions: s.questions.map((q) => ({
    _id: q.id,
    type: q.type,
    title: q.title as Record<string, string>,
    subtitle: (q.subtitle as Record<string, string> | null) ?? null,
    options: q.options as Record<string, unknown>,
    choices: q.choices as Record<string, unknown>[],
    tags: q.tags,
    logic: (q.logic as Record<string, string> | null) ?? null,
    required: q.required,
  })),
  languages: s.languages,
  feedbackCount: s.responseCount,
  responseCount: s.responseCount,
  lastFeedback: s.lastFeedbackAt?.toISOString() ?? null,
  activeChannels: s.activeAt.map((t) => ({ _id: t.id, name: t.name, type: t.type })),
  created_by_user: s.createdBy ? { _id: s.createdBy.id, displayname: s.createdBy.displayName } : null,
  createdBy: s.createdBy?.id ?? null,
  unit: { _id: s.unit.id, name: s.unit.name },
  unitId: s.unitId,
  unitName: s.unit.name,
  tags: s.tags,
  questionTags: s.questionTags,
  settings: s.settings as Record<string, unknown>,
  isTemplate: s.isTemplate,
});

/** What a share link's visitor gets of a survey: the survey itself, not who made it, its settings, touchpoints or counts. */
const sharedSurveyFields = new Set(["name", "created_at", "archived", "question_ids", "questions", "languages", "lastFeedback", "unitId", "unitName", "tags"]);

/** Only the asked-for fields (and _id) of each list item: `fields=name,unitName,tags`. */
const pick = (item: SurveyJson, fields: string[] | undefined): Record<string, unknown> =>
  fields ? Object.fromEntries(Object.entries(item).filter(([k]) => k === "_id" || fields.includes(k))) : item;

const surveyBody = z
  .record(z.string(), z.unknown(), { message: "The body is a survey object" })
  .describe("the survey: name, unitId, languages, tags, questionTags, settings and questions (see docs/respondent-api.md for options, choices and logic)");

export const surveyRoutes = [
  defineRoute({
    method: "GET",
    path: "/surveys",
    tag,
    summary:
      "The surveys the caller may see; fields limits each item to the named fields. With a share link's token and no bearer token: the surveys the link may show (its own, or those it lets the visitor pick), with only the survey's own fields",
    auth: "bearerOrQueryToken",
    query: z.object({
      fields: z.string().optional().describe("comma-separated field names, e.g. name,unitName,tags,lastFeedback,created_at"),
      scope: z.enum(["all", "active"], { message: "scope must be all or active" }).optional(),
    }),
    response: z.array(z.record(z.string(), z.unknown())),
    handler: async ({ ctx, query, queryToken }) => {
      const fields = query.fields
        ? query.fields
            .split(",")
            .map((f) => f.trim())
            .filter(Boolean)
        : undefined;
      if (queryToken) {
        const visitorFields = fields ? fields.filter((f) => sharedSurveyFields.has(f)) : [...sharedSurveyFields];
        return (await listSharedSurveys(ctx, queryToken, query.scope ?? "all")).map((s) => pick(toSurveyJson(s), visitorFields));
      }
      return (await listSurveys(ctx, query.scope ?? "all")).map((s) => pick(toSurveyJson(s), fields));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/surveys/public-templates",
    tag,
    summary: "The public survey templates (copy one with POST /surveys/{id}/copy)",
    auth: "bearer",
    response: z.array(surveyShape),
    handler: async ({ ctx }) => (await publicTemplates(ctx)).map(toSurveyJson),
  }),
  defineRoute({
    method: "GET",
    path: "/surveys/{id}",
    tag,
    summary: "One survey with its questions",
    auth: "bearer",
    params: idParams,
    response: surveyShape,
    handler: async ({ ctx, params }) => toSurveyJson(await getSurvey(ctx, params.id)),
  }),
  defineRoute({
    method: "POST",
    path: "/surveys",
    tag,
    summary: "Creates a survey (may create surveys, or organisation admin; editSurveys in its unit)",
    auth: "bearer",
    body: surveyBody,
    response: z.object({ _id: objectId }),
    status: 201,
    handler: async ({ ctx, body }) => ({ _id: (await createSurvey(ctx, body)).id }),
  }),
  defineRoute({
    method: "PUT",
    path: "/surveys/{id}",
    tag,
    summary: "Saves the whole survey: questions left out are hidden, new ones created, the order kept",
    auth: "bearer",
    params: idParams,
    body: surveyBody,
    response: surveyShape,
    handler: async ({ ctx, params, body }) => toSurveyJson(await updateSurvey(ctx, params.id, body)),
  }),
  defineRoute({
    method: "DELETE",
    path: "/surveys/{id}",
    tag,
    summary: "Deletes the survey with its questions and responses",
    auth: "bearer",
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ ctx, params }) => {
      await deleteSurvey(ctx, params.id);
      return { ok: true as const };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/surveys/{id}/copy",
    tag,
    summary: "Copies a survey or a public template; logic follows the new question ids",
    auth: "bearer",
    params: idParams,
    body: z.object({ unitId: z.string().optional() }).optional(),
    response: z.object({ newSurvey: z.object({ _id: objectId }) }),
    status: 201,
    handler: async ({ ctx, params, body }) => ({ newSurvey: { _id: (await copySurvey(ctx, params.id, { unitId: body?.unitId })).id } }),
  }),
  defineRoute({
    method: "PUT",
    path: "/surveys/{id}/archive",
    tag,
    summary: "Archives (archived: true) or unarchives (false) the survey",
    auth: "bearer",
    params: idParams,
    body: z.object({ archived: z.unknown() }),
    response: surveyShape,
    handler: async ({ ctx, params, body }) => toSurveyJson(await archiveSurvey(ctx, params.id, body.archived)),
  }),
  defineRoute({
    method: "PUT",
    path: "/surveys/{id}/hide",
    tag,
    summary: "Hides (hidden: true) or shows (false) the survey in the caller's own lists",
    auth: "bearer",
    params: idParams,
    body: z.object({ hidden: z.unknown() }),
    response: surveyShape,
    handler: async ({ ctx, params, body }) => toSurveyJson(await hideSurvey(ctx, params.id, body.hidden)),
  }),
];
