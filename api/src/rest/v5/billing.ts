// /api/v5 subscription and money (spec 000 §7 "Subscription and money", and the customer's
// POST /sms-topup): thin handlers over domain/billing. The provider's webhooks have their own raw-body
// route (rest/stripe-webhook.ts).
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  addCard,
  billingMessages,
  createCardSetupIntent,
  getBillingDetails,
  getCard,
  getSubscription,
  getTaxRate,
  invoiceForPdf,
  listInvoices,
  payInvoice,
  removeCard,
  subscribe,
  updateBillingDetails,
  type InvoiceView,
  type SubscriptionView,
} from "../../domain/billing/billing.js";

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const tag = "Subscription and money";

const cardShape = z
  .object({ id: z.string(), brand: z.string().nullable(), last4: z.string().nullable(), month: z.number().nullable(), year: z.number().nullable() })
  .meta({ id: "Card" });

const subscriptionShape = z
  .object({
    canManage: z.boolean().describe("whether the caller may change billing (billing admins)"),
    paymentProvider: z.boolean().describe("false without a payment provider (embedded mode): all features, no lock"),
    publishableKey: z.string().nullable(),
    status: z.string().describe("inactive, trialing, active, past_due, incomplete, incomplete_expired, unpaid, canceled or paused"),
    plan: z.enum(["single", "pro"]).nullable(),
    billingPeriod: z.enum(["monthly", "annual"]).nullable(),
    currency: z.string(),
    currencyFixed: z.boolean().describe("true after the first subscription: the currency cannot change"),
    currentPeriodEnd: z.string().nullable(),
    cancelAt: z.string().nullable(),
    card: cardShape.nullable(),
    taxRate: z.number().describe("percent"),
    account: z.object({
      billingStatus: z.string(),
      dashboardLocked: z.boolean(),
      trialDaysLeft: z.number().nullable(),
      unpaidDaysLeft: z.number().nullable(),
      collectingStopsAt: z.string().nullable(),
      warning: z.string().nullable(),
    }),
    plans: z.array(
      z.object({
        plan: z.enum(["single", "pro"]),
        name: z.string(),
        currency: z.string(),
        monthly: z.number().describe("price of a month, in cents"),
        annual: z.number().describe("price of a year, in cents (discounted)"),
        userSeats: z.number(),
        responseLimit: z.number(),
        features: z.array(z.string()),
      }),
    ),
    latestUnpaidInvoice: z.object({ id: z.string(), total: z.number(), currency: z.string() }).nullable(),
  })
  .meta({ id: "Subscription" });

const subscriptionJson = (s: SubscriptionView): z.input<typeof subscriptionShape> => ({
  ...s,
  currentPeriodEnd: iso(s.currentPeriodEnd),
  cancelAt: iso(s.cancelAt),
  account: { ...s.account, collectingStopsAt: iso(s.account.collectingStopsAt) },
});

const detailsShape = z
  .object({
    billingEmail: z.string(),
    name: z.string(),
    address: z.object({
      city: z.string(),
      country: z.string(),
      addressLine1: z.string(),
      addressLine2: z.string(),
      postalCode: z.string(),
      state: z.string(),
    }),
    customerType: z.enum(["company", "individual"]),
    businessId: z.string().describe("VAT or business id"),
  })
  .meta({ id: "BillingDetails" });

const invoiceShape = z
  .object({
    _id: z.string(),
    number: z.string().nullable(),
    status: z.enum(["draft", "open", "paid", "uncollectible", "void"]),
    total: z.number().describe("in cents"),
    currency: z.string(),
    createdAt: z.string(),
    finalized: z.string().nullable(),
    paid: z.string().nullable(),
    due: z.string().nullable(),
    pdfUrl: z.string().nullable().describe("the provider's PDF, when it has one"),
    pdfToken: z.string().nullable().describe("the query token of the invoice PDF page (/settings/billing-history/{id}/pdf?token=…)"),
  })
  .meta({ id: "Invoice" });

const invoiceJson = (i: InvoiceView): z.input<typeof invoiceShape> => ({
  _id: i.id,
  number: i.number,
  status: i.status,
  total: i.total,
  currency: i.currency,
  createdAt: i.createdAt.toISOString(),
  finalized: iso(i.finalizedAt),
  paid: iso(i.paidAt),
  due: iso(i.dueAt),
  pdfUrl: i.pdfUrl,
  pdfToken: i.pdfToken,
});

const setupIntentShape = z.object({ clientSecret: z.string(), publishableKey: z.string().nullable() });
const noProvider = { 409: "there is no payment provider on this server (embedded mode)" } as const;

const setupIntentRoute = (path: string) =>
  defineRoute({
    method: "GET",
    path,
    tag,
    summary: "A SetupIntent's client secret for the card form (billing admins)",
    auth: "bearer",
    response: setupIntentShape,
    errors: noProvider,
    handler: async ({ ctx }) => createCardSetupIntent(ctx),
  });

export const billingRoutes = [
  setupIntentRoute("/stripe/setup-intent"),
  defineRoute({
    method: "GET",
    path: "/subscription",
    tag,
    summary: "The subscription state: plan, cycle, card, tax rate, account state and the plans on offer (organisation and billing admins)",
    auth: "bearer",
    response: subscriptionShape,
    handler: async ({ ctx }) => subscriptionJson(await getSubscription(ctx)),
  }),
  defineRoute({
    method: "POST",
    path: "/subscription",
    tag,
    summary: "Subscribe, or change the plan or billing cycle (billing admins). The currency is fixed by the first subscription",
    auth: "bearer",
    body: z.object({
      plan: z.unknown().optional().describe("single or pro"),
      billingPeriod: z.unknown().optional().describe("monthly or annual"),
      currency: z.unknown().optional().describe("EUR, USD or GBP; only before the first subscription"),
    }),
    response: subscriptionShape.extend({ message: z.string() }),
    errors: { 402: "Insufficient funds on account, or Payment requires extra authentication: nothing changed", ...noProvider },
    handler: async ({ ctx, body }) => ({ ...subscriptionJson(await subscribe(ctx, body)), message: billingMessages.subscribed }),
  }),
  defineRoute({
    method: "GET",
    path: "/subscription/details",
    tag,
    summary: "The organisation's billing details (customer type company by default)",
    auth: "bearer",
    response: detailsShape,
    handler: async ({ ctx }) => getBillingDetails(ctx),
  }),
  defineRoute({
    method: "PUT",
    path: "/subscription/details",
    tag,
    summary: "Save the billing details (billing admins); text fields need at least 5 characters",
    auth: "bearer",
    body: z.object({
      billingEmail: z.unknown().optional(),
      name: z.unknown().optional(),
      address: z
        .object({
          city: z.unknown().optional(),
          country: z.unknown().optional(),
          addressLine1: z.unknown().optional(),
          addressLine2: z.unknown().optional(),
          postalCode: z.unknown().optional(),
          state: z.unknown().optional(),
        })
        .nullable()
        .optional(),
      customerType: z.unknown().optional(),
      businessId: z.unknown().optional(),
    }),
    response: detailsShape.extend({ message: z.string() }),
    handler: async ({ ctx, body }) => ({ ...(await updateBillingDetails(ctx, body)), message: billingMessages.detailsUpdated }),
  }),
  setupIntentRoute("/subscription/card/setup-intent"),
  defineRoute({
    method: "GET",
    path: "/subscription/card",
    tag,
    summary: "The organisation's card (brand, last 4 digits, expiry) or null",
    auth: "bearer",
    response: z.object({ card: cardShape.nullable() }),
    handler: async ({ ctx }) => ({ card: await getCard(ctx) }),
  }),
  defineRoute({
    method: "POST",
    path: "/subscription/card",
    tag,
    summary: "Make a card set up through the SetupIntent the organisation's card (billing admins); an expired card is refused",
    auth: "bearer",
    body: z.object({ paymentMethodId: z.unknown().optional() }),
    status: 201,
    response: z.object({ card: cardShape, message: z.string() }),
    errors: noProvider,
    handler: async ({ ctx, body }) => ({ card: await addCard(ctx, body.paymentMethodId), message: billingMessages.cardAdded }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/subscription/card/{id}",
    tag,
    summary: "Remove the organisation's card (billing admins)",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: z.object({ status: z.literal("ok"), message: z.string() }),
    errors: noProvider,
    handler: async ({ ctx, params }) => {
      await removeCard(ctx, params.id);
      return { status: "ok" as const, message: billingMessages.cardRemoved };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/subscription/tax-rate",
    tag,
    summary: "The tax rate (percent) the organisation's invoices carry, from its billing country and customer type",
    auth: "bearer",
    response: z.object({ rate: z.number() }),
    handler: async ({ ctx }) => ({ rate: await getTaxRate(ctx) }),
  }),
  defineRoute({
    method: "GET",
    path: "/subscription/invoices",
    tag,
    summary: "The organisation's invoices, newest first (organisation and billing admins)",
    auth: "bearer",
    response: z.array(invoiceShape),
    handler: async ({ ctx }) => (await listInvoices(ctx)).map(invoiceJson),
  }),
  defineRoute({
    method: "POST",
    path: "/subscription/invoices/pay",
    tag,
    summary: "Pay an open or uncollectible invoice with the organisation's card (billing admins)",
    auth: "bearer",
    body: z.object({ invoiceId: z.unknown().optional() }),
    response: invoiceShape.extend({ message: z.string() }),
    errors: {
      402: "Insufficient funds on account, or Payment requires extra authentication",
      409: "No subscription (the organisation never subscribed: nothing changes), or no payment provider on this server (embedded mode)",
    },
    handler: async ({ ctx, body }) => ({ ...invoiceJson(await payInvoice(ctx, body.invoiceId)), message: billingMessages.paymentCompleted }),
  }),
  defineRoute({
    method: "GET",
    path: "/subscription/invoices/{id}",
    tag,
    summary: "One invoice with the organisation's billing details, for the invoice PDF page; also open with the invoice's query token",
    auth: "bearerOrQueryToken",
    params: z.object({ id: z.string() }),
    query: z.object({ token: z.string().optional() }),
    response: invoiceShape.extend({
      organization: z.object({ name: z.string() }),
      billingDetails: detailsShape.nullable(),
      taxRate: z.number(),
    }),
    handler: async ({ ctx, params, queryToken }) => {
      const invoice = await invoiceForPdf(ctx, params.id, queryToken);
      return { ...invoiceJson(invoice), organization: invoice.organization, billingDetails: invoice.billingDetails, taxRate: invoice.taxRate };
    },
  }),
];
