// The tenancy extension: every query of a tenant model through the scoped client stays in one
// organisation, whatever the caller's own WHERE says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { createPrisma } from "../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../test/fixtures.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { responseOwnedModels, scopeArgs, scopeResponseOwnedArgs, scopedToOrganization, tenantModels } from "./tenancy.js";

describe("tenancy: the arguments a scoped query runs with", () => {
  it("knows the tenant models from the data model (and not the global ones)", () => {
    for (const model of ["Touchpoint", "Survey", "Response", "Unit", "Invite", "Bookmark"]) expect(tenantModels.has(model)).toBe(true);
    for (const model of ["User", "Organization", "FeatureSet"]) expect(tenantModels.has(model)).toBe(false);
  });
  it("adds the organisation to filters, unique lookups and creates", () => {
    expect(scopeArgs("findMany", { where: { deleted: false } }, "o1")).toEqual({ where: { AND: [{ deleted: false }, { organizationId: "o1" }] } });
    expect(scopeArgs("count", {}, "o1")).toEqual({ where: { organizationId: "o1" } });
    expect(scopeArgs("findUnique", { where: { id: "x" } }, "o1")).toEqual({ where: { id: "x", organizationId: "o1" } });
    expect(scopeArgs("create", { data: { name: "n" } }, "o1")).toEqual({ data: { name: "n", organizationId: "o1" } });
    expect(scopeArgs("createMany", { data: [{ name: "a" }, { name: "b" }] }, "o1")).toEqual({
      data: [
        { name: "a", organizationId: "o1" },
        { name: "b", organizationId: "o1" },
      ],
    });
    expect(scopeArgs("upsert", { where: { id: "x" }, create: { name: "n" }, update: {} }, "o1")).toMatchObject({
      where: { id: "x", organizationId: "o1" },
      create: { name: "n", organizationId: "o1" },
    });
  });
  it("scopes the models owned through their response (Answer) by the response's organisation", () => {
    expect([...responseOwnedModels]).toEqual(["Answer"]);
    expect(tenantModels.has("Answer")).toBe(false);
    expect(scopeResponseOwnedArgs("findMany", { where: { questionId: "q" } }, "o1")).toEqual({
      where: { AND: [{ questionId: "q" }, { response: { organizationId: "o1" } }] },
    });
    expect(scopeResponseOwnedArgs("updateMany", { data: { hidden: true } }, "o1")).toEqual({
      data: { hidden: true },
      where: { response: { organizationId: "o1" } },
    });
    expect(scopeResponseOwnedArgs("findUnique", { where: { id: 7n } }, "o1")).toEqual({ where: { id: 7n, AND: [{ response: { organizationId: "o1" } }] } });
    // The caller's own condition on the response stays beside the organisation's.
    expect(scopeResponseOwnedArgs("findUnique", { where: { id: 7n, response: { hidden: false } } }, "o1")).toEqual({
      where: { id: 7n, response: { hidden: false }, AND: [{ response: { organizationId: "o1" } }] },
    });
    expect(scopeResponseOwnedArgs("create", { data: { responseId: "r1", questionId: "q1", numericValue: 3 } }, "o1")).toEqual({
      data: { numericValue: 3, response: { connect: { id: "r1", organizationId: "o1" } }, question: { connect: { id: "q1", organizationId: "o1" } } },
    });
    expect(
      scopeResponseOwnedArgs("upsert", { where: { id: 7n }, create: { responseId: "r1", questionId: "q1" }, update: { hidden: true } }, "o1"),
    ).toMatchObject({
      create: { response: { connect: { id: "r1", organizationId: "o1" } }, question: { connect: { id: "q1", organizationId: "o1" } } },
      update: { hidden: true },
    });
    expect(() => scopeResponseOwnedArgs("createMany", { data: [{ responseId: "r1", questionId: "q1" }] }, "o1")).toThrow(/one by one/);
    expect(() => scopeResponseOwnedArgs("create", { data: { response: { connect: { id: "r2" } }, questionId: "q1" } }, "o1")).toThrow(/by id/);
    for (const moved of [{ responseId: "r2" }, { response: { connect: { id: "r2" } } }, { questionId: "q2" }, { question: { connect: { id: "q2" } } }]) {
      expect(() => scopeResponseOwnedArgs("update", { where: { id: 7n }, data: moved }, "o1")).toThrow(/another response or question/);
      expect(() => scopeResponseOwnedArgs("updateMany", { where: {}, data: moved }, "o1")).toThrow(/another response or question/);
      expect(() => scopeResponseOwnedArgs("upsert", { where: { id: 7n }, create: { responseId: "r1", questionId: "q1" }, update: moved }, "o1")).toThrow(
        /another response or question/,
      );
    }
  });
  it("refuses a row that names another organisation", () => {
    expect(() => scopeArgs("create", { data: { organizationId: "o2" } }, "o1")).toThrow(/another organisation/);
    expect(() => scopeArgs("update", { where: { id: "x", organizationId: "o2" }, data: {} }, "o1")).toThrow(/another organisation/);
    // An update never moves a row out of the organisation; naming its own organisation is fine.
    expect(() => scopeArgs("update", { where: { id: "x" }, data: { organizationId: "o2" } }, "o1")).toThrow(/cannot move a row/);
    expect(() => scopeArgs("updateMany", { where: {}, data: { organization: { connect: { id: "o2" } } } }, "o1")).toThrow(/cannot move a row/);
    expect(() => scopeArgs("upsert", { where: { id: "x" }, create: {}, update: { organizationId: "o2" } }, "o1")).toThrow(/cannot move a row/);
    expect(scopeArgs("update", { where: { id: "x" }, data: { name: "n", organizationId: "o1" } }, "o1")).toEqual({
      where: { id: "x", organizationId: "o1" },
      data: { name: "n", organizationId: "o1" },
    });
  });
});

describe.skipIf(noDatabase)("tenancy: the scoped client against the database", () => {
  let prisma: PrismaClient;
  let acme: OrganizationFixture;
  let rival: OrganizationFixture;
  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    acme = await createOrganizationFixture(prisma, "Acme");
    rival = await createOrganizationFixture(prisma, "Rival");
  });
  afterAll(async () => prisma?.$disconnect());

  it("reads, counts, changes and deletes only the organisation's rows; another organisation's id finds nothing", async () => {
    const db = scopedToOrganization(prisma, acme.organization.id);
    const theirs = await prisma.touchpoint.create({
      data: { organizationId: rival.organization.id, unitId: rival.units.unitA.id, name: "Theirs", type: "link" },
    });
    const ours = await db.touchpoint.create({ data: { organizationId: acme.organization.id, unitId: acme.units.unitA.id, name: "Ours", type: "link" } });
    expect(ours.organizationId).toBe(acme.organization.id);
    // a create for another organisation is refused before it reaches the database
    await expect(
      db.touchpoint.create({ data: { organizationId: rival.organization.id, unitId: rival.units.unitA.id, name: "Planted", type: "link" } }),
    ).rejects.toThrow(/another organisation/);
    expect(await prisma.touchpoint.count({ where: { name: "Planted" } })).toBe(0);

    expect(await db.touchpoint.findUnique({ where: { id: theirs.id } })).toBeNull();
    expect(await db.touchpoint.findFirst({ where: { id: theirs.id } })).toBeNull();
    expect((await db.touchpoint.findMany({ where: { id: { in: [theirs.id, ours.id] } } })).map((t) => t.id)).toEqual([ours.id]);
    expect(await db.touchpoint.count({ where: { id: { in: [theirs.id, ours.id] } } })).toBe(1);
    expect((await db.touchpoint.updateMany({ where: { id: theirs.id }, data: { name: "Taken" } })).count).toBe(0);
    await expect(db.touchpoint.update({ where: { id: theirs.id }, data: { name: "Taken" } })).rejects.toThrow();
    await expect(db.touchpoint.delete({ where: { id: theirs.id } })).rejects.toThrow();
    expect((await prisma.touchpoint.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Theirs");

    // inside an interactive transaction of the scoped client the scope holds too
    const inTransaction = await db.$transaction(async (tx) => ({
      ids: (await tx.touchpoint.findMany({ where: { id: { in: [theirs.id, ours.id] } }, select: { id: true } })).map((t) => t.id),
      changed: (await tx.touchpoint.updateMany({ where: { id: theirs.id }, data: { name: "Taken" } })).count,
    }));
    expect(inTransaction).toEqual({ ids: [ours.id], changed: 0 });

    // models without an organisation column pass through untouched
    expect(await db.user.findUnique({ where: { id: rival.users.admin.id }, select: { id: true } })).toEqual({ id: rival.users.admin.id });
  });

  it("answers (no organisation column of their own) are scoped by their response's organisation", async () => {
    const answerOf = async (org: OrganizationFixture) => {
      const organizationId = org.organization.id;
      const unitId = org.units.unitA.id;
      const survey = await prisma.survey.create({ data: { organizationId, unitId, name: "Tenancy" } });
      const question = await prisma.question.create({ data: { organizationId, surveyId: survey.id, position: 0, type: "nps", title: { en: "NPS" } } });
      const touchpoint = await prisma.touchpoint.create({ data: { organizationId, unitId, name: "Tenancy", type: "link" } });
      const response = await prisma.response.create({
        data: { organizationId, surveyId: survey.id, touchpointCode: touchpoint.code, unitCode: org.units.unitA.code },
      });
      const answer = await prisma.answer.create({ data: { responseId: response.id, questionId: question.id, numericValue: 9 } });
      return { response, question, answer };
    };
    const ours = await answerOf(acme);
    const theirs = await answerOf(rival);
    const db = scopedToOrganization(prisma, acme.organization.id);
    const both = [ours.answer.id, theirs.answer.id];

    expect((await db.answer.findMany({ where: { id: { in: both } } })).map((a) => a.id)).toEqual([ours.answer.id]);
    expect(await db.answer.count({ where: { id: { in: both } } })).toBe(1);
    expect(await db.answer.findUnique({ where: { id: theirs.answer.id } })).toBeNull();
    expect((await db.answer.findUnique({ where: { id: ours.answer.id } }))?.numericValue).toBe(9);
    expect(await db.answer.findFirst({ where: { responseId: theirs.response.id } })).toBeNull();
    expect((await db.answer.updateMany({ where: { id: { in: both } }, data: { hidden: true } })).count).toBe(1);
    await expect(db.answer.update({ where: { id: theirs.answer.id }, data: { hidden: true } })).rejects.toThrow();
    await expect(db.answer.delete({ where: { id: theirs.answer.id } })).rejects.toThrow();
    expect((await db.answer.deleteMany({ where: { id: theirs.answer.id } })).count).toBe(0);
    // A unique lookup keeps the caller's own condition on the response beside the organisation's.
    await prisma.response.update({ where: { id: ours.response.id }, data: { hidden: true } });
    expect(await db.answer.findUnique({ where: { id: ours.answer.id, response: { hidden: false } } })).toBeNull();
    expect((await db.answer.findUnique({ where: { id: ours.answer.id, response: { hidden: true } } }))?.id).toBe(ours.answer.id);
    await prisma.response.update({ where: { id: ours.response.id }, data: { hidden: false } });
    // Another organisation's response, or question, cannot be given an answer through the scoped client.
    await expect(db.answer.create({ data: { responseId: theirs.response.id, questionId: theirs.question.id, numericValue: 0 } })).rejects.toThrow();
    await expect(db.answer.create({ data: { responseId: ours.response.id, questionId: theirs.question.id, numericValue: 0 } })).rejects.toThrow();
    await expect(db.answer.create({ data: { responseId: theirs.response.id, questionId: ours.question.id, numericValue: 0 } })).rejects.toThrow();
    // An upsert whose row exists takes the update path, scoped: ours is updated; theirs is not found, so
    // the row is created in our response (theirs stays as it was: checked below).
    expect(
      (
        await db.answer.upsert({
          where: { id: ours.answer.id },
          create: { responseId: ours.response.id, questionId: ours.question.id },
          update: { numericValue: 8 },
        })
      ).numericValue,
    ).toBe(8);
    const created = await db.answer.upsert({
      where: { id: theirs.answer.id },
      create: { responseId: ours.response.id, questionId: ours.question.id, numericValue: 2 },
      update: { numericValue: 1 },
    });
    expect([created.id === theirs.answer.id, created.responseId, created.numericValue]).toEqual([false, ours.response.id, 2]);
    await expect(
      db.answer.upsert({ where: { id: 0n }, create: { responseId: theirs.response.id, questionId: theirs.question.id, numericValue: 0 }, update: {} }),
    ).rejects.toThrow();
    await expect(db.answer.createMany({ data: [{ responseId: ours.response.id, questionId: ours.question.id, numericValue: 1 }] })).rejects.toThrow(
      /one by one/,
    );
    expect((await db.answer.create({ data: { responseId: ours.response.id, questionId: ours.question.id, numericValue: 3 } })).numericValue).toBe(3);
    // A response and its answer created in one transaction of the scoped client (the connect is checked in it).
    const inTransaction = await db.$transaction(async (tx) => {
      const response = await tx.response.create({
        data: {
          organizationId: acme.organization.id,
          surveyId: ours.question.surveyId,
          touchpointCode: ours.response.touchpointCode,
          unitCode: ours.response.unitCode,
        },
      });
      return tx.answer.create({ data: { responseId: response.id, questionId: ours.question.id, numericValue: 5 } });
    });
    expect(inTransaction.numericValue).toBe(5);
    // An answer moved to another organisation's response is refused before it reaches the database.
    await expect(db.answer.update({ where: { id: ours.answer.id }, data: { responseId: theirs.response.id } })).rejects.toThrow(/another response/);

    const rivals = await prisma.answer.findMany({ where: { responseId: theirs.response.id } });
    expect(rivals.map((a) => [a.id, a.hidden, a.numericValue])).toEqual([[theirs.answer.id, false, 9]]);
    expect(await prisma.answer.count({ where: { responseId: ours.response.id } })).toBe(3);
    expect((await prisma.answer.findUniqueOrThrow({ where: { id: ours.answer.id } })).hidden).toBe(true);
  });
});
