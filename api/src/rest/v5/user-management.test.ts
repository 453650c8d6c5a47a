// User management and teams on the real server: users with roles per unit, changing a role and the
// flags, removing from a unit, modify team, the billing admin flag (organisation admins only), the
// weekly digest, direct add, the unit tree (read, with users, save, delete refusals), the team option,
// and another organisation's admin and editors/viewers kept out of every call.
import { apiCall } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { teamMessages } from "../../domain/teams/unit-tree.js";

let counter = 0;
const freshEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.test`;

describe.skipIf(noDatabase)("user management and teams", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};

  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);

  /** A member of `org` with the given roles, for tests that change them. */
  async function member(grants: { unitId: string; role: "admin" | "editor" | "viewer" }[]) {
    const user = await t.prisma.user.create({ data: { email: freshEmail("member"), displayName: "Member", currentOrganizationId: org.organization.id } });
    await t.prisma.membership.create({ data: { userId: user.id, organizationId: org.organization.id } });
    for (const g of grants) await t.prisma.unitRole.create({ data: { organizationId: org.organization.id, userId: user.id, ...g } });
    return user;
  }
  const rolesOf = async (userId: string) =>
    Object.fromEntries((await t.prisma.unitRole.findMany({ where: { userId, organizationId: org.organization.id } })).map((r) => [r.unitId, r.role]));

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Managed");
    other = await createOrganizationFixture(t.prisma, "Outsider");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.adminA = await signIn(org.users.adminA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  describe("users", () => {
    it("lists the organisation's users with roles per unit and flags", async () => {
      const response = await call("GET", `/organizations/${org.organization.id}/users`, tokens.admin);
      expect(response.status).toBe(200);
      const admin = response.body.find((u: { _id: string }) => u._id === org.users.admin.id);
      expect(admin).toMatchObject({
        email: org.users.admin.email,
        organizationAdmin: true,
        billingAdmin: true,
        rolesPerUnit: [{ unitId: org.units.root.id, role: "admin" }],
      });
      expect(response.body).toHaveLength(5);
      expect((await call("GET", "/users/emails", tokens.viewerA)).body).toEqual(expect.arrayContaining([org.users.viewerA.email, org.users.admin.email]));
      expect((await call("GET", `/users/${org.users.viewerA.id}`, tokens.adminA)).body.rolesPerUnit).toEqual([
        { unitId: org.units.unitA.id, unitName: "Stores", role: "viewer" },
      ]);
    });

    it("editors and viewers cannot manage users (each call); nothing changes", async () => {
      const before = await rolesOf(org.users.viewerA.id);
      for (const token of [tokens.editorA, tokens.viewerA]) {
        expect((await call("GET", `/organizations/${org.organization.id}/users`, token)).status).toBe(403);
        expect((await call("GET", "/units/tree/users", token)).status).toBe(403);
        expect((await call("PUT", `/units/${org.units.unitA.id}/${org.users.viewerA.id}`, token, { role: "admin" })).status).toBe(403);
        expect((await call("DELETE", `/units/${org.units.unitA.id}/${org.users.viewerA.id}`, token)).status).toBe(403);
        expect(
          (await call("PUT", `/users/${org.users.viewerA.id}/modify-team`, token, { units: [{ unitId: org.units.unitA.id, role: "admin" }] })).status,
        ).toBe(403);
        expect((await call("PUT", "/users/billing-admin", token, { user: org.users.viewerA.id, flag: true })).status).toBe(403);
        expect(
          (
            await call("POST", "/users/create", token, {
              email: freshEmail("no"),
              displayname: "No",
              password: "Strong-Pass-1!",
              unitId: org.units.unitA.id,
              role: "viewer",
            })
          ).status,
        ).toBe(403);
      }
      expect(await rolesOf(org.users.viewerA.id)).toEqual(before);
      const gqlMembers = await gql(t.baseUrl, "{ members(first: 5) { edges { node { legacyId } } } }", {}, tokens.editorA);
      expect(gqlMembers.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    });

    it("changes a role and the flags in a unit ('user updated'); unit admins cannot set the admin flags", async () => {
      const u = await member([{ unitId: org.units.unitA1.id, role: "viewer" }]);
      const updated = await call("PUT", `/units/${org.units.unitA1.id}/${u.id}`, tokens.adminA, {
        role: "editor",
        mayCreateSurveys: true,
        receive_digest: true,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        _id: u.id,
        mayCreateSurveys: true,
        settings: { receive_digest: true },
        rolesPerUnit: [{ unitId: org.units.unitA1.id, role: "editor" }],
      });
      const flags = await call("PUT", `/units/${org.units.unitA1.id}/${u.id}`, tokens.adminA, { organizationAdmin: true });
      expect(flags).toEqual({ status: 403, body: { error: "Only an organisation admin can do this" } });
      // Another unit's admin may not touch unit A1.
      expect((await call("PUT", `/units/${org.units.unitA1.id}/${u.id}`, tokens.adminB, { role: "admin" })).status).toBe(403);
      const bad = await call("PUT", `/units/${org.units.unitA1.id}/${u.id}`, tokens.admin, { role: "owner" });
      expect(bad).toEqual({ status: 400, body: { error: "Role must be admin, editor or viewer", field: "role" } });
      expect(await rolesOf(u.id)).toEqual({ [org.units.unitA1.id]: "editor" });
      const unknownUser = await call("PUT", `/units/${org.units.unitA1.id}/${other.users.viewerA.id}`, tokens.admin, { role: "viewer" });
      expect(unknownUser).toEqual({ status: 404, body: { error: "User not found" } });
    });

    it("keeps at least one organisation admin", async () => {
      const response = await call("PUT", `/units/${org.units.root.id}/${org.users.admin.id}`, tokens.admin, { organizationAdmin: false });
      expect(response).toEqual({ status: 409, body: { error: "The organisation must keep at least one organisation admin" } });
    });

    it("removes a user from a unit; with no unit left they leave the organisation", async () => {
      const u = await member([
        { unitId: org.units.unitA.id, role: "viewer" },
        { unitId: org.units.unitB.id, role: "editor" },
      ]);
      const first = await call("DELETE", `/units/${org.units.unitA.id}/${u.id}`, tokens.adminA);
      expect(first).toEqual({ status: 200, body: { status: "ok", removedFromOrganization: false } });
      expect(await rolesOf(u.id)).toEqual({ [org.units.unitB.id]: "editor" });
      expect((await call("DELETE", `/units/${org.units.unitA.id}/${u.id}`, tokens.adminA)).status).toBe(404);
      // The admin of unit A cannot remove them from unit B.
      expect((await call("DELETE", `/units/${org.units.unitB.id}/${u.id}`, tokens.adminA)).status).toBe(403);
      const last = await call("DELETE", `/units/${org.units.unitB.id}/${u.id}`, tokens.adminB);
      expect(last.body.removedFromOrganization).toBe(true);
      expect(await t.prisma.membership.count({ where: { userId: u.id } })).toBe(0);
      expect(await t.prisma.auditLog.count({ where: { targetUserId: u.id, action: "user.removeFromUnit" } })).toBe(2);
    });

    it("modify team replaces the user's units and roles, checking every unit touched", async () => {
      const u = await member([{ unitId: org.units.unitA.id, role: "viewer" }]);
      const moved = await call("PUT", `/users/${u.id}/modify-team`, tokens.admin, {
        organizationId: org.organization.id,
        units: [
          { unitId: org.units.unitA1.id, role: "editor" },
          { unitId: org.units.unitB.id, role: "viewer" },
        ],
      });
      expect(moved.status).toBe(200);
      expect(await rolesOf(u.id)).toEqual({ [org.units.unitA1.id]: "editor", [org.units.unitB.id]: "viewer" });
      // Unit A's admin cannot drop unit B (not theirs).
      const refused = await call("PUT", `/users/${u.id}/modify-team`, tokens.adminA, { units: [{ unitId: org.units.unitA1.id, role: "admin" }] });
      expect(refused.status).toBe(403);
      expect(await rolesOf(u.id)).toEqual({ [org.units.unitA1.id]: "editor", [org.units.unitB.id]: "viewer" });
      const empty = await call("PUT", `/users/${u.id}/modify-team`, tokens.admin, { units: [] });
      expect(empty).toEqual({ status: 400, body: { error: "Choose at least one team", field: "units" } });
      // GraphQL does the same through the same service.
      const viaGraphql = await gql(
        t.baseUrl,
        `mutation($userId: ID!, $units: [UnitRoleInput!]!) { modifyTeam(userId: $userId, units: $units) { member { unitRoles { role unit { legacyId } } } } }`,
        { userId: globalId("User", u.id), units: [{ unitId: globalId("Unit", org.units.unitA.id), role: "admin" }] },
        tokens.admin,
      );
      expect(viaGraphql.data!.modifyTeam.member.unitRoles).toEqual([{ role: "admin", unit: { legacyId: org.units.unitA.id } }]);
      // A team's id inside the list where a user's belongs, or a user's where a team's belongs: refused as the wrong type.
      const swapped = await gql(
        t.baseUrl,
        `mutation($userId: ID!, $units: [UnitRoleInput!]!) { modifyTeam(userId: $userId, units: $units) { userLegacyId } }`,
        { userId: globalId("User", u.id), units: [{ unitId: globalId("User", u.id), role: "viewer" }] },
        tokens.admin,
      );
      expect(swapped.errors?.[0]).toMatchObject({ message: expect.stringMatching(/is not of type: Unit$/), extensions: { code: "BAD_USER_INPUT" } });
      expect(await rolesOf(u.id)).toEqual({ [org.units.unitA.id]: "admin" });
    });

    it("only organisation admins change the billing admin flag ('billing administrator updated')", async () => {
      const refused = await call("PUT", "/users/billing-admin", tokens.adminA, { user: org.users.editorA.id, flag: true });
      expect(refused).toEqual({ status: 403, body: { error: "Only an organisation admin can do this" } });
      const bad = await call("PUT", "/users/billing-admin", tokens.admin, { user: org.users.editorA.id, flag: "yes" });
      expect(bad.status).toBe(400);
      const done = await call("PUT", "/users/billing-admin", tokens.admin, { user: org.users.editorA.id, flag: true });
      expect(done.status).toBe(200);
      expect(done.body.billingAdmin).toBe(true);
      const me = await call("GET", "/user", tokens.editorA);
      expect(me.body.billingAdmin).toBe(true);
      await call("PUT", "/users/billing-admin", tokens.admin, { user: org.users.editorA.id, flag: false });
    });

    it("adds a user directly with a password, who can then sign in", async () => {
      const email = freshEmail("direct");
      const weak = await call("POST", "/users/create", tokens.admin, {
        email,
        displayname: "Direct",
        password: "short",
        unitId: org.units.unitB.id,
        role: "viewer",
      });
      expect(weak.status).toBe(400);
      const created = await call("POST", "/users/create", tokens.admin, {
        email,
        displayname: "Direct",
        password: "Direct-Pass-1!",
        unitId: org.units.unitB.id,
        role: "viewer",
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ email, displayname: "Direct", rolesPerUnit: [{ unitId: org.units.unitB.id, role: "viewer" }] });
      const session = await signInWithPassword(t.baseUrl, email, "Direct-Pass-1!");
      expect((await call("GET", "/user", session.accessToken)).body.current_organization_id).toBe(org.organization.id);
      const again = await call("POST", "/users/create", tokens.admin, {
        email,
        displayname: "Direct",
        password: "Direct-Pass-1!",
        unitId: org.units.unitB.id,
        role: "viewer",
      });
      expect(again).toEqual({ status: 409, body: { error: "User already in team", field: "email" } });
    });

    it("an address with an account in another organisation is refused (invite it instead), and such refusals are rationed per organisation", async () => {
      const prober = await createOrganizationFixture(t.prisma, "Prober");
      const token = (await signInWithPassword(t.baseUrl, prober.users.admin.email, testPassword)).accessToken;
      const add = (email: string) =>
        call("POST", "/users/create", token, { email, displayname: "Someone", password: "Direct-Pass-1!", unitId: prober.units.root.id, role: "viewer" });
      const taken = { status: 409, body: { error: "This e-mail address already has an account: invite it instead", field: "email" } };
      const elsewhere = [other.users.admin, other.users.editorA, other.users.viewerA, org.users.admin, org.users.viewerA];
      for (const user of elsewhere) expect(await add(user.email)).toEqual(taken);
      // A member of the prober's own organisation (not in the unit) is no secret: not counted.
      expect(await add(prober.users.adminB.email)).toEqual(taken);
      const sixth = await add(org.users.editorA.email);
      expect(sixth.status).toBe(429);
      expect(sixth.body.error).toMatch(/^Too many addresses that already have an account: invite people instead, or try again in \d+ min$/);
      // Nothing was written for any of them; another organisation's budget is its own.
      expect(await t.prisma.membership.count({ where: { organizationId: prober.organization.id, userId: { in: elsewhere.map((u) => u.id) } } })).toBe(0);
      expect(
        (
          await call("POST", "/users/create", tokens.admin, {
            email: other.users.viewerA.email,
            displayname: "X",
            password: "Direct-Pass-1!",
            unitId: org.units.unitB.id,
            role: "viewer",
          })
        ).status,
      ).toBe(409);
    });
  });

  describe("teams", () => {
    it("reads the tree, with users for those who manage them", async () => {
      const tree = await call("GET", "/units/tree", tokens.viewerA);
      expect(tree.status).toBe(200);
      expect(tree.body).toHaveLength(1);
      expect(tree.body[0]).toMatchObject({
        _id: org.units.root.id,
        children: [{ name: "Online" }, { name: "Stores", children: [{ name: "Helsinki store" }] }],
      });
      const withUsers = await call("GET", "/units/tree/users", tokens.admin);
      const stores = withUsers.body[0].children.find((c: { name: string }) => c.name === "Stores");
      expect(stores.users.map((u: { _id: string }) => u._id)).toEqual(expect.arrayContaining([org.users.editorA.id, org.users.viewerA.id]));
      const byOrg = await call("GET", `/organizations/${org.organization.id}/unit-tree?members=users`, tokens.admin);
      expect(byOrg.body).toEqual(withUsers.body);
    });

    it("adds, renames, moves and deletes teams through POST /units/tree; refuses to delete a team with sub-teams, touchpoints or surveys", async () => {
      const o = await createOrganizationFixture(t.prisma, "Tree");
      const admin = (await signInWithPassword(t.baseUrl, o.users.admin.email, testPassword)).accessToken;
      const adminA = (await signInWithPassword(t.baseUrl, o.users.adminA.email, testPassword)).accessToken;
      const { root, unitA, unitA1, unitB } = o.units;
      // Rename Stores, move Helsinki under Online, add a new team under Online.
      const saved = await call("POST", "/units/tree", admin, {
        tree: [
          {
            _id: root.id,
            name: root.name,
            children: [
              { _id: unitA.id, name: "Shops" },
              { _id: unitB.id, name: "Online", children: [{ _id: unitA1.id, name: "Helsinki store" }, { name: "Web shop" }] },
            ],
          },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const online = saved.body[0].children.find((c: { name: string }) => c.name === "Online");
      expect(online.children.map((c: { name: string }) => c.name)).toEqual(["Helsinki store", "Web shop"]);
      expect(saved.body[0].children.map((c: { name: string }) => c.name)).toEqual(["Online", "Shops"]);

      // A team with a survey cannot be left out; nothing changes.
      await t.prisma.survey.create({ data: { organizationId: o.organization.id, unitId: unitA1.id, name: "Kept" } });
      const refused = await call("POST", "/units/tree", admin, {
        tree: [
          {
            _id: root.id,
            name: root.name,
            children: [
              { _id: unitA.id, name: "Shops" },
              { _id: unitB.id, name: "Online" },
            ],
          },
        ],
      });
      expect(refused).toEqual({ status: 409, body: { error: teamMessages.hasSurveys } });
      expect(await t.prisma.unit.count({ where: { organizationId: o.organization.id } })).toBe(5);

      // Single deletes through GraphQL: sub-teams and touchpoints refuse, an empty team goes.
      const del = (id: string, token = admin) => gql(t.baseUrl, `mutation($id: ID!) { deleteUnit(id: $id) { legacyId } }`, { id: globalId("Unit", id) }, token);
      expect((await del(unitB.id)).errors?.[0]?.message).toBe(teamMessages.hasChildren);
      expect((await del(unitA1.id)).errors?.[0]?.message).toBe(teamMessages.hasSurveys);
      await t.prisma.touchpoint.create({ data: { organizationId: o.organization.id, unitId: unitA.id, name: "Door", type: "terminal" } });
      expect((await del(unitA.id)).errors?.[0]?.message).toBe(teamMessages.hasTouchpoints);
      const webShop = online.children.find((c: { name: string }) => c.name === "Web shop")._id;
      // The admin of unit A has no rights in Online's sub-teams.
      expect((await del(webShop, adminA)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      expect((await del(webShop)).data?.deleteUnit.legacyId).toBe(webShop);

      // A team cannot move under its own sub-team; unit admins add sub-teams under their unit only.
      const cycle = await gql(
        t.baseUrl,
        `mutation($id: ID!, $p: ID!) { updateUnit(id: $id, parentId: $p) { unit { name } } }`,
        { id: globalId("Unit", unitB.id), p: globalId("Unit", unitA1.id) },
        admin,
      );
      expect(cycle.errors?.[0]?.message).toBe(teamMessages.cycle);
      const add = (parentId: string) =>
        gql(
          t.baseUrl,
          `mutation($p: ID!) { createUnit(parentId: $p, name: "Kiosk") { unit { name parentLegacyId } } }`,
          { p: globalId("Unit", parentId) },
          adminA,
        );
      expect((await add(unitA.id)).data?.createUnit.unit).toEqual({ name: "Kiosk", parentLegacyId: unitA.id });
      expect((await add(unitB.id)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
      const blank = await gql(
        t.baseUrl,
        `mutation($p: ID!) { createUnit(parentId: $p, name: "  ") { unit { name } } }`,
        { p: globalId("Unit", unitA.id) },
        admin,
      );
      expect(blank.errors?.[0]?.message).toBe("Team name is required");
    });

    it("stores and shows the option restricting ranking and summary to a team (organisation admins only)", async () => {
      const refused = await gql(t.baseUrl, `mutation { setRestrictSummaryToTeam(enabled: true) { restrictSummaryToTeam } }`, {}, tokens.adminA);
      expect(refused.errors?.[0]?.message).toBe("Only an organisation admin can do this");
      const done = await gql(t.baseUrl, `mutation { setRestrictSummaryToTeam(enabled: true) { restrictSummaryToTeam } }`, {}, tokens.admin);
      expect(done.data!.setRestrictSummaryToTeam.restrictSummaryToTeam).toBe(true);
      const read = await gql(
        t.baseUrl,
        `{ unitTree { restrictSummaryToTeam mayEditTopLevel editableUnitIds units { legacyId members { role } } } }`,
        {},
        tokens.adminA,
      );
      expect(read.data!.unitTree.restrictSummaryToTeam).toBe(true);
      expect(read.data!.unitTree.mayEditTopLevel).toBe(false);
      expect([...read.data!.unitTree.editableUnitIds].sort()).toEqual([org.units.unitA.id, org.units.unitA1.id].sort());
      const viewerRead = await gql(t.baseUrl, `{ unitTree { units { legacyId members { role } } } }`, {}, tokens.viewerA);
      expect(viewerRead.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    });
  });

  describe("another organisation's admin", () => {
    it("cannot read or change this organisation's users or units (each call); nothing changes", async () => {
      const rolesBefore = await rolesOf(org.users.viewerA.id);
      const unitsBefore = await t.prisma.unit.findMany({ where: { organizationId: org.organization.id }, orderBy: { id: "asc" } });
      const noOrg = { status: 404, body: { error: "No organization found" } };
      const q = `?organizationId=${org.organization.id}`;
      const x = tokens.otherAdmin;
      expect(await call("GET", `/users/emails${q}`, x)).toEqual(noOrg);
      expect(await call("GET", `/units/tree${q}`, x)).toEqual(noOrg);
      expect(await call("GET", `/units/tree/users${q}`, x)).toEqual(noOrg);
      expect(await call("GET", `/organizations/${org.organization.id}/unit-tree?members=users`, x)).toEqual(noOrg);
      expect(await call("GET", `/organizations/${org.organization.id}/users`, x)).toEqual(noOrg);
      expect(await call("GET", `/users/${org.users.viewerA.id}`, x)).toEqual({ status: 404, body: { error: "User not found" } });
      expect(await call("POST", "/units/tree", x, { tree: [{ name: "Taken over" }], organizationId: org.organization.id })).toEqual(noOrg);
      expect((await call("PUT", `/units/${org.units.unitA.id}/${org.users.viewerA.id}${q}`, x, { role: "admin" })).status).toBe(404);
      expect((await call("PUT", `/units/${org.units.unitA.id}/${org.users.viewerA.id}`, x, { role: "admin" })).status).toBe(404);
      expect((await call("DELETE", `/units/${org.units.unitA.id}/${org.users.viewerA.id}`, x)).status).toBe(404);
      expect((await call("DELETE", `/units/${org.units.unitA.id}/${org.users.viewerA.id}${q}`, x)).status).toBe(404);
      expect((await call("PUT", `/users/${org.users.viewerA.id}/modify-team`, x, { units: [{ unitId: org.units.unitA.id, role: "admin" }] })).status).toBe(404);
      expect(
        await call("PUT", `/users/${org.users.viewerA.id}/modify-team`, x, {
          organizationId: org.organization.id,
          units: [{ unitId: org.units.unitA.id, role: "admin" }],
        }),
      ).toEqual(noOrg);
      expect((await call("PUT", "/users/billing-admin", x, { user: org.users.viewerA.id, flag: true })).status).toBe(404);
      expect(await call("PUT", "/users/billing-admin", x, { user: org.users.viewerA.id, flag: true, organizationId: org.organization.id })).toEqual(noOrg);
      expect(
        (
          await call("POST", "/users/create", x, {
            email: freshEmail("intruder"),
            displayname: "I",
            password: "Strong-Pass-1!",
            unitId: org.units.unitA.id,
            role: "admin",
          })
        ).status,
      ).toBe(404);
      // The other admin's own tree does not contain ours; GraphQL unit edits find nothing.
      expect(JSON.stringify((await call("GET", "/units/tree", x)).body)).not.toContain(org.units.unitA.id);
      const rename = await gql(
        t.baseUrl,
        `mutation($id: ID!) { updateUnit(id: $id, name: "Mine") { unit { name } } }`,
        { id: globalId("Unit", org.units.unitA.id) },
        x,
      );
      expect(rename.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      const remove = await gql(t.baseUrl, `mutation($id: ID!) { deleteUnit(id: $id) { legacyId } }`, { id: globalId("Unit", org.units.unitB.id) }, x);
      expect(remove.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      const read = await gql(t.baseUrl, `query($u: ID!) { member(userId: $u) { legacyId } }`, { u: globalId("User", org.users.viewerA.id) }, x);
      expect(read.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      expect(await rolesOf(org.users.viewerA.id)).toEqual(rolesBefore);
      expect(await t.prisma.unit.findMany({ where: { organizationId: org.organization.id }, orderBy: { id: "asc" } })).toEqual(unitsBefore);
    });

    it("a system admin may name another organisation", async () => {
      await t.prisma.user.update({ where: { id: other.users.adminB.id }, data: { systemAdmin: true } });
      const token = (await signInWithPassword(t.baseUrl, other.users.adminB.email, testPassword)).accessToken;
      const users = await call("GET", `/organizations/${org.organization.id}/users`, token);
      expect(users.status).toBe(200);
      expect(users.body.map((u: { _id: string }) => u._id)).toContain(org.users.viewerA.id);
      expect((await call("GET", `/user-invites?organizationId=${org.organization.id}`, token)).status).toBe(200);
    });
  });
});
