// The response counters' recount (counters.ts): counters that drifted (a crash loses at most one
// flush interval's increments) are set again from the Response rows; right ones are not written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../../test/harness.js";
import { createPrisma } from "../../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { recountResponseCounters } from "./counters.js";
import type { PrismaClient } from "../../generated/prisma/client.js";

describe.skipIf(noDatabase)("recountResponseCounters", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let other: OrganizationFixture;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    org = await createOrganizationFixture(prisma, "Recount");
    other = await createOrganizationFixture(prisma, "RecountOther");
  });
  afterAll(async () => prisma?.$disconnect());

  it("sets each touchpoint's and survey's responseCount from its responses, only in the organisation asked for", async () => {
    const organizationId = org.organization.id;
    const unitId = org.units.unitA.id;
    const [s1, s2, empty] = await Promise.all(["One", "Two", "Empty"].map((name) => prisma.survey.create({ data: { organizationId, unitId, name } })));
    const [kiosk, link] = await Promise.all(
      (["terminal", "link"] as const).map((type) => prisma.touchpoint.create({ data: { organizationId, unitId, name: type, type } })),
    );
    const respond = (surveyId: string, touchpointCode: number, n: number) =>
      prisma.response.createMany({ data: Array.from({ length: n }, () => ({ organizationId, unitCode: org.units.unitA.code, surveyId, touchpointCode })) });
    await respond(s1!.id, kiosk!.code, 5);
    await respond(s1!.id, link!.code, 2);
    await respond(s2!.id, link!.code, 3);
    // Drifted: short after a crash (the batcher's tallies lost), long, and one that is right.
    await prisma.survey.update({ where: { id: s1!.id }, data: { responseCount: 0 } });
    await prisma.survey.update({ where: { id: s2!.id }, data: { responseCount: 3 } });
    await prisma.survey.update({ where: { id: empty!.id }, data: { responseCount: 4 } });
    await prisma.touchpoint.update({ where: { id: kiosk!.id }, data: { responseCount: 1 } });
    await prisma.touchpoint.update({ where: { id: link!.id }, data: { responseCount: 99 } });
    // Another organisation's drifted counter is not this recount's business.
    const foreign = await prisma.survey.create({
      data: { organizationId: other.organization.id, unitId: other.units.unitA.id, name: "Foreign", responseCount: 7 },
    });

    expect(await recountResponseCounters(prisma, { organizationId })).toEqual({ touchpoints: 2, surveys: 2 });
    const count = async (table: "survey" | "touchpoint", id: string) =>
      table === "survey"
        ? (await prisma.survey.findUniqueOrThrow({ where: { id } })).responseCount
        : (await prisma.touchpoint.findUniqueOrThrow({ where: { id } })).responseCount;
    expect([await count("survey", s1!.id), await count("survey", s2!.id), await count("survey", empty!.id)]).toEqual([7, 3, 0]);
    expect([await count("touchpoint", kiosk!.id), await count("touchpoint", link!.id)]).toEqual([5, 5]);
    expect(await count("survey", foreign.id)).toBe(7);
    // Nothing left to mend: nothing written.
    expect(await recountResponseCounters(prisma, { organizationId })).toEqual({ touchpoints: 0, surveys: 0 });
  });
});
