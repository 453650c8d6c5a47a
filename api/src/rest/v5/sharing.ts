// Share links (spec 001 §3 "Share token options", §7): POST /results/token/create and the link's
// defaults GET /results/token/{token} (open: the token is the proof). Dates are received with slashes.
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  shareLinkMessages,
  sharedViewDefaults,
  type ShareLinkSummary,
} from "../../domain/sharing/share-links.js";
import { allowChangeKeys } from "../../domain/results-scope/share-link.js";

const objectId = z.string().describe("24 hexadecimal characters");
const optionKeys = [
  "allowChanges",
  "dynamicDate",
  "name",
  "expiredAt",
  "hideTimestamps",
  "hideResultsIfLessThan",
  "smileyScale",
  "filters",
  "journeyId",
] as const;

const linkShape = z
  .object({
    _id: objectId,
    name: z.string(),
    filters: z.record(z.string(), z.unknown()),
    allowChanges: z.array(z.string()),
    dynamicDate: z.boolean(),
    expiredAt: z.string().nullable().describe("ISO 8601"),
    expired: z.boolean(),
    hideTimestamps: z.boolean(),
    hideResultsIfLessThan: z.number().int().nullable(),
    smileyScale: z.unknown(),
    createdAt: z.string().describe("ISO 8601"),
    createdBy: z.string().nullable().describe("the creator's name"),
  })
  .meta({ id: "ShareLink" });

const toJson = (l: ShareLinkSummary): z.input<typeof linkShape> => ({
  _id: l.id,
  name: l.name,
  filters: l.filters,
  allowChanges: l.allowChanges,
  dynamicDate: l.dynamicDate,
  expiredAt: l.expiredAt?.toISOString() ?? null,
  expired: l.expired,
  hideTimestamps: l.hideTimestamps,
  hideResultsIfLessThan: l.hideResultsIfLessThan,
  smileyScale: l.smileyScale,
  createdAt: l.createdAt.toISOString(),
  createdBy: l.createdByName,
});

export const sharingRoutes = [
  defineRoute({
    method: "POST",
    path: "/results/token/create",
    tag: "Results",
    summary: "Create a share link: the results filters (as `filters`, or at the top level) plus the share options. The answer's token is shown only this once",
    auth: "bearer",
    body: z
      .object({
        filters: z.record(z.string(), z.unknown(), { message: "filters must be an object" }).optional(),
        allowChanges: z
          .array(z.string())
          .optional()
          .describe(`what a visitor may change: ${Object.keys(allowChangeKeys).join(", ")}`),
        dynamicDate: z.boolean().optional().describe("the window moves with today, keeping its length"),
        name: z.string().optional(),
        expiredAt: z.string().nullable().optional().describe("yyyy-MM-dd (the link stops at that day's start) or ISO 8601"),
        hideTimestamps: z.boolean().optional(),
        hideResultsIfLessThan: z.number().nullable().optional(),
        smileyScale: z.unknown().optional().describe("a number of smileys (2–10) or { min, max }"),
        journeyId: z.unknown().optional().describe("a customer journey's link: the link then opens that journey's analytics only (24 hex)"),
      })
      .catchall(z.unknown()),
    status: 201,
    response: z.object({ token: z.string(), url: z.string().describe("the results page with the token"), _id: objectId, message: z.string() }),
    handler: async ({ ctx, body }) => {
      const { filters: nested, ...rest } = body;
      const topLevel = Object.fromEntries(Object.entries(rest).filter(([k]) => !(optionKeys as readonly string[]).includes(k)));
      const filters = nested ?? topLevel;
      const { token, url, link } = await createShareLink(ctx, { ...(rest as object), filters } as Parameters<typeof createShareLink>[1]);
      return { token, url, _id: link.id, message: shareLinkMessages.created };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/results/token/{token}",
    errors: {
      404: "the link is not valid or was removed",
      403: "No rights for this, or the plan lacks the feature; for a share link: its organisation is locked, so its links are closed",
      410: "the link has expired",
    },
    tag: "Results",
    summary:
      "A share link's defaults, open without a session: from and to (yyyy/MM/dd, moved with today when dynamicDate), allowChanges, the link's filters and display options",
    auth: "none",
    params: z.object({ token: z.string() }),
    query: z.object({ utcOffset: z.coerce.number({ message: "utcOffset must be a number" }).int().min(-720).max(840).optional() }),
    response: z.object({
      from: z.string(),
      to: z.string(),
      allowChanges: z.array(z.string()),
      filters: z.record(z.string(), z.unknown()),
      name: z.string(),
      dynamicDate: z.boolean(),
      hideTimestamps: z.boolean(),
      hideResultsIfLessThan: z.number().int().nullable(),
      smileyScale: z.unknown(),
      expiredAt: z.string().nullable(),
    }),
    handler: async ({ ctx, params, query }) => {
      const d = await sharedViewDefaults(ctx, params.token, { utcOffset: query.utcOffset });
      return {
        from: d.from,
        to: d.to,
        allowChanges: d.allowChanges,
        filters: d.filters,
        name: d.options.name,
        dynamicDate: d.options.dynamicDate,
        hideTimestamps: d.options.hideTimestamps,
        hideResultsIfLessThan: d.options.hideResultsIfLessThan,
        smileyScale: d.options.smileyScale,
        expiredAt: d.expiredAt?.toISOString() ?? null,
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/results/tokens",
    tag: "Results",
    summary: "The caller's share links (organisation admins: every link of the organisation), newest first, without their tokens",
    auth: "bearer",
    response: z.array(linkShape),
    handler: async ({ ctx }) => (await listShareLinks(ctx)).map(toJson),
  }),
  defineRoute({
    method: "DELETE",
    path: "/results/tokens/{id}",
    tag: "Results",
    summary: "Remove a share link: it stops working at once",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: z.object({ status: z.literal("ok"), _id: objectId, message: z.string() }),
    handler: async ({ ctx, params }) => ({ status: "ok" as const, _id: (await revokeShareLink(ctx, params.id)).id, message: shareLinkMessages.removed }),
  }),
];
