// /api/v5 invitations (spec 000 §7): inviting, the pending list, resend and delete, and the invited
// person's side (POST /user-invite, POST /user-invite/new-user). Rules are in domain/invitations.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { grantFields } from "./user-management.js";
import {
  acceptInvitation,
  acceptInvitationAsNewUser,
  deleteInvite,
  inviteUser,
  listInvites,
  previewInvitation,
  resendInvite,
  type InviteView,
} from "../../domain/invitations/invitations.js";

const tag = "Users and teams";
const objectId = z.string().describe("24 hexadecimal characters");
const role = z.enum(["admin", "editor", "viewer"]);

const inviteShape = z
  .object({
    _id: objectId,
    email: z.string(),
    unitId: objectId,
    unitName: z.string(),
    role,
    organizationAdmin: z.boolean(),
    billingAdmin: z.boolean(),
    mayCreateSurveys: z.boolean(),
    inviteSentAt: z.string().describe("ISO 8601"),
    expiresAt: z.string().describe("ISO 8601: 7 days after sending"),
    status: z.enum(["pending", "expired"]),
    invitedBy: z.object({ _id: objectId, displayname: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: "Invitation" });

const toInviteJson = (i: InviteView): z.input<typeof inviteShape> => ({
  _id: i.id,
  email: i.email,
  unitId: i.unitId,
  unitName: i.unitName,
  role: i.role,
  organizationAdmin: i.organizationAdmin,
  billingAdmin: i.billingAdmin,
  mayCreateSurveys: i.mayCreateSurveys,
  inviteSentAt: i.sentAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
  status: i.expired ? "expired" : "pending",
  invitedBy: i.invitedBy && { _id: i.invitedBy.userId, displayname: i.invitedBy.displayName, email: i.invitedBy.email },
});

const orgQuery = z.object({ organizationId: z.string().optional().describe("system admins only: another organisation") });
const acceptedShape = z.object({ status: z.literal("ok"), organizationId: objectId, email: z.string() });

export const invitationRoutes = [
  defineRoute({
    method: "POST",
    path: "/invite-user",
    errors: { 409: "the person is in the team already, or has a pending invitation" },
    tag,
    summary: 'Invites an e-mail address into a unit with a role and flags; mails the link ("user invited")',
    auth: "bearer",
    status: 201,
    body: z.object({ email: z.string({ message: "Please provide a valid e-mail address" }), organizationId: z.string().optional(), ...grantFields }),
    response: inviteShape,
    handler: async ({ ctx, body }) => toInviteJson(await inviteUser(ctx, { ...body, role: body.role as never })),
  }),
  defineRoute({
    method: "GET",
    path: "/user-invites",
    tag,
    summary: "Pending invitations with sent at and invited by (expired ones too, to resend), newest first",
    auth: "bearer",
    query: orgQuery,
    response: z.array(inviteShape),
    handler: async ({ ctx, query }) => (await listInvites(ctx, query.organizationId)).map(toInviteJson),
  }),
  defineRoute({
    method: "POST",
    path: "/invite-user/{id}/resend",
    tag,
    summary: 'Sends the invitation again with a new link; the old link stops working ("invite resent")',
    auth: "bearer",
    params: z.object({ id: z.string() }),
    query: orgQuery,
    response: inviteShape,
    handler: async ({ ctx, params, query }) => toInviteJson(await resendInvite(ctx, params.id, query.organizationId)),
  }),
  defineRoute({
    method: "DELETE",
    path: "/invite-user/{id}",
    tag,
    summary: 'Deletes a pending invitation; its link stops working ("invite deleted")',
    auth: "bearer",
    params: z.object({ id: z.string() }),
    query: orgQuery,
    response: z.object({ status: z.literal("ok"), _id: objectId }),
    handler: async ({ ctx, params, query }) => ({ status: "ok" as const, _id: (await deleteInvite(ctx, params.id, query.organizationId)).id }),
  }),
  defineRoute({
    method: "GET",
    path: "/user-invite",
    errors: { 404: "the invitation is not valid or was withdrawn", 409: "the invitation was accepted already" },
    tag,
    summary: "What an invitation link offers (organisation, team, role, whether the address has an account)",
    auth: "none",
    query: z.object({ token: z.string({ message: "token is required" }) }),
    response: z.object({
      email: z.string(),
      organizationName: z.string(),
      unitName: z.string(),
      role,
      inviterName: z.string().nullable(),
      expiresAt: z.string(),
      existingUser: z.boolean(),
    }),
    handler: async ({ ctx, query }) => {
      const p = await previewInvitation(ctx, query.token);
      return { ...p, expiresAt: p.expiresAt.toISOString() };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/user-invite",
    errors: { 409: "the invitation was accepted already" },
    tag,
    summary: "The signed-in user accepts an invitation sent to their address",
    auth: "bearer",
    body: z.object({ token: z.string({ message: "token is required" }) }),
    response: acceptedShape,
    handler: async ({ ctx, body }) => {
      const result = await acceptInvitation(ctx, body.token);
      return { status: "ok" as const, organizationId: result.organizationId, email: ctx.viewer!.email };
    },
  }),
  defineRoute({
    method: "POST",
    path: "/user-invite/new-user",
    errors: { 404: "the invitation is not valid or was withdrawn", 409: "the invitation was accepted already, or the address has an account" },
    tag,
    summary: "Someone without an account accepts: display name and password (twice); the account is created and can sign in",
    auth: "none",
    status: 201,
    body: z.object({
      token: z.string({ message: "token is required" }),
      displayName: z.string({ message: "Name is required" }),
      password: z.string({ message: "password is required" }),
      password2: z.string({ message: "The passwords do not match" }),
      locale: z.string().optional().describe("en, es, fi or se; defaults to the inviter's"),
    }),
    response: acceptedShape,
    handler: async ({ ctx, body }) => {
      const result = await acceptInvitationAsNewUser(ctx, { ...body, locale: body.locale as never });
      return { status: "ok" as const, organizationId: result.organizationId, email: result.email };
    },
  }),
];
