// generateDemoData: POST /demo-data as a mutation (docs/demo-data.md). Organisation admins only; the
// rules are in domain/demo-data.
import { builder } from "./builder.js";
import { generateDemoData, type DemoDataResult } from "../domain/demo-data/demo-data.js";
import { tenantDb } from "../domain/tenancy.js";

const DemoDataPayload = builder.objectRef<DemoDataResult>("DemoDataPayload").implement({
  fields: (t) => ({
    survey: t.prismaField({
      type: "Survey",
      resolve: (query, r, _a, ctx) => tenantDb(ctx).survey.findUniqueOrThrow({ ...query, where: { id: r.survey.id } }),
    }),
    surveyCreated: t.boolean({ description: "the demo survey was made by this call", resolve: (r) => r.survey.created }),
    touchpointLegacyId: t.string({ description: "the demo link's 24-hex _id", resolve: (r) => r.touchpoint.id }),
    touchpointCreated: t.boolean({ resolve: (r) => r.touchpoint.created }),
    responses: t.int({ description: "responses added by this call", resolve: (r) => r.responses }),
    responseCount: t.int({ description: "the demo survey's responses after this call", resolve: (r) => r.responseCount }),
  }),
});

builder.mutationField("generateDemoData", (t) =>
  t.field({
    type: DemoDataPayload,
    description: "Organisation admins: the demo survey and its link (first call) and sample responses over the last 90 days (every call)",
    args: { responses: t.arg.int({ description: "how many responses to add (1–5000, default 500)" }) },
    resolve: (_root, { responses }, ctx) => generateDemoData(ctx, responses === null || responses === undefined ? {} : { responses }),
  }),
);
