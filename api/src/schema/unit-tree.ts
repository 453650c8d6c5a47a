// UnitTree: the organisation's team tree as /settings/teams edits it (add, rename, move, delete a
// team; people per team; the option restricting ranking and summary to a team and its sub-teams).
// Rules live in domain/teams.
import { builder } from "./builder.js";
import { RoleEnum, UnitType } from "./unit.js";
import { createUnit, deleteUnit, getTeamSettings, setRestrictSummaryToTeam, updateUnit, usersOfUnit, type TreeUser } from "../domain/teams/unit-tree.js";
import { loadAccess, unitsWithRight } from "../permissions/access.js";
import { tenantDb } from "../domain/tenancy.js";

const UnitMember = builder.objectRef<TreeUser>("UnitMember").implement({
  description: "A person holding a role in a unit",
  fields: (t) => ({
    user: t.prismaField({
      type: "User",
      resolve: (query, m, _args, ctx) => ctx.prisma.user.findUniqueOrThrow({ ...query, where: { id: m.userId } }),
    }),
    role: t.field({ type: RoleEnum, resolve: (m) => m.role }),
  }),
});

builder.prismaObjectFields("Unit", (t) => ({
  parentLegacyId: t.exposeString("parentId", { nullable: true }),
  members: t.field({
    type: [UnitMember],
    description: "the people of this unit with their roles (for those who manage users or teams)",
    resolve: (unit, _args, ctx) => usersOfUnit(ctx, unit.id),
  }),
}));

type UnitTreeShape = { organizationId: string; restrictSummaryToTeam: boolean; editableUnitIds: string[]; organizationAdmin: boolean };

const UnitTreeType = builder.objectRef<UnitTreeShape>("UnitTree").implement({
  description: "The current organisation's teams",
  fields: (t) => ({
    units: t.prismaField({
      type: ["Unit"],
      description: "every unit, flat (parentLegacyId gives the tree), by name",
      resolve: (query, _tree, _args, ctx) => tenantDb(ctx).unit.findMany({ ...query, orderBy: [{ name: "asc" }, { id: "asc" }] }),
    }),
    restrictSummaryToTeam: t.exposeBoolean("restrictSummaryToTeam", {
      description: "ranking and summary are restricted to the viewer's teams and their sub-teams",
    }),
    editableUnitIds: t.exposeStringList("editableUnitIds", { description: "legacyIds of the units the viewer may edit (manageTeams)" }),
    mayEditTopLevel: t.exposeBoolean("organizationAdmin", { description: "may add, move or delete top-level teams and change the option" }),
  }),
});

async function unitTreeShape(ctx: Parameters<typeof loadAccess>[0]): Promise<UnitTreeShape> {
  const m = await loadAccess(ctx);
  const { restrictSummaryToTeam } = await getTeamSettings(ctx);
  return {
    organizationId: m.organizationId,
    restrictSummaryToTeam,
    editableUnitIds: [...unitsWithRight(m, "manageTeams")],
    organizationAdmin: m.organizationAdmin,
  };
}

builder.queryField("unitTree", (t) =>
  t.field({
    type: UnitTreeType,
    description: "The current organisation's team tree and team option",
    resolve: (_root, _args, ctx) => unitTreeShape(ctx),
  }),
);

const UnitPayload = builder.objectRef<{ id: string }>("UnitPayload").implement({
  fields: (t) => ({
    unit: t.prismaField({
      type: "Unit",
      resolve: (query, p, _args, ctx) => tenantDb(ctx).unit.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

builder.mutationField("createUnit", (t) =>
  t.field({
    type: UnitPayload,
    description: "Adds a team under a parent (or at the top, organisation admins only)",
    args: { name: t.arg.string({ required: true }), parentId: t.arg.globalID({ for: UnitType, description: "the parent; none for a top-level team" }) },
    resolve: async (_root, { name, parentId }, ctx) => createUnit(ctx, { name, parentId: parentId?.id }),
  }),
);

builder.mutationField("updateUnit", (t) =>
  t.field({
    type: UnitPayload,
    description: "Renames a team and/or moves it under another parent",
    args: {
      id: t.arg.globalID({ required: true, for: UnitType }),
      name: t.arg.string(),
      parentId: t.arg.globalID({ for: UnitType, description: "the new parent" }),
      moveToTop: t.arg.boolean({ description: "make it a top-level team (organisation admins only)" }),
    },
    resolve: async (_root, { id, name, parentId, moveToTop }, ctx) =>
      updateUnit(ctx, { unitId: id.id, name, parentId: parentId?.id, moveToTop: moveToTop ?? false }),
  }),
);

const DeleteUnitPayload = builder.objectRef<{ id: string }>("DeleteUnitPayload").implement({
  fields: (t) => ({
    deletedUnitId: t.id({ description: "the deleted unit's global id", resolve: (p) => Buffer.from(`Unit:${p.id}`).toString("base64") }),
    legacyId: t.exposeString("id"),
  }),
});

builder.mutationField("deleteUnit", (t) =>
  t.field({
    type: DeleteUnitPayload,
    description: "Deletes a team without sub-teams, touchpoints or surveys",
    args: { id: t.arg.globalID({ required: true, for: UnitType }) },
    resolve: async (_root, { id }, ctx) => deleteUnit(ctx, { unitId: id.id }),
  }),
);

builder.mutationField("setRestrictSummaryToTeam", (t) =>
  t.field({
    type: UnitTreeType,
    description: "Restricts ranking and summary to a team and its sub-teams (organisation admins only)",
    args: { enabled: t.arg.boolean({ required: true }) },
    resolve: async (_root, { enabled }, ctx) => {
      await setRestrictSummaryToTeam(ctx, enabled);
      return unitTreeShape(ctx);
    },
  }),
);
