// Member: a user's membership of the current organisation as user management shows it (roles per
// unit, organisation admin, billing admin, may create surveys, weekly digest), with the queries and
// mutations of /settings/user-management. Rules live in domain/user-management.
import { builder } from "./builder.js";
import { RoleEnum, UnitType } from "./unit.js";
import { UserType } from "./user.js";
import { loaders } from "./loaders.js";
import { inViewerOrganization, tenantDb } from "../domain/tenancy.js";
import {
  createUser,
  getUser,
  memberOrder,
  memberSortFields,
  membersWhere,
  modifyTeam,
  removeUserFromUnit,
  setBillingAdmin,
  updateUserInUnit,
} from "../domain/user-management/users.js";
import { SortDirectionEnum, searchDescription } from "./list-query.js";
import type { Role } from "../permissions/rights.js";

const MemberUnitRole = builder.objectRef<{ unitId: string; role: Role }>("MemberUnitRole").implement({
  description: "The role a member holds in one unit",
  fields: (t) => ({
    unit: t.prismaField({
      type: "Unit",
      resolve: (query, r, _args, ctx) => tenantDb(ctx).unit.findUniqueOrThrow({ ...query, where: { id: r.unitId } }),
    }),
    role: t.field({ type: RoleEnum, resolve: (r) => r.role }),
  }),
});

builder.prismaNode("Membership", {
  name: "Member",
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...inViewerOrganization(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the membership's id" }),
    user: t.relation("user"),
    userLegacyId: t.exposeString("userId", { description: "the user's 24-hex _id (the route /settings/user-management/{userId})" }),
    organizationAdmin: t.exposeBoolean("organizationAdmin"),
    billingAdmin: t.exposeBoolean("billingAdmin"),
    mayCreateSurveys: t.exposeBoolean("mayCreateSurveys"),
    receiveDigest: t.boolean({
      description: "receives the weekly digest e-mail",
      select: { user: { select: { receiveDigest: true } } },
      resolve: (m) => m.user.receiveDigest,
    }),
    unitRoles: t.field({
      type: [MemberUnitRole],
      select: { userId: true, organizationId: true },
      resolve: (m, _args, ctx) => loaders(ctx).unitRoles.load({ userId: m.userId, organizationId: m.organizationId }),
    }),
  }),
});

const MemberSortFieldEnum = builder.enumType("MemberSortField", { values: memberSortFields });
const MemberOrder = builder.inputType("MemberOrder", {
  description: "The user list's sort column and direction (ties: by id)",
  fields: (t) => ({
    field: t.field({ type: MemberSortFieldEnum, required: true }),
    direction: t.field({ type: SortDirectionEnum, required: true }),
  }),
});

builder.queryField("members", (t) =>
  t.prismaConnection({
    type: "Membership",
    cursor: "id",
    description: "The members of the current organisation (user management); for those who manage users",
    args: {
      search: t.arg.string({ description: `${searchDescription} (the user's name or address)` }),
      orderBy: t.arg({ type: MemberOrder }),
    },
    resolve: async (query, _root, args, ctx) =>
      tenantDb(ctx).membership.findMany({ ...query, where: await membersWhere(ctx, args.search), orderBy: memberOrder(args.orderBy) }),
  }),
);

builder.queryField("member", (t) =>
  t.prismaField({
    type: "Membership",
    description: "One member of the current organisation, by the user's id",
    args: { userId: t.arg.globalID({ required: true, for: UserType }) },
    resolve: async (query, _root, { userId }, ctx) => {
      const member = await getUser(ctx, userId.id);
      return tenantDb(ctx).membership.findUniqueOrThrow({ ...query, where: { id: member.membershipId } });
    },
  }),
);

const MemberPayload = builder.objectRef<{ membershipId: string | null; userId: string }>("MemberPayload").implement({
  fields: (t) => ({
    member: t.prismaField({
      type: "Membership",
      nullable: true,
      description: "null when the person is no longer a member",
      resolve: (query, p, _args, ctx) => (p.membershipId ? tenantDb(ctx).membership.findUnique({ ...query, where: { id: p.membershipId } }) : null),
    }),
    userLegacyId: t.exposeString("userId"),
  }),
});

const UpdateMemberInput = builder.inputType("UpdateMemberInput", {
  fields: (t) => ({
    userId: t.globalID({ required: true, for: UserType }),
    unitId: t.globalID({ required: true, for: UnitType, description: "the unit whose role is set (and whose rights the caller needs)" }),
    role: t.field({ type: RoleEnum }),
    organizationAdmin: t.boolean(),
    billingAdmin: t.boolean(),
    mayCreateSurveys: t.boolean(),
    receiveDigest: t.boolean(),
  }),
});

const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);

builder.mutationField("updateMember", (t) =>
  t.field({
    type: MemberPayload,
    description: "A member's role in a unit (given or changed) and flags",
    args: { input: t.arg({ type: UpdateMemberInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const member = await updateUserInUnit(ctx, {
        unitId: input.unitId.id,
        userId: input.userId.id,
        update: {
          role: opt(input.role),
          organizationAdmin: opt(input.organizationAdmin),
          billingAdmin: opt(input.billingAdmin),
          mayCreateSurveys: opt(input.mayCreateSurveys),
          receiveDigest: opt(input.receiveDigest),
        },
      });
      return { membershipId: member.membershipId, userId: member.userId };
    },
  }),
);

builder.mutationField("removeMemberFromUnit", (t) =>
  t.field({
    type: MemberPayload,
    description: "Removes the user from the unit; without any unit left (and not an organisation admin) they leave the organisation",
    args: { userId: t.arg.globalID({ required: true, for: UserType }), unitId: t.arg.globalID({ required: true, for: UnitType }) },
    resolve: async (_root, args, ctx) => {
      const [userId, unitId] = [args.userId.id, args.unitId.id];
      const { removedFromOrganization } = await removeUserFromUnit(ctx, { userId, unitId });
      if (removedFromOrganization) return { membershipId: null, userId };
      const member = await getUser(ctx, userId);
      return { membershipId: member.membershipId, userId };
    },
  }),
);

const UnitRoleInput = builder.inputType("UnitRoleInput", {
  fields: (t) => ({ unitId: t.globalID({ required: true, for: UnitType }), role: t.field({ type: RoleEnum, required: true }) }),
});

builder.mutationField("modifyTeam", (t) =>
  t.field({
    type: MemberPayload,
    description: "Replaces the member's teams with the given units and roles",
    args: { userId: t.arg.globalID({ required: true, for: UserType }), units: t.arg({ type: [UnitRoleInput], required: true }) },
    resolve: async (_root, args, ctx) => {
      const userId = args.userId.id;
      const member = await modifyTeam(ctx, { userId, units: args.units.map((u) => ({ unitId: u.unitId.id, role: u.role })) });
      return { membershipId: member.membershipId, userId };
    },
  }),
);

builder.mutationField("setBillingAdmin", (t) =>
  t.field({
    type: MemberPayload,
    description: "Gives or takes the billing admin flag (organisation admins only)",
    args: { userId: t.arg.globalID({ required: true, for: UserType }), billingAdmin: t.arg.boolean({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const userId = args.userId.id;
      const member = await setBillingAdmin(ctx, { userId, billingAdmin: args.billingAdmin });
      return { membershipId: member.membershipId, userId };
    },
  }),
);

const CreateUserInput = builder.inputType("CreateUserInput", {
  fields: (t) => ({
    email: t.string({ required: true }),
    displayName: t.string({ required: true }),
    password: t.string({ required: true }),
    password2: t.string({ description: "the confirmation; must match when given" }),
    unitId: t.globalID({ required: true, for: UnitType }),
    role: t.field({ type: RoleEnum, required: true }),
    organizationAdmin: t.boolean(),
    billingAdmin: t.boolean(),
    mayCreateSurveys: t.boolean(),
  }),
});

builder.mutationField("createUser", (t) =>
  t.field({
    type: MemberPayload,
    description: "Adds a new account directly (with a password), within the plan's user seats",
    args: { input: t.arg({ type: CreateUserInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      const member = await createUser(ctx, {
        email: input.email,
        displayName: input.displayName,
        password: input.password,
        password2: opt(input.password2),
        unitId: input.unitId.id,
        role: input.role,
        organizationAdmin: opt(input.organizationAdmin),
        billingAdmin: opt(input.billingAdmin),
        mayCreateSurveys: opt(input.mayCreateSurveys),
      });
      return { membershipId: member.membershipId, userId: member.userId };
    },
  }),
);
