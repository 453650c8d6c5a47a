// /api/v5 "Channels" (spec 001 §7 "Channels and contacts": terminals, link/QR and website; spec 000
// §7 "Pings"). Handlers only parse and shape: the rules are in domain/touchpoints/touchpoints.ts.
import { z } from "zod";
import QRCode from "qrcode";
import { defineRoute, fileResponse } from "./route.js";
import {
  addWebsiteDomain,
  createTouchpoint,
  deleteTouchpoint,
  getDeviceVisibility,
  getPings,
  getTouchpoint,
  groupedTouchpoints,
  listTouchpoints,
  listWebsiteDomains,
  publicSurveyUrl,
  setDeviceVisibility,
  updateTouchpoint,
  deletedContactsOf,
  type TouchpointRow,
} from "../../domain/touchpoints/touchpoints.js";
import { readLegacyPluginSettings } from "../../domain/touchpoints/legacy-plugins.js";
import { setTerminalLogo } from "../../domain/touchpoints/terminal-logo.js";
import { logoMaxBytes, logoMessages } from "../../domain/organization/logo.js";
import { badInput } from "../../domain/errors.js";
import type { DomainContext } from "../../domain/context.js";

const tag = "Channels";
const objectId = z.string().describe("24 hexadecimal characters");
const idParams = z.object({ id: z.string() });
const channelType = z.enum(["terminal", "link", "qr", "website", "emailContactList", "smsContactList", "legacyPlugin"]);

const channelShape = z
  .object({
    _id: objectId,
    name: z.string(),
    type: channelType,
    unitId: objectId,
    active_survey: objectId.nullable(),
    last_feedback: z.string().nullable(),
    responseCount: z.number(),
    logo: z.string().nullable().describe("the custom logo's address (terminals: POST /channels/{id}/logo sets it, ?deleteLogo=true removes it)"),
    deletedContacts: z.number().int().nullable().describe("contact-list campaigns: how many contacts were removed from the list; null for other types"),
    contactList: z
      .object({
        _id: objectId.describe("the list's id (POST /contacts, POST /contacts/upload/{listId}, GET /contact-lists/{id}/contacts)"),
        channel: z.enum(["email", "sms"]),
        variableNames: z.array(z.string()).describe("the extra variable columns"),
        contactCount: z.number().int(),
      })
      .nullable()
      .optional()
      .describe("contact-list campaigns only: the list it owns"),
    link: z.string().describe("the public survey address (links and QR codes point here)"),
    udid: z.string().nullable().describe("terminals only"),
    ipAddress: z.string().nullable().describe("terminals only"),
    lastSeen: z.string().nullable().describe("terminals only"),
    settings: z
      .record(z.string(), z.unknown())
      .describe("terminal extras (brightness, rebootSchedule, responseTimeLimit, metadata, configuration, privacyPolicy, appearance)"),
    website: z.record(z.string(), z.unknown()).optional().describe("website activations only: the widget activation"),
    legacyPlugin: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("legacy web plugins only: the plugin's settings with its defaults (docs/touchpoints.md)"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Channel" });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toChannelJson(ctx: DomainContext, t: TouchpointRow): z.input<typeof channelShape> {
  const settings = (t.settings && typeof t.settings === "object" && !Array.isArray(t.settings) ? t.settings : {}) as Record<string, unknown>;
  const { website, plugin: _plugin, ...rest } = settings;
  return {
    _id: t.id,
    name: t.name,
    type: t.type,
    unitId: t.unitId,
    active_survey: t.activeSurveyId,
    last_feedback: iso(t.lastFeedbackAt),
    responseCount: t.responseCount,
    logo: t.logoUrl,
    deletedContacts: deletedContactsOf(t),
    ...(t.contactList
      ? {
          contactList: {
            _id: t.contactList.id,
            channel: t.contactList.channel,
            variableNames: t.contactList.variableNames,
            contactCount: t.contactList._count.contacts,
          },
        }
      : {}),
    link: publicSurveyUrl(ctx, t.id),
    udid: t.udid,
    ipAddress: t.ipAddress,
    lastSeen: iso(t.lastSeenAt),
    settings: rest,
    ...(t.type === "website" ? { website: (website ?? {}) as Record<string, unknown> } : {}),
    ...(t.type === "legacyPlugin" ? { legacyPlugin: readLegacyPluginSettings(t.settings) } : {}),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

const channelBody = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  unitId: z.string().optional(),
  active_survey: z.string().nullish().describe("the survey the channel collects answers for"),
  moveResponses: z.boolean().optional().describe("when unitId changes: move the existing responses to the new unit too"),
  ipAddress: z.string().nullish(),
  udid: z.string().optional().describe("terminals only, on update: pairs the terminal with the device showing this UDID"),
  settings: z.record(z.string(), z.unknown()).optional(),
  website: z.record(z.string(), z.unknown()).optional(),
});

/** Spec 001 §8 success messages of a channel's save and delete. */
const channelMessages = { saved: "channel saved", deleted: "channel deleted" } as const;
const savedChannelShape = channelShape.extend({ message: z.literal(channelMessages.saved) });

const updateRoute = (method: "POST" | "PUT") =>
  defineRoute({
    method,
    path: "/channels/{id}",
    errors: { 409: "another terminal is paired with this UDID" },
    tag,
    summary: "Updates a channel (editTouchpoints in its unit, and in the target unit when moving)",
    auth: "bearer",
    params: idParams,
    query: z.object({ deleteLogo: z.enum(["true", "false"]).optional(), getContacts: z.string().optional() }),
    body: channelBody,
    response: savedChannelShape,
    handler: async ({ ctx, params, query, body }) => ({
      ...toChannelJson(
        ctx,
        await updateTouchpoint(ctx, params.id, {
          name: body.name,
          unitId: body.unitId,
          moveResponses: body.moveResponses,
          activeSurveyId: body.active_survey,
          ipAddress: body.ipAddress,
          udid: body.udid,
          settings: body.settings,
          website: body.website,
          deleteLogo: query.deleteLogo === "true",
        } as Parameters<typeof updateTouchpoint>[2]),
      ),
      message: channelMessages.saved,
    }),
  });

const pingsShape = z.object({
  from: z.string(),
  to: z.string(),
  series: z.array(
    z.object({
      touchpointId: objectId,
      name: z.string(),
      unitId: objectId,
      lastSeen: z.string().nullable(),
      hidden: z.boolean(),
      pings: z.array(z.object({ at: z.string(), battery: z.number().nullable() })),
    }),
  ),
  organizationCount: z.number().describe("pings of all the organisation's terminals in the range"),
  hiddenTouchpoints: z.array(objectId).describe("touchpoints the caller has hidden from the overview"),
});

const qrRoute = (format: "png" | "svg") =>
  defineRoute({
    method: "GET",
    path: `/channels/{id}/qr.${format}`,
    tag,
    summary: `The channel's public survey address as a QR code (${format.toUpperCase()}, downloadable)`,
    auth: "bearer",
    params: idParams,
    response: fileResponse([format === "png" ? "image/png" : "image/svg+xml"], `The QR code (${format.toUpperCase()}), as an attachment`),
    handler: async ({ ctx, params, reply }) => {
      const t = await getTouchpoint(ctx, params.id);
      const url = publicSurveyUrl(ctx, t.id);
      const fileName = `qr-${t.name.replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "") || t.id}.${format}`;
      reply
        .header("content-type", format === "png" ? "image/png" : "image/svg+xml")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "private, max-age=300")
        .header("x-content-type-options", "nosniff");
      if (format === "png") return QRCode.toBuffer(url, { type: "png", width: 512, margin: 2 });
      return Buffer.from(await QRCode.toString(url, { type: "svg", margin: 2 }));
    },
  });

export const channelRoutes = [
  defineRoute({
    method: "GET",
    path: "/channels",
    tag,
    summary: "The channels the caller may see (viewResults in their unit), by type; website activations also by surveyId",
    auth: "bearer",
    query: z.object({ type: z.string().optional(), surveyId: z.string().optional() }),
    response: z.array(channelShape),
    handler: async ({ ctx, query }) => (await listTouchpoints(ctx, { type: query.type, surveyId: query.surveyId })).map((t) => toChannelJson(ctx, t)),
  }),
  defineRoute({
    method: "GET",
    path: "/channels/grouped-list",
    tag,
    summary: "The channels the caller may see, grouped by team",
    auth: "bearer",
    response: z.array(z.object({ unitId: objectId, unitName: z.string(), parentId: objectId.nullable(), channels: z.array(channelShape) })),
    handler: async ({ ctx }) =>
      (await groupedTouchpoints(ctx)).map((g) => ({
        unitId: g.unitId,
        unitName: g.unitName,
        parentId: g.parentId,
        channels: g.touchpoints.map((t) => toChannelJson(ctx, t)),
      })),
  }),
  defineRoute({
    method: "GET",
    path: "/website-activations/all",
    tag,
    summary: "Every website activation the caller may see",
    auth: "bearer",
    response: z.array(channelShape),
    handler: async ({ ctx }) => (await listTouchpoints(ctx, { type: "website" })).map((t) => toChannelJson(ctx, t)),
  }),
  defineRoute({
    method: "GET",
    path: "/channels/{id}",
    tag,
    summary: "One channel (viewResults in its unit)",
    auth: "bearer",
    params: idParams,
    response: channelShape,
    handler: async ({ ctx, params }) => toChannelJson(ctx, await getTouchpoint(ctx, params.id)),
  }),
  defineRoute({
    method: "POST",
    path: "/channels",
    tag,
    summary: "Creates a channel (the channelCreation feature; editTouchpoints in the unit). Terminals get a UDID and default extras",
    auth: "bearer",
    body: channelBody,
    status: 201,
    response: savedChannelShape,
    handler: async ({ ctx, body }) => ({
      ...toChannelJson(
        ctx,
        await createTouchpoint(ctx, {
          name: body.name,
          type: body.type,
          unitId: body.unitId,
          activeSurveyId: body.active_survey,
          ipAddress: body.ipAddress,
          settings: body.settings,
          website: body.website,
        } as Parameters<typeof createTouchpoint>[1]),
      ),
      message: channelMessages.saved,
    }),
  }),
  updateRoute("POST"),
  updateRoute("PUT"),
  defineRoute({
    method: "DELETE",
    path: "/channels/{id}",
    tag,
    summary: "Deletes a channel (soft: its responses stay)",
    auth: "bearer",
    params: idParams,
    response: z.object({ _id: objectId, message: z.literal(channelMessages.deleted) }),
    handler: async ({ ctx, params }) => ({ _id: (await deleteTouchpoint(ctx, params.id)).id, message: channelMessages.deleted }),
  }),
  defineRoute({
    method: "POST",
    path: "/channels/{id}/logo",
    tag,
    summary: `A terminal's custom logo, as multipart/form-data, field 'file': PNG, JPEG, SVG or WebP (recognised by content), at most ${logoMaxBytes} bytes. editTouchpoints in its unit and the organizationLogo feature; ?deleteLogo=true on PUT /channels/{id} removes it`,
    auth: "bearer",
    params: idParams,
    response: channelShape,
    handler: async ({ ctx, params, request }) => {
      if (!request.isMultipart()) throw badInput(logoMessages.missing, "file");
      const part = await request.file();
      const data = part ? await part.toBuffer() : null;
      return toChannelJson(ctx, await setTerminalLogo(ctx, params.id, { data, truncated: part?.file.truncated }));
    },
  }),
  qrRoute("png"),
  qrRoute("svg"),
  defineRoute({
    method: "GET",
    path: "/website-domains",
    tag,
    summary: "The organisation's website domains (any member)",
    auth: "bearer",
    response: z.array(z.object({ _id: objectId, domain: z.string() })),
    handler: async ({ ctx }) => (await listWebsiteDomains(ctx)).map((d) => ({ _id: d.id, domain: d.domain })),
  }),
  defineRoute({
    method: "POST",
    path: "/website-domains",
    errors: { 409: "the domain is added already" },
    tag,
    summary: "Adds a website domain (unique per organisation; editTouchpoints in some unit)",
    auth: "bearer",
    body: z.object({ domain: z.string().optional() }),
    status: 201,
    response: z.object({ _id: objectId, domain: z.string() }),
    handler: async ({ ctx, body }) => {
      const d = await addWebsiteDomain(ctx, body.domain);
      return { _id: d.id, domain: d.domain };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/pings",
    tag,
    summary: "Ping series of the terminals the caller may see for [from, to) (default the last 24 hours, at most 31 days)",
    auth: "bearer",
    query: z.object({ from: z.string().optional().describe("ISO date-time, inclusive"), to: z.string().optional().describe("ISO date-time, exclusive") }),
    response: pingsShape,
    handler: async ({ ctx, query }) => {
      const p = await getPings(ctx, { from: query.from, to: query.to });
      return {
        from: p.from.toISOString(),
        to: p.to.toISOString(),
        series: p.series.map((s) => ({
          touchpointId: s.touchpointId,
          name: s.name,
          unitId: s.unitId,
          lastSeen: iso(s.lastSeenAt),
          hidden: s.hidden,
          pings: s.pings.map((x) => ({ at: x.at.toISOString(), battery: x.battery })),
        })),
        organizationCount: p.organizationCount,
        hiddenTouchpoints: p.hiddenTouchpointIds,
      };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/device-visibility",
    tag,
    summary: "The caller's own show/hide choices for the pings overview",
    auth: "bearer",
    response: z.array(z.object({ touchpointId: objectId, visibility: z.boolean() })),
    handler: async ({ ctx }) => getDeviceVisibility(ctx),
  }),
  defineRoute({
    method: "POST",
    path: "/device-visibility",
    tag,
    summary: "Shows (visibility true) or hides a touchpoint in the caller's own pings overview",
    auth: "bearer",
    body: z.object({ touchpointId: z.unknown(), visibility: z.unknown() }),
    response: z.object({ touchpointId: objectId, visibility: z.boolean() }),
    handler: async ({ ctx, body }) => setDeviceVisibility(ctx, { touchpointId: body.touchpointId, visibility: body.visibility }),
  }),
];
