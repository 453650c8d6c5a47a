// Structure and teams (spec 000 §2 /settings/teams, §3 "Team: name, sub-teams", §6, §7 GET and POST
// /units/tree, GET /units/tree/users, GET /organizations/{id}/unit-tree).
//
// Rules:
// - Adding a sub-team under P needs manageTeams in P; renaming U needs it in U; moving U needs it
//   in U's parent (an organisation admin for a top-level team) and in the new parent; deleting U
//   needs it in U's parent (an organisation admin for a top-level team). manageTeams held in a
//   team covers its sub-teams; organisation admins hold it everywhere.
// - A team with sub-teams, touchpoints or surveys cannot be deleted (move or delete them first).
//   People's roles and pending invitations in a deleted team go with it.
// - A team cannot be moved under itself or one of its sub-teams.
// - restrictSummaryToTeam (organisation option): ranking and summary show only the viewer's teams
//   and their sub-teams. Stored and shown here; the summary that honours it is spec 001's.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import type { Role } from "../../permissions/rights.js";
import { badInput, conflict } from "../errors.js";
import { messages, objectIdSchema, parseInput } from "../validation.js";
import {
  dbOf,
  forgetAccess,
  loadAccess,
  requireManagesUsersAnywhere,
  requireOrganizationAdmin,
  teamRefusal,
  subtreeOf,
  unitOf,
  unitsWithRight,
  type Access,
  type UnitRow,
} from "../../permissions/access.js";
import { audit } from "../user-management/users.js";

export const teamMessages = {
  hasChildren: "This team has sub-teams and cannot be deleted. Move or delete its sub-teams first.",
  hasTouchpoints: "This team has touchpoints and cannot be deleted. Move or delete its touchpoints first.",
  hasSurveys: "This team has surveys and cannot be deleted. Move or delete its surveys first.",
  cycle: "A team cannot be moved under itself or one of its sub-teams",
  nameRequired: "Team name is required",
} as const;

const unitNameSchema = z.string({ message: teamMessages.nameRequired }).trim().min(1, teamMessages.nameRequired).max(100, messages.maxLength(100));

export type TreeUser = { userId: string; email: string; displayName: string; role: Role };
export type TreeNode = { id: string; name: string; parentId: string | null; children: TreeNode[]; users?: TreeUser[] };

function buildTree(units: readonly UnitRow[], usersOf?: Map<string, TreeUser[]>): TreeNode[] {
  const ids = new Set(units.map((u) => u.id));
  const childrenOf = new Map<string | null, UnitRow[]>();
  for (const u of units) {
    const parent = u.parentId && ids.has(u.parentId) ? u.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), u]);
  }
  const build = (parentId: string | null): TreeNode[] =>
    (childrenOf.get(parentId) ?? []).map((u) => ({
      id: u.id,
      name: u.name,
      parentId: u.parentId,
      children: build(u.id),
      ...(usersOf ? { users: usersOf.get(u.id) ?? [] } : {}),
    }));
  return build(null);
}

async function usersPerUnit(ctx: DomainContext, m: Access): Promise<Map<string, TreeUser[]>> {
  const rows = await dbOf(ctx, m).unitRole.findMany({
    select: { unitId: true, role: true, user: { select: { id: true, email: true, displayName: true } } },
    orderBy: [{ user: { displayName: "asc" } }, { user: { email: "asc" } }],
  });
  const out = new Map<string, TreeUser[]>();
  for (const r of rows) {
    out.set(r.unitId, [...(out.get(r.unitId) ?? []), { userId: r.user.id, email: r.user.email, displayName: r.user.displayName, role: r.role as Role }]);
  }
  return out;
}

/** GET /units/tree: the organisation's whole team tree; any member may read it. */
export async function getUnitTree(ctx: DomainContext, organizationId?: string | null): Promise<TreeNode[]> {
  const m = await loadAccess(ctx, organizationId);
  return buildTree(m.units);
}

/** GET /units/tree/users: the tree with each team's people; for those who manage users or teams. */
export async function getUnitTreeWithUsers(ctx: DomainContext, organizationId?: string | null): Promise<TreeNode[]> {
  const m = await loadAccess(ctx, organizationId);
  if (!m.organizationAdmin && unitsWithRight(m, "manageTeams").size === 0) requireManagesUsersAnywhere(m);
  return buildTree(m.units, await usersPerUnit(ctx, m));
}

/** The people of one unit (the teams screen), for those who manage users or teams. */
export async function usersOfUnit(ctx: DomainContext, unitId: string): Promise<TreeUser[]> {
  const m = await loadAccess(ctx);
  const unit = unitOf(m, unitId);
  if (!m.organizationAdmin && unitsWithRight(m, "manageTeams").size === 0) requireManagesUsersAnywhere(m);
  return (await usersPerUnit(ctx, m)).get(unit.id) ?? [];
}

// ---- editing ---------------------------------------------------------------------------------

// The access layer's rule (permissions/access.ts teamRefusal), which the GraphQL shield asks too.
function requireTeamsRight(m: Access, unitId: string | null): void {
  const refusal = teamRefusal(m, unitId);
  if (refusal) throw refusal;
}

/** Touchpoints and surveys keep a team alive (they would lose their owner). */
async function assertNoContent(ctx: DomainContext, m: Access, unitId: string): Promise<void> {
  const db = dbOf(ctx, m);
  const [touchpoints, surveys] = await Promise.all([db.touchpoint.count({ where: { unitId } }), db.survey.count({ where: { unitId } })]);
  if (touchpoints > 0) throw conflict(teamMessages.hasTouchpoints);
  if (surveys > 0) throw conflict(teamMessages.hasSurveys);
}

export async function createUnit(ctx: DomainContext, input: { parentId?: string | null; name: string; organizationId?: string | null }): Promise<TreeNode> {
  const name = parseInput(unitNameSchema, input.name);
  const m = await loadAccess(ctx, input.organizationId);
  const parentId = input.parentId ? unitOf(m, input.parentId).id : null;
  requireTeamsRight(m, parentId);
  const unit = await dbOf(ctx, m).unit.create({ data: { organizationId: m.organizationId, parentId, name }, select: { id: true, name: true, parentId: true } });
  forgetAccess(ctx);
  await audit(dbOf(ctx, m), {
    organizationId: m.organizationId,
    actorUserId: m.viewer.userId,
    action: "unit.create",
    details: { unitId: unit.id, parentId, name },
  });
  return { ...unit, children: [] };
}

export async function updateUnit(
  ctx: DomainContext,
  input: { unitId: string; name?: string | null; parentId?: string | null; moveToTop?: boolean; organizationId?: string | null },
): Promise<TreeNode> {
  const m = await loadAccess(ctx, input.organizationId);
  const unit = unitOf(m, input.unitId);
  const data: { name?: string; parentId?: string | null } = {};
  if (input.name !== undefined && input.name !== null) {
    data.name = parseInput(unitNameSchema, input.name);
    requireTeamsRight(m, unit.id);
  }
  const newParent = input.moveToTop ? null : input.parentId ? unitOf(m, input.parentId).id : undefined;
  if (newParent !== undefined && newParent !== unit.parentId) {
    if (newParent !== null && subtreeOf(m.units, unit.id).has(newParent)) throw badInput(teamMessages.cycle, "parentId");
    requireTeamsRight(m, unit.parentId);
    requireTeamsRight(m, newParent);
    data.parentId = newParent;
  }
  const updated = Object.keys(data).length
    ? await dbOf(ctx, m).unit.update({ where: { id: unit.id }, data, select: { id: true, name: true, parentId: true } })
    : unit;
  if (Object.keys(data).length) {
    forgetAccess(ctx);
    await audit(dbOf(ctx, m), { organizationId: m.organizationId, actorUserId: m.viewer.userId, action: "unit.update", details: { unitId: unit.id, ...data } });
  }
  return { ...updated, children: [] };
}

export async function deleteUnit(ctx: DomainContext, input: { unitId: string; organizationId?: string | null }): Promise<{ id: string }> {
  const m = await loadAccess(ctx, input.organizationId);
  const unit = unitOf(m, input.unitId);
  requireTeamsRight(m, unit.parentId);
  if (m.units.some((u) => u.parentId === unit.id)) throw conflict(teamMessages.hasChildren);
  await assertNoContent(ctx, m, unit.id);
  await dbOf(ctx, m).$transaction(async (db) => {
    await db.unit.delete({ where: { id: unit.id } });
    await audit(db, { organizationId: m.organizationId, actorUserId: m.viewer.userId, action: "unit.delete", details: { unitId: unit.id, name: unit.name } });
  });
  forgetAccess(ctx);
  return { id: unit.id };
}

// ---- POST /units/tree: the whole tree at once ------------------------------------------------

export type TreeInputNode = { _id?: string | null; name: string; children?: TreeInputNode[] };
const treeInputSchema: z.ZodType<TreeInputNode> = z.lazy(() =>
  z.object({
    _id: objectIdSchema.nullish(),
    name: unitNameSchema,
    children: z.array(treeInputSchema).optional(),
  }),
);
const treeSchema = z.array(treeInputSchema, { message: "tree must be a list of teams" }).min(1, "The organisation needs at least one team");

/**
 * Saves the whole tree: nodes without `_id` are created, changed names and parents are applied,
 * and teams left out are deleted. Each change is checked as if made alone; any refusal (rights,
 * a team that cannot be deleted, an unknown id) changes nothing.
 */
export async function saveUnitTree(ctx: DomainContext, input: { tree: unknown; organizationId?: string | null }): Promise<TreeNode[]> {
  const tree = parseInput(treeSchema, input.tree);
  const m = await loadAccess(ctx, input.organizationId);
  const known = new Map(m.units.map((u) => [u.id, u]));
  type Op = { kind: "create"; tempId: string; parent: string | null; name: string } | { kind: "update"; id: string; parent: string | null; name: string };
  const ops: Op[] = [];
  const seen = new Set<string>();
  let temp = 0;
  const walk = (nodes: TreeInputNode[], parent: string | null) => {
    for (const node of nodes) {
      let id: string;
      if (node._id) {
        if (!known.has(node._id)) throw badInput("Team not found", "tree");
        if (seen.has(node._id)) throw badInput("A team may appear only once in the tree", "tree");
        id = node._id;
        ops.push({ kind: "update", id, parent, name: node.name });
      } else {
        id = `new:${temp++}`;
        ops.push({ kind: "create", tempId: id, parent, name: node.name });
      }
      seen.add(id);
      walk(node.children ?? [], id);
    }
  };
  walk(tree, null);
  const deleted = m.units.filter((u) => !seen.has(u.id));
  const deletedIds = new Set(deleted.map((u) => u.id));

  // Rights, checked against the tree as it is now (a new parent that is itself new counts as its
  // creator's first existing ancestor).
  const existingAncestor = (id: string | null): string | null => {
    let current = id;
    while (current?.startsWith("new:")) {
      const op = ops.find((o) => o.kind === "create" && o.tempId === current);
      current = op ? op.parent : null;
    }
    return current;
  };
  for (const op of ops) {
    if (op.kind === "create") {
      requireTeamsRight(m, existingAncestor(op.parent));
      continue;
    }
    const before = known.get(op.id)!;
    if (before.name !== op.name) requireTeamsRight(m, op.id);
    if (before.parentId !== op.parent) {
      requireTeamsRight(m, before.parentId);
      requireTeamsRight(m, existingAncestor(op.parent));
    }
  }
  // A team left out goes with its sub-teams only when they are left out too (every kept team has
  // its parent in the new tree by construction); teams with touchpoints or surveys stay.
  for (const u of deleted) {
    requireTeamsRight(m, u.parentId);
    await assertNoContent(ctx, m, u.id);
  }

  await dbOf(ctx, m).$transaction(async (db) => {
    const realId = new Map<string, string>();
    const resolve = (id: string | null) => (id === null ? null : id.startsWith("new:") ? realId.get(id)! : id);
    // Detach units that are moving or going, so deletes never meet a child still pointing at them.
    for (const op of ops) {
      if (op.kind === "create") {
        const created = await db.unit.create({ data: { organizationId: m.organizationId, parentId: resolve(op.parent), name: op.name }, select: { id: true } });
        realId.set(op.tempId, created.id);
      }
    }
    for (const op of ops) {
      if (op.kind !== "update") continue;
      const before = known.get(op.id)!;
      const parentId = resolve(op.parent);
      if (before.name !== op.name || before.parentId !== parentId) await db.unit.update({ where: { id: op.id }, data: { name: op.name, parentId } });
    }
    // Deepest first.
    const depth = (u: UnitRow): number => (u.parentId && known.has(u.parentId) ? 1 + depth(known.get(u.parentId)!) : 0);
    for (const u of [...deleted].sort((a, b) => depth(b) - depth(a))) await db.unit.delete({ where: { id: u.id } });
    await audit(db, {
      organizationId: m.organizationId,
      actorUserId: m.viewer.userId,
      action: "unit.saveTree",
      details: { created: ops.filter((o) => o.kind === "create").length, deleted: [...deletedIds] },
    });
  });
  forgetAccess(ctx);
  return getUnitTree(ctx, input.organizationId);
}

// ---- the organisation option ------------------------------------------------------------------

export async function getTeamSettings(ctx: DomainContext): Promise<{ restrictSummaryToTeam: boolean }> {
  const m = await loadAccess(ctx);
  return ctx.prisma.organization.findUniqueOrThrow({ where: { id: m.organizationId }, select: { restrictSummaryToTeam: true } });
}

/** Only organisation admins change the option (it applies to the whole organisation). */
export async function setRestrictSummaryToTeam(ctx: DomainContext, enabled: boolean): Promise<{ restrictSummaryToTeam: boolean }> {
  const flag = parseInput(z.boolean({ message: "restrictSummaryToTeam must be true or false" }), enabled);
  const m = await loadAccess(ctx);
  requireOrganizationAdmin(m);
  const result = await ctx.prisma.organization.update({
    where: { id: m.organizationId },
    data: { restrictSummaryToTeam: flag },
    select: { restrictSummaryToTeam: true },
  });
  await audit(dbOf(ctx, m), {
    organizationId: m.organizationId,
    actorUserId: m.viewer.userId,
    action: "organization.restrictSummaryToTeam",
    details: { restrictSummaryToTeam: flag },
  });
  return result;
}
