// Unit: a team in the organisation's hierarchical tree.
import { builder } from "./builder.js";
import { inViewerOrganization } from "../domain/tenancy.js";

export const RoleEnum = builder.enumType("Role", { values: ["admin", "editor", "viewer"] as const });

export const UnitType = builder.prismaNode("Unit", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...inViewerOrganization(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id"),
    name: t.exposeString("name"),
    parent: t.relation("parent", { nullable: true }),
    children: t.relation("children", { query: { orderBy: { name: "asc" } } }),
  }),
});
