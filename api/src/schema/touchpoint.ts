// Touchpoint (channel): terminals, links, QR codes, website activations and contact-list campaigns,
// with the queries and mutations of /touchpoints. Rules live in domain/touchpoints/touchpoints.ts.
import { builder } from "./builder.js";
import { badInput } from "../domain/errors.js";
import { setTerminalLogo } from "../domain/touchpoints/terminal-logo.js";
import { logoMaxBytes, logoMessages } from "../domain/organization/logo.js";
import {
  createTouchpoint,
  deletedContactsOf,
  deleteTouchpoint,
  getPings,
  getTouchpoint,
  publicSurveyUrl,
  setDeviceVisibility,
  touchpointEditableUnits,
  touchpointEditRefusal,
  touchpointsWhere,
  touchpointTypes,
  updateTouchpoint,
} from "../domain/touchpoints/touchpoints.js";
import { inViewerOrganization, tenantDb } from "../domain/tenancy.js";

export const TouchpointTypeEnum = builder.enumType("TouchpointType", { values: [...touchpointTypes, "legacyPlugin"] as const });
const ChannelTypeEnum = builder.enumType("ChannelType", { values: touchpointTypes });

const opt = <T>(v: T | null | undefined) => (v === null ? undefined : v);
const settingsOf = (s: unknown): Record<string, unknown> => (s && typeof s === "object" && !Array.isArray(s) ? (s as Record<string, unknown>) : {});

export const TouchpointType = builder.prismaNode("Touchpoint", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...inViewerOrganization(ctx.viewer), deleted: false }),
  fields: (t) => ({
    legacyId: t.exposeString("id", { description: "the 24-hex _id" }),
    name: t.exposeString("name"),
    type: t.field({ type: TouchpointTypeEnum, resolve: (tp) => tp.type }),
    unit: t.relation("unit"),
    unitLegacyId: t.exposeString("unitId"),
    activeSurveyLegacyId: t.exposeString("activeSurveyId", { nullable: true }),
    lastFeedbackAt: t.string({ nullable: true, description: "ISO 8601", resolve: (tp) => tp.lastFeedbackAt?.toISOString() ?? null }),
    responseCount: t.exposeInt("responseCount"),
    udid: t.exposeString("udid", { nullable: true, description: "terminals only" }),
    ipAddress: t.exposeString("ipAddress", { nullable: true, description: "terminals only" }),
    lastSeenAt: t.string({ nullable: true, description: "ISO 8601; terminals only", resolve: (tp) => tp.lastSeenAt?.toISOString() ?? null }),
    logoUrl: t.exposeString("logoUrl", { nullable: true }),
    deletedContacts: t.int({
      nullable: true,
      description: "contact-list campaigns: how many contacts were removed from the list; null for other types",
      select: { type: true, contactList: { select: { deletedContacts: true } } },
      resolve: (tp) => deletedContactsOf(tp),
    }),
    editRefusal: t.string({
      nullable: true,
      description: 'null when the caller may edit this touchpoint; otherwise why not ("User has no rights to edit touchpoint")',
      resolve: (tp, _a, ctx) => touchpointEditRefusal(ctx, tp.unitId),
    }),
    link: t.string({ description: "the public survey address (links and QR codes point here)", resolve: (tp, _a, ctx) => publicSurveyUrl(ctx, tp.id) }),
    settingsJson: t.string({
      description: "JSON: terminal extras (brightness, rebootSchedule, responseTimeLimit, metadata, configuration, privacyPolicy, appearance)",
      resolve: (tp) => {
        const { website: _w, plugin: _p, ...rest } = settingsOf(tp.settings);
        return JSON.stringify(rest);
      },
    }),
    websiteJson: t.string({
      nullable: true,
      description: "JSON: the widget activation (website activations only)",
      resolve: (tp) => (tp.type === "website" ? JSON.stringify(settingsOf(tp.settings).website ?? {}) : null),
    }),
  }),
});

builder.queryField("touchpoints", (t) =>
  t.prismaConnection({
    type: "Touchpoint",
    cursor: "id",
    description: "The touchpoints the caller may see (viewResults in their unit), by name",
    args: { type: t.arg({ type: ChannelTypeEnum }) },
    resolve: async (query, _root, args, ctx) =>
      tenantDb(ctx).touchpoint.findMany({ ...query, where: await touchpointsWhere(ctx, args.type), orderBy: [{ name: "asc" }, { id: "asc" }] }),
  }),
);

builder.queryField("touchpointUnits", (t) =>
  t.prismaField({
    type: ["Unit"],
    description: "The teams the caller may create touchpoints in or move them to (editTouchpoints), by name",
    resolve: async (query, _root, _args, ctx) => {
      const ids = (await touchpointEditableUnits(ctx)).map((u) => u.id);
      return tenantDb(ctx).unit.findMany({ ...query, where: { id: { in: ids } }, orderBy: [{ name: "asc" }, { id: "asc" }] });
    },
  }),
);

type PingSeriesShape = Awaited<ReturnType<typeof getPings>>["series"][number];
const Ping = builder.objectRef<{ at: Date; battery: number | null }>("Ping").implement({
  fields: (t) => ({
    at: t.string({ description: "ISO 8601", resolve: (p) => p.at.toISOString() }),
    battery: t.exposeFloat("battery", { nullable: true, description: "charge from 0 to 1, when the terminal reports it" }),
  }),
});
const PingSeries = builder.objectRef<PingSeriesShape>("PingSeries").implement({
  fields: (t) => ({
    touchpointLegacyId: t.exposeString("touchpointId"),
    name: t.exposeString("name"),
    unitLegacyId: t.exposeString("unitId"),
    lastSeenAt: t.string({ nullable: true, description: "ISO 8601", resolve: (s) => s.lastSeenAt?.toISOString() ?? null }),
    hidden: t.exposeBoolean("hidden", { description: "hidden from the caller's own overview" }),
    pings: t.field({ type: [Ping], resolve: (s) => s.pings }),
  }),
});
const PingsState = builder.objectRef<Awaited<ReturnType<typeof getPings>>>("PingsState").implement({
  fields: (t) => ({
    from: t.string({ description: "ISO 8601, inclusive", resolve: (p) => p.from.toISOString() }),
    to: t.string({ description: "ISO 8601, exclusive", resolve: (p) => p.to.toISOString() }),
    series: t.field({ type: [PingSeries], resolve: (p) => p.series }),
    organizationCount: t.exposeInt("organizationCount", { description: "pings of all the organisation's terminals in the range" }),
    hiddenTouchpointLegacyIds: t.exposeStringList("hiddenTouchpointIds"),
  }),
});

builder.queryField("pings", (t) =>
  t.field({
    type: PingsState,
    description: "Ping series of the terminals the caller may see for [from, to) (default the last 24 hours, at most 31 days): GET /pings",
    args: { from: t.arg.string({ description: "ISO 8601, inclusive" }), to: t.arg.string({ description: "ISO 8601, exclusive" }) },
    resolve: (_root, args, ctx) => getPings(ctx, { from: args.from, to: args.to }),
  }),
);

builder.queryField("touchpoint", (t) =>
  t.prismaField({
    type: "Touchpoint",
    description: "One touchpoint by its legacyId (viewResults in its unit)",
    args: { id: t.arg.string({ required: true }) },
    resolve: async (query, _root, { id }, ctx) => {
      const tp = await getTouchpoint(ctx, id);
      return tenantDb(ctx).touchpoint.findUniqueOrThrow({ ...query, where: { id: tp.id } });
    },
  }),
);

export const TouchpointPayload = builder.objectRef<{ id: string }>("TouchpointPayload").implement({
  fields: (t) => ({
    touchpoint: t.prismaField({
      type: "Touchpoint",
      resolve: (query, p, _a, ctx) => tenantDb(ctx).touchpoint.findUniqueOrThrow({ ...query, where: { id: p.id } }),
    }),
  }),
});

const parseJson = (value: string | null | undefined, field: string): Record<string, unknown> | undefined => {
  if (value === null || value === undefined) return undefined;
  try {
    return JSON.parse(value) as Record<string, unknown>;
  } catch {
    throw badInput(`${field} must be JSON`, field);
  }
};

const CreateTouchpointInput = builder.inputType("CreateTouchpointInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    type: t.field({ type: ChannelTypeEnum, required: true }),
    unitId: t.string({ description: "default: the top-most unit where the caller may edit touchpoints" }),
    activeSurveyId: t.string(),
    ipAddress: t.string({ description: "terminals only" }),
    settingsJson: t.string({ description: "JSON: terminal extras" }),
    websiteJson: t.string({ description: "JSON: the widget activation fields to set (website activations)" }),
  }),
});

builder.mutationField("createTouchpoint", (t) =>
  t.field({
    type: TouchpointPayload,
    description: "Creates a touchpoint (the channelCreation feature; editTouchpoints in the unit)",
    args: { input: t.arg({ type: CreateTouchpointInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      createTouchpoint(ctx, {
        name: input.name,
        type: input.type,
        unitId: opt(input.unitId),
        activeSurveyId: input.activeSurveyId,
        ipAddress: input.ipAddress,
        settings: parseJson(input.settingsJson, "settingsJson"),
        website: parseJson(input.websiteJson, "websiteJson"),
      }),
  }),
);

const UpdateTouchpointInput = builder.inputType("UpdateTouchpointInput", {
  fields: (t) => ({
    id: t.string({ required: true }),
    name: t.string(),
    unitId: t.string({ description: "moves the touchpoint to another unit" }),
    moveResponses: t.boolean({ description: "when moving: the existing responses move to the new unit too" }),
    activeSurveyId: t.string({ description: "null or empty clears it" }),
    ipAddress: t.string(),
    settingsJson: t.string(),
    websiteJson: t.string(),
    deleteLogo: t.boolean(),
    udid: t.string({ description: "terminals only: pairs the terminal with the device showing this UDID" }),
  }),
});

builder.mutationField("updateTouchpoint", (t) =>
  t.field({
    type: TouchpointPayload,
    description: "Updates a touchpoint (editTouchpoints in its unit, and in the target unit when moving)",
    args: { input: t.arg({ type: UpdateTouchpointInput, required: true }) },
    resolve: async (_root, { input }, ctx) =>
      updateTouchpoint(ctx, input.id, {
        name: opt(input.name),
        unitId: opt(input.unitId),
        moveResponses: opt(input.moveResponses),
        activeSurveyId: input.activeSurveyId === "" ? null : input.activeSurveyId,
        ipAddress: input.ipAddress === "" ? null : input.ipAddress,
        settings: parseJson(input.settingsJson, "settingsJson"),
        website: parseJson(input.websiteJson, "websiteJson"),
        deleteLogo: opt(input.deleteLogo),
        udid: opt(input.udid),
      }),
  }),
);

builder.mutationField("setTouchpointLogo", (t) =>
  t.field({
    type: TouchpointPayload,
    description:
      "Sets a terminal's custom logo (editTouchpoints in its unit; the organizationLogo feature): PNG, JPEG, SVG or WebP, recognised by content, at most 1 MB. updateTouchpoint(deleteLogo: true) removes it",
    args: {
      id: t.arg.string({ required: true, description: "the terminal's legacyId" }),
      fileBase64: t.arg.string({ required: true, description: "the image file, base64-encoded" }),
    },
    resolve: async (_root, { id, fileBase64 }, ctx) => {
      // Base64 of 1 MB is about 1.4 M characters; anything longer is too large before decoding.
      if (fileBase64.length > Math.ceil((logoMaxBytes * 4) / 3) + 8) throw badInput(logoMessages.tooLarge, "fileBase64");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(fileBase64.replace(/\s+/g, ""))) throw badInput(logoMessages.wrongType, "fileBase64");
      return setTerminalLogo(ctx, id, { data: Buffer.from(fileBase64, "base64") });
    },
  }),
);

const DeleteTouchpointPayload = builder.objectRef<{ id: string }>("DeleteTouchpointPayload").implement({
  fields: (t) => ({ deletedLegacyId: t.exposeString("id") }),
});

builder.mutationField("deleteTouchpoint", (t) =>
  t.field({
    type: DeleteTouchpointPayload,
    description: "Deletes a touchpoint (soft: its responses stay)",
    args: { id: t.arg.string({ required: true }) },
    resolve: (_root, { id }, ctx) => deleteTouchpoint(ctx, id),
  }),
);

const TouchpointVisibilityPayload = builder.objectRef<{ touchpointId: string; visibility: boolean }>("TouchpointVisibilityPayload").implement({
  fields: (t) => ({ touchpointLegacyId: t.exposeString("touchpointId"), visibility: t.exposeBoolean("visibility") }),
});

builder.mutationField("setTouchpointVisibility", (t) =>
  t.field({
    type: TouchpointVisibilityPayload,
    description: "Shows or hides a touchpoint in the caller's own pings overview",
    args: { touchpointId: t.arg.string({ required: true }), visibility: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setDeviceVisibility(ctx, args),
  }),
);
