// Subscription and money through the real server and the real `stripe` SDK pointed at the local fake
// (test/stripe-fake.ts), with webhooks signed as Stripe signs them: every account state is reached,
// forged, replayed and reordered webhooks change nothing, and bad input is refused with nothing changed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { apiCall, apiFetch } from "../../test/rest-client.js";
import { fakeCardExpiryYear, startStripeFake, type FakeEvent, type StripeFake } from "../../test/stripe-fake.js";
import { stripeWebhookPath } from "../stripe-webhook.js";
import { seatsFullMessage } from "../../domain/user-management/seats.js";
import { applySubscription } from "../../domain/billing/billing.js";

const details = {
  billingEmail: "billing@acme.example",
  name: "Acme Oy Ltd",
  address: { addressLine1: "Mannerheimintie 1", city: "Helsinki", postalCode: "00100", country: "FI" },
  customerType: "company",
  businessId: "FI12345678",
};

describe.skipIf(noDatabase)("REST subscription and money against the Stripe fake", () => {
  let t: TestApp;
  let fake: StripeFake;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let adminToken: string;
  let editorToken: string;
  let otherAdminToken: string;
  let webhookUrl: string;
  /** Events of the fake already delivered. */
  let delivered = 0;

  const call = (method: string, path: string, token?: string, body?: unknown) => apiFetch(t.baseUrl, method, path, token, body);
  const json = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await call(method, path, token, body);
    return { status: response.status, body: await response.json() };
  };
  /** Delivers the fake's new events in the order they happened. */
  const deliverNew = async () => {
    const events = fake.events.slice(delivered);
    delivered = fake.events.length;
    for (const event of events) expect((await fake.send(webhookUrl, event)).status).toBe(200);
    return events;
  };
  const subscriptionRow = () => t.prisma.subscription.findUniqueOrThrow({ where: { organizationId: org.organization.id } });
  const userState = async (token = adminToken) => (await json("GET", "/user", token)).body.subscriptionStatus;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await startTestApp({ env: fake.env() });
    webhookUrl = `${t.baseUrl}${stripeWebhookPath}`;
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Rival");
    // A self-signup organisation in its trial (domain/signup gives 14 days).
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { trialUntil: new Date(Date.now() + 10 * 86_400_000) } });
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    adminToken = await signIn(org.users.admin.email);
    editorToken = await signIn(org.users.editorA.email);
    otherAdminToken = await signIn(other.users.admin.email);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("a trial organisation: unlocked, days left, the plans with the discounted annual price", async () => {
    const { status, body } = await json("GET", "/subscription", adminToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ paymentProvider: true, status: "inactive", plan: null, currencyFixed: false, card: null });
    expect(body.account).toMatchObject({ dashboardLocked: false, trialDaysLeft: 10, warning: null });
    const pro = body.plans.find((p: { plan: string }) => p.plan === "pro");
    expect(pro.annual).toBe(pro.monthly * 10);
    expect(await userState()).toMatchObject({ billingStatus: "inactive", dashboardLocked: false, trialDaysLeft: 10 });
  });

  it("non-admins are told to contact their organisation admin, for every billing call", async () => {
    for (const [method, path, body] of [
      ["GET", "/subscription"],
      ["GET", "/subscription/details"],
      ["PUT", "/subscription/details", details],
      ["GET", "/subscription/invoices"],
      ["POST", "/subscription", { plan: "pro", billingPeriod: "annual" }],
      ["GET", "/subscription/card/setup-intent"],
      ["POST", "/subscription/card", { paymentMethodId: "pm_card_visa" }],
      ["POST", "/sms-topup", { amount: 10 }],
    ] as [string, string, unknown?][]) {
      const answer = await json(method, path, editorToken, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error).toBe("Billing is managed by your organisation's admin: please contact them");
    }
    expect((await call("GET", "/subscription")).status).toBe(401);
    expect(fake.calls).toEqual([]);
  });

  it("billing details: company by default, every text field at least 5 characters, nothing saved on bad input", async () => {
    expect((await json("GET", "/subscription/details", adminToken)).body).toMatchObject({ customerType: "company", name: "", billingEmail: "" });
    for (const [patch, field] of [
      [{ name: "Acme" }, "name"],
      [{ address: { ...details.address, addressLine1: "St 1" } }, "address.addressLine1"],
      [{ businessId: "FI12" }, "businessId"],
      [{ billingEmail: "not-an-address" }, "billingEmail"],
      [{ customerType: "government" }, "customerType"],
    ] as [object, string][]) {
      const answer = await json("PUT", "/subscription/details", adminToken, { ...details, ...patch });
      expect(answer.status, field).toBe(400);
      expect(answer.body.field).toBe(field);
    }
    expect((await json("PUT", "/subscription/details", adminToken, { ...details, name: "Acme" })).body.error).toBe("Must be at least 5 characters");
    expect(await t.prisma.billingDetails.findUnique({ where: { organizationId: org.organization.id } })).toBeNull();

    const saved = await json("PUT", "/subscription/details", adminToken, details);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: "organization details updated", name: "Acme Oy Ltd", customerType: "company", address: { city: "Helsinki" } });
    // The provider's customer carries them, with the organisation's id.
    const customerId = (await subscriptionRow()).stripeCustomerId!;
    expect(customerId).toMatch(/^cus_/);
    // The tax rate comes from the server: a Finnish company pays Finnish VAT.
    expect((await json("GET", "/subscription/tax-rate", adminToken)).body).toEqual({ rate: 25.5 });
  });

  it("card: set up through a SetupIntent, refused without a payment id or when expired, then added", async () => {
    const intent = await json("GET", "/subscription/card/setup-intent", adminToken);
    expect(intent.status).toBe(200);
    expect(intent.body.clientSecret).toMatch(/^seti_.*_secret_/);
    expect((await json("GET", "/stripe/setup-intent", adminToken)).body.clientSecret).toMatch(/_secret_/);

    expect((await json("POST", "/subscription/card", adminToken, {})).body).toEqual({
      error: "No paymentId included in request body",
      field: "paymentMethodId",
    });
    const expired = await json("POST", "/subscription/card", adminToken, { paymentMethodId: "pm_card_expired" });
    expect(expired).toMatchObject({ status: 400, body: { error: "Card has expired" } });
    expect((await subscriptionRow()).paymentMethodId).toBeNull();

    const added = await json("POST", "/subscription/card", adminToken, { paymentMethodId: "pm_card_visa" });
    expect(added).toMatchObject({
      status: 201,
      body: { message: "card added", card: { id: "pm_card_visa", brand: "visa", last4: "4242", month: 12, year: fakeCardExpiryYear } },
    });
    expect((await json("GET", "/subscription/card", adminToken)).body.card.last4).toBe("4242");
  });

  it("bad plan input and another organisation's card change nothing", async () => {
    expect((await json("POST", "/subscription", adminToken, { plan: "gold", billingPeriod: "annual" })).body.field).toBe("plan");
    expect((await json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "weekly" })).body.field).toBe("billingPeriod");
    expect((await json("POST", "/subscription", adminToken, { plan: "enterprise", billingPeriod: "annual" })).status).toBe(400);
    expect((await json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "annual", currency: "XYZ" })).body.field).toBe("currency");
    // Rival cannot take Acme's card.
    await json("PUT", "/subscription/details", otherAdminToken, { ...details, billingEmail: "billing@rival.example" });
    expect((await json("POST", "/subscription/card", otherAdminToken, { paymentMethodId: "pm_card_visa" })).status).toBe(404);
    expect((await json("DELETE", "/subscription/card/pm_card_visa", otherAdminToken)).status).toBe(404);
    expect((await subscriptionRow()).status).toBe("inactive");
  });

  it("a declined first payment subscribes nothing: Insufficient funds on account", async () => {
    fake.setCardBehaviour("pm_card_visa", "insufficient_funds");
    const answer = await json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "annual", currency: "EUR" });
    expect(answer).toMatchObject({ status: 402, body: { error: "Insufficient funds on account" } });
    fake.setCardBehaviour("pm_card_visa", "authentication_required");
    expect((await json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "annual" })).body.error).toBe(
      "Payment requires extra authentication",
    );
    expect(await subscriptionRow()).toMatchObject({ status: "inactive", stripeSubscriptionId: null, firstSubscribedAt: null });
    fake.setCardBehaviour("pm_card_visa", "ok");
  });

  it("the trial organisation subscribes to Pro annually: active, the invoice paid with tax, the plan's seats and features", async () => {
    // A double click: two requests at once make one Stripe subscription, one charge.
    const creates = () => fake.calls.filter((c) => c === "POST /v1/subscriptions").length;
    const createsBefore = creates();
    const [answer, again] = await Promise.all([
      json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "annual", currency: "EUR" }),
      json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "annual", currency: "EUR" }),
    ]);
    expect(creates() - createsBefore).toBe(1);
    expect(again.status).toBe(200);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: "Subscribed successfully",
      status: "active",
      plan: "pro",
      billingPeriod: "annual",
      currency: "EUR",
      currencyFixed: true,
    });
    expect(answer.body.account).toMatchObject({ dashboardLocked: false, trialDaysLeft: null });
    const invoices = (await json("GET", "/subscription/invoices", adminToken)).body;
    expect(invoices).toHaveLength(1);
    // 149 € × 10 months, plus 25.5 % VAT
    expect(invoices[0]).toMatchObject({ status: "paid", total: 186_995, currency: "EUR" });
    expect(invoices[0].paid).not.toBeNull();
    const organization = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id }, include: { featureSet: true } });
    expect(organization).toMatchObject({ billingStatus: "active", billingPeriod: "annual", userSeats: 20, responseLimit: 20_000, trialUntil: null });
    expect(organization.featureSet.features).toContain("restApi");
    expect(await userState()).toMatchObject({ billingStatus: "active", dashboardLocked: false, trialDaysLeft: null });
    // The webhooks of what just happened arrive afterwards and change nothing.
    await deliverNew();
    expect((await subscriptionRow()).status).toBe("active");
    expect((await json("GET", "/subscription/invoices", adminToken)).body).toHaveLength(1);
  });

  it("the currency cannot change after the first subscription", async () => {
    const answer = await json("POST", "/subscription", adminToken, { plan: "single", billingPeriod: "monthly", currency: "USD" });
    expect(answer).toMatchObject({ status: 400, body: { error: "The currency cannot be changed after the first subscription", field: "currency" } });
    expect(await subscriptionRow()).toMatchObject({ plan: "pro", billingPeriod: "annual", currency: "EUR" });
  });

  it("a plan or cycle change follows the webhooks' ordering: an older event with the old plan changes nothing, a newer one wins", async () => {
    const own = await createOrganizationFixture(t.prisma, "Ordered");
    const token = (await signInWithPassword(t.baseUrl, own.users.admin.email, testPassword)).accessToken;
    await json("PUT", "/subscription/details", token, { ...details, billingEmail: "billing@ordered.example" });
    await json("POST", "/subscription/card", token, { paymentMethodId: "pm_card_visa_debit" });
    expect((await json("POST", "/subscription", token, { plan: "single", billingPeriod: "monthly", currency: "EUR" })).body).toMatchObject({
      plan: "single",
      billingPeriod: "monthly",
    });
    await deliverNew();
    const row = () => t.prisma.subscription.findUniqueOrThrow({ where: { organizationId: own.organization.id } });
    const seats = async () => (await t.prisma.organization.findUniqueOrThrow({ where: { id: own.organization.id } })).userSeats;
    const subId = (await row()).stripeSubscriptionId!;
    // The provider's "updated" of the old plan, made before the change but delivered after it.
    const oldPlan = fake.event("customer.subscription.updated", structuredClone(fake.subscription(subId)));
    fake.now += 60;
    const changed = await json("POST", "/subscription", token, { plan: "pro", billingPeriod: "annual" });
    expect(changed.body).toMatchObject({ status: "active", plan: "pro", billingPeriod: "annual" });
    // The answer's time (the provider's clock) is the marker, as an event's created time is.
    expect((await row()).stripeEventAt).toEqual(new Date(fake.now * 1000));
    expect(await (await fake.send(webhookUrl, oldPlan)).json()).toMatchObject({ received: true, applied: false });
    expect(await row()).toMatchObject({ plan: "pro", billingPeriod: "annual" });
    expect(await seats()).toBe(20);
    // The same old state stamped in the very second of the answer cannot be ordered by time: the
    // provider is asked, and its current state (the new plan) is what is applied.
    const reads = () => fake.calls.filter((c) => c === "GET /v1/subscriptions/{id}").length;
    const readsBefore = reads();
    const sameSecond = { ...oldPlan, id: `${oldPlan.id}_same_second`, created: fake.now };
    expect((await fake.send(webhookUrl, sameSecond)).status).toBe(200);
    expect(reads()).toBe(readsBefore + 1);
    expect(await row()).toMatchObject({ plan: "pro", billingPeriod: "annual" });
    // The change's own webhooks follow and agree, asking nothing more (the same state in the same second).
    await deliverNew();
    expect(reads()).toBe(readsBefore + 1);
    expect(await row()).toMatchObject({ plan: "pro", billingPeriod: "annual", status: "active" });

    // The reverse: a newer event (the provider cancels at the period's end) after the answer wins…
    const answer = structuredClone(fake.subscription(subId));
    const answerAt = new Date(fake.now * 1000);
    fake.now += 60;
    const ending = fake.subscription(subId);
    ending.cancel_at = fake.now + 30 * 86_400;
    expect(await (await fake.send(webhookUrl, fake.event("customer.subscription.updated", ending))).json()).toMatchObject({ applied: true });
    expect((await row()).cancelAt).toEqual(new Date((fake.now + 30 * 86_400) * 1000));
    // …and an older answer that is saved after it (a slow request) does not undo it.
    expect(await applySubscription(t.prisma, t.config, answer as never, { from: "answer", at: answerAt, now: new Date() })).toBe(false);
    expect((await row()).cancelAt).toEqual(new Date((fake.now + 30 * 86_400) * 1000));
    ending.cancel_at = null;
  });

  it("paying with no subscription: 409 'No subscription', nothing asked of the provider", async () => {
    const own = await createOrganizationFixture(t.prisma, "Unsubscribed");
    const token = (await signInWithPassword(t.baseUrl, own.users.admin.email, testPassword)).accessToken;
    const callsBefore = fake.calls.length;
    // Any invoice id, its own organisation's or Acme's: there is no subscription to pay for.
    const acmeInvoice = await t.prisma.invoice.findFirstOrThrow({ where: { organizationId: org.organization.id } });
    for (const invoiceId of ["0123456789abcdef01234567", acmeInvoice.id]) {
      expect(await json("POST", "/subscription/invoices/pay", token, { invoiceId })).toEqual({ status: 409, body: { error: "No subscription" } });
    }
    expect(fake.calls.length).toBe(callsBefore);
    expect((await t.prisma.subscription.findUnique({ where: { organizationId: own.organization.id } }))?.stripeSubscriptionId ?? null).toBeNull();
    expect((await t.prisma.invoice.findUniqueOrThrow({ where: { id: acmeInvoice.id } })).status).toBe(acmeInvoice.status);
  });

  it("forged, replayed and unsigned webhooks change nothing", async () => {
    const sub = fake.subscriptionOf((await subscriptionRow()).stripeCustomerId!);
    const forged = fake.event("customer.subscription.updated", { ...sub, status: "canceled" });
    expect((await fake.send(webhookUrl, forged, { secret: "whsec_not_the_secret" })).status).toBe(400);
    expect((await fake.send(webhookUrl, forged, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    // Signed ten minutes ago: outside the 300 s tolerance (a captured request replayed later).
    expect((await fake.send(webhookUrl, forged, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
    const unsigned = await fetch(webhookUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(forged) });
    expect(unsigned.status).toBe(400);
    // The body changed after signing.
    const { signature } = fake.sign(forged);
    const tampered = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: JSON.stringify({ ...forged, type: "invoice.paid" }),
    });
    expect(tampered.status).toBe(400);
    expect((await subscriptionRow()).status).toBe("active");
    // A delivered event delivered again is a duplicate.
    const replay = fake.lastEvent("invoice.paid");
    const again = await (await fake.send(webhookUrl, replay)).json();
    expect(again).toMatchObject({ received: true, duplicate: true });
  });

  it("a failed renewal: past due with the unpaid countdown, then unpaid and locked; a reordered old event is ignored; paying unlocks", async () => {
    const customerId = (await subscriptionRow()).stripeCustomerId!;
    const sub = fake.subscriptionOf(customerId);
    const activeSnapshot = fake.event("customer.subscription.updated", { ...sub, status: "active" }, fake.now);
    fake.now += 365 * 86_400;
    fake.setCardBehaviour("pm_card_visa", "insufficient_funds");
    fake.renew(sub.id);
    await deliverNew();
    expect(await userState()).toMatchObject({ billingStatus: "past_due", dashboardLocked: false });
    const pastDue = (await json("GET", "/subscription", adminToken)).body;
    expect(pastDue.account).toMatchObject({ warning: "Latest invoice unpaid", unpaidDaysLeft: 14, dashboardLocked: false });
    expect(pastDue.latestUnpaidInvoice).not.toBeNull();
    const open = (await json("GET", "/subscription/invoices", adminToken)).body.find((i: { status: string }) => i.status === "open");
    expect(open).toBeDefined();

    // An event created before the newest one applied arrives late: ignored.
    expect((await (await fake.send(webhookUrl, activeSnapshot)).json()).applied).toBe(false);
    expect((await subscriptionRow()).status).toBe("past_due");

    fake.markUnpaid(sub.id);
    await deliverNew();
    expect(await userState()).toMatchObject({ billingStatus: "unpaid", dashboardLocked: true });
    expect(await userState(editorToken)).toMatchObject({ dashboardLocked: true });
    // The server locks the dashboard too (permissions/locked.ts): only settings and billing answer.
    for (const token of [adminToken, editorToken]) {
      expect(await json("GET", "/surveys", token)).toEqual({ status: 403, body: { error: "Account locked because the subscription is not up to date" } });
    }
    expect((await json("GET", "/subscription", adminToken)).body.account.warning).toBe("Account locked because the subscription is not up to date");
    const row = await subscriptionRow();
    expect(row.collectingStopsAt!.getTime() - row.paymentFailedAt!.getTime()).toBe(14 * 86_400_000);

    // Another organisation's admin cannot pay (or see) Acme's invoice: Rival has no subscription yet
    // (refused before any invoice is looked up; with one, it is not found: "the plan's seats…" below).
    expect(await json("POST", "/subscription/invoices/pay", otherAdminToken, { invoiceId: open._id })).toEqual({
      status: 409,
      body: { error: "No subscription" },
    });
    // Still no funds: refused, nothing changes.
    expect((await json("POST", "/subscription/invoices/pay", adminToken, { invoiceId: open._id })).body.error).toBe("Insufficient funds on account");
    expect((await subscriptionRow()).status).toBe("unpaid");

    fake.setCardBehaviour("pm_card_visa", "ok");
    const paid = await json("POST", "/subscription/invoices/pay", adminToken, { invoiceId: open._id });
    expect(paid).toMatchObject({ status: 200, body: { message: "payment completed", status: "paid" } });
    expect(await userState()).toMatchObject({ billingStatus: "active", dashboardLocked: false });
    expect(await subscriptionRow()).toMatchObject({ paymentFailedAt: null, collectingStopsAt: null });
    expect((await json("GET", "/surveys", editorToken)).status).toBe(200);
    // Paying it again is refused; the late invoice.payment_failed webhook does not reopen it.
    expect((await json("POST", "/subscription/invoices/pay", adminToken, { invoiceId: open._id })).status).toBe(400);
    await deliverNew();
    const failed = fake.events.filter((e) => e.type === "invoice.payment_failed").at(-1) as FakeEvent;
    expect(await (await fake.send(webhookUrl, { ...failed, id: `${failed.id}_late` })).json()).toMatchObject({ applied: false });
    expect((await t.prisma.invoice.findUniqueOrThrow({ where: { id: open._id } })).status).toBe("paid");
    // It starts no countdown either: a stale start would shorten the next stretch's grace period.
    expect(await subscriptionRow()).toMatchObject({ status: "active", paymentFailedAt: null, collectingStopsAt: null });
    expect(await userState()).toMatchObject({ dashboardLocked: false, unpaidDaysLeft: null });
  });

  it("a payment that overtakes the provider's older events: the late unpaid and payment-failed events neither re-lock nor start a countdown", async () => {
    const customerId = (await subscriptionRow()).stripeCustomerId!;
    const sub = fake.subscriptionOf(customerId);
    fake.now += 365 * 86_400;
    fake.setCardBehaviour("pm_card_visa", "insufficient_funds");
    fake.renew(sub.id);
    const renewal = await deliverNew();
    expect(await userState()).toMatchObject({ billingStatus: "past_due", unpaidDaysLeft: 14 });
    const failedAt = (await subscriptionRow()).paymentFailedAt!;
    // Three days on, retries exhausted: the provider marks it unpaid, but that delivery is held back.
    fake.now += 3 * 86_400;
    fake.markUnpaid(sub.id);
    const held = fake.events.slice(delivered);
    delivered = fake.events.length;
    // A retry failing again (a newer failure of the same invoice) never moves the countdown's start.
    const renewalFailure = renewal.find((e) => e.type === "invoice.payment_failed")!;
    const retry = fake.event("invoice.payment_failed", renewalFailure.data.object as Record<string, unknown>);
    expect((await fake.send(webhookUrl, retry)).status).toBe(200);
    expect((await subscriptionRow()).paymentFailedAt).toEqual(failedAt);
    // A minute later the admin pays the open invoice: the provider's answer unlocks at once.
    fake.now += 60;
    fake.setCardBehaviour("pm_card_visa", "ok");
    const open = (await json("GET", "/subscription/invoices", adminToken)).body.find((i: { status: string }) => i.status === "open");
    expect((await json("POST", "/subscription/invoices/pay", adminToken, { invoiceId: open._id })).status).toBe(200);
    expect(await userState()).toMatchObject({ billingStatus: "active", dashboardLocked: false });
    // Now the held events arrive, and the renewal's failure once more: all older than the payment.
    for (const event of [...held, { ...renewalFailure, id: `${renewalFailure.id}_redelivered` }]) {
      expect(await (await fake.send(webhookUrl, event)).json(), event.type).toMatchObject({ received: true, applied: false });
    }
    expect(await subscriptionRow()).toMatchObject({ status: "active", paymentFailedAt: null, collectingStopsAt: null });
    expect(await userState()).toMatchObject({ billingStatus: "active", dashboardLocked: false, unpaidDaysLeft: null });
    expect((await json("GET", "/surveys", adminToken)).status).toBe(200);
    // The payment's own webhooks follow and agree.
    await deliverNew();
    expect(await subscriptionRow()).toMatchObject({ status: "active", paymentFailedAt: null });
  });

  it("the invoice PDF page opens with the invoice's query token, not with a wrong one", async () => {
    const [invoice] = (await json("GET", "/subscription/invoices", adminToken)).body;
    const withToken = await json("GET", `/subscription/invoices/${invoice._id}?token=${invoice.pdfToken}`);
    expect(withToken).toMatchObject({ status: 200, body: { _id: invoice._id, organization: { name: org.organization.name }, taxRate: 25.5 } });
    expect(withToken.body.pdfToken).toBeNull();
    expect((await json("GET", `/subscription/invoices/${invoice._id}?token=wrong-token-value`)).status).toBe(404);
    expect((await json("GET", `/subscription/invoices/${invoice._id}`, otherAdminToken)).status).toBe(404);
  });

  it("the customer's SMS top-up is paid through Stripe and credited once", async () => {
    for (const amount of [0, -5, "ten", 1.5, 1_000_000]) {
      expect((await json("POST", "/sms-topup", adminToken, { amount })).body.field, String(amount)).toBe("amount");
    }
    expect((await json("POST", "/sms-topup", adminToken, { amount: 20, orgId: other.organization.id })).body).toEqual({ error: "No organization found" });
    const before = fake.events.length;
    const topUp = await json("POST", "/sms-topup", adminToken, { amount: 20, orgId: org.organization.id });
    expect(topUp).toMatchObject({ status: 200, body: { message: "top-up success", balance: 20 } });
    // The payment_intent.succeeded webhook arrives too, twice: still credited once.
    const succeeded = fake.events.slice(before).find((e) => e.type === "payment_intent.succeeded")!;
    await fake.send(webhookUrl, succeeded);
    await fake.send(webhookUrl, { ...succeeded, id: `${succeeded.id}_again` });
    delivered = fake.events.length;
    const organization = await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } });
    expect(organization.smsBalance.toNumber()).toBe(20);
    expect(await t.prisma.smsLedgerEntry.count({ where: { organizationId: org.organization.id, kind: "topup" } })).toBe(1);
    // A declined card credits nothing.
    fake.setCardBehaviour("pm_card_visa", "insufficient_funds");
    expect((await json("POST", "/sms-topup", adminToken, { amount: 10 })).body.error).toBe("Insufficient funds on account");
    fake.setCardBehaviour("pm_card_visa", "ok");
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).smsBalance.toNumber()).toBe(20);
    // The history tells the web's top-up form who may buy (the same rule as the call) and that payments are taken.
    expect((await json("GET", "/sms-history", adminToken)).body).toMatchObject({ balance: 20, canTopUp: true, paymentProvider: true });
    expect((await json("GET", "/sms-history", editorToken)).status).toBe(403);
    expect((await json("POST", "/sms-topup", editorToken, { amount: 10 })).status).toBe(403);
  });

  it("a top-up retried with the same Idempotency-Key pays and credits once; a reused key for another amount or a malformed key changes nothing", async () => {
    const topUp = async (amount: number, key?: string) => {
      const response = await apiFetch(t.baseUrl, "POST", "/sms-topup", adminToken, { amount }, key === undefined ? {} : { "idempotency-key": key });
      return { status: response.status, body: await response.json() };
    };
    const balance = async () => (await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).smsBalance.toNumber();
    const payments = (cents: number) => fake.paymentIntentList().filter((pi) => pi.amount === cents).length;
    const start = { balance: await balance(), entries: await t.prisma.smsLedgerEntry.count({ where: { organizationId: org.organization.id } }) };
    // The answer was lost (a timeout, a reload): the browser sends the same request again, twice at once too.
    const first = await topUp(30, "topup-7f3a9c2e");
    expect(first).toMatchObject({ status: 200, body: { message: "top-up success", balance: start.balance + 30 } });
    const retries = await Promise.all([topUp(30, "topup-7f3a9c2e"), topUp(30, "topup-7f3a9c2e")]);
    for (const retry of retries) expect(retry).toMatchObject({ status: 200, body: { message: "top-up success", balance: start.balance + 30 } });
    await deliverNew();
    expect(await balance()).toBe(start.balance + 30);
    expect(await t.prisma.smsLedgerEntry.count({ where: { organizationId: org.organization.id } })).toBe(start.entries + 1);
    // One payment at the provider.
    expect(payments(3000)).toBe(1);
    // The same key for another amount: refused, nothing charged or credited.
    const reused = await topUp(40, "topup-7f3a9c2e");
    expect(reused).toMatchObject({ status: 409, body: { error: "This Idempotency-Key was already used for another top-up", field: "Idempotency-Key" } });
    for (const key of ["", "x".repeat(201), "has space"]) {
      expect((await topUp(30, key)).body, JSON.stringify(key)).toMatchObject({ field: "Idempotency-Key" });
    }
    // A new key is a new top-up.
    expect((await topUp(5, "topup-second")).body.balance).toBe(start.balance + 35);
    await deliverNew();
    expect(await balance()).toBe(start.balance + 35);
    expect([payments(3000), payments(4000), payments(500)]).toEqual([1, 0, 1]);
  });

  it("incomplete, then the subscription ended: the dashboard locks", async () => {
    const sub = fake.subscriptionOf((await subscriptionRow()).stripeCustomerId!);
    fake.now += 60;
    fake.setStatus(sub.id, "incomplete");
    await deliverNew();
    expect(await userState()).toMatchObject({ billingStatus: "incomplete", dashboardLocked: false });
    expect((await json("GET", "/subscription", adminToken)).body.account.warning).toBe("Payment requires extra authentication");
    fake.now += 60;
    fake.setStatus(sub.id, "canceled");
    await deliverNew();
    expect(await userState()).toMatchObject({ billingStatus: "canceled", dashboardLocked: true });
    expect((await json("GET", "/subscription", adminToken)).body.account.warning).toBe("Subscription ended");
  });

  it("the card is removed ('card removed'), also while the dashboard is locked; removing it again is not found", async () => {
    expect(await userState()).toMatchObject({ dashboardLocked: true });
    const card = (await json("GET", "/subscription/card", adminToken)).body.card;
    expect(card).toMatchObject({ id: "pm_card_visa", last4: expect.any(String) });
    expect((await json("DELETE", `/subscription/card/${card.id}`, editorToken)).status).toBe(403);
    expect(await json("DELETE", `/subscription/card/${card.id}`, adminToken)).toEqual({ status: 200, body: { status: "ok", message: "card removed" } });
    expect((await json("GET", "/subscription/card", adminToken)).body).toEqual({ card: null });
    expect(fake.calls).toContain("POST /v1/payment_methods/{id}/detach");
    expect(await json("DELETE", `/subscription/card/${card.id}`, adminToken)).toEqual({ status: 404, body: { error: "Card not found" } });
    // Without a card nothing can be paid or subscribed.
    expect((await json("POST", "/subscription", adminToken, { plan: "pro", billingPeriod: "monthly" })).body.error).toBe("Add a card before subscribing");
  });

  it("the plan's seats limit adding users (upgrade needed); Pro has room", async () => {
    // Rival (5 members) takes Single: 3 seats, its features.
    await json("POST", "/subscription/card", otherAdminToken, { paymentMethodId: "pm_card_mastercard" });
    const single = await json("POST", "/subscription", otherAdminToken, { plan: "single", billingPeriod: "monthly", currency: "USD" });
    expect(single).toMatchObject({ status: 200, body: { plan: "single", currency: "USD" } });
    const rival = await t.prisma.organization.findUniqueOrThrow({ where: { id: other.organization.id }, include: { featureSet: true } });
    expect(rival).toMatchObject({ userSeats: 3, responseLimit: 1000 });
    // Subscribed, Rival still cannot pay (or see) Acme's invoices.
    const acmeInvoice = await t.prisma.invoice.findFirstOrThrow({ where: { organizationId: org.organization.id } });
    expect(await json("POST", "/subscription/invoices/pay", otherAdminToken, { invoiceId: acmeInvoice.id })).toEqual({
      status: 404,
      body: { error: "Invoice not found" },
    });
    expect(rival.featureSet.features).not.toContain("restApi");
    const invite = { email: "new.person@rival.example", unitId: other.units.unitA.id, role: "viewer" };
    expect(await json("POST", "/invite-user", otherAdminToken, invite)).toEqual({ status: 403, body: { error: seatsFullMessage } });
    // Upgrading to Pro (prorated, paid at once) gives the seats.
    const pro = await json("POST", "/subscription", otherAdminToken, { plan: "pro", billingPeriod: "monthly" });
    expect(pro).toMatchObject({ status: 200, body: { plan: "pro", currency: "USD" } });
    expect((await json("POST", "/invite-user", otherAdminToken, invite)).status).toBe(201);
    await deliverNew();
  });

  it("a trial that ran out without a subscription locks the dashboard (trial over)", async () => {
    const third = await createOrganizationFixture(t.prisma, "Third");
    await t.prisma.organization.update({ where: { id: third.organization.id }, data: { trialUntil: new Date(Date.now() - 86_400_000) } });
    const token = (await signInWithPassword(t.baseUrl, third.users.admin.email, testPassword)).accessToken;
    expect(await userState(token)).toMatchObject({ billingStatus: "inactive", dashboardLocked: true, trialDaysLeft: -1 });
    expect((await json("GET", "/subscription", token)).body.account.warning).toBe("Trial over");
    expect((await json("GET", "/surveys", token)).body).toEqual({ error: "Account locked because the subscription is not up to date" });
  });
});

describe.skipIf(noDatabase)("embedded mode: no payment provider (no STRIPE_SECRET_KEY)", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" } });
    org = await createOrganizationFixture(t.prisma, "Embedded");
    // A trial that ran out: with a payment provider it would lock the dashboard.
    await t.prisma.organization.update({ where: { id: org.organization.id }, data: { trialUntil: new Date(Date.now() - 86_400_000) } });
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
  }, 60_000);
  afterAll(async () => t?.close());

  it("all features, no lock: the billing screens are told there is no provider, and its calls answer 409", async () => {
    const subscription = await apiCall(t.baseUrl, "GET", "/subscription", adminToken);
    expect(subscription).toMatchObject({
      status: 200,
      body: { paymentProvider: false, account: { dashboardLocked: false, trialDaysLeft: -1, warning: null } },
    });
    expect((await apiCall(t.baseUrl, "GET", "/user", adminToken)).body.subscriptionStatus).toMatchObject({ dashboardLocked: false, trialDaysLeft: null });
    expect((await apiCall(t.baseUrl, "GET", "/surveys", adminToken)).status).toBe(200);
    for (const [method, path, body] of [
      ["POST", "/subscription/card", { paymentMethodId: "pm_card_visa" }],
      ["GET", "/subscription/card/setup-intent", undefined],
      ["POST", "/subscription", { plan: "pro", billingPeriod: "annual" }],
      ["POST", "/sms-topup", { amount: 10 }],
    ] as const) {
      expect(await apiCall(t.baseUrl, method, path, adminToken, body), `${method} ${path}`).toEqual({
        status: 409,
        body: { error: "No payment provider: billing is not in use on this server" },
      });
    }
    // The top-up form learns there is nothing to pay through (the admin may still read the balance).
    expect((await apiCall(t.baseUrl, "GET", "/sms-history", adminToken)).body).toMatchObject({ canTopUp: true, paymentProvider: false });
    const webhook = await fetch(`${t.baseUrl}${stripeWebhookPath}`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(webhook.status).toBe(409);
  });
});
