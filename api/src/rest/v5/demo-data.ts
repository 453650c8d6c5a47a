// /api/v5 POST /demo-data (spec 001 §7, "payload and answer not shown"; docs/demo-data.md): the demo
// survey, its link and sample responses in the caller's organisation. The rules are in
// domain/demo-data.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { demoDataLimits, generateDemoData } from "../../domain/demo-data/demo-data.js";

const objectId = z.string().describe("24 hexadecimal characters");

export const demoDataRoutes = [
  defineRoute({
    method: "POST",
    path: "/demo-data",
    tag: "Surveys",
    summary: "Organisation admins: creates the demo survey and its link on the first call, and adds sample responses over the last 90 days on every call",
    auth: "bearer",
    body: z
      .record(z.string(), z.unknown(), { message: "The body is an object" })
      .optional()
      .describe(`{ responses?: whole number 1–${demoDataLimits.maxResponses}, default ${demoDataLimits.defaultResponses} }`),
    response: z.object({
      survey: z.object({ _id: objectId, name: z.string(), created: z.boolean().describe("made by this call") }),
      touchpoint: z.object({ _id: objectId, name: z.string(), created: z.boolean() }),
      responses: z.number().describe("responses added by this call"),
      responseCount: z.number().describe("the demo survey's responses after this call"),
      from: z.string().nullable().describe("the earliest added response (ISO 8601)"),
      to: z.string().nullable().describe("the latest added response (ISO 8601)"),
      message: z.literal("data generated").describe("spec 001 §8 success message"),
    }),
    status: 201,
    handler: async ({ ctx, body }) => {
      const r = await generateDemoData(ctx, body ?? {});
      return {
        survey: { _id: r.survey.id, name: r.survey.name, created: r.survey.created },
        touchpoint: { _id: r.touchpoint.id, name: r.touchpoint.name, created: r.touchpoint.created },
        responses: r.responses,
        responseCount: r.responseCount,
        from: r.from?.toISOString() ?? null,
        to: r.to?.toISOString() ?? null,
        message: "data generated" as const,
      };
    },
  }),
];
