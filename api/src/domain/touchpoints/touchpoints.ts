// Touchpoints (channels, spec 001 §3 "Channel (touchpoint)", §4, §5, §6, §7 "Channels and contacts"):
// terminals, links, QR codes, website widget activations and contact-list campaigns of an
// organisation. All rules live here; REST (rest/v5/channels.ts) and GraphQL (schema/touchpoint.ts)
// only parse and shape.
//
// - Tenancy: the caller's current organisation; an id elsewhere (or a deleted touchpoint) is
//   "Touchpoint not found".
// - Reading needs viewResults in the touchpoint's unit, editing editTouchpoints there ("User has no
//   rights to edit touchpoint"); a right held in a unit covers its sub-units; organisation admins
//   hold every right everywhere (permissions/access.ts decides).
// - Creating also needs the plan's channelCreation feature.
// - Moving to another unit needs editTouchpoints in both units; `moveResponses` decides whether the
//   existing responses (Response.unitCode, the team by its code) move with it (spec 001 §4).
import { unitCodesOf } from "../results-scope/codes.js";
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import type { DomainContext } from "../context.js";
import type { TouchpointChangedEvent } from "../../pubsub/bus.js";
import { containsText, nullsLast, parseSearch, type SortDirection } from "../list-query.js";
import type { Prisma, TouchpointType } from "../../generated/prisma/client.js";
import { badInput, conflict, DomainError, forbidden, notFound } from "../errors.js";
import { objectIdSchema, parseInput, messages } from "../validation.js";
import { requireFeature } from "../features/features.js";
import { tenantDb } from "../tenancy.js";
import { accessMessages, forgetObjectUnit, loadAccess, requireOnObject, unitOf, listedUnits, unitsWithRight, type Access } from "../../permissions/access.js";
import { rebuildTouchpointRollups } from "../analytics/rollups.js";
import { markLaunchedSurvey } from "../onboarding/steps.js";
import { attachContactList } from "../campaigns/contacts/lists.js";
import { defaultWebsiteSettings, displayTypes, domainPattern, placements } from "@feedback/shared/website-settings";

export const touchpointMessages = {
  notFound: accessMessages.touchpointNotFound,
  noEditRight: accessMessages.noEditTouchpoint,
  noViewRight: accessMessages.noViewTouchpoint,
  invalidIp: "Invalid IP address",
  surveyNotFound: "Survey not found",
  invalidDomain: "Invalid domain",
  domainTaken: "This domain has already been added",
  invalidRange: "The time range must start before it ends and be at most 31 days",
  invalidUdid: "A UDID has 4 to 64 letters, digits, dashes or underscores",
  udidTaken: "This UDID is already paired with another terminal",
  /** A UDID paired in another organisation: no different from one that does not exist (tenancy). */
  udidNotFound: "No terminal device with this UDID was found",
} as const;

/** The refusal of a UDID another terminal holds: "taken" in the caller's organisation, "not found" in any other. */
function udidRefusal(pairedOrganizationId: string | undefined, organizationId: string): DomainError {
  return pairedOrganizationId === organizationId
    ? conflict(touchpointMessages.udidTaken, "udid")
    : new DomainError("NOT_FOUND", touchpointMessages.udidNotFound, "udid");
}

const touchpointTypes = ["terminal", "link", "qr", "website", "emailContactList", "smsContactList"] as const;
export type ChannelType = (typeof touchpointTypes)[number];
const typeSchema = z.enum(touchpointTypes, { message: `Type must be one of ${touchpointTypes.join(", ")}` });
/** Lists also show legacy web plugins, which can no longer be created (legacy-plugins.ts). */
export const listedTouchpointTypes = [...touchpointTypes, "legacyPlugin"] as const;
export type ListedChannelType = (typeof listedTouchpointTypes)[number];
const listTypeSchema = z.enum(listedTouchpointTypes, { message: `Type must be one of ${listedTouchpointTypes.join(", ")}` });

/** Terminal extras (spec 001 §3) with their defaults; stored in Touchpoint.settings. */
export const terminalSettingsSchema = z.object({
  brightness: z.number().int().min(0).max(100),
  rebootSchedule: z.object({ enabled: z.boolean(), time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Time must be HH:MM") }),
  responseTimeLimit: z.union([z.object({ hours: z.number().int().min(1).max(8760) }), z.object({ expiresAt: z.iso.datetime({ offset: true }) })]).nullable(),
  metadata: z.record(z.string(), z.string()),
  configuration: z.record(z.string(), z.string()),
  privacyPolicy: z.string().max(10_000, messages.maxLength(10_000)).nullable(),
  appearance: z.record(z.string(), z.unknown()),
});
export type TerminalSettings = z.infer<typeof terminalSettingsSchema>;
export const defaultTerminalSettings = (): TerminalSettings => ({
  brightness: 80,
  rebootSchedule: { enabled: false, time: "03:00" },
  responseTimeLimit: null,
  metadata: {},
  configuration: {},
  privacyPolicy: null,
  appearance: {},
});

const nameSchema = z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(100, messages.maxLength(100));
const ipSchema = z
  .string()
  .trim()
  .refine((v) => isIP(v) !== 0, touchpointMessages.invalidIp);
export const domainSchema = z.string({ message: touchpointMessages.invalidDomain }).trim().toLowerCase().regex(domainPattern, touchpointMessages.invalidDomain);
/** Website activation fields that are validated; the rest of the stored shape is kept as sent. */
const websiteUpdateSchema = z
  .object({
    domain: domainSchema.optional(),
    sample: z.number().min(0).max(100).optional(),
    displayOptions: z
      .object({ type: z.enum(displayTypes), placement: z.enum(placements) })
      .partial()
      .optional(),
    state: z.object({ active: z.boolean() }).loose().optional(),
  })
  .loose();

const createSchema = z.object({
  name: nameSchema,
  type: typeSchema,
  unitId: objectIdSchema.optional(),
  activeSurveyId: objectIdSchema.nullish(),
  ipAddress: ipSchema.nullish(),
  settings: terminalSettingsSchema.partial().optional(),
  website: websiteUpdateSchema.optional(),
});
export type CreateTouchpointInput = z.input<typeof createSchema>;

const updateSchema = z.object({
  name: nameSchema.optional(),
  unitId: objectIdSchema.optional(),
  moveResponses: z.boolean({ message: "moveResponses must be true or false" }).optional(),
  activeSurveyId: objectIdSchema.nullish(),
  ipAddress: ipSchema.nullish(),
  settings: terminalSettingsSchema.partial().optional(),
  website: websiteUpdateSchema.optional(),
  deleteLogo: z.boolean().optional(),
  /** Pairing: the UDID the terminal device shows (terminals only; unique). */
  udid: z
    .string({ message: touchpointMessages.invalidUdid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{4,64}$/, touchpointMessages.invalidUdid)
    .optional(),
});
export type UpdateTouchpointInput = z.input<typeof updateSchema>;

export const touchpointSelect = {
  id: true,
  organizationId: true,
  unitId: true,
  name: true,
  type: true,
  activeSurveyId: true,
  lastFeedbackAt: true,
  responseCount: true,
  settings: true,
  udid: true,
  ipAddress: true,
  lastSeenAt: true,
  logoUrl: true,
  createdAt: true,
  updatedAt: true,
  // contact-list campaigns: how many contacts were removed from the list (spec 001 §3 deletedContacts)
  contactList: { select: { deletedContacts: true, id: true, channel: true, variableNames: true, _count: { select: { contacts: true } } } },
} as const satisfies Prisma.TouchpointSelect;
export type TouchpointRow = Prisma.TouchpointGetPayload<{ select: typeof touchpointSelect }>;

/** Contact-list campaigns only: how many contacts were removed from the list; null for other types. */
export const deletedContactsOf = (t: { type: string; contactList: { deletedContacts: number } | null }): number | null =>
  t.type === "emailContactList" || t.type === "smsContactList" ? (t.contactList?.deletedContacts ?? 0) : null;

/** The public survey address of a touchpoint (link and QR code). */
export const publicSurveyUrl = (ctx: DomainContext, touchpointId: string) => `${ctx.config.publicUrl}/s/${touchpointId}`;

const noTouchpoint = () => notFound(touchpointMessages.notFound);
export const noEditRight = () => forbidden(touchpointMessages.noEditRight);

async function load(ctx: DomainContext, touchpointId: string): Promise<TouchpointRow> {
  const id = parseInput(objectIdSchema, touchpointId);
  const row = await tenantDb(ctx).touchpoint.findFirst({ where: { id, deleted: false }, select: touchpointSelect });
  if (!row) throw noTouchpoint();
  return row;
}

function requireEdit(m: Access, unitId: string): void {
  if (!unitsWithRight(m, "editTouchpoints").has(unitId)) throw noEditRight();
}

/**
 * Filter of the touchpoints the caller may see: viewResults in their unit (access.ts listedUnits:
 * units of the caller's organisation only). Read through tenantDb.
 */
export async function touchpointsWhere(ctx: DomainContext, type?: ListedChannelType | null, search?: string | null): Promise<Prisma.TouchpointWhereInput> {
  const text = parseSearch(search);
  return {
    deleted: false,
    unitId: { in: [...(await listedUnits(ctx, "viewResults"))] },
    ...(type ? { type: parseInput(listTypeSchema, type) } : {}),
    // The search box of the touchpoint lists: the name, or the name of the touchpoint's team.
    ...(text ? { OR: [{ name: containsText(text) }, { unit: { name: containsText(text) } }] } : {}),
  };
}

export const touchpointSortFields = ["name", "lastFeedbackAt", "responseCount", "createdAt"] as const;
export type TouchpointSortField = (typeof touchpointSortFields)[number];

/** The order of a touchpoint list: by the chosen column (default name, A to Z), then by id so pages stay stable. */
export function touchpointOrder(sort?: { field: TouchpointSortField; direction: SortDirection } | null): Prisma.TouchpointOrderByWithRelationInput[] {
  const { field, direction } = sort ?? { field: "name", direction: "asc" };
  const first: Prisma.TouchpointOrderByWithRelationInput = field === "lastFeedbackAt" ? { lastFeedbackAt: nullsLast(direction) } : { [field]: direction };
  return [first, ...(field === "name" ? [] : [{ name: "asc" as const }]), { id: "asc" }];
}

export async function listTouchpoints(ctx: DomainContext, filter: { type?: string | null; surveyId?: string | null } = {}): Promise<TouchpointRow[]> {
  const type = filter.type ? parseInput(listTypeSchema, filter.type) : undefined;
  const where = await touchpointsWhere(ctx, type);
  if (filter.surveyId) where.activeSurveyId = parseInput(objectIdSchema, filter.surveyId);
  return tenantDb(ctx).touchpoint.findMany({ where, select: touchpointSelect, orderBy: [{ name: "asc" }, { id: "asc" }] });
}

export async function getTouchpoint(ctx: DomainContext, touchpointId: string): Promise<TouchpointRow> {
  // the access layer's decision (the GraphQL shield asked the same one, so its unit is read once)
  await requireOnObject(ctx, "viewResults", "Touchpoint", touchpointId);
  return load(ctx, touchpointId);
}

async function checkSurvey(ctx: DomainContext, m: Access, surveyId: string): Promise<void> {
  const survey = await tenantDb(ctx).survey.findFirst({ where: { id: surveyId, isTemplate: false }, select: { unitId: true } });
  if (!survey || !unitsWithRight(m, "viewResults").has(survey.unitId)) throw notFound(touchpointMessages.surveyNotFound);
}

const asJson = (v: unknown) => v as Prisma.InputJsonValue;
const objectOr = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export async function createTouchpoint(ctx: DomainContext, input: CreateTouchpointInput): Promise<TouchpointRow> {
  const m = await loadAccess(ctx);
  await requireFeature(ctx, "channelCreation");
  const data = parseInput(createSchema, input);
  const editable = unitsWithRight(m, "editTouchpoints");
  // Without a unit: the first (top-most by name order) unit the caller may edit touchpoints in.
  const unitId = data.unitId ? unitOf(m, data.unitId).id : (m.units.find((u) => editable.has(u.id) && (!u.parentId || !editable.has(u.parentId)))?.id ?? "");
  if (!unitId) throw noEditRight();
  requireEdit(m, unitId);
  if (data.activeSurveyId) await checkSurvey(ctx, m, data.activeSurveyId);
  let settings: Record<string, unknown> = {};
  if (data.type === "terminal") settings = { ...defaultTerminalSettings(), ...data.settings };
  if (data.type === "website") {
    const website = { ...defaultWebsiteSettings(data.website?.domain ?? ""), ...data.website };
    settings = { website };
  }
  if (data.type === "smsContactList") await requireFeature(ctx, "smsMessages");
  const created = await ctx.prisma.$transaction(async (tx) => {
    const row = await tx.touchpoint.create({
      data: {
        organizationId: m.organizationId,
        unitId,
        name: data.name,
        type: data.type as TouchpointType,
        activeSurveyId: data.activeSurveyId ?? null,
        settings: asJson(settings),
        udid: data.type === "terminal" ? randomBytes(12).toString("hex") : null,
        ipAddress: data.type === "terminal" ? (data.ipAddress ?? null) : null,
      },
      select: { id: true },
    });
    // a contact-list campaign owns its list from the start
    await attachContactList(tx, { id: row.id, organizationId: m.organizationId, name: data.name, type: data.type });
    return tx.touchpoint.findUniqueOrThrow({ where: { id: row.id }, select: touchpointSelect });
  });
  // A touchpoint with an active survey is a launch (onboarding's launchedSurvey).
  if (created.activeSurveyId) await markLaunchedSurvey(ctx);
  announceTouchpointChange(ctx, m.organizationId, created.id, "created", [created.unitId]);
  return created;
}

export async function updateTouchpoint(ctx: DomainContext, touchpointId: string, input: UpdateTouchpointInput): Promise<TouchpointRow> {
  await requireOnObject(ctx, "editTouchpoints", "Touchpoint", touchpointId);
  const m = await loadAccess(ctx);
  const row = await load(ctx, touchpointId);
  const data = parseInput(updateSchema, input);
  const update: Prisma.TouchpointUncheckedUpdateInput = {};
  if (data.name !== undefined) update.name = data.name;
  if (data.activeSurveyId !== undefined) {
    if (data.activeSurveyId) await checkSurvey(ctx, m, data.activeSurveyId);
    update.activeSurveyId = data.activeSurveyId;
  }
  if (data.ipAddress !== undefined) {
    if (row.type !== "terminal" && data.ipAddress) throw badInput("Only terminals have an IP address", "ipAddress");
    update.ipAddress = data.ipAddress;
  }
  const stored = objectOr(row.settings);
  if (data.settings) {
    if (row.type !== "terminal") throw badInput("Only terminals have these settings", "settings");
    update.settings = asJson({ ...defaultTerminalSettings(), ...stored, ...data.settings });
  }
  if (data.website) {
    if (row.type !== "website") throw badInput("Only website activations have website settings", "website");
    update.settings = asJson({ ...stored, website: { ...objectOr(stored.website), ...data.website } });
  }
  if (data.deleteLogo) update.logoUrl = null;
  if (data.udid !== undefined && data.udid !== row.udid) {
    if (row.type !== "terminal") throw badInput("Only terminals have a UDID", "udid");
    // UDIDs are unique across organisations, so this one lookup is deliberately unscoped
    const paired = await ctx.prisma.touchpoint.findFirst({ where: { udid: data.udid, id: { not: row.id } }, select: { organizationId: true } });
    if (paired) throw udidRefusal(paired.organizationId, m.organizationId);
    update.udid = data.udid;
  }
  const moving = data.unitId !== undefined && data.unitId !== row.unitId;
  if (moving) {
    const target = unitOf(m, data.unitId!);
    requireEdit(m, target.id);
    update.unitId = target.id;
  }
  try {
    const saved = await ctx.prisma.$transaction(async (tx) => {
      const saved = await tx.touchpoint.update({ where: { id: row.id }, data: update, select: touchpointSelect });
      if (data.deleteLogo) await tx.touchpointLogo.deleteMany({ where: { touchpointId: row.id } });
      if (moving && data.moveResponses) {
        const [unitCode] = await unitCodesOf(tx, [saved.unitId]);
        // (the touchpoint's team exists: its foreign key says so; never leave the responses behind silently)
        if (unitCode === undefined) throw new Error(`team ${saved.unitId} has no code`);
        await tx.response.updateMany({ where: { touchpoint: { id: row.id }, organizationId: m.organizationId }, data: { unitCode } });
        await rebuildTouchpointRollups(tx, m.organizationId, row.id); // the unit is part of the roll-up key
      }
      return saved;
    });
    if (moving) forgetObjectUnit(ctx, "Touchpoint", row.id);
    if (data.activeSurveyId) await markLaunchedSurvey(ctx);
    announceTouchpointChange(ctx, m.organizationId, row.id, "updated", [...new Set([row.unitId, saved.unitId])]);
    return saved;
  } catch (error) {
    // Two pairings of one UDID at once: the unique index decides.
    if ((error as { code?: string }).code === "P2002" && update.udid) {
      const paired = await ctx.prisma.touchpoint.findFirst({ where: { udid: update.udid as string }, select: { organizationId: true } });
      throw udidRefusal(paired?.organizationId, m.organizationId);
    }
    throw error;
  }
}

/** Soft delete: the touchpoint disappears from every list; its responses stay. */
export async function deleteTouchpoint(ctx: DomainContext, touchpointId: string): Promise<{ id: string }> {
  await requireOnObject(ctx, "editTouchpoints", "Touchpoint", touchpointId);
  const row = await load(ctx, touchpointId);
  await tenantDb(ctx).touchpoint.update({ where: { id: row.id }, data: { deleted: true } });
  forgetObjectUnit(ctx, "Touchpoint", row.id);
  announceTouchpointChange(ctx, row.organizationId, row.id, "deleted", [row.unitId]);
  return { id: row.id };
}

/**
 * Tells open touchpoint lists of the organisation that a touchpoint changed (subscription
 * touchpointsChanged; each subscriber gets only the changes in units where it views results).
 */
export function announceTouchpointChange(
  ctx: DomainContext,
  organizationId: string,
  touchpointId: string,
  change: TouchpointChangedEvent["change"],
  unitIds: string[],
): void {
  ctx.bus.publish("touchpoint:changed", organizationId, { organizationId, touchpointId, change, unitIds });
}

/** Why the caller may not edit a touchpoint of this unit ("User has no rights to edit touchpoint"), or null. */
export async function touchpointEditRefusal(ctx: DomainContext, unitId: string): Promise<string | null> {
  // loadAccess reads once per request: a list's per-row checks share it
  const m = await loadAccess(ctx);
  return unitsWithRight(m, "editTouchpoints").has(unitId) ? null : touchpointMessages.noEditRight;
}

/** The units the caller may create touchpoints in or move them to (editTouchpoints), by name. */
export async function touchpointEditableUnits(ctx: DomainContext): Promise<{ id: string; name: string; parentId: string | null }[]> {
  const m = await loadAccess(ctx);
  const editable = unitsWithRight(m, "editTouchpoints");
  return m.units.filter((u) => editable.has(u.id));
}

export type TouchpointGroup = { unitId: string; unitName: string; parentId: string | null; touchpoints: TouchpointRow[] };

/** The visible touchpoints grouped by unit (units in tree order by name; units without any left out). */
export async function groupedTouchpoints(ctx: DomainContext): Promise<TouchpointGroup[]> {
  const m = await loadAccess(ctx);
  const rows = await listTouchpoints(ctx);
  return m.units
    .map((u) => ({ unitId: u.id, unitName: u.name, parentId: u.parentId, touchpoints: rows.filter((r) => r.unitId === u.id) }))
    .filter((g) => g.touchpoints.length > 0);
}

// ----- website domains -------------------------------------------------------------------------

export async function listWebsiteDomains(ctx: DomainContext): Promise<{ id: string; domain: string }[]> {
  await loadAccess(ctx); // "No organization found" for a caller without one
  return tenantDb(ctx).websiteDomain.findMany({ select: { id: true, domain: true }, orderBy: { domain: "asc" } });
}

/** Adds a domain (anyone who may edit touchpoints somewhere); unique per organisation. */
export async function addWebsiteDomain(ctx: DomainContext, domainInput: unknown): Promise<{ id: string; domain: string }> {
  const m = await loadAccess(ctx);
  if (unitsWithRight(m, "editTouchpoints").size === 0) throw noEditRight();
  const domain = parseInput(domainSchema, domainInput);
  const existing = await tenantDb(ctx).websiteDomain.findFirst({ where: { domain } });
  if (existing) throw conflict(touchpointMessages.domainTaken, "domain");
  try {
    return await tenantDb(ctx).websiteDomain.create({ data: { organizationId: m.organizationId, domain }, select: { id: true, domain: true } });
  } catch (error) {
    if ((error as { code?: string }).code === "P2002") throw conflict(touchpointMessages.domainTaken, "domain");
    throw error;
  }
}

// ----- pings and device visibility (spec 000 §3 "Pings state", §7 "Pings") -----------------------

export type PingsState = {
  from: Date;
  to: Date;
  series: { touchpointId: string; name: string; unitId: string; lastSeenAt: Date | null; hidden: boolean; pings: { at: Date; battery: number | null }[] }[];
  /** Pings of all the organisation's terminals in the range (also those the caller cannot see). */
  organizationCount: number;
  hiddenTouchpointIds: string[];
};

const maxRangeMs = 31 * 24 * 3600_000;
const rangeSchema = z.object({ from: z.coerce.date().optional(), to: z.coerce.date().optional() });

/** Ping series of the terminals the caller may see, for [from, to) (default: the last 24 hours). */
export async function getPings(ctx: DomainContext, range: { from?: string | Date | null; to?: string | Date | null } = {}): Promise<PingsState> {
  const viewable = await listedUnits(ctx, "viewResults");
  const parsed = parseInput(rangeSchema, { from: range.from ?? undefined, to: range.to ?? undefined });
  const to = parsed.to ?? new Date();
  const from = parsed.from ?? new Date(to.getTime() - 24 * 3600_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to || to.getTime() - from.getTime() > maxRangeMs)
    throw badInput(touchpointMessages.invalidRange, "from");
  const terminals = await tenantDb(ctx).touchpoint.findMany({
    where: { deleted: false, type: "terminal", unitId: { in: [...viewable] } },
    select: { id: true, name: true, unitId: true, lastSeenAt: true },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const ids = terminals.map((t) => t.id);
  const [pings, organizationCount, hidden] = await Promise.all([
    tenantDb(ctx).touchpointPing.findMany({
      where: { touchpointId: { in: ids }, at: { gte: from, lt: to } },
      select: { touchpointId: true, at: true, battery: true },
      orderBy: { at: "asc" },
    }),
    tenantDb(ctx).touchpointPing.count({ where: { at: { gte: from, lt: to } } }),
    ctx.prisma.touchpointVisibility.findMany({
      where: { userId: ctx.viewer!.userId, touchpointId: { in: ids }, hidden: true },
      select: { touchpointId: true },
    }),
  ]);
  const hiddenIds = new Set(hidden.map((h) => h.touchpointId));
  return {
    from,
    to,
    series: terminals.map((t) => ({
      touchpointId: t.id,
      name: t.name,
      unitId: t.unitId,
      lastSeenAt: t.lastSeenAt,
      hidden: hiddenIds.has(t.id),
      pings: pings.filter((p) => p.touchpointId === t.id).map((p) => ({ at: p.at, battery: p.battery })),
    })),
    organizationCount,
    hiddenTouchpointIds: [...hiddenIds],
  };
}

/** The caller's own visibility choices (touchpoints they may see). */
export async function getDeviceVisibility(ctx: DomainContext): Promise<{ touchpointId: string; visibility: boolean }[]> {
  const where = await touchpointsWhere(ctx);
  const rows = await ctx.prisma.touchpointVisibility.findMany({
    where: { userId: ctx.viewer!.userId, touchpoint: where },
    select: { touchpointId: true, hidden: true },
    orderBy: { touchpointId: "asc" },
  });
  return rows.map((r) => ({ touchpointId: r.touchpointId, visibility: !r.hidden }));
}

const visibilitySchema = z.object({ touchpointId: objectIdSchema, visibility: z.boolean({ message: "visibility must be true or false" }) });

/** Shows or hides a touchpoint in the caller's own pings overview (needs viewResults there). */
export async function setDeviceVisibility(
  ctx: DomainContext,
  input: { touchpointId: unknown; visibility: unknown },
): Promise<{ touchpointId: string; visibility: boolean }> {
  const data = parseInput(visibilitySchema, input);
  const row = await getTouchpoint(ctx, data.touchpointId);
  const userId = ctx.viewer!.userId;
  await ctx.prisma.touchpointVisibility.upsert({
    where: { userId_touchpointId: { userId, touchpointId: row.id } },
    create: { userId, touchpointId: row.id, hidden: !data.visibility },
    update: { hidden: !data.visibility },
  });
  return { touchpointId: row.id, visibility: data.visibility };
}
