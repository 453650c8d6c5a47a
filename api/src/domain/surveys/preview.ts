// The survey preview (spec 001 §2: desktop, mobile, terminal and widget, a saved survey only): what
// the respondent runtime would receive from GET /r/{touchpointId}/survey for this survey, built from
// the saved survey and the caller's organisation (appearance, privacy policy, logo). The web preview
// runs the real respondent runtime on it in a mode that sends nothing.
import type { DomainContext } from "../context.js";
import { isObject, publicSurvey, type LocalizedText, type PublicChoice, type PublicQuestion, type QuestionType } from "../respondent/definition.js";
import { requireOrganization } from "../viewer.js";

const asText = (v: unknown): LocalizedText => {
  if (typeof v === "string") return { en: v };
  if (!isObject(v)) return {};
  const out: LocalizedText = {};
  for (const [k, t] of Object.entries(v)) if (typeof t === "string") out[k] = t;
  return out;
};

const toChoices = (v: unknown): PublicChoice[] =>
  (Array.isArray(v) ? v : [])
    .filter((c): c is Record<string, unknown> => isObject(c) && typeof c.id === "string" && c.hidden !== true)
    .map((c) => ({ id: c.id as string, text: asText(c.text), ...(typeof c.cluster === "string" ? { cluster: c.cluster } : {}) }));

const toLogic = (v: unknown): Record<string, string> | null => {
  if (!isObject(v)) return null;
  const out: Record<string, string> = {};
  for (const [k, t] of Object.entries(v)) if (typeof t === "string") out[k] = t;
  return Object.keys(out).length ? out : null;
};

export type PreviewMode = "desktop" | "mobile" | "terminal" | "widget";

/** The respondent view of a saved survey (the caller's visibility is checked by the GraphQL Survey rule). */
export async function surveyPreview(ctx: DomainContext, surveyId: string) {
  const { organizationId } = requireOrganization(ctx.viewer);
  const [survey, organization] = await Promise.all([
    ctx.prisma.survey.findUniqueOrThrow({
      where: { id: surveyId },
      select: {
        id: true,
        name: true,
        languages: true,
        settings: true,
        questions: {
          where: { hidden: false },
          orderBy: { position: "asc" },
          select: { id: true, type: true, title: true, subtitle: true, options: true, choices: true, required: true, logic: true },
        },
      },
    }),
    ctx.prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, select: { surveyAppearance: true, privacyPolicy: true, logoUrl: true } }),
  ]);
  const settings = isObject(survey.settings) ? survey.settings : {};
  const questions: PublicQuestion[] = survey.questions.map((q) => ({
    id: q.id,
    type: q.type as QuestionType,
    title: asText(q.title),
    subtitle: q.subtitle ? asText(q.subtitle) : null,
    options: isObject(q.options) ? q.options : {},
    choices: toChoices(q.choices),
    required: q.required,
    logic: toLogic(q.logic),
  }));
  const orgAppearance = isObject(organization.surveyAppearance) ? organization.surveyAppearance : {};
  const now = new Date();
  return publicSurvey(
    {
      touchpoint: { id: "preview", type: "preview", name: "Preview", organizationId, unitId: "", updatedAt: now, settings: {} },
      survey: { id: survey.id, name: survey.name, languages: survey.languages.length ? survey.languages : ["en"], updatedAt: now, settings },
      questions,
      questionsById: new Map(questions.map((q) => [q.id, q])),
      changedAt: now,
      organization: {
        responseLimit: null,
        appearance: { ...orgAppearance, ...(isObject(settings.appearance) ? settings.appearance : {}) },
        privacyPolicy: organization.privacyPolicy,
        logoUrl: organization.logoUrl,
      },
      closed: null,
      collectingStopsAt: null,
    },
    now,
  );
}
