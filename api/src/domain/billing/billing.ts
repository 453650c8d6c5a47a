// Subscription and money (spec 000 §3 "Subscription state", "Invoice", "Organisation billing
// details"; §7 "Subscription and money"; §8): the organisation's customer, card, subscription and
// invoices at the payment provider (Stripe), mirrored in Subscription, Invoice and BillingDetails.
// Calls answer from the provider's reply at once; webhooks (./webhooks.ts) keep the mirror in step.
import { randomBytes } from "node:crypto";
import type Stripe from "stripe";
import type { DomainContext } from "../context.js";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Config } from "../../config.js";
import { badInput, DomainError, forbidden, notFound } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import { accountState, type AccountState } from "./account-state.js";
import {
  billingCurrencies,
  isBillingPeriod,
  isPlanKey,
  planCatalogue,
  planFeatureSetName,
  planPrice,
  plans,
  priceLookupKey,
  taxRateFor,
  type BillingPeriod,
  type PlanKey,
} from "./plans.js";
import { requireStripe, stripeClient } from "./stripe-client.js";

export const billingMessages = {
  contactAdmin: "Billing is managed by your organisation's admin: please contact them",
  insufficientFunds: "Insufficient funds on account",
  requiresAuthentication: "Payment requires extra authentication",
  cardExpired: "Card has expired",
  noPaymentId: "No paymentId included in request body",
  noCard: "Add a card before subscribing",
  noBillingDetails: "Fill in the billing details before subscribing",
  currencyFixed: "The currency cannot be changed after the first subscription",
  unknownPlan: "Choose the plan Single or Pro (enterprise by contact)",
  unknownPeriod: "Choose monthly or annual billing",
  unknownCurrency: `The currency is one of ${billingCurrencies.join(", ")}`,
  invoiceNotFound: "Invoice not found",
  invoiceNotPayable: "Only an open or uncollectible invoice can be paid",
  noSubscription: "No subscription",
  cardNotFound: "Card not found",
  subscribed: "Subscribed successfully",
  cardAdded: "card added",
  cardRemoved: "card removed",
  detailsUpdated: "organization details updated",
  paymentCompleted: "payment completed",
  minLength: (n: number) => `Must be at least ${n} characters`,
} as const;

/** Spec 000 §5 and §9: billing text fields need at least 5 characters. */
export const billingTextMin = 5;

// ---------------------------------------------------------------------------------------------
// Who may: organisation and billing admins read billing; billing admins change it (spec 000 §6:
// billing and unpaid-invoice details are shown to admins, everyone else is told to contact their
// organisation admin). A system admin may act for the organisation they are in.

function billingReader(ctx: DomainContext) {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  if (!viewer.organizationAdmin && !viewer.billingAdmin && !viewer.systemAdmin) throw forbidden(billingMessages.contactAdmin);
  return { viewer, organizationId };
}

function billingManager(ctx: DomainContext) {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  if (!viewer.billingAdmin && !viewer.systemAdmin) throw forbidden(billingMessages.contactAdmin);
  return { viewer, organizationId };
}

/** Spec 000 §8 "no subscription": a call that needs the organisation's subscription when it has none (409). */
export const noSubscription = () => new DomainError("CONFLICT", billingMessages.noSubscription);

// ---------------------------------------------------------------------------------------------
// Payment errors from the provider, in spec 000 §8's words.

export function paymentError(error: unknown): DomainError | null {
  const e = error as { type?: string; code?: string; decline_code?: string; message?: string; raw?: { decline_code?: string } } | null;
  if (!e || typeof e !== "object" || typeof e.type !== "string" || !e.type.startsWith("Stripe")) return null;
  const code = e.decline_code || e.raw?.decline_code || e.code;
  if (code === "insufficient_funds") return new DomainError("INSUFFICIENT_FUNDS", billingMessages.insufficientFunds);
  if (code === "authentication_required" || code === "invoice_payment_intent_requires_action" || code === "payment_intent_action_required")
    return new DomainError("PAYMENT_REQUIRED", billingMessages.requiresAuthentication);
  if (code === "expired_card") return badInput(billingMessages.cardExpired, "paymentMethodId");
  if (e.type === "StripeCardError") return new DomainError("PAYMENT_REQUIRED", e.message ?? "The card was declined");
  if (e.type === "StripeInvalidRequestError" && e.code === "resource_missing") return notFound(e.message ?? "Not found");
  if (e.type === "StripeInvalidRequestError") return badInput(e.message ?? "The payment provider refused the request");
  return null;
}

async function provider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw paymentError(error) ?? error;
  }
}

// ---------------------------------------------------------------------------------------------
// The mirror.

const unix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === "string" ? value : (value?.id ?? null));

async function subscriptionRow(prisma: PrismaClient, organizationId: string) {
  return prisma.subscription.upsert({ where: { organizationId }, create: { organizationId }, update: {} });
}

/** The organisation's customer at the provider, created on first need (metadata organizationId). */
export async function ensureCustomer(prisma: PrismaClient, stripe: Stripe, organizationId: string): Promise<string> {
  const row = await subscriptionRow(prisma, organizationId);
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: organizationId }, include: { billingDetails: true } });
  const details = organization.billingDetails;
  const customer = await provider(() =>
    stripe.customers.create(
      { name: details?.name ?? organization.name, email: details?.billingEmail, metadata: { organizationId } },
      { idempotencyKey: `customer-${organizationId}` },
    ),
  );
  await prisma.subscription.update({ where: { organizationId }, data: { stripeCustomerId: customer.id } });
  return customer.id;
}

function planOf(sub: Stripe.Subscription): { plan: PlanKey | null; period: BillingPeriod | null } {
  const item = sub.items?.data?.[0];
  const plan = sub.metadata?.plan ?? item?.price?.metadata?.plan;
  const period = sub.metadata?.billingPeriod ?? item?.price?.metadata?.billingPeriod;
  const interval = item?.price?.recurring?.interval;
  return {
    plan: isPlanKey(plan) ? plan : null,
    period: isBillingPeriod(period) ? period : interval === "year" ? "annual" : interval === "month" ? "monthly" : null,
  };
}

async function planFeatureSetId(prisma: PrismaClient, plan: PlanKey): Promise<string> {
  const name = planFeatureSetName(plan);
  const set = await prisma.featureSet.upsert({ where: { name }, create: { name, features: plans[plan].features }, update: {} });
  return set.id;
}

/**
 * The provider's time of an API answer: its `Date` header, written by the provider's clock (the clock
 * that stamps its events' `created`), in whole seconds. A state read from an answer is ordered against
 * webhook events by it (docs/billing.md "One ordering rule"). HTTP servers with a clock always send
 * Date; without one the caller's `fallback` stands in.
 */
export function answeredAt(answer: unknown, fallback: Date): Date {
  const headers = (answer as { lastResponse?: { headers?: Record<string, unknown> } } | null)?.lastResponse?.headers;
  const raw = headers?.date;
  const parsed = typeof raw === "string" ? Date.parse(raw) : Number.NaN;
  return Number.isFinite(parsed) ? new Date(parsed) : fallback;
}

/** Where a subscription state comes from: a webhook event, or the provider's answer to one of our calls. */
export type SubscriptionSource = { from: "event" | "answer" /** the provider's time of the state: event.created, or answeredAt */; at: Date };

type SubscriptionRow = NonNullable<Awaited<ReturnType<PrismaClient["subscription"]["findUnique"]>>>;

/** The mirror's fields a provider subscription writes (the ordering compares them on a tie). */
function mirrorFields(sub: Stripe.Subscription, row: SubscriptionRow) {
  const { plan, period } = planOf(sub);
  const item = sub.items?.data?.[0];
  return {
    stripeSubscriptionId: sub.id,
    status: sub.status as string,
    plan: plan ?? row.plan,
    billingPeriod: period ?? row.billingPeriod,
    currency: sub.currency ? sub.currency.toUpperCase() : row.currency,
    stripePriceId: item?.price?.id ?? row.stripePriceId,
    stripeItemId: item?.id ?? row.stripeItemId,
    currentPeriodEnd: unix((item as { current_period_end?: number } | undefined)?.current_period_end) ?? row.currentPeriodEnd,
    cancelAt: unix(sub.cancel_at),
  };
}

function sameState(row: SubscriptionRow, fields: ReturnType<typeof mirrorFields>): boolean {
  return (Object.keys(fields) as (keyof typeof fields)[]).every((key) => {
    const held = row[key];
    const given = fields[key];
    return held instanceof Date || given instanceof Date ? (held as Date | null)?.getTime() === (given as Date | null)?.getTime() : held === given;
  });
}

/**
 * Applies the provider's subscription to the mirror and the organisation's account state, whether it
 * came in a webhook event or in the answer to one of our calls (subscribe, a plan or cycle change, the
 * read after paying). One ordering rule for both (docs/billing.md "One ordering rule"): every state
 * carries the provider's time of it (`source.at`), the mirror keeps the newest one applied
 * (`stripeEventAt`), and
 * - an older state is ignored (returns false);
 * - a newer one is applied;
 * - one of the same second is applied when it equals what is held; when it differs, the two cannot be
 *   ordered by their times: an answer is applied (it is a read of the provider's state), while an
 *   event makes us read the subscription from the provider and apply that answer instead.
 */
export async function applySubscription(
  prisma: PrismaClient,
  config: Config,
  sub: Stripe.Subscription,
  source: SubscriptionSource & { now: Date },
): Promise<boolean> {
  const customerId = idOf(sub.customer as string | { id: string });
  const row =
    (sub.id ? await prisma.subscription.findUnique({ where: { stripeSubscriptionId: sub.id } }) : null) ??
    (customerId ? await prisma.subscription.findUnique({ where: { stripeCustomerId: customerId } }) : null) ??
    (sub.metadata?.organizationId ? await prisma.subscription.findUnique({ where: { organizationId: sub.metadata.organizationId } }) : null);
  if (!row) return false;
  // Another subscription of the same customer that is not the current one: a late event of an ended one.
  if (row.stripeSubscriptionId && row.stripeSubscriptionId !== sub.id && ["canceled", "incomplete_expired"].includes(sub.status)) return false;
  const at = source.at;
  const held = row.stripeEventAt?.getTime() ?? null;
  if (held !== null && at.getTime() < held) return false;
  const fields = mirrorFields(sub, row);
  if (held === at.getTime() && source.from === "event" && !sameState(row, fields)) {
    const stripe = stripeClient(config);
    if (stripe && sub.id) {
      const current = await provider(() => stripe.subscriptions.retrieve(sub.id));
      return applySubscription(prisma, config, current, { from: "answer", at: answeredAt(current, at), now: source.now });
    }
  }
  const unpaid = sub.status === "past_due" || sub.status === "unpaid";
  // The countdown runs from the first failure of the stretch; a retry failing again does not restart it.
  const paymentFailedAt = unpaid ? (row.paymentFailedAt ?? source.now) : null;
  const organization = await prisma.organization.findUniqueOrThrow({ where: { id: row.organizationId }, select: { trialUntil: true } });
  const state = accountState({ providerConfigured: true, status: sub.status, trialUntil: organization.trialUntil, paymentFailedAt, now: source.now });
  const chargeable = ["active", "trialing", "past_due", "unpaid"].includes(sub.status);
  const plan = fields.plan as PlanKey | null;
  // The plan's seats, response limit and feature set (read before the transaction: the embedded
  // database has one connection).
  const planLimits =
    chargeable && plan && isPlanKey(plan)
      ? { userSeats: plans[plan].userSeats, responseLimit: plans[plan].responseLimit, featureSetId: await planFeatureSetId(prisma, plan) }
      : {};
  const period = planOf(sub).period;
  return prisma.$transaction(async (tx) => {
    // The ordering check and the write in one conditional UPDATE: concurrent deliveries cannot undo a newer state.
    const changed = await tx.subscription.updateMany({
      where: { id: row.id, OR: [{ stripeEventAt: null }, { stripeEventAt: { lte: at } }] },
      data: {
        ...fields,
        firstSubscribedAt: row.firstSubscribedAt ?? source.now,
        paymentFailedAt,
        collectingStopsAt: state.collectingStopsAt,
        stripeEventAt: at,
      },
    });
    if (changed.count === 0) return false;
    await tx.organization.update({
      where: { id: row.organizationId },
      data: {
        billingStatus: sub.status,
        dashboardLocked: state.dashboardLocked,
        billingPeriod: period ?? undefined,
        currency: sub.currency ? sub.currency.toUpperCase() : undefined,
        // A paid subscription ends the trial.
        ...(sub.status === "active" ? { trialUntil: null } : {}),
        ...planLimits,
      },
    });
    return true;
  });
}

type InvoiceStatusName = "draft" | "open" | "paid" | "uncollectible" | "void";
const invoiceOrder: Record<InvoiceStatusName, number> = { draft: 0, open: 1, uncollectible: 2, paid: 3, void: 3 };

/** The stored statuses an invoice may move from to `status`: forward only; paid and void are final. */
function statusesBefore(status: InvoiceStatusName): InvoiceStatusName[] {
  return (Object.keys(invoiceOrder) as InvoiceStatusName[]).filter(
    (from) => from === status || (from !== "paid" && from !== "void" && invoiceOrder[from] < invoiceOrder[status]),
  );
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/**
 * Applies the provider's invoice; never moves a paid or void invoice back, nor applies an older event.
 * The check and the write are one conditional UPDATE, so concurrent deliveries cannot undo each other.
 */
export async function applyInvoice(prisma: PrismaClient, inv: Stripe.Invoice, opts: { eventAt: Date | null }, attempt = 0): Promise<boolean> {
  const customerId = idOf(inv.customer as string | { id: string } | null);
  const owner = customerId ? await prisma.subscription.findUnique({ where: { stripeCustomerId: customerId }, select: { organizationId: true } }) : null;
  if (!owner || !inv.id) return false;
  const status = inv.status as InvoiceStatusName | null;
  if (!status || !(status in invoiceOrder)) return false;
  const data = {
    status,
    total: inv.total ?? 0,
    currency: (inv.currency ?? "eur").toUpperCase(),
    number: inv.number ?? null,
    finalizedAt: unix(inv.status_transitions?.finalized_at),
    paidAt: unix(inv.status_transitions?.paid_at),
    dueAt: unix(inv.due_date),
    pdfUrl: inv.invoice_pdf ?? null,
    ...(opts.eventAt ? { stripeEventAt: opts.eventAt } : {}),
  };
  const exists = await prisma.invoice.findUnique({ where: { stripeInvoiceId: inv.id }, select: { id: true } });
  if (exists) {
    const changed = await prisma.invoice.updateMany({
      where: {
        id: exists.id,
        status: { in: statusesBefore(status) },
        ...(opts.eventAt ? { OR: [{ stripeEventAt: null }, { stripeEventAt: { lte: opts.eventAt } }] } : {}),
      },
      data,
    });
    return changed.count > 0;
  }
  try {
    await prisma.invoice.create({
      data: { ...data, organizationId: owner.organizationId, stripeInvoiceId: inv.id, pdfToken: randomBytes(24).toString("base64url") },
    });
    return true;
  } catch (error) {
    // Another delivery created it a moment ago: apply this one as an update.
    if (isUniqueViolation(error) && attempt === 0) return applyInvoice(prisma, inv, opts, 1);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// GET /subscription

export type SubscriptionView = {
  /** whether the caller may change billing (billing admins and system admins) */
  canManage: boolean;
  paymentProvider: boolean;
  publishableKey: string | null;
  status: string;
  plan: PlanKey | null;
  billingPeriod: BillingPeriod | null;
  currency: string;
  currencyFixed: boolean;
  currentPeriodEnd: Date | null;
  cancelAt: Date | null;
  card: { id: string; brand: string | null; last4: string | null; month: number | null; year: number | null } | null;
  taxRate: number;
  account: AccountState;
  plans: ReturnType<typeof planCatalogue>;
  latestUnpaidInvoice: { id: string; total: number; currency: string } | null;
};

export async function getSubscription(ctx: DomainContext, now = new Date()): Promise<SubscriptionView> {
  const { viewer, organizationId } = billingReader(ctx);
  const organization = await ctx.prisma.organization.findUniqueOrThrow({
    where: { id: organizationId },
    include: { subscription: true, billingDetails: true },
  });
  const sub = organization.subscription;
  const status = sub?.status ?? "inactive";
  const account = accountState({
    providerConfigured: stripeClient(ctx.config) !== null,
    status,
    trialUntil: organization.trialUntil,
    paymentFailedAt: sub?.paymentFailedAt ?? null,
    now,
  });
  const unpaid = await ctx.prisma.invoice.findFirst({
    where: { organizationId, status: { in: ["open", "uncollectible"] } },
    orderBy: { createdAt: "desc" },
  });
  const currency = sub?.firstSubscribedAt ? sub.currency : organization.currency;
  return {
    canManage: viewer.billingAdmin || viewer.systemAdmin,
    paymentProvider: stripeClient(ctx.config) !== null,
    publishableKey: ctx.config.stripe.publishableKey ?? null,
    status,
    plan: (sub?.plan as PlanKey | null) ?? null,
    billingPeriod: sub?.billingPeriod ?? organization.billingPeriod ?? null,
    currency,
    currencyFixed: Boolean(sub?.firstSubscribedAt),
    currentPeriodEnd: sub?.currentPeriodEnd ?? null,
    cancelAt: sub?.cancelAt ?? null,
    card: sub?.paymentMethodId ? { id: sub.paymentMethodId, brand: sub.cardBrand, last4: sub.cardLast4, month: sub.cardExpMonth, year: sub.cardExpYear } : null,
    taxRate: taxRateFor(organization.billingDetails),
    account,
    plans: planCatalogue(currency),
    latestUnpaidInvoice: unpaid ? { id: unpaid.id, total: unpaid.total, currency: unpaid.currency } : null,
  };
}

export async function getTaxRate(ctx: DomainContext): Promise<number> {
  const { organizationId } = billingReader(ctx);
  const details = await ctx.prisma.billingDetails.findUnique({ where: { organizationId } });
  return taxRateFor(details);
}

// ---------------------------------------------------------------------------------------------
// Billing details (GET and PUT /subscription/details)

export type BillingDetailsInput = {
  billingEmail?: unknown;
  name?: unknown;
  address?: { city?: unknown; country?: unknown; addressLine1?: unknown; addressLine2?: unknown; postalCode?: unknown; state?: unknown } | null;
  customerType?: unknown;
  businessId?: unknown;
};

export type BillingDetailsView = {
  billingEmail: string;
  name: string;
  address: { city: string; country: string; addressLine1: string; addressLine2: string; postalCode: string; state: string };
  customerType: "company" | "individual";
  businessId: string;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function getBillingDetails(ctx: DomainContext): Promise<BillingDetailsView> {
  const { organizationId } = billingReader(ctx);
  const d = await ctx.prisma.billingDetails.findUnique({ where: { organizationId } });
  return {
    billingEmail: d?.billingEmail ?? "",
    name: d?.name ?? "",
    address: {
      city: d?.city ?? "",
      country: d?.country ?? "",
      addressLine1: d?.addressLine1 ?? "",
      addressLine2: d?.addressLine2 ?? "",
      postalCode: d?.postalCode ?? "",
      state: d?.state ?? "",
    },
    // spec 000 §9: company by default
    customerType: d?.customerType ?? "company",
    businessId: d?.businessId ?? "",
  };
}

/** Validates the billing details: every message names its field; nothing is saved unless all pass. */
export function validateBillingDetails(input: BillingDetailsInput) {
  const text = (value: unknown, field: string, required: boolean, min = billingTextMin): string | null => {
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) {
      if (required) throw badInput(billingMessages.minLength(min), field);
      return null;
    }
    if (typeof value !== "string") throw badInput("Must be text", field);
    const trimmed = value.trim();
    if (trimmed.length < min) throw badInput(billingMessages.minLength(min), field);
    if (trimmed.length > 200) throw badInput("Must be at most 200 characters", field);
    return trimmed;
  };
  const billingEmail = typeof input.billingEmail === "string" ? input.billingEmail.trim().toLowerCase() : "";
  if (!emailPattern.test(billingEmail)) throw badInput("Please provide a valid e-mail address", "billingEmail");
  const name = text(input.name, "name", true)!;
  const address = input.address ?? {};
  const customerType = input.customerType ?? "company";
  if (customerType !== "company" && customerType !== "individual") throw badInput("The customer type is company or individual", "customerType");
  const countryRaw = typeof address.country === "string" ? address.country.trim().toUpperCase() : address.country;
  if (countryRaw !== undefined && countryRaw !== null && countryRaw !== "" && (typeof countryRaw !== "string" || !/^[A-Z]{2}$/.test(countryRaw)))
    throw badInput("The country is a two-letter code such as FI", "address.country");
  const postalCode = typeof address.postalCode === "string" && address.postalCode.trim() ? address.postalCode.trim() : null;
  if (postalCode && postalCode.length > 20) throw badInput("Must be at most 20 characters", "address.postalCode");
  return {
    billingEmail,
    name,
    addressLine1: text(address.addressLine1, "address.addressLine1", true),
    addressLine2: text(address.addressLine2, "address.addressLine2", false),
    city: text(address.city, "address.city", false, 2),
    state: text(address.state, "address.state", false, 2),
    postalCode,
    country: (countryRaw as string | undefined) || null,
    customerType: customerType as "company" | "individual",
    businessId: text(input.businessId, "businessId", false),
  };
}

export async function updateBillingDetails(ctx: DomainContext, input: BillingDetailsInput): Promise<BillingDetailsView> {
  const { organizationId } = billingManager(ctx);
  const data = validateBillingDetails(input);
  const stripe = stripeClient(ctx.config);
  if (stripe) {
    const customerId = await ensureCustomer(ctx.prisma, stripe, organizationId);
    await provider(() =>
      stripe.customers.update(customerId, {
        name: data.name,
        email: data.billingEmail,
        address: {
          line1: data.addressLine1 ?? "",
          line2: data.addressLine2 ?? "",
          city: data.city ?? "",
          state: data.state ?? "",
          postal_code: data.postalCode ?? "",
          country: data.country ?? "",
        },
        metadata: { organizationId, customerType: data.customerType, businessId: data.businessId ?? "" },
      }),
    );
  }
  await ctx.prisma.billingDetails.upsert({ where: { organizationId }, create: { organizationId, ...data }, update: data });
  return getBillingDetails(ctx);
}

// ---------------------------------------------------------------------------------------------
// Card (GET /subscription/card/setup-intent, GET /stripe/setup-intent, GET/POST /subscription/card,
// DELETE /subscription/card/{id})

export async function createCardSetupIntent(ctx: DomainContext): Promise<{ clientSecret: string; publishableKey: string | null }> {
  const { organizationId } = billingManager(ctx);
  const stripe = requireStripe(ctx.config);
  const customer = await ensureCustomer(ctx.prisma, stripe, organizationId);
  const intent = await provider(() => stripe.setupIntents.create({ customer, usage: "off_session", metadata: { organizationId } }));
  return { clientSecret: intent.client_secret ?? "", publishableKey: ctx.config.stripe.publishableKey ?? null };
}

export async function getCard(ctx: DomainContext): Promise<SubscriptionView["card"]> {
  const { organizationId } = billingReader(ctx);
  const sub = await ctx.prisma.subscription.findUnique({ where: { organizationId } });
  return sub?.paymentMethodId ? { id: sub.paymentMethodId, brand: sub.cardBrand, last4: sub.cardLast4, month: sub.cardExpMonth, year: sub.cardExpYear } : null;
}

/** A card expires at the end of its expiry month. */
export const cardExpired = (month: number, year: number, now: Date) =>
  year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);

export async function addCard(ctx: DomainContext, paymentMethodId: unknown, now = new Date()): Promise<NonNullable<SubscriptionView["card"]>> {
  const { organizationId } = billingManager(ctx);
  if (typeof paymentMethodId !== "string" || !paymentMethodId.trim()) throw badInput(billingMessages.noPaymentId, "paymentMethodId");
  const stripe = requireStripe(ctx.config);
  const customer = await ensureCustomer(ctx.prisma, stripe, organizationId);
  const method = await provider(() => stripe.paymentMethods.retrieve(paymentMethodId));
  const owner = idOf(method.customer as string | { id: string } | null);
  if (owner && owner !== customer) throw notFound(billingMessages.cardNotFound);
  const card = method.card;
  if (!card) throw badInput("The payment method is not a card", "paymentMethodId");
  if (cardExpired(card.exp_month, card.exp_year, now)) throw badInput(billingMessages.cardExpired, "paymentMethodId");
  if (!owner) await provider(() => stripe.paymentMethods.attach(paymentMethodId, { customer }));
  await provider(() => stripe.customers.update(customer, { invoice_settings: { default_payment_method: paymentMethodId } }));
  const sub = await ctx.prisma.subscription.findUniqueOrThrow({ where: { organizationId } });
  if (sub.stripeSubscriptionId && !["canceled", "incomplete_expired"].includes(sub.status)) {
    await provider(() => stripe.subscriptions.update(sub.stripeSubscriptionId!, { default_payment_method: paymentMethodId }));
  }
  // The previous card goes: one card per organisation.
  if (sub.paymentMethodId && sub.paymentMethodId !== paymentMethodId) {
    const previous = sub.paymentMethodId;
    await provider(() => stripe.paymentMethods.detach(previous)).catch(() => undefined);
  }
  await ctx.prisma.subscription.update({
    where: { organizationId },
    data: { paymentMethodId, cardBrand: card.brand, cardLast4: card.last4, cardExpMonth: card.exp_month, cardExpYear: card.exp_year },
  });
  return { id: paymentMethodId, brand: card.brand, last4: card.last4, month: card.exp_month, year: card.exp_year };
}

export async function removeCard(ctx: DomainContext, id: string): Promise<void> {
  const { organizationId } = billingManager(ctx);
  const stripe = requireStripe(ctx.config);
  const sub = await ctx.prisma.subscription.findUnique({ where: { organizationId } });
  if (!sub?.paymentMethodId || sub.paymentMethodId !== id) throw notFound(billingMessages.cardNotFound);
  await provider(() => stripe.paymentMethods.detach(id));
  await ctx.prisma.subscription.update({
    where: { organizationId },
    data: { paymentMethodId: null, cardBrand: null, cardLast4: null, cardExpMonth: null, cardExpYear: null },
  });
}

// ---------------------------------------------------------------------------------------------
// POST /subscription: subscribe, or change the plan or cycle.

async function ensurePrice(stripe: Stripe, plan: PlanKey, period: BillingPeriod, currency: string): Promise<string> {
  const lookupKey = priceLookupKey(plan, period, currency);
  const found = await provider(() => stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }));
  if (found.data[0]) return found.data[0].id;
  const price = await provider(() =>
    stripe.prices.create({
      lookup_key: lookupKey,
      currency: currency.toLowerCase(),
      unit_amount: planPrice(plan, period),
      recurring: { interval: period === "annual" ? "year" : "month" },
      product_data: { name: `Feedback ${plans[plan].name}` },
      metadata: { plan, billingPeriod: period },
    }),
  );
  return price.id;
}

async function ensureTaxRate(stripe: Stripe, percentage: number, country: string | null): Promise<string | null> {
  if (percentage <= 0) return null;
  const rate = await provider(() =>
    stripe.taxRates.create({ display_name: "VAT", percentage, inclusive: false, country: country ?? undefined, metadata: { source: "feedback" } }),
  );
  return rate.id;
}

export async function subscribe(
  ctx: DomainContext,
  input: { plan?: unknown; billingPeriod?: unknown; currency?: unknown },
  now = new Date(),
): Promise<SubscriptionView> {
  const { organizationId } = billingManager(ctx);
  if (input.plan === "enterprise") throw badInput("Enterprise is by contact: please contact sales", "plan");
  if (!isPlanKey(input.plan)) throw badInput(billingMessages.unknownPlan, "plan");
  if (!isBillingPeriod(input.billingPeriod)) throw badInput(billingMessages.unknownPeriod, "billingPeriod");
  const plan = input.plan;
  const period = input.billingPeriod;
  const stripe = requireStripe(ctx.config);
  // One subscribe at a time per organisation (a double click, two tabs): the second waits, then finds
  // the subscription the first made and changes nothing, so the customer is never charged twice.
  return ctx.prisma.$transaction(
    async (tx) => {
      await tx.$queryRawUnsafe(`SELECT pg_advisory_xact_lock(hashtext($1))::text`, `subscribe:${organizationId}`);
      return subscribeLocked(ctx, stripe, organizationId, plan, period, input.currency, now);
    },
    { maxWait: 30_000, timeout: 120_000 },
  );
}

async function subscribeLocked(
  ctx: DomainContext,
  stripe: Stripe,
  organizationId: string,
  plan: PlanKey,
  period: BillingPeriod,
  currencyInput: unknown,
  now: Date,
): Promise<SubscriptionView> {
  const input = { currency: currencyInput };
  const organization = await ctx.prisma.organization.findUniqueOrThrow({
    where: { id: organizationId },
    include: { subscription: true, billingDetails: true },
  });
  const sub = organization.subscription;
  const requested = input.currency === undefined || input.currency === null || input.currency === "" ? null : String(input.currency).toUpperCase();
  if (requested && !(billingCurrencies as readonly string[]).includes(requested)) throw badInput(billingMessages.unknownCurrency, "currency");
  const fixed = sub?.firstSubscribedAt ? sub.currency : null;
  if (fixed && requested && requested !== fixed) throw badInput(billingMessages.currencyFixed, "currency");
  const currency = fixed ?? requested ?? organization.currency;
  if (!(billingCurrencies as readonly string[]).includes(currency)) throw badInput(billingMessages.unknownCurrency, "currency");
  if (!organization.billingDetails) throw badInput(billingMessages.noBillingDetails);
  if (!sub?.paymentMethodId) throw badInput(billingMessages.noCard);
  if (sub.cardExpMonth && sub.cardExpYear && cardExpired(sub.cardExpMonth, sub.cardExpYear, now)) throw badInput(billingMessages.cardExpired);
  const customer = await ensureCustomer(ctx.prisma, stripe, organizationId);
  const price = await ensurePrice(stripe, plan, period, currency);
  const metadata = { organizationId, plan, billingPeriod: period };
  const live = sub.stripeSubscriptionId && !["canceled", "incomplete_expired"].includes(sub.status) ? sub.stripeSubscriptionId : null;
  // Already on this plan and cycle (the same request again): nothing to change, nothing to charge.
  if (live && sub.plan === plan && sub.billingPeriod === period && sub.currency === currency) return getSubscription(ctx, now);
  let result: Stripe.Subscription;
  if (live && sub.stripeItemId) {
    // A plan or cycle change: invoiced at once, and refused (nothing changes) when the payment fails.
    result = await provider(() =>
      stripe.subscriptions.update(live, {
        items: [{ id: sub.stripeItemId!, price }],
        metadata,
        proration_behavior: "always_invoice",
        payment_behavior: "error_if_incomplete",
      }),
    );
  } else {
    const taxRate = await ensureTaxRate(stripe, taxRateFor(organization.billingDetails), organization.billingDetails.country);
    result = await provider(() =>
      stripe.subscriptions.create(
        {
          customer,
          items: [{ price }],
          currency: currency.toLowerCase(),
          default_payment_method: sub.paymentMethodId!,
          ...(taxRate ? { default_tax_rates: [taxRate] } : {}),
          payment_behavior: "error_if_incomplete",
          metadata,
          expand: ["latest_invoice"],
        },
        { idempotencyKey: `subscribe-${organizationId}-${plan}-${period}-${currency}-${randomBytes(6).toString("hex")}` },
      ),
    );
  }
  // The answer is applied under the webhooks' ordering rule, as of the provider's time of the answer:
  // a delayed older event (the previous plan) arriving later changes nothing.
  const at = answeredAt(result, now);
  await applySubscription(ctx.prisma, ctx.config, result, { from: "answer", at, now });
  const latest = result.latest_invoice;
  if (latest && typeof latest === "object") await applyInvoice(ctx.prisma, latest, { eventAt: at });
  return getSubscription(ctx, now);
}

// ---------------------------------------------------------------------------------------------
// Invoices (GET /subscription/invoices, POST /subscription/invoices/pay, the invoice PDF page)

export type InvoiceView = {
  id: string;
  number: string | null;
  status: "draft" | "open" | "paid" | "uncollectible" | "void";
  total: number;
  currency: string;
  createdAt: Date;
  finalizedAt: Date | null;
  paidAt: Date | null;
  dueAt: Date | null;
  pdfUrl: string | null;
  pdfToken: string | null;
};

type InvoiceRow = Awaited<ReturnType<PrismaClient["invoice"]["findFirstOrThrow"]>>;
const invoiceView = (i: InvoiceRow): InvoiceView => ({
  id: i.id,
  number: i.number,
  status: i.status,
  total: i.total,
  currency: i.currency,
  createdAt: i.createdAt,
  finalizedAt: i.finalizedAt,
  paidAt: i.paidAt,
  dueAt: i.dueAt,
  pdfUrl: i.pdfUrl,
  pdfToken: i.pdfToken,
});

export async function listInvoices(ctx: DomainContext): Promise<InvoiceView[]> {
  const { organizationId } = billingReader(ctx);
  const rows = await ctx.prisma.invoice.findMany({ where: { organizationId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 200 });
  return rows.map(invoiceView);
}

export async function payInvoice(ctx: DomainContext, invoiceId: unknown, now = new Date()): Promise<InvoiceView> {
  const { organizationId } = billingManager(ctx);
  if (typeof invoiceId !== "string" || !invoiceId) throw badInput("Choose the invoice to pay", "invoiceId");
  const stripe = requireStripe(ctx.config);
  // Invoices bill a subscription: an organisation that never subscribed has none to pay.
  const sub = await ctx.prisma.subscription.findUnique({ where: { organizationId } });
  if (!sub?.stripeSubscriptionId) throw noSubscription();
  const invoice = await ctx.prisma.invoice.findFirst({ where: { id: invoiceId, organizationId } });
  if (!invoice?.stripeInvoiceId) throw notFound(billingMessages.invoiceNotFound);
  if (invoice.status !== "open" && invoice.status !== "uncollectible") throw badInput(billingMessages.invoiceNotPayable, "invoiceId");
  const paid = await provider(() => stripe.invoices.pay(invoice.stripeInvoiceId!));
  await applyInvoice(ctx.prisma, paid, { eventAt: answeredAt(paid, now) });
  // The subscription leaves past_due or unpaid once its invoice is paid. The state read after the
  // payment is applied as of the provider's time of that answer (after the payment): events created
  // before it (a held-back "unpaid", a late failure) are older and change nothing, so nothing re-locks.
  const fresh = await provider(() => stripe.subscriptions.retrieve(sub.stripeSubscriptionId!));
  await applySubscription(ctx.prisma, ctx.config, fresh, { from: "answer", at: answeredAt(fresh, now), now });
  return invoiceView(await ctx.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } }));
}

/** The invoice PDF page: a billing reader of the organisation, or anyone with the invoice's query token. */
export async function invoiceForPdf(
  ctx: DomainContext,
  invoiceId: string,
  token: string | undefined,
): Promise<InvoiceView & { organization: { name: string }; billingDetails: BillingDetailsView | null; taxRate: number }> {
  let invoice: InvoiceRow | null;
  if (ctx.viewer) {
    const { organizationId } = billingReader(ctx);
    invoice = await ctx.prisma.invoice.findFirst({ where: { id: invoiceId, organizationId } });
  } else {
    invoice = token ? await ctx.prisma.invoice.findFirst({ where: { id: invoiceId, pdfToken: token } }) : null;
  }
  if (!invoice) throw notFound(billingMessages.invoiceNotFound);
  const organization = await ctx.prisma.organization.findUniqueOrThrow({ where: { id: invoice.organizationId }, include: { billingDetails: true } });
  const d = organization.billingDetails;
  return {
    ...invoiceView(invoice),
    pdfToken: null,
    organization: { name: organization.name },
    taxRate: taxRateFor(d),
    billingDetails: d
      ? {
          billingEmail: d.billingEmail,
          name: d.name,
          address: {
            city: d.city ?? "",
            country: d.country ?? "",
            addressLine1: d.addressLine1 ?? "",
            addressLine2: d.addressLine2 ?? "",
            postalCode: d.postalCode ?? "",
            state: d.state ?? "",
          },
          customerType: d.customerType,
          businessId: d.businessId ?? "",
        }
      : null,
  };
}
