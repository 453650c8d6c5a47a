// Organisations, unit trees and users for integration tests. Every call makes fresh rows with
// unique e-mails, so test files can share one database without seeing each other's data.
import argon2 from "argon2";
import { randomBytes } from "node:crypto";
import type { Prisma, PrismaClient } from "../generated/prisma/client.js";
import { generateShareToken } from "../domain/results-scope/share-token.js";

export const testPassword = "Test-Password-1!";
let passwordHash: Promise<string> | undefined;
const hashedPassword = () => (passwordHash ??= argon2.hash(testPassword, { type: argon2.argon2id }));

export type OrganizationFixture = Awaited<ReturnType<typeof createOrganizationFixture>>;

/**
 * An organisation with the tree root → (unitA → unitA1, unitB) and these users:
 * admin (admin of root), adminA (admin of unitA), editorA, viewerA (of unitA), adminB (admin of unitB).
 */
export async function createOrganizationFixture(prisma: PrismaClient, label = "Org") {
  const suffix = randomBytes(4).toString("hex");
  const featureSet = await prisma.featureSet.create({
    data: { name: `test-${suffix}`, features: ["restApi", "fileExportAll", "surveyLogic", "channelCreation", "feedbackInbox"] },
  });
  const organization = await prisma.organization.create({
    data: { name: `${label} ${suffix}`, featureSetId: featureSet.id, countryCode: "FI" },
  });
  const root = await prisma.unit.create({ data: { organizationId: organization.id, name: `${label} HQ` } });
  const unitA = await prisma.unit.create({ data: { organizationId: organization.id, name: "Stores", parentId: root.id } });
  const unitA1 = await prisma.unit.create({ data: { organizationId: organization.id, name: "Helsinki store", parentId: unitA.id } });
  const unitB = await prisma.unit.create({ data: { organizationId: organization.id, name: "Online", parentId: root.id } });

  const hash = await hashedPassword();
  const makeUser = async (
    name: string,
    grants: { unitId: string; role: "admin" | "editor" | "viewer" }[],
    flags: { organizationAdmin?: boolean; billingAdmin?: boolean; mayCreateSurveys?: boolean; systemAdmin?: boolean } = {},
  ) => {
    const user = await prisma.user.create({
      data: {
        email: `${name}.${suffix}@example.test`,
        displayName: `${name} ${label}`,
        passwordHash: hash,
        systemAdmin: flags.systemAdmin ?? false,
        currentOrganizationId: organization.id,
      },
    });
    await prisma.membership.create({
      data: {
        userId: user.id,
        organizationId: organization.id,
        organizationAdmin: flags.organizationAdmin ?? false,
        billingAdmin: flags.billingAdmin ?? false,
        mayCreateSurveys: flags.mayCreateSurveys ?? false,
      },
    });
    for (const g of grants) {
      await prisma.unitRole.create({ data: { organizationId: organization.id, userId: user.id, unitId: g.unitId, role: g.role } });
    }
    return user;
  };

  const users = {
    admin: await makeUser("admin", [{ unitId: root.id, role: "admin" }], { organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true }),
    adminA: await makeUser("admin-a", [{ unitId: unitA.id, role: "admin" }], { mayCreateSurveys: true }),
    editorA: await makeUser("editor-a", [{ unitId: unitA.id, role: "editor" }], { mayCreateSurveys: true }),
    viewerA: await makeUser("viewer-a", [{ unitId: unitA.id, role: "viewer" }]),
    adminB: await makeUser("admin-b", [{ unitId: unitB.id, role: "admin" }]),
  };
  return { organization, units: { root, unitA, unitA1, unitB }, users };
}

/**
 * A share link of the organisation, made by its admin, with the given filters and options; answers the
 * link's plain token (the row keeps only its hash, as the product stores it).
 */
export async function createShareLinkFixture(
  prisma: PrismaClient,
  org: OrganizationFixture,
  data: Omit<Prisma.ShareTokenUncheckedCreateInput, "organizationId" | "createdByUserId" | "token">,
): Promise<string> {
  const { token, tokenHash } = generateShareToken();
  await prisma.shareToken.create({ data: { organizationId: org.organization.id, createdByUserId: org.users.admin.id, token: tokenHash, ...data } });
  return token;
}
