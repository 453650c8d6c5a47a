// The public survey templates seeded with the demo organisation (spec 001 §2 "a survey templates
// page", §3 "Survey template"): one template per demo survey (texts in English, Spanish and
// Finnish), owned by an organisation of their own ("Template library", no members), so they show
// on every organisation's templates page and in nobody's survey list. docs/demo-data.md.
import { randomBytes } from "node:crypto";
import type { Prisma } from "../../generated/prisma/client.js";
import { demoLanguages, demoSurveys } from "../../seed/demo-content.js";
import { questionRow, type BuiltQuestion } from "../../seed/demo.js";

export const templateLibrary = { name: "Template library", domain: "templates.example" } as const;

const newId = () => randomBytes(12).toString("hex");

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
    const questions: BuiltQuestion[] = spec.questions.map((q) => ({
      id: newId(),
      spec: q,
      choices: "choices" in q ? q.choices.map((c) => ({ id: newId(), key: c.key, text: c.text, ...(c.cluster ? { cluster: c.cluster } : {}) })) : [],
    }));
    await tx.question.createMany({
      data: questions.map((q, position) => {
        const row = questionRow(q);
        return {
          id: q.id,
          organizationId: organization.id,
          surveyId: survey.id,
          position,
          type: row.type,
          title: q.spec.title,
          options: row.options,
          choices: row.choices,
          required: "required" in q.spec ? (q.spec.required ?? false) : false,
        };
      }),
    });
  }
  return demoSurveys.length;
}
