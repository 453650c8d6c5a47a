// The customer's SMS top-up (spec 000 §7 "POST /sms-topup", body amount and orgId; §8 "top-up
// success"): the organisation's card is charged through the payment provider, then the ledger
// (domain/sms-balance/ledger.ts) is credited once per payment, whether the call's own answer or the
// payment_intent.succeeded webhook gets there first.
import type Stripe from "stripe";
import type { DomainContext } from "../context.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { badInput, conflict, DomainError, forbidden, notFound } from "../errors.js";
import { parseSmsTopUpAmount, smsTopUpMax, smsTopUpMin } from "@feedback/shared/sms-topup";
import { requireOrganization, type Viewer } from "../viewer.js";
import { smsBalance, topUpSms } from "../sms-balance/ledger.js";
import { billingMessages, ensureCustomer, paymentError } from "./billing.js";
import { requireStripe } from "./stripe-client.js";

/** Amounts a customer may buy, in the organisation's currency (whole units): the shared rule (shared/src/sms-topup.ts). */
export { smsTopUpMax, smsTopUpMin };

export const smsTopUpMessages = {
  amount: `The amount is a whole number from ${smsTopUpMin} to ${smsTopUpMax}`,
  success: "top-up success",
  noOrganization: "No organization found",
  idempotencyKey: "The Idempotency-Key header is 1 to 200 printable characters without spaces",
  idempotencyKeyReused: "This Idempotency-Key was already used for another top-up",
} as const;

/** The header a client sends so that a retried top-up (a lost answer, a double click) pays and credits once. */
export const idempotencyKeyHeader = "Idempotency-Key";

/** A client's idempotency key: absent, or 1 to 200 visible ASCII characters. */
export function checkIdempotencyKey(key: unknown): string | undefined {
  if (key === undefined) return undefined;
  if (typeof key !== "string" || !/^[\x21-\x7e]{1,200}$/.test(key)) throw badInput(smsTopUpMessages.idempotencyKey, idempotencyKeyHeader);
  return key;
}

export function checkTopUpAmount(amount: unknown): number {
  const value = parseSmsTopUpAmount(amount);
  if (value === null) throw badInput(smsTopUpMessages.amount, "amount");
  return value;
}

/**
 * Who may buy SMS credit for their current organisation: its organisation admins and billing admins
 * (a system admin tops up any organisation without payment from the super-admin area instead).
 */
export function maySmsTopUp(viewer: Pick<Viewer, "organizationAdmin" | "billingAdmin">): boolean {
  return viewer.organizationAdmin || viewer.billingAdmin;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Credits a succeeded top-up payment once (the payment's id is the ledger reference). */
export async function creditSmsTopUp(prisma: PrismaClient, intent: Stripe.PaymentIntent): Promise<boolean> {
  if (intent.status !== "succeeded") return false;
  const organizationId = intent.metadata?.organizationId;
  const amount = Number(intent.metadata?.amount);
  if (!organizationId || !Number.isFinite(amount) || amount <= 0) return false;
  const marker = `sms-topup:${intent.id}`;
  if (await prisma.stripeEvent.findUnique({ where: { id: marker }, select: { id: true } })) return false;
  try {
    // The "paid" marker commits with the ledger credit, in one transaction: both or neither, whatever
    // happens to the process between them. Deliveries racing queue on the organisation's row; the
    // second finds the marker taken (unique) and rolls its credit back.
    await topUpSms(prisma, organizationId, amount, {
      reference: intent.id,
      userId: intent.metadata?.userId || undefined,
      within: async (tx) => {
        await tx.stripeEvent.create({ data: { id: marker, type: "sms_topup.credited", createdAt: new Date(intent.created * 1000) } });
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  return true;
}

/**
 * The customer's top-up. With an idempotency key, the same request again (the same key and amount)
 * answers as the first did without paying or crediting again: the payment provider keeps the key
 * (scoped to the organisation) and replays the first payment, which the ledger credits once. The key
 * with another amount is refused and charges nothing.
 */
export async function customerSmsTopUp(
  ctx: DomainContext,
  input: { amount?: unknown; orgId?: unknown; idempotencyKey?: unknown },
): Promise<{ balance: number; message: string }> {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  // The customer call names its own organisation; another's id is not found (nothing is charged).
  if (input.orgId !== undefined && input.orgId !== organizationId) throw notFound(smsTopUpMessages.noOrganization);
  if (!maySmsTopUp(viewer)) throw forbidden(billingMessages.contactAdmin);
  const amount = checkTopUpAmount(input.amount);
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  const stripe = requireStripe(ctx.config);
  const organization = await ctx.prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, include: { subscription: true } });
  const card = organization.subscription?.paymentMethodId;
  if (!card) throw badInput(billingMessages.noCard);
  const customer = await ensureCustomer(ctx.prisma, stripe, organizationId);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create(
      {
        amount: amount * 100,
        currency: (organization.subscription?.currency ?? organization.currency).toLowerCase(),
        customer,
        payment_method: card,
        off_session: true,
        confirm: true,
        description: "SMS balance top-up",
        metadata: { kind: "sms_topup", organizationId, amount: String(amount), userId: viewer.userId },
      },
      idempotencyKey ? { idempotencyKey: `sms-topup:${organizationId}:${idempotencyKey}` } : undefined,
    );
  } catch (error) {
    if ((error as { type?: string } | null)?.type === "StripeIdempotencyError") throw conflict(smsTopUpMessages.idempotencyKeyReused, idempotencyKeyHeader);
    throw paymentError(error) ?? error;
  }
  if (intent.status === "requires_action") throw new DomainError("PAYMENT_REQUIRED", billingMessages.requiresAuthentication);
  if (intent.status !== "succeeded") throw new DomainError("PAYMENT_REQUIRED", billingMessages.insufficientFunds);
  await creditSmsTopUp(ctx.prisma, intent);
  return { balance: await smsBalance(ctx.prisma, organizationId), message: smsTopUpMessages.success };
}
