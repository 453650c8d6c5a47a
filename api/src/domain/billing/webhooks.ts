// The payment provider's webhooks (docs/billing.md "Webhooks"): the signature is verified on the raw
// body; each event is applied once (its id is recorded in StripeEvent in the same breath, so a replay
// or a duplicate changes nothing); events are ordered by the object's own state (an event older than
// the newest one applied to its subscription or invoice is ignored; a paid or void invoice never goes
// back). Unknown event types are acknowledged and ignored.
import type Stripe from "stripe";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";
import { badInput, DomainError } from "../errors.js";
import { applyInvoice, applySubscription } from "./billing.js";
import { stripeClient } from "./stripe-client.js";
import { creditSmsTopUp } from "./sms-topup.js";

export const webhookMessages = {
  notConfigured: "No payment provider: webhooks are not in use on this server",
  badSignature: "The webhook signature is not valid",
} as const;

/** Events that change what the product shows or allows; every other type is acknowledged and ignored. */
export const handledEvents = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "customer.subscription.paused",
  "customer.subscription.resumed",
  "customer.subscription.trial_will_end",
  "invoice.created",
  "invoice.finalized",
  "invoice.updated",
  "invoice.paid",
  "invoice.payment_succeeded",
  "invoice.payment_failed",
  "invoice.payment_action_required",
  "invoice.voided",
  "invoice.marked_uncollectible",
  "payment_intent.succeeded",
  "payment_intent.payment_failed",
] as const;

export type WebhookOutcome = { received: true; duplicate: boolean; applied: boolean; type: string };

/** Verifies the signature (default tolerance 300 s) and parses the event; throws 400 otherwise. */
export function verifyEvent(config: Config, rawBody: string | Buffer, signature: string | undefined, now = new Date()): Stripe.Event {
  const stripe = stripeClient(config);
  const secret = config.stripe.webhookSecret;
  if (!stripe || !secret) throw new DomainError("CONFLICT", webhookMessages.notConfigured);
  if (!signature) throw badInput(webhookMessages.badSignature);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, 300, undefined, now.getTime());
  } catch {
    throw badInput(webhookMessages.badSignature);
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

export async function handleEvent(prisma: PrismaClient, config: Config, event: Stripe.Event, now = new Date()): Promise<WebhookOutcome> {
  const eventAt = new Date(event.created * 1000);
  const seen = await prisma.stripeEvent.findUnique({ where: { id: event.id } });
  if (seen) return { received: true, duplicate: true, applied: false, type: event.type };
  const applied = await apply(prisma, config, event, eventAt, now);
  try {
    await prisma.stripeEvent.create({ data: { id: event.id, type: event.type, createdAt: eventAt } });
  } catch (error) {
    // Two deliveries of one event at once: both applied the same state, which is harmless.
    if (!isUniqueViolation(error)) throw error;
    return { received: true, duplicate: true, applied, type: event.type };
  }
  return { received: true, duplicate: false, applied, type: event.type };
}

/** The subscription an invoice bills (the API's `parent.subscription_details`, or the older `subscription` field). */
function subscriptionOfInvoice(invoice: Stripe.Invoice): string | null {
  const parent = (invoice as { parent?: { subscription_details?: { subscription?: string | { id: string } | null } | null } | null }).parent;
  const ref = parent?.subscription_details?.subscription ?? (invoice as { subscription?: string | { id: string } | null }).subscription ?? null;
  return typeof ref === "string" ? ref : (ref?.id ?? null);
}

async function apply(prisma: PrismaClient, config: Config, event: Stripe.Event, eventAt: Date, now: Date): Promise<boolean> {
  const type = event.type as string;
  if (type.startsWith("customer.subscription.")) {
    return applySubscription(prisma, config, event.data.object as Stripe.Subscription, { from: "event", at: eventAt, now });
  }
  if (type.startsWith("invoice.")) {
    const invoice = event.data.object as Stripe.Invoice;
    const applied = await applyInvoice(prisma, invoice, { eventAt });
    // A failed payment starts the unpaid countdown even before the subscription's own update arrives,
    // ordered by the objects' own state: only when the failure was applied to its invoice (not older
    // than the invoice's newest state, not a paid or void invoice moved back), is not older than the
    // subscription's state held (a late failure after a later payment does nothing), belongs to the
    // current subscription, and no countdown runs (a retry failing again never moves its start, so a
    // grace period is never shortened).
    if (type === "invoice.payment_failed" && applied && invoice.customer) {
      const customer = typeof invoice.customer === "string" ? invoice.customer : invoice.customer.id;
      const subscription = subscriptionOfInvoice(invoice);
      await prisma.subscription.updateMany({
        where: {
          stripeCustomerId: customer,
          ...(subscription ? { stripeSubscriptionId: subscription } : {}),
          paymentFailedAt: null,
          status: { notIn: ["canceled", "incomplete_expired"] },
          OR: [{ stripeEventAt: null }, { stripeEventAt: { lte: eventAt } }],
        },
        data: { paymentFailedAt: now },
      });
    }
    return applied;
  }
  if (type === "payment_intent.succeeded") {
    const intent = event.data.object as Stripe.PaymentIntent;
    if (intent.metadata?.kind !== "sms_topup") return false;
    return creditSmsTopUp(prisma, intent);
  }
  return false;
}
