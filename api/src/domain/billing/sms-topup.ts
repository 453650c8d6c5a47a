// The customer's SMS top-up (spec 000 §7 "POST /sms-topup", body amount and orgId; §8 "top-up
// success"): the organisation's card is charged through the payment provider, then the ledger
// (domain/sms-balance/ledger.ts) is credited once per payment, whether the call's own answer or the
// payment_intent.succeeded webhook gets there first.
import type Stripe from "stripe";
import type { DomainContext } from "../context.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import { badInput, DomainError, forbidden, notFound } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import { smsBalance, topUpSms } from "../sms-balance/ledger.js";
import { billingMessages, ensureCustomer, paymentError } from "./billing.js";
import { requireStripe } from "./stripe-client.js";

/** Amounts a customer may buy, in the organisation's currency (whole units). */
export const smsTopUpMin = 5;
export const smsTopUpMax = 1000;

export const smsTopUpMessages = {
  amount: `The amount is a whole number from ${smsTopUpMin} to ${smsTopUpMax}`,
  success: "top-up success",
  noOrganization: "No organization found",
} as const;

export function checkTopUpAmount(amount: unknown): number {
  const value = typeof amount === "string" && amount.trim() !== "" ? Number(amount) : amount;
  if (typeof value !== "number" || !Number.isInteger(value) || value < smsTopUpMin || value > smsTopUpMax) throw badInput(smsTopUpMessages.amount, "amount");
  return value;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** Credits a succeeded top-up payment once (the payment's id is the ledger reference). */
export async function creditSmsTopUp(prisma: PrismaClient, intent: Stripe.PaymentIntent): Promise<boolean> {
  if (intent.status !== "succeeded") return false;
  const organizationId = intent.metadata?.organizationId;
  const amount = Number(intent.metadata?.amount);
  if (!organizationId || !Number.isFinite(amount) || amount <= 0) return false;
  const marker = `sms-topup:${intent.id}`;
  try {
    await prisma.stripeEvent.create({ data: { id: marker, type: "sms_topup.credited", createdAt: new Date(intent.created * 1000) } });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  try {
    await topUpSms(prisma, organizationId, amount, { reference: intent.id, userId: intent.metadata?.userId || undefined });
  } catch (error) {
    await prisma.stripeEvent.delete({ where: { id: marker } }).catch(() => undefined);
    throw error;
  }
  return true;
}

export async function customerSmsTopUp(ctx: DomainContext, input: { amount?: unknown; orgId?: unknown }): Promise<{ balance: number; message: string }> {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  // The customer call names its own organisation; another's id is not found (nothing is charged).
  if (input.orgId !== undefined && input.orgId !== organizationId) throw notFound(smsTopUpMessages.noOrganization);
  if (!viewer.organizationAdmin && !viewer.billingAdmin) throw forbidden(billingMessages.contactAdmin);
  const amount = checkTopUpAmount(input.amount);
  const stripe = requireStripe(ctx.config);
  const organization = await ctx.prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, include: { subscription: true } });
  const card = organization.subscription?.paymentMethodId;
  if (!card) throw badInput(billingMessages.noCard);
  const customer = await ensureCustomer(ctx.prisma, stripe, organizationId);
  let intent: Stripe.PaymentIntent;
  try {
    intent = await stripe.paymentIntents.create({
      amount: amount * 100,
      currency: (organization.subscription?.currency ?? organization.currency).toLowerCase(),
      customer,
      payment_method: card,
      off_session: true,
      confirm: true,
      description: "SMS balance top-up",
      metadata: { kind: "sms_topup", organizationId, amount: String(amount), userId: viewer.userId },
    });
  } catch (error) {
    throw paymentError(error) ?? error;
  }
  if (intent.status === "requires_action") throw new DomainError("PAYMENT_REQUIRED", billingMessages.requiresAuthentication);
  if (intent.status !== "succeeded") throw new DomainError("PAYMENT_REQUIRED", billingMessages.insufficientFunds);
  await creditSmsTopUp(ctx.prisma, intent);
  return { balance: await smsBalance(ctx.prisma, organizationId), message: smsTopUpMessages.success };
}
