// The survey management screens' extra reads: the public templates (GET /surveys/public-templates as
// GraphQL) and a saved survey's respondent view for the preview (desktop, mobile, terminal, widget).
import { builder } from "./builder.js";
import { SurveyData } from "./survey.js";
import { publicTemplates } from "../domain/surveys/surveys.js";
import { surveyPreview } from "../domain/surveys/preview.js";

builder.queryField("surveyTemplates", (t) =>
  t.prismaField({
    type: ["Survey"],
    description: "The public survey templates, by name (copy one with copySurvey)",
    resolve: async (query, _root, _args, ctx) => {
      const ids = (await publicTemplates(ctx)).map((s) => s.id);
      return ctx.prisma.survey.findMany({ ...query, where: { id: { in: ids } }, orderBy: [{ name: "asc" }, { id: "asc" }] });
    },
  }),
);

builder.prismaObjectField("Survey", "respondentPreview", (t) =>
  t.field({
    type: SurveyData,
    description: "What the respondent runtime would load for this saved survey (GET /r/{touchpointId}/survey's shape), for the preview",
    resolve: (survey, _args, ctx) => surveyPreview(ctx, survey.id),
  }),
);

builder.prismaObjectField("Survey", "questionCount", (t) =>
  t.int({
    description: "questions that are not hidden",
    resolve: (survey, _args, ctx) => ctx.prisma.question.count({ where: { surveyId: survey.id, hidden: false } }),
  }),
);
