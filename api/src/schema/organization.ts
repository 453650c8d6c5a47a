// Organisation: the tenant.
import { builder } from "./builder.js";
import { organizationsOfViewer } from "../domain/tenancy.js";

export const SatisfactionScale = builder.objectRef<{ enabled: boolean; min: number; max: number }>("SatisfactionScale").implement({
  fields: (t) => ({ enabled: t.exposeBoolean("enabled"), min: t.exposeInt("min"), max: t.exposeInt("max") }),
});

export const OrganizationType = builder.prismaNode("Organization", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...organizationsOfViewer(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id"),
    name: t.exposeString("name"),
    countryCode: t.exposeString("countryCode"),
    currency: t.exposeString("currency"),
    segment: t.exposeString("segment"),
    availableFeatures: t.stringList({
      select: { featureSet: { select: { features: true } } },
      resolve: (o) => o.featureSet?.features ?? [],
    }),
    satisfactionScale: t.field({
      type: SatisfactionScale,
      select: { satisfactionScaleEnabled: true, satisfactionScaleMin: true, satisfactionScaleMax: true },
      resolve: (o) => ({ enabled: o.satisfactionScaleEnabled, min: o.satisfactionScaleMin, max: o.satisfactionScaleMax }),
    }),
    units: t.relatedConnection("units", { cursor: "id", query: { orderBy: { name: "asc" } } }),
  }),
});
