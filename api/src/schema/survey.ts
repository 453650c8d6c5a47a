// Survey: the survey list's tabs (recent, all, active, archived, hidden, mine) and the
// editor's mutations. Rules live in domain/surveys; the mutations take a typed SurveyInput
// (schema/question.ts), which becomes the same body the REST facade takes (PUT /surveys/{id}).
import { builder } from "./builder.js";
import { loaders } from "./loaders.js";
import { UnitType } from "./unit.js";
import { SurveyTemplateType } from "./survey-management.js";
import { inViewerOrganization, tenantDb } from "../domain/tenancy.js";
import {
  archiveSurvey,
  copySurvey,
  createSurvey,
  deleteSurvey,
  getSurvey,
  hideSurvey,
  surveysWhere,
  surveyOrder,
  surveySortFields,
  surveyTabs,
  updateSurvey,
  type SurveyTab,
} from "../domain/surveys/surveys.js";
import { SurveyInput, surveyBody } from "./question.js";
import { mayEditSurveyInUnit } from "../domain/surveys/editing.js";
import { SortDirectionEnum, searchDescription } from "./list-query.js";

const SurveySortFieldEnum = builder.enumType("SurveySortField", { values: surveySortFields });
const SurveyOrder = builder.inputType("SurveyOrder", {
  description: "The survey list's sort column and direction (ties: by name, then id)",
  fields: (t) => ({
    field: t.field({ type: SurveySortFieldEnum, required: true }),
    direction: t.field({ type: SortDirectionEnum, required: true }),
  }),
});

const SurveyTabEnum = builder.enumType("SurveyTab", { values: surveyTabs, description: "recent: created within the last 14 days" });

export const SurveyType = builder.prismaNode("Survey", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...inViewerOrganization(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id"),
    name: t.exposeString("name"),
    languages: t.exposeStringList("languages"),
    tags: t.exposeStringList("tags"),
    questionTags: t.exposeStringList("questionTags"),
    archived: t.exposeBoolean("archived"),
    isTemplate: t.exposeBoolean("isTemplate"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    lastFeedbackAt: t.expose("lastFeedbackAt", { type: "DateTime", nullable: true }),
    responseCount: t.exposeInt("responseCount"),
    unitLegacyId: t.exposeString("unitId"),
    unit: t.relation("unit"),
    createdByLegacyId: t.exposeString("createdByUserId", { nullable: true }),
    viewerMayEdit: t.boolean({
      description: "the caller may save this survey (editSurveys in its unit): the editor is read-only otherwise",
      resolve: (s, _a, ctx) => mayEditSurveyInUnit(ctx, s.unitId),
    }),
    hidden: t.boolean({
      description: "hidden by the caller (per user)",
      resolve: (s, _a, ctx) => loaders(ctx).surveyHidden.load(s.id),
    }),
    questions: t.relation("questions", { query: { where: { hidden: false }, orderBy: { position: "asc" } } }),
  }),
});

builder.queryField("surveys", (t) =>
  t.prismaConnection({
    type: "Survey",
    cursor: "id",
    description: "The surveys the caller sees, by tab (default all); newest first unless orderBy says otherwise",
    args: {
      tab: t.arg({ type: SurveyTabEnum }),
      search: t.arg.string({ description: `${searchDescription} (the survey's or its team's name)` }),
      orderBy: t.arg({ type: SurveyOrder }),
    },
    resolve: async (query, _root, { tab, search, orderBy }, ctx) =>
      tenantDb(ctx).survey.findMany({ ...query, where: await surveysWhere(ctx, (tab ?? "all") as SurveyTab, search), orderBy: surveyOrder(orderBy) }),
  }),
);

builder.queryField("survey", (t) =>
  t.prismaField({
    type: "Survey",
    description: "One survey the caller sees (the editor and preview read it)",
    args: { id: t.arg.globalID({ required: true, for: SurveyType }) },
    resolve: async (query, _root, { id }, ctx) => {
      const s = await getSurvey(ctx, id.id);
      return tenantDb(ctx).survey.findUniqueOrThrow({ ...query, where: { id: s.id } });
    },
  }),
);

const SurveyPayload = builder.objectRef<{ id: string }>("SurveyPayload").implement({
  fields: (t) => ({
    survey: t.prismaField({ type: "Survey", resolve: (query, p, _a, ctx) => tenantDb(ctx).survey.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
  }),
});
const DeleteSurveyPayload = builder.objectRef<{ id: string }>("DeleteSurveyPayload").implement({
  fields: (t) => ({ legacyId: t.exposeString("id", { description: "the deleted survey's id" }) }),
});

builder.mutationField("createSurvey", (t) =>
  t.field({
    type: SurveyPayload,
    description: "Creates a survey: the body of POST /surveys",
    args: { input: t.arg({ type: SurveyInput, required: true }) },
    resolve: (_root, { input }, ctx) => createSurvey(ctx, surveyBody(input)),
  }),
);

builder.mutationField("updateSurvey", (t) =>
  t.field({
    type: SurveyPayload,
    description: "Saves the whole survey with its questions: the body of PUT /surveys/{id}",
    args: { id: t.arg.globalID({ required: true, for: SurveyType }), input: t.arg({ type: SurveyInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => ({ id: (await updateSurvey(ctx, id.id, surveyBody(input))).id }),
  }),
);

builder.mutationField("copySurvey", (t) =>
  t.field({
    type: SurveyPayload,
    description: "Copies a survey or a public template (the new survey)",
    args: {
      id: t.arg.globalID({ required: true, for: [SurveyType, SurveyTemplateType], description: "a survey's or a public template's id" }),
      unitId: t.arg.globalID({ for: UnitType, description: "the team of the copy" }),
    },
    resolve: (_root, { id, unitId }, ctx) => copySurvey(ctx, id.id, { unitId: unitId?.id }),
  }),
);

builder.mutationField("archiveSurvey", (t) =>
  t.field({
    type: SurveyPayload,
    args: { id: t.arg.globalID({ required: true, for: SurveyType }), archived: t.arg.boolean({ required: true }) },
    resolve: async (_root, { id, archived }, ctx) => ({ id: (await archiveSurvey(ctx, id.id, archived)).id }),
  }),
);

builder.mutationField("hideSurvey", (t) =>
  t.field({
    type: SurveyPayload,
    description: "Hides or shows the survey in the caller's own lists",
    args: { id: t.arg.globalID({ required: true, for: SurveyType }), hidden: t.arg.boolean({ required: true }) },
    resolve: async (_root, { id, hidden }, ctx) => ({ id: (await hideSurvey(ctx, id.id, hidden)).id }),
  }),
);

builder.mutationField("deleteSurvey", (t) =>
  t.field({
    type: DeleteSurveyPayload,
    args: { id: t.arg.globalID({ required: true, for: SurveyType }) },
    resolve: async (_root, { id }, ctx) => {
      await deleteSurvey(ctx, id.id);
      return { id: id.id };
    },
  }),
);
