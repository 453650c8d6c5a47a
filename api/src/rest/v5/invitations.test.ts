// Invitations on the real server: invite (mail in the outbox, hashed single-use token), the pending
// list, resend (the old link dies), delete, the seat limit, "User already in team", accepting as an
// existing user and as a new one (who then signs in through the real code + PKCE flow), expired,
// used and deleted links, GraphQL, and another organisation's admin kept out of every call.
import { apiCall } from "../../test/rest-client.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHash } from "node:crypto";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { firstLink, waitForOutboxMail } from "../../test/mail.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { invitationMessages } from "../../domain/invitations/invitations.js";
import { seatsFullMessage } from "../../domain/user-management/seats.js";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");
let counter = 0;
const freshEmail = (label: string) => `${label}-${Date.now().toString(36)}-${counter++}@example.test`;

describe.skipIf(noDatabase)("invitations", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};

  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);

  /** Invites and returns the invite and the token of the mailed link. */
  async function invite(email: string, extra: Record<string, unknown> = {}, as = tokens.admin) {
    const response = await call("POST", "/invite-user", as, { email, unitId: org.units.unitA.id, role: "editor", ...extra });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    await t.jobs.idle();
    const mail = await waitForOutboxMail(t.prisma, email.toLowerCase(), { kind: "invitation" });
    const link = firstLink(mail.text)!;
    expect(link.startsWith(`${t.baseUrl}/accept-invitation?token=`)).toBe(true);
    return { invite: response.body, token: new URL(link).searchParams.get("token")!, mail };
  }

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Inviting");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.adminA = await signIn(org.users.adminA.email);
    tokens.adminB = await signIn(org.users.adminB.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  });
  afterAll(async () => t?.close());

  it("invites into a unit: the mail carries a single-use 32-byte token of which only the SHA-256 is stored, valid 7 days", async () => {
    const email = freshEmail("ada");
    const before = Date.now();
    const { invite: created, token, mail } = await invite(email.toUpperCase());
    expect(created).toMatchObject({ email, unitId: org.units.unitA.id, unitName: "Stores", role: "editor", status: "pending" });
    expect(created.invitedBy).toMatchObject({ _id: org.users.admin.id, email: org.users.admin.email });
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const row = await t.prisma.invite.findUniqueOrThrow({ where: { id: created._id } });
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const days = (row.expiresAt.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    expect(mail.organizationId).toBe(org.organization.id);
    expect(mail.text).toContain(org.organization.name);
  });

  it("lists pending invites with sent at and invited by; an admin of one unit sees only its invites", async () => {
    const email = freshEmail("listed");
    const { invite: created } = await invite(email);
    const list = await call("GET", "/user-invites", tokens.admin);
    expect(list.status).toBe(200);
    const mine = list.body.find((i: { _id: string }) => i._id === created._id);
    expect(mine).toMatchObject({ email, role: "editor", invitedBy: { displayname: org.users.admin.displayName } });
    expect(new Date(mine.inviteSentAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // The admin of unit A sees it, the admin of unit B does not.
    expect((await call("GET", "/user-invites", tokens.adminA)).body.map((i: { _id: string }) => i._id)).toContain(created._id);
    expect((await call("GET", "/user-invites", tokens.adminB)).body.map((i: { _id: string }) => i._id)).not.toContain(created._id);
    // Editors and viewers manage no users.
    expect((await call("GET", "/user-invites", tokens.editorA)).status).toBe(403);
    expect((await call("GET", "/user-invites", tokens.viewerA)).status).toBe(403);
  });

  it("refuses bad input with the spec's messages and changes nothing", async () => {
    const count = await t.prisma.invite.count({ where: { organizationId: org.organization.id } });
    const bad = await call("POST", "/invite-user", tokens.admin, { email: "not-an-address", unitId: org.units.unitA.id, role: "editor" });
    expect(bad).toEqual({ status: 400, body: { error: "Please provide a valid e-mail address", field: "email" } });
    const badRole = await call("POST", "/invite-user", tokens.admin, { email: freshEmail("r"), unitId: org.units.unitA.id, role: "owner" });
    expect(badRole).toEqual({ status: 400, body: { error: "Role must be admin, editor or viewer", field: "role" } });
    const badUnit = await call("POST", "/invite-user", tokens.admin, { email: freshEmail("u"), unitId: other.units.unitA.id, role: "editor" });
    expect(badUnit.status).toBe(404);
    expect(await t.prisma.invite.count({ where: { organizationId: org.organization.id } })).toBe(count);
  });

  it("answers 'User already in team' for someone already in that unit", async () => {
    const response = await call("POST", "/invite-user", tokens.admin, { email: org.users.editorA.email, unitId: org.units.unitA.id, role: "viewer" });
    expect(response).toEqual({ status: 409, body: { error: "User already in team", field: "email" } });
    // Into another unit the same person may be invited.
    const elsewhere = await call("POST", "/invite-user", tokens.admin, { email: org.users.editorA.email, unitId: org.units.unitB.id, role: "viewer" });
    expect(elsewhere.status).toBe(201);
  });

  it("lets an inviter grant only what they may: unit admins neither other units nor the admin flags", async () => {
    const intoB = await call("POST", "/invite-user", tokens.adminA, { email: freshEmail("b"), unitId: org.units.unitB.id, role: "viewer" });
    expect(intoB.status).toBe(403);
    const flags = await call("POST", "/invite-user", tokens.adminA, { email: freshEmail("f"), unitId: org.units.unitA.id, role: "viewer", billingAdmin: true });
    expect(flags).toEqual({ status: 403, body: { error: "Only an organisation admin can grant the organisation admin or billing admin flag" } });
    // Admin of unit A manages its sub-unit too.
    const sub = await call("POST", "/invite-user", tokens.adminA, { email: freshEmail("sub"), unitId: org.units.unitA1.id, role: "viewer" });
    expect(sub.status).toBe(201);
    expect((await call("POST", "/invite-user", tokens.editorA, { email: freshEmail("e"), unitId: org.units.unitA.id, role: "viewer" })).status).toBe(403);
  });

  it("resend makes a new link and kills the old one; delete kills the link", async () => {
    const email = freshEmail("resent");
    const { invite: created, token: oldToken } = await invite(email);
    const resent = await call("POST", `/invite-user/${created._id}/resend`, tokens.admin);
    expect(resent.status).toBe(200);
    await t.jobs.idle();
    const mails = await t.prisma.mailOutbox.findMany({ where: { to: email, kind: "invitation" }, orderBy: { createdAt: "asc" } });
    expect(mails).toHaveLength(2);
    const newToken = new URL(firstLink(mails[1]!.text)!).searchParams.get("token")!;
    expect(newToken).not.toBe(oldToken);
    expect(await call("GET", `/user-invite?token=${encodeURIComponent(oldToken)}`)).toEqual({ status: 404, body: { error: invitationMessages.invalid } });
    expect((await call("GET", `/user-invite?token=${encodeURIComponent(newToken)}`)).status).toBe(200);

    const deleted = await call("DELETE", `/invite-user/${created._id}`, tokens.admin);
    expect(deleted).toEqual({ status: 200, body: { status: "ok", _id: created._id } });
    expect(await call("GET", `/user-invite?token=${encodeURIComponent(newToken)}`)).toEqual({ status: 404, body: { error: invitationMessages.deleted } });
    expect((await call("GET", "/user-invites", tokens.admin)).body.map((i: { _id: string }) => i._id)).not.toContain(created._id);
    expect((await call("DELETE", `/invite-user/${created._id}`, tokens.admin)).status).toBe(404);
  });

  it("the seat limit counts members and pending invites; when full: the upgrade message and nothing changes", async () => {
    const seats = await createOrganizationFixture(t.prisma, "Seats");
    const adminToken = (await signInWithPassword(t.baseUrl, seats.users.admin.email, testPassword)).accessToken;
    // 5 members; 6 seats leave one.
    await t.prisma.organization.update({ where: { id: seats.organization.id }, data: { userSeats: 6 } });
    const body = (email: string) => ({ email, unitId: seats.units.unitA.id, role: "viewer" });
    const first = await call("POST", "/invite-user", adminToken, body(freshEmail("seat")));
    expect(first.status).toBe(201);
    const count = await t.prisma.invite.count({ where: { organizationId: seats.organization.id } });
    const full = await call("POST", "/invite-user", adminToken, body(freshEmail("seat")));
    expect(full).toEqual({ status: 403, body: { error: seatsFullMessage } });
    const direct = await call("POST", "/users/create", adminToken, { ...body(freshEmail("direct")), displayname: "Direct", password: "Direct-Pass-1!" });
    expect(direct).toEqual({ status: 403, body: { error: seatsFullMessage } });
    expect(await t.prisma.invite.count({ where: { organizationId: seats.organization.id } })).toBe(count);
    // A member invited into another unit takes no new seat.
    const member = await call("POST", "/invite-user", adminToken, { email: seats.users.viewerA.email, unitId: seats.units.unitB.id, role: "viewer" });
    expect(member.status).toBe(201);
    // Deleting the pending invitation frees its seat.
    await call("DELETE", `/invite-user/${first.body._id}`, adminToken);
    expect((await call("POST", "/invite-user", adminToken, body(freshEmail("seat")))).status).toBe(201);
  });

  it("an existing user signs in and accepts: membership and role created, the link is then used up", async () => {
    const { invite: created, token } = await invite(other.users.editorA.email, { role: "viewer", mayCreateSurveys: true });
    const preview = await call("GET", `/user-invite?token=${encodeURIComponent(token)}`);
    expect(preview.body).toMatchObject({
      email: other.users.editorA.email,
      organizationName: org.organization.name,
      unitName: "Stores",
      role: "viewer",
      existingUser: true,
    });
    // Someone else cannot use it.
    expect((await call("POST", "/user-invite", tokens.editorA, { token })).body).toEqual({ error: invitationMessages.otherAccount });
    // Without a bearer token the call is refused.
    expect((await call("POST", "/user-invite", undefined, { token })).status).toBe(401);
    const invitee = (await signInWithPassword(t.baseUrl, other.users.editorA.email, testPassword)).accessToken;
    const accepted = await call("POST", "/user-invite", invitee, { token });
    expect(accepted).toEqual({ status: 200, body: { status: "ok", organizationId: org.organization.id, email: other.users.editorA.email } });
    const membership = await t.prisma.membership.findUniqueOrThrow({
      where: { userId_organizationId: { userId: other.users.editorA.id, organizationId: org.organization.id } },
    });
    expect(membership.mayCreateSurveys).toBe(true);
    const role = await t.prisma.unitRole.findUniqueOrThrow({ where: { unitId_userId: { unitId: org.units.unitA.id, userId: other.users.editorA.id } } });
    expect(role.role).toBe("viewer");
    expect((await t.prisma.invite.findUniqueOrThrow({ where: { id: created._id } })).acceptedAt).not.toBeNull();
    // The user now works in the inviting organisation.
    const me = await call("GET", "/user", invitee);
    expect(me.body.current_organization_id).toBe(org.organization.id);
    expect(await call("POST", "/user-invite", invitee, { token })).toEqual({ status: 409, body: { error: invitationMessages.accepted } });
  });

  it("a new user chooses a name and a strong password, the account is complete and signs in", async () => {
    const email = freshEmail("newcomer");
    const { token } = await invite(email, { role: "admin" });
    expect((await call("GET", `/user-invite?token=${encodeURIComponent(token)}`)).body.existingUser).toBe(false);
    const weak = await call("POST", "/user-invite/new-user", undefined, { token, displayName: "New Comer", password: "weakpass", password2: "weakpass" });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/^Password must be at least 8 characters/);
    const mismatch = await call("POST", "/user-invite/new-user", undefined, {
      token,
      displayName: "New Comer",
      password: "Strong-Pass-1!",
      password2: "Strong-Pass-2!",
    });
    expect(mismatch).toEqual({ status: 400, body: { error: "The passwords do not match", field: "password2" } });
    const noName = await call("POST", "/user-invite/new-user", undefined, { token, displayName: " ", password: "Strong-Pass-1!", password2: "Strong-Pass-1!" });
    expect(noName).toEqual({ status: 400, body: { error: "Name is required", field: "displayName" } });
    expect(await t.prisma.user.count({ where: { email } })).toBe(0);

    const created = await call("POST", "/user-invite/new-user", undefined, {
      token,
      displayName: "New Comer",
      password: "Strong-Pass-1!",
      password2: "Strong-Pass-1!",
    });
    expect(created).toEqual({ status: 201, body: { status: "ok", organizationId: org.organization.id, email } });
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.signupStatus).toBe("complete");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const session = await signInWithPassword(t.baseUrl, email, "Strong-Pass-1!");
    const me = await call("GET", "/user", session.accessToken);
    expect(me.body.rolesPerUnit).toEqual({ [org.units.unitA.id]: "admin" });
    // Single use.
    const again = await call("POST", "/user-invite/new-user", undefined, {
      token,
      displayName: "Again",
      password: "Strong-Pass-1!",
      password2: "Strong-Pass-1!",
    });
    expect(again).toEqual({ status: 409, body: { error: invitationMessages.accepted } });
  });

  it("refuses an expired invitation and accepts only within 7 days", async () => {
    const email = freshEmail("late");
    const { invite: created, token } = await invite(email);
    await t.prisma.invite.update({ where: { id: created._id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const refused = await call("POST", "/user-invite/new-user", undefined, {
      token,
      displayName: "Late",
      password: "Strong-Pass-1!",
      password2: "Strong-Pass-1!",
    });
    expect(refused).toEqual({ status: 400, body: { error: invitationMessages.expired, field: "token" } });
    expect(await t.prisma.user.count({ where: { email } })).toBe(0);
    // The pending list shows it expired; a resend revives it with a new link.
    const listed = (await call("GET", "/user-invites", tokens.admin)).body.find((i: { _id: string }) => i._id === created._id);
    expect(listed.status).toBe("expired");
    expect((await call("POST", `/invite-user/${created._id}/resend`, tokens.admin)).body.status).toBe("pending");
  });

  it("GraphQL: invite, list (connection), resend, delete and the anonymous preview", async () => {
    const email = freshEmail("graphql");
    const invited = await gql(
      t.baseUrl,
      `mutation($input: InviteUserInput!) { inviteUser(input: $input) { invite { id legacyId email role sentAt invitedBy unit { name } } } }`,
      { input: { email, unitId: globalId("Unit", org.units.unitA.id), role: "viewer" } },
      tokens.admin,
    );
    expect(invited.errors).toBeUndefined();
    const inviteId = invited.data!.inviteUser.invite.legacyId;
    expect(invited.data!.inviteUser.invite.id).toBe(globalId("Invite", inviteId));
    expect(invited.data!.inviteUser.invite).toMatchObject({ email, role: "viewer", invitedBy: org.users.admin.displayName, unit: { name: "Stores" } });
    const list = await gql(t.baseUrl, `{ invites(first: 50) { edges { node { legacyId } } } }`, {}, tokens.admin);
    expect(list.data!.invites.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId)).toContain(inviteId);
    await t.jobs.idle();
    const token = new URL(firstLink((await waitForOutboxMail(t.prisma, email, { kind: "invitation" })).text)!).searchParams.get("token")!;
    const preview = await gql(t.baseUrl, `query($token: String!) { invitation(token: $token) { email unitName organizationName existingUser } }`, { token });
    expect(preview.data!.invitation).toEqual({ email, unitName: "Stores", organizationName: org.organization.name, existingUser: false });
    const resent = await gql(
      t.baseUrl,
      `mutation($id: ID!) { resendInvite(id: $id) { invite { legacyId } } }`,
      { id: globalId("Invite", inviteId) },
      tokens.admin,
    );
    expect(resent.errors).toBeUndefined();
    const stale = await gql(t.baseUrl, `query($token: String!) { invitation(token: $token) { email } }`, { token });
    expect(stale.errors?.[0]).toMatchObject({ message: invitationMessages.invalid, extensions: { code: "NOT_FOUND" } });
    const deleted = await gql(t.baseUrl, `mutation($id: ID!) { deleteInvite(id: $id) { legacyId } }`, { id: globalId("Invite", inviteId) }, tokens.admin);
    expect(deleted.data!.deleteInvite.legacyId).toBe(inviteId);
  });

  describe("another organisation's admin", () => {
    it("cannot list, read, resend, delete or invite into this organisation (each call); nothing changes", async () => {
      const { invite: created } = await invite(freshEmail("guarded"));
      const before = await t.prisma.invite.findUniqueOrThrow({ where: { id: created._id } });
      const foreignOrg = `?organizationId=${org.organization.id}`;
      expect(await call("GET", `/user-invites${foreignOrg}`, tokens.otherAdmin)).toEqual({ status: 404, body: { error: "No organization found" } });
      expect((await call("GET", "/user-invites", tokens.otherAdmin)).body.map((i: { _id: string }) => i._id)).not.toContain(created._id);
      expect((await call("POST", `/invite-user/${created._id}/resend`, tokens.otherAdmin)).status).toBe(404);
      expect((await call("POST", `/invite-user/${created._id}/resend${foreignOrg}`, tokens.otherAdmin)).status).toBe(404);
      expect((await call("DELETE", `/invite-user/${created._id}`, tokens.otherAdmin)).status).toBe(404);
      expect((await call("DELETE", `/invite-user/${created._id}${foreignOrg}`, tokens.otherAdmin)).status).toBe(404);
      const into = await call("POST", "/invite-user", tokens.otherAdmin, { email: freshEmail("x"), unitId: org.units.unitA.id, role: "admin" });
      expect(into).toEqual({ status: 404, body: { error: "Team not found" } });
      const intoNamed = await call("POST", "/invite-user", tokens.otherAdmin, {
        email: freshEmail("x"),
        unitId: org.units.unitA.id,
        role: "admin",
        organizationId: org.organization.id,
      });
      expect(intoNamed).toEqual({ status: 404, body: { error: "No organization found" } });
      const gqlRead = await gql(t.baseUrl, `query($id: ID!) { invite(id: $id) { email } }`, { id: globalId("Invite", created._id) }, tokens.otherAdmin);
      expect(gqlRead.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
      const node = await gql(
        t.baseUrl,
        `query($id: ID!) { node(id: $id) { id ... on Invite { email } } }`,
        { id: Buffer.from(`Invite:${created._id}`).toString("base64") },
        tokens.otherAdmin,
      );
      expect(node.data?.node ?? null).toBeNull();
      expect(await t.prisma.invite.findUniqueOrThrow({ where: { id: created._id } })).toEqual(before);
    });
  });
});
