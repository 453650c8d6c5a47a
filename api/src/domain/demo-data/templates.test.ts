// The public templates the demo seed writes: four templates with every question of the demo
// surveys, in English, Spanish and Finnish, in a library organisation of their own; a second call
// writes nothing. Run inside a transaction that is rolled back, so the shared test database keeps
// no templates that other tests would list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { templateLibrary, writePublicTemplates } from "./templates.js";
import { demoSurveys } from "./content.js";

class Rollback extends Error {}

describe.skipIf(noDatabase)("public templates of the demo seed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it("writes one public template per demo survey in a library organisation, once", async () => {
    const featureSet = await t.prisma.featureSet.create({ data: { name: `templates-${Date.now()}`, features: [] } });
    let checked = false;
    await t.prisma
      .$transaction(async (tx) => {
        await tx.organization.deleteMany({ where: templateLibrary });
        expect(await writePublicTemplates(tx, featureSet.id)).toBe(demoSurveys.length);
        const library = await tx.organization.findFirstOrThrow({ where: templateLibrary, include: { units: true } });
        expect(library.units).toHaveLength(1);
        const templates = await tx.survey.findMany({
          where: { organizationId: library.id },
          include: { questions: { orderBy: { position: "asc" } } },
          orderBy: { name: "asc" },
        });
        expect(templates.map((s) => s.name).sort()).toEqual(demoSurveys.map((s) => s.name).sort());
        for (const s of templates) {
          expect(s).toMatchObject({ isTemplate: true, public: true, languages: ["en", "es", "fi"] });
          const spec = demoSurveys.find((d) => d.name === s.name)!;
          expect(s.questions).toHaveLength(spec.questions.length);
          for (const q of s.questions) expect(Object.keys(q.title as object).sort()).toEqual(["en", "es", "fi"]);
        }
        const types = new Set(templates.flatMap((s) => s.questions.map((q) => q.type)));
        expect([...types].sort()).toEqual(["contactDetails", "emotion", "multipleChoice", "nps", "openText", "singleChoice", "slider", "smiley"]);
        // Nobody is a member: the templates are in no one's survey list.
        expect(await tx.membership.count({ where: { organizationId: library.id } })).toBe(0);
        expect(await writePublicTemplates(tx, featureSet.id)).toBe(0);
        expect(await tx.survey.count({ where: { organizationId: library.id } })).toBe(demoSurveys.length);
        checked = true;
        throw new Rollback();
      })
      .catch((e) => {
        if (!(e instanceof Rollback)) throw e;
      });
    expect(checked).toBe(true);
    expect(await t.prisma.organization.count({ where: templateLibrary })).toBe(0);
  });
});
