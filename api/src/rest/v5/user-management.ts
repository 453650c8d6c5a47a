// /api/v5 "Users and teams" (spec 000 §7): users with roles per unit, the unit tree, team changes,
// the billing admin flag and direct adds. Handlers only parse and shape: the rules are in
// domain/user-management and domain/teams. The optional organizationId is for system admins;
// anyone else naming another organisation gets 404 "No organization found".
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  createUser,
  getUser,
  listUsers,
  modifyTeam,
  removeUserFromUnit,
  setBillingAdmin,
  updateUserInUnit,
  userEmails,
  type Member,
} from "../../domain/user-management/users.js";
import { getUnitTree, getUnitTreeWithUsers, saveUnitTree, type TreeNode } from "../../domain/teams/unit-tree.js";

const tag = "Users and teams";
const objectId = z.string().describe("24 hexadecimal characters");
const role = z.enum(["admin", "editor", "viewer"]);
const orgQuery = z.object({ organizationId: z.string().optional().describe("system admins only: another organisation") });
const flag = (name: string) => z.boolean({ message: `${name} must be true or false` });

const memberShape = z
  .object({
    _id: objectId,
    email: z.string(),
    displayname: z.string(),
    organizationAdmin: z.boolean(),
    billingAdmin: z.boolean(),
    mayCreateSurveys: z.boolean(),
    settings: z.object({ receive_digest: z.boolean() }),
    rolesPerUnit: z.array(z.object({ unitId: objectId, unitName: z.string(), role })),
  })
  .meta({ id: "Member" });

const toMemberJson = (m: Member): z.input<typeof memberShape> => ({
  _id: m.userId,
  email: m.email,
  displayname: m.displayName,
  organizationAdmin: m.organizationAdmin,
  billingAdmin: m.billingAdmin,
  mayCreateSurveys: m.mayCreateSurveys,
  settings: { receive_digest: m.receiveDigest },
  rolesPerUnit: m.roles.map((r) => ({ unitId: r.unitId, unitName: r.unitName, role: r.role })),
});

type TreeJson = {
  _id: string;
  name: string;
  parentId: string | null;
  children: TreeJson[];
  users?: { _id: string; email: string; displayname: string; role: "admin" | "editor" | "viewer" }[];
};
const treeShape: z.ZodType<TreeJson> = z
  .lazy(() =>
    z.object({
      _id: objectId,
      name: z.string(),
      parentId: objectId.nullable(),
      children: z.array(treeShape),
      users: z.array(z.object({ _id: objectId, email: z.string(), displayname: z.string(), role })).optional(),
    }),
  )
  .meta({ id: "UnitTree", description: "A team and its sub-teams (with its members when asked for)" });
const toTreeJson = (nodes: TreeNode[]): TreeJson[] =>
  nodes.map((n) => ({
    _id: n.id,
    name: n.name,
    parentId: n.parentId,
    children: toTreeJson(n.children),
    ...(n.users ? { users: n.users.map((u) => ({ _id: u.userId, email: u.email, displayname: u.displayName, role: u.role })) } : {}),
  }));

type TreeInputJson = { _id?: string | null; name: string; children?: TreeInputJson[] };
const treeInput: z.ZodType<TreeInputJson> = z
  .lazy(() => z.object({ _id: z.string().nullish().describe("absent for a new team"), name: z.string(), children: z.array(treeInput).optional() }))
  .meta({ id: "UnitTreeInput", description: "A team to save, with its sub-teams" });

const grantFields = {
  unitId: z.string({ message: "unitId is required" }),
  role: z.string({ message: "Role must be admin, editor or viewer" }),
  organizationAdmin: flag("organizationAdmin").optional(),
  billingAdmin: flag("billingAdmin").optional(),
  mayCreateSurveys: flag("mayCreateSurveys").optional(),
};

export const userManagementRoutes = [
  defineRoute({
    method: "GET",
    path: "/users/emails",
    tag,
    summary: "The e-mail addresses of the organisation's members (any member)",
    auth: "bearer",
    query: orgQuery,
    response: z.array(z.string()),
    handler: async ({ ctx, query }) => (await userEmails(ctx, query.organizationId)).map((u) => u.email),
  }),
  defineRoute({
    method: "GET",
    path: "/units/tree",
    tag,
    summary: "The organisation's team tree (any member)",
    auth: "bearer",
    query: orgQuery,
    response: z.array(treeShape),
    handler: async ({ ctx, query }) => toTreeJson(await getUnitTree(ctx, query.organizationId)),
  }),
  defineRoute({
    method: "GET",
    path: "/units/tree/users",
    tag,
    summary: "The team tree with each team's people and roles (those who manage users or teams)",
    auth: "bearer",
    query: orgQuery,
    response: z.array(treeShape),
    handler: async ({ ctx, query }) => toTreeJson(await getUnitTreeWithUsers(ctx, query.organizationId)),
  }),
  defineRoute({
    method: "POST",
    path: "/units/tree",
    errors: { 409: "a removed team still has sub-teams, touchpoints or surveys" },
    tag,
    summary: "Saves the whole team tree: teams without _id are created, names and parents applied, teams left out deleted",
    auth: "bearer",
    body: z.object({ tree: z.array(treeInput, { message: "tree must be a list of teams" }), organizationId: z.string().optional() }),
    response: z.array(treeShape),
    handler: async ({ ctx, body }) => toTreeJson(await saveUnitTree(ctx, { tree: body.tree, organizationId: body.organizationId })),
  }),
  defineRoute({
    method: "GET",
    path: "/organizations/{id}/unit-tree",
    tag,
    summary: "An organisation's team tree; with members=users each team lists its people",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    query: z.object({ members: z.enum(["users"], { message: "members must be users" }).optional() }),
    response: z.array(treeShape),
    handler: async ({ ctx, params, query }) =>
      toTreeJson(query.members === "users" ? await getUnitTreeWithUsers(ctx, params.id) : await getUnitTree(ctx, params.id)),
  }),
  defineRoute({
    method: "GET",
    path: "/organizations/{id}/users",
    tag,
    summary: "An organisation's members with roles per unit and flags (those who manage users)",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: z.array(memberShape),
    handler: async ({ ctx, params }) => (await listUsers(ctx, params.id)).map(toMemberJson),
  }),
  defineRoute({
    method: "GET",
    path: "/users/{id}",
    tag,
    summary: "One member with roles per unit and flags (those who manage users)",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    query: orgQuery,
    response: memberShape,
    handler: async ({ ctx, params, query }) => toMemberJson(await getUser(ctx, params.id, query.organizationId)),
  }),
  defineRoute({
    method: "PUT",
    path: "/users/{id}/modify-team",
    errors: { 409: "it would remove the last organisation admin" },
    tag,
    summary: "Replaces the user's teams with the given units and roles",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    body: z.object({
      organizationId: z.string().optional(),
      units: z.array(z.object({ unitId: z.string(), role: z.string() }), { message: "units must be a list of { unitId, role }" }),
    }),
    response: memberShape,
    handler: async ({ ctx, params, body }) =>
      toMemberJson(await modifyTeam(ctx, { userId: params.id, organizationId: body.organizationId, units: body.units })),
  }),
  defineRoute({
    method: "PUT",
    path: "/units/{unitId}/{userId}",
    errors: { 409: "it would remove the last organisation admin" },
    tag,
    summary: 'The user\'s role in the unit (given or changed) and flags; answers the user ("user updated")',
    auth: "bearer",
    params: z.object({ unitId: z.string(), userId: z.string() }),
    query: orgQuery,
    body: z
      .object({
        role: z.string().optional(),
        organizationAdmin: flag("organizationAdmin").optional(),
        billingAdmin: flag("billingAdmin").optional(),
        mayCreateSurveys: flag("mayCreateSurveys").optional(),
        receive_digest: flag("receive_digest").optional().describe("the weekly digest"),
      })
      .strict(),
    response: memberShape,
    handler: async ({ ctx, params, query, body }) =>
      toMemberJson(
        await updateUserInUnit(ctx, {
          unitId: params.unitId,
          userId: params.userId,
          organizationId: query.organizationId,
          update: {
            role: body.role as never,
            organizationAdmin: body.organizationAdmin,
            billingAdmin: body.billingAdmin,
            mayCreateSurveys: body.mayCreateSurveys,
            receiveDigest: body.receive_digest,
          },
        }),
      ),
  }),
  defineRoute({
    method: "DELETE",
    path: "/units/{unitId}/{userId}",
    errors: { 409: "it would remove the last organisation admin" },
    tag,
    summary: "Removes the user from the unit (without any unit left, and not an organisation admin, they leave the organisation)",
    auth: "bearer",
    params: z.object({ unitId: z.string(), userId: z.string() }),
    query: orgQuery,
    response: z.object({ status: z.literal("ok"), removedFromOrganization: z.boolean() }),
    handler: async ({ ctx, params, query }) => ({
      status: "ok" as const,
      ...(await removeUserFromUnit(ctx, { unitId: params.unitId, userId: params.userId, organizationId: query.organizationId })),
    }),
  }),
  defineRoute({
    method: "POST",
    path: "/users/create",
    errors: {
      409: "the address already has an account or is in the team",
      429: "too many addresses with an account elsewhere from this organisation in an hour",
    },
    tag,
    summary: "Adds a new account directly with a password, within the plan's user seats",
    auth: "bearer",
    status: 201,
    body: z.object({
      email: z.string({ message: "Please provide a valid e-mail address" }),
      displayname: z.string({ message: "Name is required" }),
      password: z.string({ message: "password is required" }),
      password2: z.string().optional(),
      locale: z.string().optional(),
      organizationId: z.string().optional(),
      ...grantFields,
    }),
    response: memberShape,
    handler: async ({ ctx, body }) =>
      toMemberJson(
        await createUser(ctx, {
          email: body.email,
          displayName: body.displayname,
          password: body.password,
          password2: body.password2,
          locale: body.locale as never,
          organizationId: body.organizationId,
          unitId: body.unitId,
          role: body.role as never,
          organizationAdmin: body.organizationAdmin,
          billingAdmin: body.billingAdmin,
          mayCreateSurveys: body.mayCreateSurveys,
        }),
      ),
  }),
  defineRoute({
    method: "PUT",
    path: "/users/billing-admin",
    tag,
    summary: 'Gives or takes the billing admin flag (organisation admins only; "billing administrator updated")',
    auth: "bearer",
    body: z.object({
      user: z.string({ message: "user is required" }).describe("the user's _id"),
      flag: flag("flag"),
      organizationId: z.string().optional(),
    }),
    response: memberShape,
    handler: async ({ ctx, body }) =>
      toMemberJson(await setBillingAdmin(ctx, { userId: body.user, billingAdmin: body.flag, organizationId: body.organizationId })),
  }),
];

export { grantFields };
