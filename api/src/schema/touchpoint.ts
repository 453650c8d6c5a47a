// Touchpoint (channel): terminals, links, QR codes, website activations and contact-list campaigns,
// with the queries and mutations of /touchpoints. Rules live in domain/touchpoints/touchpoints.ts.
import { builder } from "./builder.js";
import {
  storedTerminalSettings,
  TerminalSettingsInput,
  terminalSettingsArg,
  TerminalSettingsType,
  WebsiteActivation,
  WebsiteActivationInput,
  websiteActivationView,
  websiteArg,
} from "./touchpoint-settings.js";
import { SurveyType } from "./survey.js";
import { UnitType } from "./unit.js";
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
  touchpointOrder,
  touchpointSortFields,
  listedTouchpointTypes,
  updateTouchpoint,
  type ChannelType,
} from "../domain/touchpoints/touchpoints.js";
import { inViewerOrganization, tenantDb } from "../domain/tenancy.js";
import { requireOrganization } from "../domain/viewer.js";
import { listedUnits } from "../permissions/access.js";
import type { TouchpointChangedEvent } from "../pubsub/bus.js";
import { SortDirectionEnum, searchDescription } from "./list-query.js";

const TouchpointSortFieldEnum = builder.enumType("TouchpointSortField", { values: touchpointSortFields });
const TouchpointOrder = builder.inputType("TouchpointOrder", {
  description: "A touchpoint list's sort column and direction (ties: by name, then id)",
  fields: (t) => ({
    field: t.field({ type: TouchpointSortFieldEnum, required: true }),
    direction: t.field({ type: SortDirectionEnum, required: true }),
  }),
});

export const TouchpointTypeEnum = builder.enumType("TouchpointType", {
  values: listedTouchpointTypes,
  description: "What kind of touchpoint (channel) it is; legacy web plugins are listed but can no longer be created",
});

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
    activeSurveyId: t.globalID({
      nullable: true,
      description: "the active survey's id (the survey may be one the caller cannot open)",
      resolve: (tp) => (tp.activeSurveyId ? { type: SurveyType, id: tp.activeSurveyId } : null),
    }),
    activeSurveyLegacyId: t.exposeString("activeSurveyId", { nullable: true }),
    lastFeedbackAt: t.expose("lastFeedbackAt", { type: "DateTime", nullable: true }),
    responseCount: t.exposeInt("responseCount"),
    udid: t.exposeString("udid", { nullable: true, description: "terminals only" }),
    ipAddress: t.exposeString("ipAddress", { nullable: true, description: "terminals only" }),
    lastSeenAt: t.expose("lastSeenAt", { type: "DateTime", nullable: true, description: "terminals only" }),
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
    settings: t.field({
      type: TerminalSettingsType,
      nullable: true,
      description: "a terminal's extras with their defaults; null for other types",
      resolve: (tp) => (tp.type === "terminal" ? storedTerminalSettings(tp.settings) : null),
    }),
    website: t.field({
      type: WebsiteActivation,
      nullable: true,
      description: "the widget activation (website activations only)",
      resolve: (tp) => (tp.type === "website" ? websiteActivationView(settingsOf(tp.settings).website) : null),
    }),
  }),
});

builder.queryField("touchpoints", (t) =>
  t.prismaConnection({
    type: "Touchpoint",
    cursor: "id",
    description: "The touchpoints the caller may see (viewResults in their unit), by name unless orderBy says otherwise",
    args: {
      type: t.arg({ type: TouchpointTypeEnum }),
      search: t.arg.string({ description: `${searchDescription} (the touchpoint's or its team's name)` }),
      orderBy: t.arg({ type: TouchpointOrder }),
    },
    resolve: async (query, _root, args, ctx) =>
      tenantDb(ctx).touchpoint.findMany({ ...query, where: await touchpointsWhere(ctx, args.type, args.search), orderBy: touchpointOrder(args.orderBy) }),
  }),
);

const TouchpointChangeKind = builder.enumType("TouchpointChangeKind", { values: ["created", "updated", "deleted"] as const });
const TouchpointChange = builder.objectRef<TouchpointChangedEvent>("TouchpointChange").implement({
  description: "A touchpoint was created, changed or deleted: a list showing touchpoints reads itself again",
  fields: (t) => ({
    touchpointLegacyId: t.exposeString("touchpointId"),
    change: t.field({ type: TouchpointChangeKind, resolve: (e) => e.change }),
  }),
});

builder.subscriptionField("touchpointsChanged", (t) =>
  t.field({
    type: TouchpointChange,
    description: "Changes of the touchpoints the caller may see (viewResults in their unit, before or after a move), from any session",
    subscribe: async (_root, _args, ctx) => {
      const { organizationId } = requireOrganization(ctx.viewer);
      const units = await listedUnits(ctx, "viewResults");
      const source = ctx.bus.subscribe("touchpoint:changed", organizationId);
      return (async function* () {
        for await (const event of source) if (event.unitIds.some((id) => units.has(id))) yield event;
      })();
    },
    resolve: (event) => event,
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
    at: t.field({ type: "DateTime", resolve: (p) => p.at }),
    battery: t.exposeFloat("battery", { nullable: true, description: "charge from 0 to 1, when the terminal reports it" }),
  }),
});
const PingSeries = builder.objectRef<PingSeriesShape>("PingSeries").implement({
  fields: (t) => ({
    touchpointId: t.globalID({ description: "the terminal's id", resolve: (s) => ({ type: TouchpointType, id: s.touchpointId }) }),
    touchpointLegacyId: t.exposeString("touchpointId"),
    name: t.exposeString("name"),
    unitLegacyId: t.exposeString("unitId"),
    lastSeenAt: t.field({ type: "DateTime", nullable: true, resolve: (s) => s.lastSeenAt }),
    hidden: t.exposeBoolean("hidden", { description: "hidden from the caller's own overview" }),
    pings: t.field({ type: [Ping], resolve: (s) => s.pings }),
  }),
});
const PingsState = builder.objectRef<Awaited<ReturnType<typeof getPings>>>("PingsState").implement({
  fields: (t) => ({
    from: t.field({ type: "DateTime", description: "inclusive", resolve: (p) => p.from }),
    to: t.field({ type: "DateTime", description: "exclusive", resolve: (p) => p.to }),
    series: t.field({ type: [PingSeries], resolve: (p) => p.series }),
    organizationCount: t.exposeInt("organizationCount", { description: "pings of all the organisation's terminals in the range" }),
    hiddenTouchpointLegacyIds: t.exposeStringList("hiddenTouchpointIds"),
  }),
});

builder.queryField("pings", (t) =>
  t.field({
    type: PingsState,
    description: "Ping series of the terminals the caller may see for [from, to) (default the last 24 hours, at most 31 days): GET /pings",
    args: { from: t.arg({ type: "DateTime", description: "inclusive" }), to: t.arg({ type: "DateTime", description: "exclusive" }) },
    resolve: (_root, args, ctx) => getPings(ctx, { from: args.from, to: args.to }),
  }),
);

builder.queryField("touchpoint", (t) =>
  t.prismaField({
    type: "Touchpoint",
    description: "One touchpoint (viewResults in its unit)",
    args: { id: t.arg.globalID({ required: true, for: TouchpointType }) },
    resolve: async (query, _root, { id }, ctx) => {
      const tp = await getTouchpoint(ctx, id.id);
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

const CreateTouchpointInput = builder.inputType("CreateTouchpointInput", {
  fields: (t) => ({
    name: t.string({ required: true }),
    type: t.field({ type: TouchpointTypeEnum, required: true, description: "any type but legacyPlugin" }),
    unitId: t.globalID({ for: UnitType, description: "default: the top-most unit where the caller may edit touchpoints" }),
    activeSurveyId: t.globalID({ for: SurveyType }),
    ipAddress: t.string({ description: "terminals only" }),
    settings: t.field({ type: TerminalSettingsInput, description: "terminals only" }),
    website: t.field({ type: WebsiteActivationInput, description: "website activations only" }),
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
        // the domain refuses legacyPlugin with "Type must be one of …"
        type: input.type as ChannelType,
        unitId: input.unitId?.id,
        activeSurveyId: input.activeSurveyId?.id,
        ipAddress: input.ipAddress,
        settings: terminalSettingsArg(input.settings),
        website: websiteArg(input.website),
      }),
  }),
);

const UpdateTouchpointInput = builder.inputType("UpdateTouchpointInput", {
  fields: (t) => ({
    id: t.globalID({ required: true, for: TouchpointType }),
    name: t.string(),
    unitId: t.globalID({ for: UnitType, description: "moves the touchpoint to another unit" }),
    moveResponses: t.boolean({ description: "when moving: the existing responses move to the new unit too" }),
    activeSurveyId: t.globalID({ for: SurveyType, description: "null clears it" }),
    ipAddress: t.string(),
    settings: t.field({ type: TerminalSettingsInput, description: "terminals only" }),
    website: t.field({ type: WebsiteActivationInput, description: "website activations only" }),
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
      updateTouchpoint(ctx, input.id.id, {
        name: opt(input.name),
        unitId: input.unitId?.id,
        moveResponses: opt(input.moveResponses),
        activeSurveyId: input.activeSurveyId === null ? null : input.activeSurveyId?.id,
        ipAddress: input.ipAddress === "" ? null : input.ipAddress,
        settings: terminalSettingsArg(input.settings),
        website: websiteArg(input.website),
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
      id: t.arg.globalID({ required: true, for: TouchpointType, description: "the terminal" }),
      fileBase64: t.arg.string({ required: true, description: "the image file, base64-encoded" }),
    },
    resolve: async (_root, { id, fileBase64 }, ctx) => {
      // Base64 of 1 MB is about 1.4 M characters; anything longer is too large before decoding.
      if (fileBase64.length > Math.ceil((logoMaxBytes * 4) / 3) + 8) throw badInput(logoMessages.tooLarge, "fileBase64");
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(fileBase64.replace(/\s+/g, ""))) throw badInput(logoMessages.wrongType, "fileBase64");
      return setTerminalLogo(ctx, id.id, { data: Buffer.from(fileBase64, "base64") });
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
    args: { id: t.arg.globalID({ required: true, for: TouchpointType }) },
    resolve: (_root, { id }, ctx) => deleteTouchpoint(ctx, id.id),
  }),
);

const TouchpointVisibilityPayload = builder.objectRef<{ touchpointId: string; visibility: boolean }>("TouchpointVisibilityPayload").implement({
  fields: (t) => ({ touchpointLegacyId: t.exposeString("touchpointId"), visibility: t.exposeBoolean("visibility") }),
});

builder.mutationField("setTouchpointVisibility", (t) =>
  t.field({
    type: TouchpointVisibilityPayload,
    description: "Shows or hides a touchpoint in the caller's own pings overview",
    args: { touchpointId: t.arg.globalID({ required: true, for: TouchpointType }), visibility: t.arg.boolean({ required: true }) },
    resolve: (_root, args, ctx) => setDeviceVisibility(ctx, { touchpointId: args.touchpointId.id, visibility: args.visibility }),
  }),
);
