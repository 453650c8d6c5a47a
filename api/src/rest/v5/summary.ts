// /api/v5 POST /summary (spec 001 §7 "Summary"): from, to (yyyy-MM-dd, default the last 7 days),
// surveyId (list), utcOffset. Answers the summary result of spec 001 §3 with dates in slashes.
// The rules are in domain/analytics/summary.ts.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { getSummary } from "../../domain/analytics/summary.js";

const tag = "Summary";
const pair = <T extends z.ZodType>(t: T) => z.object({ now: t, earlier: t });
const rankingRow = z.object({
  touchpointId: z.string(),
  name: z.string(),
  type: z.string(),
  position: z.number().describe("1 = best average"),
  average: z.number().nullable().describe("satisfaction 0–100: smiley and NPS/10 answers, × 100"),
  nps: z.number().nullable(),
  count: z.number().describe("responses"),
});
const summaryShape = z.object({
  from: z.string().describe("yyyy/MM/dd"),
  to: z.string().describe("yyyy/MM/dd, inclusive"),
  utcOffset: z.number(),
  ranking: pair(z.array(rankingRow)),
  average: pair(z.number().nullable()),
  orgAverage: pair(z.number().nullable()),
  count: pair(z.number()),
  orgCount: pair(z.number()),
  nps: pair(z.number().nullable()),
  orgNPS: pair(z.number().nullable()),
  charts: z.object({ daily: z.array(z.object({ date: z.string(), count: z.number(), average: z.number().nullable(), nps: z.number().nullable() })) }),
  responseLimitNotice: z
    .string()
    .nullable()
    .describe('"Response limit exceeded (some responses not shown)" when the organisation has responses over its response limit in the window; else null'),
});

export const summaryRoutes = [
  defineRoute({
    method: "POST",
    path: "/summary",
    analytics: true,
    tag,
    summary: "The summary dashboard: touchpoint ranking, average, NPS and count (now and earlier) beside the organisation's, and a daily series",
    auth: "bearer",
    body: z
      .object({
        from: z.string().nullish().describe("yyyy-MM-dd"),
        to: z.string().nullish().describe("yyyy-MM-dd"),
        surveyId: z.union([z.string(), z.array(z.string())]).nullish(),
        utcOffset: z.union([z.number(), z.string()]).nullish().describe("minutes east of UTC"),
        unitId: z.string().nullish().describe("a team: the team and its sub-teams"),
      })
      .catchall(z.unknown())
      .nullish(),
    response: summaryShape,
    handler: async ({ ctx, body }) => getSummary(ctx, body ?? {}),
  }),
];
