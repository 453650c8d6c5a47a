// The public survey templates seeded with the demo organisation (spec 001 §2 "a survey templates
// page", §3 "Survey template"): one template per demo survey (texts in English, Spanish and
// Finnish), owned by an organisation of their own ("Template library", no members), so they show
// on every organisation's templates page and in nobody's survey list. docs/demo-data.md.
import type { Prisma } from "../../generated/prisma/client.js";
import { demoLanguages, demoSurveys } from "./content.js";
import { buildQuestion, questionRows } from "./generator.js";

export const templateLibrary = { name: "Template library", domain: "templates.example" } as const;

/** Writes the library and its templates unless it exists; answers the number of templates written. */
export async function writePublicTemplates(tx: Prisma.TransactionClient, featureSetId: string): Promise<number> {
  const existing = await tx.organization.findFirst({ where: templateLibrary, select: { id: true } });
  if (existing) return 0;
  const organization = await tx.organization.create({ data: { ...templateLibrary, featureSetId }, select: { id: true } });
  const unit = await tx.unit.create({ data: { organizationId: organization.id, name: templateLibrary.name }, select: { id: true } });
  for (const spec of demoSurveys) {
    const survey = await tx.survey.create({
      data: {
        organizationId: organization.id,
        unitId: unit.id,
        name: spec.name,
        languages: [...demoLanguages],
        tags: spec.tags,
        isTemplate: true,
        public: true,
      },
      select: { id: true },
    });
    await tx.question.createMany({ data: questionRows(spec.questions.map(buildQuestion), { organizationId: organization.id, surveyId: survey.id }) });
  }
  return demoSurveys.length;
}
