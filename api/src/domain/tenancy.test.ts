// The tenancy extension: every query of a tenant model through the scoped client stays in one
// organisation, whatever the caller's own WHERE says.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { createPrisma } from "../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../test/fixtures.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { scopeArgs, scopedToOrganization, tenantModels } from "./tenancy.js";

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
});
