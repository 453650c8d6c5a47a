// /api/v5 POST /results/list (spec 001 §7): the feedback list. format json (default) answers a page;
// csv, xlsx and pdf start an export job and answer its cacheId (poll GET /results-feedbacklist/poll).
// A share link's visitor calls it with ?token= and no bearer token: pages and files of what the link
// shows; the file belongs to the link (poll and download with the same ?token=). docs/feedback-list.md,
// docs/sharing-and-exports.md.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { badInput } from "../../domain/errors.js";
import { feedbackListPage, maxPageSize } from "../../domain/feedback-list/list.js";
import { fileFormats, startFeedbackListExport } from "../../domain/feedback-list/exports.js";

const tag = "Results";
const listFormats = ["json", "csv", "xlsx", "pdf"] as const;
export const resultsListMessages = {
  format: `format must be one of ${listFormats.join(", ")}`,
} as const;

const cell = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);
const pageShape = z.object({
  data: z
    .array(z.record(z.string(), cell))
    .describe(
      "rows: feedbackId, surveyId, touchpointId, hidden, hiddenAnswers, and a key per column (question ids, date, touchpoint, language, status, meta_<key>)",
    ),
  questions: z.array(z.object({ _id: z.string(), surveyId: z.string(), surveyName: z.string(), type: z.string(), title: z.string() })),
  columns: z.array(z.object({ key: z.string(), title: z.string(), kind: z.enum(["fixed", "question", "meta"]) })),
  metaKeys: z.array(z.string()),
  currentPage: z.number(),
  totalPages: z.number(),
  total: z.number(),
  pageSize: z.number(),
});

export const resultsListRoutes = [
  defineRoute({
    method: "POST",
    path: "/results/list",
    analytics: true,
    errors: { 410: "the share link has expired", 429: "the share link is already making a file" },
    tag,
    summary:
      "The feedback list: a page of responses under the results filters (json), or a csv, xlsx or pdf export job (answers cacheId; a PDF holds the newest 2,000 responses)",
    auth: "bearerOrQueryToken",
    body: z.strictObject({
      filters: z.record(z.string(), z.unknown()).nullish().describe("results filters (spec 001 §3); dates yyyy-MM-dd"),
      locale: z.string().nullish().describe("language of the labels and column titles, e.g. en, es, fi (default en)"),
      format: z.enum(listFormats, { message: resultsListMessages.format }).nullish().describe("json (default), csv, xlsx, pdf"),
      page: z.union([z.number(), z.string()]).nullish().describe("page number from 1 (default 1)"),
      pageSize: z.union([z.number(), z.string()]).nullish().describe(`rows per page, 1–${maxPageSize} (default 50)`),
      dateFilterChangedManually: z.boolean().nullish(),
    }),
    response: z.union([pageShape, z.object({ cacheId: z.string() })]),
    handler: async ({ ctx, body, queryToken }) => {
      const filters =
        body.dateFilterChangedManually === undefined || body.dateFilterChangedManually === null
          ? (body.filters ?? {})
          : { ...(body.filters ?? {}), dateFilterChangedManually: body.dateFilterChangedManually };
      const format = body.format ?? "json";
      if (format === "json") return feedbackListPage(ctx, { filters, locale: body.locale, page: body.page, pageSize: body.pageSize, shareToken: queryToken });
      if (!(fileFormats as readonly string[]).includes(format)) throw badInput(resultsListMessages.format, "format");
      return { cacheId: await startFeedbackListExport(ctx, format as "csv" | "xlsx" | "pdf", { filters, locale: body.locale }, { shareToken: queryToken }) };
    },
  }),
];
