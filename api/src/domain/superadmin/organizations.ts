// Super-admin: organisations (spec 000 §3 "Organisation (super-admin)", §7 "Super-admin"): list, read,
// create (answers the new _id) and edit, saved as the whole object ("Saved successfully."), and the
// feature sets an organisation may be given. Every write is audited with what changed.
// The organisation's own row is not a tenant row (tenancy.ts): it is read here by its id.
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { featureKeys } from "../features/features.js";
import { auditSuperAdmin, changedFields, requireSystemAdmin } from "./guard.js";

export const savedMessage = "Saved successfully." as const;
export const noOrganizationMessage = "No organization found";

/** Segments: a customer of the sales team, a self-signup, or a test organisation. */
export const segments = ["customer", "self-signup", "test"] as const;
/** Billing statuses an organisation can be in (Stripe's subscription statuses, or inactive). */
export const billingStatuses = ["inactive", "trialing", "active", "past_due", "incomplete", "unpaid", "canceled"] as const;

/** Upper bounds that keep a typo from becoming a plan: at most a billion responses, 100 000 seats, 100 years of retention. */
export const organizationLimits = { responseLimit: 1_000_000_000, userSeats: 100_000, contactRetentionDays: 36_500 } as const;

const nullableInt = (label: string, min: number, max: number) =>
  z.unknown().transform((v, c) => {
    if (v === null || v === "") return null;
    if (typeof v === "number" && Number.isInteger(v) && v >= min && v <= max) return v;
    c.addIssue({ code: "custom", message: `${label} must be a whole number from ${min} to ${max}, or empty` });
    return z.NEVER;
  });

const dateOrNull = z.unknown().transform((v, c) => {
  if (v === null || v === "") return null;
  const d = typeof v === "string" ? new Date(v) : new Date(Number.NaN);
  if (Number.isNaN(d.getTime())) {
    c.addIssue({ code: "custom", message: "Trial until must be a date" });
    return z.NEVER;
  }
  return d;
});

/**
 * The editable fields of spec 000 §3. A field left out of a PUT keeps its value; null clears a
 * nullable one. `_id`, the SMS balance (changed only through top-ups and sends: the ledger) and the
 * read-only parts of the list (users, counts) are ignored.
 */
const organizationFields = {
  name: z.string({ message: "Name is required" }).trim().min(1, "Name is required").max(200, "Must be at most 200 characters"),
  domain: z.unknown().transform((v, c) => {
    if (v === null || (typeof v === "string" && v.trim() === "")) return null;
    if (typeof v === "string" && v.trim().length <= 253) return v.trim();
    c.addIssue({ code: "custom", message: "Domain must be text of at most 253 characters" });
    return z.NEVER;
  }),
  segment: z.enum(segments, { message: `Segment must be one of ${segments.join(", ")}` }),
  featureSetId: objectIdSchema,
  contactRetentionDays: nullableInt("Contact retention", 1, organizationLimits.contactRetentionDays),
  profanityFilter: z.boolean({ message: "Profanity filter must be true or false" }),
  trialUntil: dateOrNull,
  billingPeriod: z.enum(["monthly", "annual"], { message: "Billing period must be monthly or annual" }).nullable(),
  billingStatus: z.enum(billingStatuses, { message: `Billing status must be one of ${billingStatuses.join(", ")}` }),
  responseLimit: nullableInt("Response limit", 0, organizationLimits.responseLimit),
  userSeats: nullableInt("User seats", 1, organizationLimits.userSeats),
};

const updateSchema = z.object({
  name: organizationFields.name,
  domain: organizationFields.domain.optional(),
  segment: organizationFields.segment.optional(),
  featureSetId: organizationFields.featureSetId.optional(),
  contactRetentionDays: organizationFields.contactRetentionDays.optional(),
  profanityFilter: organizationFields.profanityFilter.optional(),
  trialUntil: organizationFields.trialUntil.optional(),
  billingPeriod: organizationFields.billingPeriod.optional(),
  billingStatus: organizationFields.billingStatus.optional(),
  responseLimit: organizationFields.responseLimit.optional(),
  userSeats: organizationFields.userSeats.optional(),
});
const createSchema = updateSchema;

export type OrganizationInput = z.input<typeof updateSchema>;

const organizationSelect = {
  id: true,
  name: true,
  domain: true,
  segment: true,
  featureSetId: true,
  featureSet: { select: { id: true, name: true } },
  contactRetentionDays: true,
  profanityFilter: true,
  trialUntil: true,
  billingPeriod: true,
  billingStatus: true,
  dashboardLocked: true,
  responseLimit: true,
  userSeats: true,
  smsBalance: true,
  smsSegmentPrice: true,
  currency: true,
  createdAt: true,
  _count: { select: { memberships: true } },
} satisfies Prisma.OrganizationSelect;

type OrganizationRow = Prisma.OrganizationGetPayload<{ select: typeof organizationSelect }>;

/** An organisation as the super-admin area shows it. */
export type AdminOrganization = {
  id: string;
  name: string;
  domain: string | null;
  segment: string;
  featureSetId: string;
  featureSetName: string;
  contactRetentionDays: number | null;
  profanityFilter: boolean;
  trialUntil: Date | null;
  billingPeriod: "monthly" | "annual" | null;
  billingStatus: string;
  dashboardLocked: boolean;
  responseLimit: number | null;
  userSeats: number | null;
  smsBalance: number;
  smsSegmentPrice: number;
  currency: string;
  createdAt: Date;
  userCount: number;
};

const toAdminOrganization = (o: OrganizationRow): AdminOrganization => ({
  id: o.id,
  name: o.name,
  domain: o.domain,
  segment: o.segment,
  featureSetId: o.featureSetId,
  featureSetName: o.featureSet.name,
  contactRetentionDays: o.contactRetentionDays,
  profanityFilter: o.profanityFilter,
  trialUntil: o.trialUntil,
  billingPeriod: o.billingPeriod,
  billingStatus: o.billingStatus,
  dashboardLocked: o.dashboardLocked,
  responseLimit: o.responseLimit,
  userSeats: o.userSeats,
  smsBalance: o.smsBalance.toNumber(),
  smsSegmentPrice: o.smsSegmentPrice.toNumber(),
  currency: o.currency,
  createdAt: o.createdAt,
  userCount: o._count.memberships,
});

/** Every organisation, by name (the super-admin list; the web pages it on screen). */
export async function listOrganizations(ctx: DomainContext, input: { search?: string | null } = {}): Promise<AdminOrganization[]> {
  requireSystemAdmin(ctx);
  const search = input.search?.trim();
  const rows = await ctx.prisma.organization.findMany({
    where: search ? { OR: [{ name: { contains: search, mode: "insensitive" } }, { domain: { contains: search, mode: "insensitive" } }] } : {},
    select: organizationSelect,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return rows.map(toAdminOrganization);
}

export async function getOrganization(ctx: DomainContext, organizationId: unknown): Promise<AdminOrganization> {
  requireSystemAdmin(ctx);
  const id = parseInput(objectIdSchema, organizationId);
  const row = await ctx.prisma.organization.findUnique({ where: { id }, select: organizationSelect });
  if (!row) throw notFound(noOrganizationMessage);
  return toAdminOrganization(row);
}

async function requireFeatureSet(tx: Prisma.TransactionClient, featureSetId: string): Promise<void> {
  const found = await tx.featureSet.findUnique({ where: { id: featureSetId }, select: { id: true } });
  if (!found) throw notFound("Feature set not found");
}

/** The feature set a new organisation gets when none is named: "all" (every feature), created on first use. */
async function defaultFeatureSetId(tx: Prisma.TransactionClient): Promise<string> {
  const set = await tx.featureSet.upsert({ where: { name: "all" }, create: { name: "all", features: [...featureKeys] }, update: {}, select: { id: true } });
  return set.id;
}

/** POST /organizations: a new organisation with its root team (named after it) and no members yet. */
export async function createOrganization(ctx: DomainContext, input: unknown): Promise<{ id: string }> {
  const { adminId } = requireSystemAdmin(ctx);
  const data = parseInput(createSchema, input);
  return ctx.prisma.$transaction(async (tx) => {
    const featureSetId = data.featureSetId ?? (await defaultFeatureSetId(tx));
    await requireFeatureSet(tx, featureSetId);
    const organization = await tx.organization.create({
      data: {
        name: data.name,
        domain: data.domain ?? null,
        segment: data.segment ?? "customer",
        featureSetId,
        contactRetentionDays: data.contactRetentionDays ?? null,
        profanityFilter: data.profanityFilter ?? false,
        trialUntil: data.trialUntil ?? null,
        billingPeriod: data.billingPeriod ?? null,
        billingStatus: data.billingStatus ?? "inactive",
        responseLimit: data.responseLimit ?? null,
        userSeats: data.userSeats ?? null,
      },
      select: { id: true },
    });
    await tx.unit.create({ data: { organizationId: organization.id, name: data.name } });
    await auditSuperAdmin(tx, {
      adminId,
      action: "organization.create",
      organizationId: organization.id,
      details: { fields: { ...data, featureSetId, trialUntil: data.trialUntil?.toISOString() ?? null } },
    });
    return { id: organization.id };
  });
}

/** PUT /organizations/{id}: the whole object saved at once; answers the saved organisation. */
export async function updateOrganization(ctx: DomainContext, organizationId: unknown, input: unknown): Promise<AdminOrganization> {
  const { adminId } = requireSystemAdmin(ctx);
  const id = parseInput(objectIdSchema, organizationId);
  const data = parseInput(updateSchema, input);
  await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.organization.findUnique({ where: { id }, select: organizationSelect });
    if (!before) throw notFound(noOrganizationMessage);
    if (data.featureSetId !== undefined) await requireFeatureSet(tx, data.featureSetId);
    const changes = changedFields(before as unknown as Record<string, unknown>, data);
    if (Object.keys(changes).length === 0) return;
    await tx.organization.update({ where: { id }, data });
    await auditSuperAdmin(tx, { adminId, action: "organization.update", organizationId: id, details: { changes } });
  });
  return getOrganization(ctx, id);
}

export type FeatureSetView = { id: string; name: string; features: string[] };

/** GET /feature-set: the feature sets an organisation may be given, with their feature constants (spec 000 §6). */
export async function listFeatureSets(ctx: DomainContext): Promise<FeatureSetView[]> {
  requireSystemAdmin(ctx);
  const rows = await ctx.prisma.featureSet.findMany({ select: { id: true, name: true, features: true }, orderBy: { name: "asc" } });
  return rows;
}
