// The survey management screens' extra reads: the public templates (GET /surveys/public-templates as
// GraphQL) and a saved survey's respondent view for the preview (desktop, mobile, terminal, widget).
import { builder } from "./builder.js";
import { JSONScalar } from "./json.js";
import { loaders } from "./loaders.js";
import { publicTemplates, type SurveyRow } from "../domain/surveys/surveys.js";
import { surveyPreview } from "../domain/surveys/preview.js";

// JSON on purpose: the document is the respondent API's, defined by its own OpenAPI document
// (/r/openapi.json), and the preview hands it unchanged to the respondent pages that read it there.
const respondentDocument =
  "What the respondent runtime would load for this survey, for the preview: the document of GET /r/{touchpointId}/survey exactly as the respondent API's OpenAPI document (/r/openapi.json) defines it, handed unchanged to the respondent pages";

/**
 * A public template as a type of its own (not Survey): templates come from any organisation, and
 * only what a copy takes is shown (no team, creator or touchpoints of the publisher).
 */
export const SurveyTemplateType = builder.objectRef<SurveyRow>("SurveyTemplate");
SurveyTemplateType.implement({
  description: "A public survey template (GET /surveys/public-templates); copy it with copySurvey(id)",
  fields: (t) => ({
    id: t.globalID({ description: "copySurvey takes it", resolve: (s) => ({ type: SurveyTemplateType, id: s.id }) }),
    legacyId: t.exposeString("id", { description: "the template's 24-hex _id" }),
    name: t.exposeString("name"),
    languages: t.exposeStringList("languages"),
    tags: t.exposeStringList("tags"),
    questionCount: t.int({ resolve: (s) => s.questions.length }),
    respondentPreview: t.field({
      type: JSONScalar,
      description: respondentDocument,
      resolve: (s, _a, ctx) => surveyPreview(ctx, s.id),
    }),
  }),
});

builder.queryField("surveyTemplates", (t) =>
  t.field({
    type: [SurveyTemplateType],
    description: "The public survey templates, by name (copy one with copySurvey)",
    resolve: (_root, _args, ctx) => publicTemplates(ctx),
  }),
);

builder.prismaObjectField("Survey", "respondentPreview", (t) =>
  t.field({
    type: JSONScalar,
    description: respondentDocument,
    resolve: (survey, _args, ctx) => surveyPreview(ctx, survey.id),
  }),
);

builder.prismaObjectField("Survey", "questionCount", (t) =>
  t.int({
    description: "questions that are not hidden",
    resolve: (survey, _args, ctx) => loaders(ctx).questionCount.load(survey.id),
  }),
);
