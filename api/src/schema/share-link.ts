// Share links (spec 001 §3 "Share token options", §7 POST /results/token/create, GET
// /results/token/{token}): members create, list and remove links; a visitor without a session reads a
// link's defaults with its token (the `shareToken` argument or the X-Share-Token header). Rules live in
// domain/sharing.
import { linkExportKinds } from "../domain/exports/jobs.js";
import { builder } from "./builder.js";
import { badInput } from "../domain/errors.js";
import { organizationHasFeature } from "../domain/features/features.js";
import { filtersArg, ResultsFilterInput, ResultsFilters, storedFilters } from "./results-filter.js";
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  shareLinkMessages,
  sharedViewDefaults,
  type ShareLinkSummary,
  type SharedViewDefaults,
} from "../domain/sharing/share-links.js";
import { presentedShareToken } from "../domain/results-scope/caller.js";

/** A stored smiley scale: a number of smileys, or a range of them. */
type StoredSmileyScale = number | { min: number; max: number };

const SmileyScale = builder.objectRef<StoredSmileyScale>("SmileyScale").implement({
  description: "A share link's smiley scale: a number of smileys, or the range min…max",
  fields: (t) => ({
    count: t.int({ nullable: true, description: "the number of smileys (2–10)", resolve: (s) => (typeof s === "number" ? s : null) }),
    min: t.int({ nullable: true, resolve: (s) => (typeof s === "number" ? null : s.min) }),
    max: t.int({ nullable: true, resolve: (s) => (typeof s === "number" ? null : s.max) }),
  }),
});

const smileyScaleOf = (stored: unknown): StoredSmileyScale | null =>
  typeof stored === "number" || (stored !== null && typeof stored === "object" && !Array.isArray(stored)) ? (stored as StoredSmileyScale) : null;

const ShareLinkType = builder.objectRef<ShareLinkSummary>("ShareLink");
ShareLinkType.implement({
  description: "A public link to the results (its token is shown only when it is created)",
  fields: (t) => ({
    id: t.globalID({ resolve: (l) => ({ type: ShareLinkType, id: l.id }) }),
    legacyId: t.exposeString("id", { description: "the link's 24-hex id" }),
    name: t.exposeString("name"),
    filters: t.field({ type: ResultsFilters, description: "the link's results filters (spec 001 §3)", resolve: (l) => storedFilters(l.filters) }),
    allowChanges: t.exposeStringList("allowChanges", { description: "the filters and options a visitor may change" }),
    dynamicDate: t.exposeBoolean("dynamicDate", { description: "the date window moves with today, keeping its length" }),
    expiredAt: t.field({ type: "DateTime", nullable: true, description: "the link stops working then", resolve: (l) => l.expiredAt }),
    expired: t.exposeBoolean("expired"),
    hideTimestamps: t.exposeBoolean("hideTimestamps"),
    hideResultsIfLessThan: t.exposeInt("hideResultsIfLessThan", { nullable: true }),
    smileyScale: t.field({
      type: SmileyScale,
      nullable: true,
      description: "the smiley scale, null for the organisation's",
      resolve: (l) => smileyScaleOf(l.smileyScale),
    }),
    createdAt: t.field({ type: "DateTime", resolve: (l) => l.createdAt }),
    createdByName: t.exposeString("createdByName", { nullable: true }),
  }),
});

const SharedViewType = builder.objectRef<SharedViewDefaults>("SharedView").implement({
  description: "What a share link opens: its window, what the visitor may change and the display options",
  fields: (t) => ({
    from: t.exposeString("from", { description: "yyyy/MM/dd" }),
    to: t.exposeString("to", { description: "yyyy/MM/dd" }),
    allowChanges: t.exposeStringList("allowChanges"),
    filters: t.field({
      type: ResultsFilters,
      description: "the link's filters (with today's window when dynamicDate)",
      resolve: (v) => storedFilters(v.filters),
    }),
    name: t.string({ resolve: (v) => v.options.name }),
    dynamicDate: t.boolean({ resolve: (v) => v.options.dynamicDate }),
    hideTimestamps: t.boolean({ resolve: (v) => v.options.hideTimestamps }),
    hideResultsIfLessThan: t.int({ nullable: true, resolve: (v) => v.options.hideResultsIfLessThan }),
    smileyScale: t.field({ type: SmileyScale, nullable: true, resolve: (v) => smileyScaleOf(v.options.smileyScale) }),
    expiredAt: t.field({ type: "DateTime", nullable: true, resolve: (v) => v.expiredAt }),
    exportKinds: t.stringList({
      description:
        "the files (csv, xlsx, pdf) a visitor may export through the link: its creator's exportResults right and plan; empty: the screen offers no export",
      resolve: (v, _a, ctx) => linkExportKinds(ctx, v),
    }),
    feedbackList: t.boolean({
      description: "whether the link's organisation has the feedback list (the feedbackInbox feature); the screen hides its tab otherwise",
      resolve: (v, _a, ctx) => organizationHasFeature(ctx.prisma, v.organizationId, "feedbackInbox"),
    }),
  }),
});

builder.queryField("shareLinks", (t) =>
  t.field({
    type: [ShareLinkType],
    description: "the caller's share links (organisation admins: every link of the organisation), newest first",
    resolve: (_root, _args, ctx) => listShareLinks(ctx),
  }),
);

builder.queryField("sharedView", (t) =>
  t.field({
    type: SharedViewType,
    description: "a share link's defaults (GET /results/token/{token}); open without a session with a valid token",
    args: {
      shareToken: t.arg.string({ description: "the link's token; or send it in the X-Share-Token header" }),
      utcOffset: t.arg.int({ description: "the visitor's minutes east of UTC" }),
    },
    resolve: (_root, args, ctx) => sharedViewDefaults(ctx, presentedShareToken(ctx, args.shareToken) ?? "", { utcOffset: args.utcOffset ?? undefined }),
  }),
);

const SmileyScaleInput = builder.inputType("SmileyScaleInput", {
  description: "A number of smileys (count, 2–10), or a range of them (min and max, 0 ≤ min < max ≤ 10)",
  fields: (t) => ({ count: t.int(), min: t.int(), max: t.int() }),
});

/** The typed smiley scale as the domain's shape (count, or { min, max }), which validates it. */
function smileyScaleArg(input: { count?: number | null; min?: number | null; max?: number | null } | null | undefined): unknown {
  if (input === null || input === undefined) return undefined;
  if (input.count !== null && input.count !== undefined) {
    if ((input.min ?? input.max ?? null) !== null) throw badInput(shareLinkMessages.invalidSmileyScale, "smileyScale");
    return input.count;
  }
  return { min: input.min, max: input.max };
}

const ShareLinkInput = builder.inputType("CreateShareLinkInput", {
  fields: (t) => ({
    filters: t.field({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
    allowChanges: t.stringList({
      description:
        "what a visitor may change: date, channelId, surveyId, groupBy, restrictByAnswer, metaDataMatch, feedbackListHiddenColumns, options, options.<name>",
    }),
    dynamicDate: t.boolean(),
    name: t.string(),
    expiredAt: t.string({ description: "yyyy-MM-dd (the link stops at that day's start) or ISO 8601" }),
    hideTimestamps: t.boolean(),
    hideResultsIfLessThan: t.int(),
    smileyScale: t.field({ type: SmileyScaleInput, description: "default: the organisation's" }),
    journeyId: t.string({ description: "a customer journey's link (24 hex): it then opens that journey's analytics only" }),
  }),
});

const CreateShareLinkPayload = builder.objectRef<{ token: string; url: string; link: ShareLinkSummary }>("CreateShareLinkPayload").implement({
  fields: (t) => ({
    token: t.exposeString("token", { description: "the link's token: shown only this once" }),
    url: t.exposeString("url", { description: "the results page with the token" }),
    shareLink: t.field({ type: ShareLinkType, resolve: (p) => p.link }),
  }),
});

builder.mutationField("createShareLink", (t) =>
  t.field({
    type: CreateShareLinkPayload,
    description: "A public link to the results with these filters and options (POST /results/token/create)",
    args: { input: t.arg({ type: ShareLinkInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      createShareLink(ctx, {
        filters: filtersArg(input.filters),
        allowChanges: input.allowChanges ?? undefined,
        dynamicDate: input.dynamicDate ?? undefined,
        name: input.name ?? undefined,
        expiredAt: input.expiredAt ?? undefined,
        hideTimestamps: input.hideTimestamps ?? undefined,
        hideResultsIfLessThan: input.hideResultsIfLessThan ?? undefined,
        smileyScale: smileyScaleArg(input.smileyScale) as never,
        journeyId: input.journeyId ?? undefined,
      }),
  }),
);

const RevokeShareLinkPayload = builder.objectRef<{ id: string }>("RevokeShareLinkPayload").implement({
  fields: (t) => ({ revokedShareLinkId: t.globalID({ description: "the removed link's id", resolve: (p) => ({ type: ShareLinkType, id: p.id }) }) }),
});

builder.mutationField("revokeShareLink", (t) =>
  t.field({
    type: RevokeShareLinkPayload,
    description: "Remove a share link: it stops working at once (own links; organisation admins any of the organisation's)",
    args: { id: t.arg.globalID({ required: true, for: ShareLinkType }) },
    resolve: (_root, { id }, ctx) => revokeShareLink(ctx, id.id),
  }),
);
