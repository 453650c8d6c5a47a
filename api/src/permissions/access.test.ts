// The access layer's decisions and its per-request memory. The decisions over a hand-made Access need
// no database; the memory is counted in Prisma queries: a context spread with another client (the
// analytics pool: `{ ...ctx, prisma: analyticsPrisma }`) must reuse what the request already read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { createPrisma } from "../db/client.js";
import { createOrganizationFixture, type OrganizationFixture } from "../test/fixtures.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { DomainContext } from "../domain/context.js";
import { newRequestMemo } from "../domain/request-memo.js";
import { loadViewer, type Viewer } from "../domain/viewer.js";
import { callerVisibility } from "../domain/results-scope/response-scope.js";
import { linkReader } from "../domain/results-scope/request.js";
import { grantRefusal, listedUnits, loadAccess, memberChangeRefusal, objectUnit, ownsRow, teamReplacementRefusal, type Access } from "./access.js";

const units = [
  { id: "a".repeat(24), code: 1, name: "HQ", parentId: null },
  { id: "b".repeat(24), code: 2, name: "Stores", parentId: "a".repeat(24) },
  { id: "c".repeat(24), code: 3, name: "Helsinki", parentId: "b".repeat(24) },
  { id: "d".repeat(24), code: 4, name: "Online", parentId: "a".repeat(24) },
];
const [hq, stores, helsinki, online] = units.map((u) => u.id) as [string, string, string, string];

/** The admin of "Online" only (manageUsers there, not in "Stores"). */
function adminOfOnline(flags: Partial<Viewer> = {}): Access {
  const viewer = {
    userId: "e".repeat(24),
    email: "online@example.test",
    systemAdmin: false,
    organizationId: "f".repeat(24),
    organizationAdmin: false,
    billingAdmin: false,
    mayCreateSurveys: false,
    grants: [{ unitId: online, role: "admin" as const }],
    features: [],
    emailVerified: true,
    authenticatedBy: "accessToken" as const,
    ...flags,
  };
  return { viewer, organizationId: viewer.organizationId ?? "", organizationAdmin: viewer.organizationAdmin, grants: viewer.grants, units };
}

describe("user management's rules in the access layer", () => {
  it("grants a role only where the caller manages users, and the flags only as they may", () => {
    const a = adminOfOnline();
    expect(grantRefusal(a, { unitId: online })).toBeNull();
    expect(grantRefusal(a, { unitId: stores })?.message).toBe("You do not have the rights to manage users in this team");
    expect(grantRefusal(a, { unitId: online, billingAdmin: true })?.message).toBe(
      "Only an organisation admin can grant the organisation admin or billing admin flag",
    );
    expect(grantRefusal(a, { unitId: online, mayCreateSurveys: true })?.message).toBe("You cannot grant a right you do not have: may create surveys");
    expect(grantRefusal(adminOfOnline({ mayCreateSurveys: true }), { unitId: online, mayCreateSurveys: true })).toBeNull();
    expect(() => grantRefusal(a, { unitId: "0".repeat(24) })).toThrow("Team not found");
  });

  it("changes a member in a unit only where the caller manages users; admin flags need an organisation admin", () => {
    const a = adminOfOnline();
    expect(memberChangeRefusal(a, online)).toBeNull();
    expect(memberChangeRefusal(a, stores)?.message).toBe("You do not have the rights to manage users in this team");
    expect(memberChangeRefusal(a, online, { organizationAdmin: false })?.message).toBe("Only an organisation admin can do this");
    const orgAdmin = { ...adminOfOnline({ organizationAdmin: true }), organizationAdmin: true };
    expect(memberChangeRefusal(orgAdmin, helsinki, { billingAdmin: true })).toBeNull();
  });

  it("replacing teams needs manageUsers in every unit whose role changes, not in units kept as they are", () => {
    const a = adminOfOnline();
    const current = [
      { unitId: stores, role: "viewer" },
      { unitId: online, role: "viewer" },
    ];
    // Stores kept as it is, Online changed: fine for the admin of Online.
    expect(
      teamReplacementRefusal(a, current, [
        { unitId: stores, role: "viewer" },
        { unitId: online, role: "editor" },
      ]),
    ).toBeNull();
    // Dropping or changing Stores is not theirs to do.
    expect(teamReplacementRefusal(a, current, [{ unitId: online, role: "viewer" }])?.message).toBe("You do not have the rights to manage users in this team");
    expect(
      teamReplacementRefusal(a, current, [
        { unitId: stores, role: "editor" },
        { unitId: online, role: "viewer" },
      ]),
    ).not.toBeNull();
    // Without manageUsers anywhere: refused before any unit is looked at.
    const viewerOnly = { ...a, grants: [{ unitId: hq, role: "viewer" as const }] };
    expect(teamReplacementRefusal(viewerOnly, current, current)?.message).toBe("You do not have the rights to manage users");
  });
});

/** A Prisma client that counts the model queries it runs, by model. */
function counting(prisma: PrismaClient): { client: PrismaClient; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const client = prisma.$extends({
    query: {
      $allModels: {
        $allOperations({ model, args, query }) {
          counts.set(model, (counts.get(model) ?? 0) + 1);
          return query(args);
        },
      },
    },
  }) as unknown as PrismaClient;
  return { client, counts };
}

describe.skipIf(noDatabase)("the access layer's per-request memory, counted in queries", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let touchpointA: string;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 2 });
    org = await createOrganizationFixture(prisma, "Memo");
    other = await createOrganizationFixture(prisma, "MemoOther");
    touchpointA = (
      await prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Memo kiosk", type: "link" } })
    ).id;
  });
  afterAll(async () => prisma?.$disconnect());

  async function requestOf(userId: string, organizationId: string) {
    const viewer = await loadViewer(prisma, userId, "accessToken", { organizationId });
    const own = counting(prisma);
    const pool = counting(prisma);
    const ctx = { prisma: own.client, viewer, memo: newRequestMemo() } as unknown as DomainContext;
    // What the analytics middleware and REST hand the resolver: the same request on another client.
    const spread: DomainContext = { ...ctx, prisma: pool.client };
    const total = (model: string) => (own.counts.get(model) ?? 0) + (pool.counts.get(model) ?? 0);
    const all = () => [...own.counts.values(), ...pool.counts.values()].reduce((a, b) => a + b, 0);
    return { ctx, spread, total, all };
  }

  it("reads the caller's access once per request, whether asked through the context or a spread of it", async () => {
    const { ctx, spread, total } = await requestOf(org.users.editorA.id, org.organization.id);
    const first = await loadAccess(ctx);
    const again = await loadAccess(spread);
    expect(again).toBe(first);
    await listedUnits(spread, "viewResults");
    expect(total("Unit")).toBe(1);
  });

  it("reads an object's unit once per request across a spread context", async () => {
    const { ctx, spread, total } = await requestOf(org.users.editorA.id, org.organization.id);
    expect(await objectUnit(ctx, "Touchpoint", touchpointA)).toBe(org.units.unitA.id);
    expect(await objectUnit(spread, "Touchpoint", touchpointA)).toBe(org.units.unitA.id);
    expect(total("Touchpoint")).toBe(1);
  });

  it("reads a share link's creator visibility once per request, for every field that asks", async () => {
    const { ctx, spread, total, all } = await requestOf(org.users.editorA.id, org.organization.id);
    const link = { organizationId: org.organization.id, createdByUserId: org.users.viewerA.id, options: { allowChanges: [] } } as unknown as Parameters<
      typeof linkReader
    >[1];
    const seen = await callerVisibility(linkReader(ctx, link));
    expect(seen.unitIds?.sort()).toEqual([org.units.unitA.id, org.units.unitA1.id].sort());
    const afterFirst = all();
    await callerVisibility(linkReader(spread, link));
    await callerVisibility(linkReader(ctx, link), "summary");
    expect(total("Organization")).toBe(1);
    expect(all()).toBe(afterFirst);
  });

  it("lists the units where the caller holds the right (sub-teams included); none is an empty list, not a refusal", async () => {
    const editor = await requestOf(org.users.editorA.id, org.organization.id);
    expect([...(await listedUnits(editor.ctx, "editTouchpoints"))].sort()).toEqual([org.units.unitA.id, org.units.unitA1.id].sort());
    expect([...(await listedUnits(editor.ctx, "manageUsers"))]).toEqual([]);
    const admin = await requestOf(org.users.admin.id, org.organization.id);
    expect((await listedUnits(admin.ctx, "manageUsers")).size).toBe(4);
  });

  it("knows a row as the caller's own only when it is theirs and in their current organisation", async () => {
    const bookmark = await prisma.bookmark.create({
      data: { organizationId: org.organization.id, userId: org.users.editorA.id, name: "Mine", filters: {} },
    });
    const link = await prisma.shareToken.create({
      data: { organizationId: org.organization.id, createdByUserId: org.users.editorA.id, token: `memo-${bookmark.id}`, name: "Mine", filters: {} },
    });
    const editor = await requestOf(org.users.editorA.id, org.organization.id);
    const viewer = await requestOf(org.users.viewerA.id, org.organization.id);
    const admin = await requestOf(org.users.admin.id, org.organization.id);
    const stranger = await requestOf(other.users.admin.id, other.organization.id);
    expect(await ownsRow(editor.ctx, "Bookmark", bookmark.id)).toBe(true);
    expect(await ownsRow(viewer.ctx, "Bookmark", bookmark.id)).toBe(false);
    // an organisation admin manages every share link of the organisation, but not others' bookmarks
    expect(await ownsRow(admin.ctx, "ShareLink", link.id)).toBe(true);
    expect(await ownsRow(admin.ctx, "Bookmark", bookmark.id)).toBe(false);
    expect(await ownsRow(viewer.ctx, "ShareLink", link.id)).toBe(false);
    expect(await ownsRow(stranger.ctx, "ShareLink", link.id)).toBe(false);
    expect(await ownsRow(editor.ctx, "Bookmark", "not-an-id")).toBe(false);
  });
});
