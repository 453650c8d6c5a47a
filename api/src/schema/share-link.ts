// Share links (spec 001 §3 "Share token options", §7 POST /results/token/create, GET
// /results/token/{token}): members create, list and remove links; a visitor without a session reads a
// link's defaults with its token (the `shareToken` argument or the X-Share-Token header). Rules live in
// domain/sharing.
import { builder } from "./builder.js";
import { badInput } from "../domain/errors.js";
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  sharedViewDefaults,
  type ShareLinkSummary,
  type SharedViewDefaults,
} from "../domain/sharing/share-links.js";

const json = (value: unknown) => JSON.stringify(value ?? null);

export const ShareLinkType = builder.objectRef<ShareLinkSummary>("ShareLink");
ShareLinkType.implement({
  description: "A public link to the results (its token is shown only when it is created)",
  fields: (t) => ({
    id: t.globalID({ resolve: (l) => ({ type: ShareLinkType, id: l.id }) }),
    legacyId: t.exposeString("id", { description: "the link's 24-hex id" }),
    name: t.exposeString("name"),
    filtersJson: t.string({ description: "the link's results filters (spec 001 §3) as JSON", resolve: (l) => json(l.filters) }),
    allowChanges: t.exposeStringList("allowChanges", { description: "the filters and options a visitor may change" }),
    dynamicDate: t.exposeBoolean("dynamicDate", { description: "the date window moves with today, keeping its length" }),
    expiredAt: t.field({ type: "DateTime", nullable: true, description: "the link stops working then", resolve: (l) => l.expiredAt }),
    expired: t.exposeBoolean("expired"),
    hideTimestamps: t.exposeBoolean("hideTimestamps"),
    hideResultsIfLessThan: t.exposeInt("hideResultsIfLessThan", { nullable: true }),
    smileyScaleJson: t.string({
      nullable: true,
      description: "the smiley scale as JSON, null for the organisation's",
      resolve: (l) => (l.smileyScale == null ? null : json(l.smileyScale)),
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
    filtersJson: t.string({ description: "the link's filters (with today's window when dynamicDate) as JSON", resolve: (v) => json(v.filters) }),
    name: t.string({ resolve: (v) => v.options.name }),
    dynamicDate: t.boolean({ resolve: (v) => v.options.dynamicDate }),
    hideTimestamps: t.boolean({ resolve: (v) => v.options.hideTimestamps }),
    hideResultsIfLessThan: t.int({ nullable: true, resolve: (v) => v.options.hideResultsIfLessThan }),
    smileyScaleJson: t.string({ nullable: true, resolve: (v) => (v.options.smileyScale == null ? null : json(v.options.smileyScale)) }),
    expiredAt: t.field({ type: "DateTime", nullable: true, resolve: (v) => v.expiredAt }),
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
    resolve: (_root, args, ctx) => sharedViewDefaults(ctx, args.shareToken || ctx.shareToken || "", { utcOffset: args.utcOffset ?? undefined }),
  }),
);

const ShareLinkInput = builder.inputType("CreateShareLinkInput", {
  fields: (t) => ({
    filtersJson: t.string({ description: "the results filters (spec 001 §3) as JSON; dates yyyy-MM-dd" }),
    allowChanges: t.stringList({
      description:
        "what a visitor may change: date, channelId, surveyId, groupBy, restrictByAnswer, metaDataMatch, feedbackListHiddenColumns, options, options.<name>",
    }),
    dynamicDate: t.boolean(),
    name: t.string(),
    expiredAt: t.string({ description: "yyyy-MM-dd (the link stops at that day's start) or ISO 8601" }),
    hideTimestamps: t.boolean(),
    hideResultsIfLessThan: t.int(),
    smileyScaleJson: t.string({ description: 'a number of smileys (2–10) or {"min":…,"max":…}, as JSON' }),
  }),
});

const parseJson = (text: string | null | undefined, field: string): unknown => {
  if (text === null || text === undefined || text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw badInput(`${field} is not valid JSON`, field);
  }
};

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
        filters: parseJson(input.filtersJson, "filtersJson"),
        allowChanges: input.allowChanges ?? undefined,
        dynamicDate: input.dynamicDate ?? undefined,
        name: input.name ?? undefined,
        expiredAt: input.expiredAt ?? undefined,
        hideTimestamps: input.hideTimestamps ?? undefined,
        hideResultsIfLessThan: input.hideResultsIfLessThan ?? undefined,
        smileyScale: parseJson(input.smileyScaleJson, "smileyScaleJson") as never,
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
