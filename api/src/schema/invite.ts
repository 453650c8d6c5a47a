// Invite: pending invitations of the current organisation (/settings/user-management/invites), the
// invitation preview and acceptance (/accept-invitation). Rules live in domain/invitations.
import { builder } from "./builder.js";
import { RoleEnum, UnitType } from "./unit.js";
import { inViewerOrganization, tenantDb } from "../domain/tenancy.js";
import {
  acceptInvitation,
  acceptInvitationAsNewUser,
  deleteInvite,
  getInvite,
  inviteUser,
  invitesWhere,
  previewInvitation,
  resendInvite,
  type InvitationPreview,
} from "../domain/invitations/invitations.js";
import type { Role } from "../permissions/rights.js";

const InviteType = builder.prismaNode("Invite", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, acceptedAt: null, deletedAt: null, ...inViewerOrganization(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id"),
    email: t.exposeString("email"),
    role: t.field({ type: RoleEnum, resolve: (i) => i.role as Role }),
    unit: t.relation("unit"),
    organizationAdmin: t.exposeBoolean("organizationAdmin"),
    billingAdmin: t.exposeBoolean("billingAdmin"),
    mayCreateSurveys: t.exposeBoolean("mayCreateSurveys"),
    sentAt: t.expose("sentAt", { type: "DateTime", description: "when the invitation was (last) sent" }),
    expiresAt: t.expose("expiresAt", { type: "DateTime", description: "the link works until then (7 days after sending)" }),
    expired: t.boolean({ resolve: (i) => i.expiresAt <= new Date() }),
    invitedBy: t.string({
      nullable: true,
      description: "the inviter's name (or e-mail address); null when their account is gone",
      select: { invitedBy: { select: { displayName: true, email: true } } },
      resolve: (i) => (i.invitedBy ? i.invitedBy.displayName || i.invitedBy.email : null),
    }),
  }),
});

builder.queryField("invites", (t) =>
  t.prismaConnection({
    type: "Invite",
    cursor: "id",
    description: "Pending invitations (also expired ones, which can be resent), newest first; for those who manage users",
    resolve: async (query, _root, _args, ctx) =>
      tenantDb(ctx).invite.findMany({ ...query, where: await invitesWhere(ctx), orderBy: [{ sentAt: "desc" }, { id: "asc" }] }),
  }),
);

builder.queryField("invite", (t) =>
  t.prismaField({
    type: "Invite",
    description: "One pending invitation",
    args: { id: t.arg.globalID({ required: true, for: InviteType }) },
    resolve: async (query, _root, { id }, ctx) => {
      const invite = await getInvite(ctx, id.id);
      return tenantDb(ctx).invite.findUniqueOrThrow({ ...query, where: { id: invite.id } });
    },
  }),
);

const InvitationPreviewType = builder.objectRef<InvitationPreview>("InvitationPreview").implement({
  description: "What an invitation link offers, shown before anyone signs in",
  fields: (t) => ({
    email: t.exposeString("email"),
    organizationName: t.exposeString("organizationName"),
    unitName: t.exposeString("unitName"),
    role: t.field({ type: RoleEnum, resolve: (p) => p.role }),
    inviterName: t.exposeString("inviterName", { nullable: true }),
    expiresAt: t.field({ type: "DateTime", resolve: (p) => p.expiresAt }),
    existingUser: t.exposeBoolean("existingUser", { description: "an account exists: sign in to accept; otherwise create one" }),
  }),
});

builder.queryField("invitation", (t) =>
  t.field({
    type: InvitationPreviewType,
    description: "The invitation of a link's token (no sign-in needed: the token is the proof)",
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, { token }, ctx) => previewInvitation(ctx, token),
  }),
);

const InvitePayload = builder.objectRef<{ id: string }>("InvitePayload").implement({
  fields: (t) => ({
    invite: t.prismaField({
      type: "Invite",
      resolve: (query, p, _args, ctx) => tenantDb(ctx).invite.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

const InviteUserInput = builder.inputType("InviteUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    unitId: t.globalID({ required: true, for: UnitType }),
    role: t.field({ type: RoleEnum, required: true }),
    organizationAdmin: t.boolean(),
    billingAdmin: t.boolean(),
    mayCreateSurveys: t.boolean(),
  }),
});

const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);

builder.mutationField("inviteUser", (t) =>
  t.field({
    type: InvitePayload,
    description: 'Invites an e-mail address into a unit with a role ("user invited")',
    args: { input: t.arg({ type: InviteUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      inviteUser(ctx, {
        email: input.email,
        unitId: input.unitId.id,
        role: input.role,
        organizationAdmin: opt(input.organizationAdmin),
        billingAdmin: opt(input.billingAdmin),
        mayCreateSurveys: opt(input.mayCreateSurveys),
      }),
  }),
);

builder.mutationField("resendInvite", (t) =>
  t.field({
    type: InvitePayload,
    description: 'Sends the invitation again with a new link; the old link stops working ("invite resent")',
    args: { id: t.arg.globalID({ required: true, for: InviteType }) },
    resolve: async (_root, { id }, ctx) => resendInvite(ctx, id.id),
  }),
);

const DeleteInvitePayload = builder.objectRef<{ id: string }>("DeleteInvitePayload").implement({
  fields: (t) => ({
    deletedInviteId: t.id({ description: "the deleted invite's global id", resolve: (p) => Buffer.from(`Invite:${p.id}`).toString("base64") }),
    legacyId: t.exposeString("id"),
  }),
});

builder.mutationField("deleteInvite", (t) =>
  t.field({
    type: DeleteInvitePayload,
    description: 'Deletes a pending invitation; its link stops working ("invite deleted")',
    args: { id: t.arg.globalID({ required: true, for: InviteType }) },
    resolve: async (_root, { id }, ctx) => deleteInvite(ctx, id.id),
  }),
);

const AcceptInvitationPayload = builder.objectRef<{ organizationId: string; userId: string; email: string }>("AcceptInvitationPayload").implement({
  fields: (t) => ({
    organizationLegacyId: t.exposeString("organizationId"),
    email: t.exposeString("email", { description: "the address to sign in with" }),
  }),
});

builder.mutationField("acceptInvitation", (t) =>
  t.field({
    type: AcceptInvitationPayload,
    description: "The signed-in user accepts an invitation sent to their address",
    args: { token: t.arg.string({ required: true }) },
    resolve: async (_root, { token }, ctx) => {
      const result = await acceptInvitation(ctx, token);
      return { ...result, email: ctx.viewer!.email };
    },
  }),
);

const AcceptInvitationAsNewUserInput = builder.inputType("AcceptInvitationAsNewUserInput", {
  fields: (t) => ({
    token: t.string({ required: true }),
    displayName: t.string({ required: true }),
    password: t.string({ required: true }),
    password2: t.string({ required: true, description: "the confirmation; must match" }),
    locale: t.string({ description: "en, es, fi or se; defaults to the inviter's" }),
  }),
});

builder.mutationField("acceptInvitationAsNewUser", (t) =>
  t.field({
    type: AcceptInvitationPayload,
    description: "Someone without an account accepts: the account is created and they can sign in",
    args: { input: t.arg({ type: AcceptInvitationAsNewUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      acceptInvitationAsNewUser(ctx, {
        token: input.token,
        displayName: input.displayName,
        password: input.password,
        password2: input.password2,
        locale: (opt(input.locale) ?? undefined) as never,
      }),
  }),
);
