// The SMS balance's history (spec 000 §7 GET /sms-history, "SMS balance top-up and history"): the
// ledger's entries, newest first, each with the balance right after it, so the screen can draw the
// balance over time. Readable by system admins for any organisation (orgId) and by an organisation's
// own organisation admins and billing admins for their current organisation.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import { requireViewer } from "../viewer.js";
import { maySmsTopUp } from "../billing/sms-topup.js";
import { stripeClient } from "../billing/stripe-client.js";

export const smsHistoryRefusal = "Only organisation admins and billing admins can see the SMS balance history";

export type SmsHistoryEntry = {
  id: string;
  createdAt: Date;
  kind: "topup" | "send" | "refund";
  amount: number;
  /** The balance right after this entry. */
  balanceAfter: number;
  reference: string | null;
  /** Who made a top-up (null for sends and refunds, and for a person since deleted). */
  createdBy: { id: string; email: string } | null;
};

export type SmsHistory = {
  organizationId: string;
  currency: string;
  balance: number;
  smsSegmentPrice: number;
  /** The newest `limit` entries, newest first. */
  entries: SmsHistoryEntry[];
  /** Entries in the ledger in all (more than `entries` when the ledger is longer than the limit). */
  total: number;
  /** Whether the caller may buy SMS credit for this organisation (POST /sms-topup without orgId): its own, as an organisation or billing admin. */
  canTopUp: boolean;
  /** Whether this server has a payment provider to take top-up payments (none in embedded mode). */
  paymentProvider: boolean;
};

const querySchema = z.object({
  orgId: objectIdSchema.nullish(),
  limit: z.coerce.number().int("limit must be a whole number from 1 to 1000").min(1).max(1000, "limit must be a whole number from 1 to 1000").default(200),
});

/** The organisation whose history the caller may read (system admins: any; others: their own, as an admin or billing admin). */
export function smsHistoryOrganization(ctx: DomainContext, orgId: string | null | undefined): string {
  const viewer = requireViewer(ctx.viewer);
  const systemAdmin = (viewer.impersonatedBy !== undefined || viewer.systemAdmin) && viewer.authenticatedBy !== "apiKey";
  if (systemAdmin && orgId) return orgId;
  if (orgId && orgId !== viewer.organizationId) throw notFound("No organization found");
  if (!viewer.organizationId) throw notFound("No organization found");
  if (!systemAdmin && !viewer.organizationAdmin && !viewer.billingAdmin) throw forbidden(smsHistoryRefusal);
  return viewer.organizationId;
}

type Row = {
  id: string;
  createdAt: Date;
  kind: SmsHistoryEntry["kind"];
  amount: string;
  balanceAfter: string;
  reference: string | null;
  createdById: string | null;
  createdByEmail: string | null;
};

export async function smsHistory(ctx: DomainContext, input: { orgId?: unknown; limit?: unknown }): Promise<SmsHistory> {
  const q = parseInput(querySchema, input);
  const organizationId = smsHistoryOrganization(ctx, q.orgId);
  const org = await ctx.prisma.organization.findUnique({
    where: { id: organizationId },
    select: { smsBalance: true, currency: true, smsSegmentPrice: true, _count: { select: { smsLedgerEntries: true } } },
  });
  if (!org) throw notFound("No organization found");
  const viewer = requireViewer(ctx.viewer);
  // The balance after an entry = today's balance minus every later entry: only the newest rows are
  // read, in one statement (one snapshot: a send meanwhile cannot skew the running balance).
  const rows = await ctx.prisma.$queryRawUnsafe<Row[]>(
    `WITH newest AS (
       SELECT e."id", e."createdAt", e."kind", e."amount", e."reference", e."createdByUserId"
         FROM "SmsLedgerEntry" e WHERE e."organizationId" = $1
        ORDER BY e."createdAt" DESC, e."id" DESC LIMIT $2)
     SELECT n."id", n."createdAt", n."kind"::text AS "kind", n."amount"::text AS "amount",
            ((SELECT o."smsBalance" FROM "Organization" o WHERE o."id" = $1) - coalesce(sum(n."amount") OVER (ORDER BY n."createdAt" DESC, n."id" DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::text AS "balanceAfter",
            n."reference", u."id" AS "createdById", u."email" AS "createdByEmail"
       FROM newest n LEFT JOIN "User" u ON u."id" = n."createdByUserId"
      ORDER BY n."createdAt" DESC, n."id" DESC`,
    organizationId,
    q.limit,
  );
  return {
    organizationId,
    currency: org.currency,
    balance: org.smsBalance.toNumber(),
    smsSegmentPrice: org.smsSegmentPrice.toNumber(),
    total: org._count.smsLedgerEntries,
    canTopUp: organizationId === viewer.organizationId && maySmsTopUp(viewer),
    paymentProvider: stripeClient(ctx.config) !== null,
    entries: rows.map((r) => ({
      id: r.id,
      createdAt: r.createdAt,
      kind: r.kind,
      amount: Number(r.amount),
      balanceAfter: Number(r.balanceAfter),
      reference: r.reference,
      createdBy: r.createdById && r.createdByEmail ? { id: r.createdById, email: r.createdByEmail } : null,
    })),
  };
}
