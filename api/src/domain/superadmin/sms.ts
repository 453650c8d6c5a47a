// Super-admin: SMS balance and costs (spec 000 §6 "top up SMS", §7 POST /sms-topup with orgId, §2
// /superadmin/{id}/sms-costs and /superadmin/sms-reports). Money moves only through the ledger
// (domain/sms-balance/ledger.ts): a top-up here is a ledger entry made by the system admin, without
// a payment. The cost of one SMS segment is the organisation's smsSegmentPrice.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { parseTopUpAmount, topUpSms } from "../sms-balance/ledger.js";
import { auditSuperAdmin, changedFields, containsPattern, requireSystemAdmin, searchSchema } from "./guard.js";
import { noOrganizationMessage } from "./organizations.js";

export const topUpSuccessMessage = "top-up success";

/** POST /sms-topup?orgId=: credits the organisation's balance; answers the new balance. */
export async function superAdminTopUp(ctx: DomainContext, input: { orgId: unknown; amount: unknown }): Promise<{ organizationId: string; balance: number }> {
  const { adminId } = requireSystemAdmin(ctx);
  const organizationId = parseInput(objectIdSchema, input.orgId);
  const amount = parseTopUpAmount(input.amount);
  const exists = await ctx.prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } });
  if (!exists) throw notFound(noOrganizationMessage);
  let balance = 0;
  // The ledger entry and its audit row commit together.
  await topUpSms(ctx.prisma, organizationId, amount, {
    userId: adminId,
    reference: "superadmin",
    within: async (tx, balanceAfter) => {
      balance = balanceAfter;
      await auditSuperAdmin(tx, { adminId, action: "sms.topup", organizationId, details: { amount, balanceAfter } });
    },
  });
  return { organizationId, balance };
}

/** A segment costs more than 0 and at most 10 (in the organisation's currency), with at most 4 decimals (the column's). */
export const maxSegmentPrice = 10;
const segmentPriceSchema = z
  .number({ message: "The price of an SMS segment must be a number" })
  .refine((v) => Number.isFinite(v) && v > 0 && v <= maxSegmentPrice, `The price of an SMS segment must be more than 0 and at most ${maxSegmentPrice}`)
  .refine((v) => Math.abs(Math.round(v * 10_000) - v * 10_000) < 1e-6, "The price of an SMS segment can have at most 4 decimals");

export type SmsCostsMonth = { month: string; toppedUp: number; spent: number; refunded: number; sends: number };
export type SmsCosts = {
  organizationId: string;
  name: string;
  currency: string;
  smsSegmentPrice: number;
  smsBalance: number;
  /** The last 12 calendar months (UTC) with ledger activity, newest first. */
  months: SmsCostsMonth[];
};

type MonthRow = { month: string; toppedUp: string; spent: string; refunded: string; sends: bigint };

/** GET /organizations/{id}/sms-costs: the price per segment, the balance and the last 12 months of the ledger. */
export async function getSmsCosts(ctx: DomainContext, organizationId: unknown, now = new Date()): Promise<SmsCosts> {
  requireSystemAdmin(ctx);
  const id = parseInput(objectIdSchema, organizationId);
  const org = await ctx.prisma.organization.findUnique({
    where: { id },
    select: { id: true, name: true, currency: true, smsSegmentPrice: true, smsBalance: true },
  });
  if (!org) throw notFound(noOrganizationMessage);
  const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const rows = await ctx.prisma.$queryRawUnsafe<MonthRow[]>(
    `SELECT to_char(date_trunc('month', "createdAt" AT TIME ZONE 'UTC'), 'YYYY-MM') AS "month",
            coalesce(sum("amount") FILTER (WHERE "kind" = 'topup'), 0)::text AS "toppedUp",
            coalesce(-sum("amount") FILTER (WHERE "kind" = 'send'), 0)::text AS "spent",
            coalesce(sum("amount") FILTER (WHERE "kind" = 'refund'), 0)::text AS "refunded",
            count(*) FILTER (WHERE "kind" = 'send') AS "sends"
       FROM "SmsLedgerEntry" WHERE "organizationId" = $1 AND "createdAt" >= $2
      GROUP BY 1 ORDER BY 1 DESC`,
    id,
    since,
  );
  return {
    organizationId: org.id,
    name: org.name,
    currency: org.currency,
    smsSegmentPrice: org.smsSegmentPrice.toNumber(),
    smsBalance: org.smsBalance.toNumber(),
    months: rows.map((r) => ({ month: r.month, toppedUp: Number(r.toppedUp), spent: Number(r.spent), refunded: Number(r.refunded), sends: Number(r.sends) })),
  };
}

/** PUT /organizations/{id}/sms-costs: the price of one SMS segment for this organisation (audited). */
export async function setSmsCosts(ctx: DomainContext, organizationId: unknown, input: unknown): Promise<SmsCosts> {
  const { adminId } = requireSystemAdmin(ctx);
  const id = parseInput(objectIdSchema, organizationId);
  const body = parseInput(z.object({ smsSegmentPrice: segmentPriceSchema }, { message: "The body must be an object" }), input);
  await ctx.prisma.$transaction(async (tx) => {
    const before = await tx.organization.findUnique({ where: { id }, select: { smsSegmentPrice: true } });
    if (!before) throw notFound(noOrganizationMessage);
    const changes = changedFields(before, body);
    if (Object.keys(changes).length === 0) return;
    await tx.organization.update({ where: { id }, data: { smsSegmentPrice: body.smsSegmentPrice } });
    await auditSuperAdmin(tx, { adminId, action: "sms.costs", organizationId: id, details: { changes } });
  });
  return getSmsCosts(ctx, id);
}

export type SmsReportRow = {
  organizationId: string;
  name: string;
  currency: string;
  smsBalance: number;
  smsSegmentPrice: number;
  toppedUp: number;
  spent: number;
  refunded: number;
  sends: number;
};

const smsReportQuery = z.object({
  year: z.coerce
    .number({ message: "year must be a year such as 2026" })
    .int("year must be a year such as 2026")
    .min(2000, "year must be a year such as 2026")
    .max(2100, "year must be a year such as 2026"),
  search: searchSchema.optional(),
});

type SmsReportDbRow = Omit<SmsReportRow, "smsBalance" | "smsSegmentPrice" | "toppedUp" | "spent" | "refunded" | "sends"> & {
  smsBalance: string;
  smsSegmentPrice: string;
  toppedUp: string;
  spent: string;
  refunded: string;
  sends: bigint;
};

/**
 * GET /sms-reports?year=: per organisation with SMS activity in the year (or a balance), what was
 * topped up, spent on sends and refunded for failed sends, and the number of sends; most spent first.
 */
export async function smsReports(ctx: DomainContext, input: unknown): Promise<SmsReportRow[]> {
  requireSystemAdmin(ctx);
  const q = parseInput(smsReportQuery, input);
  const from = new Date(Date.UTC(q.year, 0, 1));
  const to = new Date(Date.UTC(q.year + 1, 0, 1));
  const rows = await ctx.prisma.$queryRawUnsafe<SmsReportDbRow[]>(
    `WITH y AS (
       SELECT "organizationId",
              coalesce(sum("amount") FILTER (WHERE "kind" = 'topup'), 0) AS "toppedUp",
              coalesce(-sum("amount") FILTER (WHERE "kind" = 'send'), 0) AS "spent",
              coalesce(sum("amount") FILTER (WHERE "kind" = 'refund'), 0) AS "refunded",
              count(*) FILTER (WHERE "kind" = 'send') AS "sends"
         FROM "SmsLedgerEntry" WHERE "createdAt" >= $1 AND "createdAt" < $2 GROUP BY 1)
     SELECT o."id" AS "organizationId", o."name", o."currency", o."smsBalance"::text AS "smsBalance", o."smsSegmentPrice"::text AS "smsSegmentPrice",
            coalesce(y."toppedUp", 0)::text AS "toppedUp", coalesce(y."spent", 0)::text AS "spent", coalesce(y."refunded", 0)::text AS "refunded",
            coalesce(y."sends", 0) AS "sends"
       FROM "Organization" o LEFT JOIN y ON y."organizationId" = o."id"
      WHERE (y."organizationId" IS NOT NULL OR o."smsBalance" <> 0)
        AND ($3::text IS NULL OR o."name" ILIKE $3)
      ORDER BY coalesce(y."spent", 0) DESC, o."name" ASC, o."id" ASC`,
    from,
    to,
    q.search?.trim() ? containsPattern(q.search.trim()) : null,
  );
  return rows.map((r) => ({
    organizationId: r.organizationId,
    name: r.name,
    currency: r.currency,
    smsBalance: Number(r.smsBalance),
    smsSegmentPrice: Number(r.smsSegmentPrice),
    toppedUp: Number(r.toppedUp),
    spent: Number(r.spent),
    refunded: Number(r.refunded),
    sends: Number(r.sends),
  }));
}
