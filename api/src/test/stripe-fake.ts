// A local HTTP fake of exactly the payment provider (Stripe) endpoints domain/billing uses, so tests
// run the real `stripe` SDK against it (`new Stripe(key, { host, port, protocol: "http" })`), and
// webhooks signed the way Stripe signs them (`stripe.webhooks.generateTestHeaderString`).
//
// State is in memory; ids are counters (deterministic); the fake's clock is injected (`now`, unix
// seconds) and moves only when a test moves it. Cards behave by their payment method:
//   pm_card_visa, pm_card_mastercard, pm_card_visa_debit  succeed
//   pm_card_chargeDeclinedInsufficientFunds declined, decline_code insufficient_funds
//   pm_card_authenticationRequired         needs extra authentication (off-session charges fail)
//   pm_card_expired                        expiry 01/2020
// and `setCardBehaviour` changes a card's behaviour later (a renewal that fails).
//
// Events: every change is recorded in `events`. With `webhookUrl` set and `autoDeliver` on, each is
// POSTed there signed with `webhookSecret` (the end-to-end server); otherwise tests deliver them.
// Test controls also answer over HTTP under /_fake/ (used by the end-to-end tests).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Obj = Record<string, any>;
export type CardBehaviour = "ok" | "insufficient_funds" | "authentication_required";
export type FakeEvent = { id: string; object: "event"; type: string; created: number; data: { object: Obj }; api_version: string; livemode: false };

class FakeError extends Error {
  constructor(
    readonly status: number,
    readonly body: Obj,
  ) {
    super(body.message);
  }
}

const notFound = (what: string, id: string) =>
  new FakeError(404, { type: "invalid_request_error", code: "resource_missing", message: `No such ${what}: '${id}'`, param: "id" });

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: any = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const key = part === "" ? (Array.isArray(node) ? node.length : Object.keys(node).length) : part;
      if (last) {
        node[key] = value;
        return;
      }
      if (node[key] === undefined) node[key] = /^\d*$/.test(parts[i + 1] ?? "") ? [] : {};
      node = node[key];
    });
  }
  return root;
}

/** The year the fake's valid cards expire in: years ahead of the real clock, which addCard checks them against. */
export const fakeCardExpiryYear = new Date().getUTCFullYear() + 8;

const cards: Record<string, { brand: string; last4: string; exp_month: number; exp_year: number; behaviour: CardBehaviour }> = {
  pm_card_visa: { brand: "visa", last4: "4242", exp_month: 12, exp_year: fakeCardExpiryYear, behaviour: "ok" },
  pm_card_mastercard: { brand: "mastercard", last4: "4444", exp_month: 11, exp_year: fakeCardExpiryYear - 1, behaviour: "ok" },
  pm_card_visa_debit: { brand: "visa", last4: "5556", exp_month: 10, exp_year: fakeCardExpiryYear + 1, behaviour: "ok" },
  pm_card_chargeDeclinedInsufficientFunds: { brand: "visa", last4: "9995", exp_month: 12, exp_year: fakeCardExpiryYear, behaviour: "insufficient_funds" },
  pm_card_authenticationRequired: { brand: "visa", last4: "3184", exp_month: 12, exp_year: fakeCardExpiryYear, behaviour: "authentication_required" },
  pm_card_expired: { brand: "visa", last4: "0069", exp_month: 1, exp_year: 2020, behaviour: "ok" },
};

export class StripeFake {
  server: Server;
  port = 0;
  now: number;
  webhookUrl: string | undefined;
  webhookSecret: string;
  autoDeliver: boolean;
  readonly events: FakeEvent[] = [];
  /** Every API call the SDK made: "POST /v1/customers". */
  readonly calls: string[] = [];
  private counter = 0;
  private readonly customers = new Map<string, Obj>();
  private readonly paymentMethods = new Map<string, Obj>();
  private readonly behaviours = new Map<string, CardBehaviour>();
  private readonly prices = new Map<string, Obj>();
  private readonly taxRates = new Map<string, Obj>();
  private readonly subscriptions = new Map<string, Obj>();
  private readonly invoices = new Map<string, Obj>();
  private readonly paymentIntents = new Map<string, Obj>();
  /** Idempotent requests (the Idempotency-Key header of a POST): the first request and its answer, replayed for the same key. */
  private readonly idempotent = new Map<string, { request: string; status: number; body: unknown }>();
  private readonly sdk = new Stripe("sk_test_fake_signer");
  private delivery: Promise<unknown> = Promise.resolve();

  constructor(opts: { now?: number; webhookUrl?: string; webhookSecret?: string; autoDeliver?: boolean } = {}) {
    this.now = opts.now ?? Date.UTC(2026, 10, 1, 9) / 1000;
    this.webhookUrl = opts.webhookUrl;
    this.webhookSecret = opts.webhookSecret ?? "whsec_test_fake";
    this.autoDeliver = opts.autoDeliver ?? false;
    this.server = createServer((req, res) => void this.handle(req, res));
  }

  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async close(): Promise<void> {
    await this.delivery.catch(() => undefined);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The environment that points the api at this fake. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: "sk_test_fake",
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: String(this.port),
      STRIPE_API_PROTOCOL: "http",
    };
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}_fake${String(this.counter).padStart(6, "0")}`;
  }

  // -------------------------------------------------------------------------------------------
  // Events and their signatures

  private emit(type: string, object: Obj): FakeEvent {
    const event: FakeEvent = {
      id: this.id("evt"),
      object: "event",
      type,
      created: this.now,
      data: { object: structuredClone(object) },
      api_version: "2026-10-28.endive",
      livemode: false,
    };
    this.events.push(event);
    if (this.autoDeliver && this.webhookUrl) {
      const url = this.webhookUrl;
      this.delivery = this.delivery.then(() => this.send(url, event).catch(() => undefined));
    }
    return event;
  }

  /** Waits until every automatic delivery so far has been answered. */
  async delivered(): Promise<void> {
    await this.delivery;
  }

  /** The body and Stripe-Signature header of an event, signed now (or at `timestamp`) with `secret`. */
  sign(event: FakeEvent | Obj | string, opts: { secret?: string; timestamp?: number } = {}): { payload: string; signature: string } {
    const payload = typeof event === "string" ? event : JSON.stringify(event, null, 2);
    const signature = this.sdk.webhooks.generateTestHeaderString({
      payload,
      secret: opts.secret ?? this.webhookSecret,
      timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { payload, signature };
  }

  async send(url: string, event: FakeEvent | Obj | string, opts: { secret?: string; timestamp?: number; signature?: string } = {}): Promise<Response> {
    const { payload, signature } = this.sign(event, opts);
    return fetch(url, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": opts.signature ?? signature }, body: payload });
  }

  /** The newest recorded event of a type. */
  lastEvent(type: string): FakeEvent {
    const found = [...this.events].reverse().find((e) => e.type === type);
    if (!found) throw new Error(`no ${type} event yet`);
    return found;
  }

  /** Makes a made-up event of the fake's objects (for tests of ordering and replays). */
  event(type: string, object: Obj, created = this.now): FakeEvent {
    return { id: this.id("evt"), object: "event", type, created, data: { object: structuredClone(object) }, api_version: "2026-10-28.endive", livemode: false };
  }

  // -------------------------------------------------------------------------------------------
  // Test controls

  setCardBehaviour(paymentMethodId: string, behaviour: CardBehaviour) {
    this.paymentMethod(paymentMethodId);
    this.behaviours.set(paymentMethodId, behaviour);
  }

  subscription(id: string): Obj {
    const sub = this.subscriptions.get(id);
    if (!sub) throw notFound("subscription", id);
    return sub;
  }

  invoice(id: string): Obj {
    const inv = this.invoices.get(id);
    if (!inv) throw notFound("invoice", id);
    return inv;
  }

  /** Every payment intent made, oldest first. */
  paymentIntentList(): Obj[] {
    return [...this.paymentIntents.values()];
  }

  /** The customer's only (newest) subscription. */
  subscriptionOf(customerId: string): Obj {
    const found = [...this.subscriptions.values()].reverse().find((s) => s.customer === customerId);
    if (!found) throw new Error(`no subscription of ${customerId}`);
    return found;
  }

  /** The next period's invoice, charged off-session: paid (active) or open (past_due). */
  renew(subscriptionId: string): { invoice: Obj; paid: boolean } {
    const sub = this.subscription(subscriptionId);
    const item = sub.items.data[0];
    const interval = item.price.recurring.interval === "year" ? 365 * 86400 : 30 * 86400;
    item.current_period_start = item.current_period_end;
    item.current_period_end = item.current_period_end + interval;
    const invoice = this.createInvoice(sub, item.price.unit_amount);
    const paid = this.charge(invoice, sub.default_payment_method ?? this.customer(sub.customer).invoice_settings.default_payment_method) === "ok";
    sub.latest_invoice = invoice.id;
    if (!paid) {
      sub.status = "past_due";
      this.emit("invoice.payment_failed", invoice);
    } else {
      sub.status = "active";
      this.emit("invoice.paid", invoice);
    }
    this.emit("customer.subscription.updated", sub);
    return { invoice, paid };
  }

  /** Smart Retries exhausted: past_due becomes unpaid (the account setting "mark unpaid"). */
  markUnpaid(subscriptionId: string): Obj {
    const sub = this.subscription(subscriptionId);
    sub.status = "unpaid";
    this.emit("customer.subscription.updated", sub);
    return sub;
  }

  setStatus(subscriptionId: string, status: string): Obj {
    const sub = this.subscription(subscriptionId);
    sub.status = status;
    this.emit(status === "canceled" ? "customer.subscription.deleted" : "customer.subscription.updated", sub);
    return sub;
  }

  // -------------------------------------------------------------------------------------------
  // Objects

  private customer(id: string): Obj {
    const c = this.customers.get(id);
    if (!c) throw notFound("customer", id);
    return c;
  }

  private paymentMethod(id: string): Obj {
    let pm = this.paymentMethods.get(id);
    if (!pm) {
      const card = cards[id];
      if (!card) throw notFound("PaymentMethod", id);
      pm = {
        id,
        object: "payment_method",
        type: "card",
        customer: null,
        created: this.now,
        card: { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year, country: "FI", funding: "credit" },
      };
      this.paymentMethods.set(id, pm);
      this.behaviours.set(id, card.behaviour);
    }
    return pm;
  }

  private taxPercent(taxRateIds: string[]): number {
    return taxRateIds.reduce((sum, id) => sum + Number(this.taxRates.get(id)?.percentage ?? 0), 0);
  }

  private createInvoice(sub: Obj, subtotal: number): Obj {
    const tax = Math.round((subtotal * this.taxPercent(sub.default_tax_rates?.map((r: Obj) => r.id) ?? [])) / 100);
    const invoice: Obj = {
      id: this.id("in"),
      object: "invoice",
      customer: sub.customer,
      currency: sub.currency,
      subtotal,
      total: subtotal + tax,
      amount_due: subtotal + tax,
      amount_paid: 0,
      status: "draft",
      number: null,
      due_date: null,
      created: this.now,
      invoice_pdf: null,
      hosted_invoice_url: null,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status_transitions: { finalized_at: null, paid_at: null, voided_at: null, marked_uncollectible_at: null },
    };
    this.invoices.set(invoice.id, invoice);
    this.emit("invoice.created", invoice);
    invoice.status = "open";
    invoice.number = `FAKE-${String(this.invoices.size).padStart(4, "0")}`;
    invoice.status_transitions.finalized_at = this.now;
    this.emit("invoice.finalized", invoice);
    return invoice;
  }

  /** Charges an invoice with a card: "ok" marks it paid; otherwise it stays open. */
  private charge(invoice: Obj, paymentMethodId: string | null): CardBehaviour | "no_card" {
    if (!paymentMethodId) return "no_card";
    const behaviour = this.behaviours.get(paymentMethodId) ?? "ok";
    if (behaviour !== "ok") return behaviour;
    invoice.status = "paid";
    invoice.amount_paid = invoice.total;
    invoice.amount_due = 0;
    invoice.status_transitions.paid_at = this.now;
    return "ok";
  }

  private declined(behaviour: CardBehaviour | "no_card"): FakeError {
    if (behaviour === "insufficient_funds")
      return new FakeError(402, {
        type: "card_error",
        code: "card_declined",
        decline_code: "insufficient_funds",
        message: "Your card has insufficient funds.",
      });
    if (behaviour === "authentication_required")
      return new FakeError(402, {
        type: "card_error",
        code: "authentication_required",
        message: "Your card was declined. This transaction requires authentication.",
      });
    return new FakeError(400, {
      type: "invalid_request_error",
      code: "resource_missing",
      message: "This customer has no attached payment source or default payment method.",
    });
  }

  private view(obj: Obj, expand: string[] = []): Obj {
    const copy = structuredClone(obj);
    if (expand.includes("latest_invoice") && typeof copy.latest_invoice === "string")
      copy.latest_invoice = structuredClone(this.invoices.get(copy.latest_invoice));
    return copy;
  }

  private expandOf(params: Obj): string[] {
    const e = params.expand;
    return Array.isArray(e) ? e : e ? [e] : [];
  }

  // -------------------------------------------------------------------------------------------
  // The HTTP API

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    const url = new URL(req.url ?? "/", "http://fake");
    const method = req.method ?? "GET";
    // Stripe's idempotent requests: a POST's Idempotency-Key replays the first answer (success or
    // card error) for the same request, and refuses the key for a different one.
    const key = method === "POST" && typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : undefined;
    const request = `${url.pathname}?${text}`;
    let replayed = false;
    const send = (status: number, body: unknown) => {
      if (key && !replayed && status !== 401 && status < 500 && !this.idempotent.has(key)) this.idempotent.set(key, { request, status, body });
      // Date by the fake's clock, as Stripe's answers carry its own clock (domain/billing orders by it).
      res.writeHead(status, {
        "content-type": "application/json",
        date: new Date(this.now * 1000).toUTCString(),
        "request-id": this.id("req"),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(JSON.stringify(body));
    };
    try {
      if (url.pathname.startsWith("/_fake/")) return send(200, this.control(method, url.pathname, text ? JSON.parse(text) : {}));
      if (!/^Bearer sk_test_/.test(req.headers.authorization ?? ""))
        throw new FakeError(401, { type: "invalid_request_error", message: "Invalid API Key provided" });
      const params = method === "GET" || method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(text);
      this.calls.push(`${method} ${url.pathname.replace(/\/(cus|pm|seti|sub|in|pi|price|txr)_[^/]+/g, "/{id}")}`);
      const saved = key ? this.idempotent.get(key) : undefined;
      if (saved) {
        replayed = true;
        if (saved.request !== request)
          throw new FakeError(400, {
            type: "idempotency_error",
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          });
        return send(saved.status, saved.body);
      }
      send(200, this.route(method, url.pathname, params));
    } catch (error) {
      if (error instanceof FakeError) return send(error.status, { error: error.body });
      send(500, { error: { type: "api_error", message: (error as Error).message } });
    }
  }

  private control(method: string, path: string, body: Obj): unknown {
    const [, , action, id] = path.split("/");
    if (method === "POST" && action === "renew") return this.renew(this.subscriptionOf(id!).id);
    if (method === "POST" && action === "unpaid") return this.markUnpaid(this.subscriptionOf(id!).id);
    if (method === "POST" && action === "card-behaviour") {
      this.setCardBehaviour(id!, body.behaviour);
      return { ok: true };
    }
    if (method === "POST" && action === "clock") {
      this.now = Number(body.now);
      return { now: this.now };
    }
    throw new FakeError(404, { type: "invalid_request_error", message: `no fake control ${path}` });
  }

  private route(method: string, path: string, p: Obj): unknown {
    const seg = path.split("/").slice(2); // after /v1
    const [kind, id, action] = seg;
    switch (`${method} ${kind}${id ? "/:id" : ""}${action ? `/${action}` : ""}`) {
      case "POST customers": {
        const customer = {
          id: this.id("cus"),
          object: "customer",
          created: this.now,
          name: p.name ?? null,
          email: p.email ?? null,
          metadata: p.metadata ?? {},
          address: null,
          invoice_settings: { default_payment_method: null },
        };
        this.customers.set(customer.id, customer);
        return customer;
      }
      case "GET customers/:id":
        return this.customer(id!);
      case "POST customers/:id": {
        const c = this.customer(id!);
        for (const key of ["name", "email", "address"]) if (p[key] !== undefined) c[key] = p[key];
        if (p.metadata) c.metadata = { ...c.metadata, ...p.metadata };
        if (p.invoice_settings?.default_payment_method !== undefined) {
          const pm = this.paymentMethod(p.invoice_settings.default_payment_method);
          if (pm.customer !== c.id)
            throw new FakeError(400, { type: "invalid_request_error", message: "The payment method is not attached to this customer." });
          c.invoice_settings.default_payment_method = pm.id;
        }
        return c;
      }
      case "POST setup_intents": {
        this.customer(p.customer);
        const si = {
          id: this.id("seti"),
          object: "setup_intent",
          customer: p.customer,
          status: "requires_payment_method",
          usage: p.usage ?? "off_session",
          metadata: p.metadata ?? {},
        };
        return { ...si, client_secret: `${si.id}_secret_fake` };
      }
      case "GET payment_methods/:id":
        return this.paymentMethod(id!);
      case "POST payment_methods/:id/attach": {
        const pm = this.paymentMethod(id!);
        this.customer(p.customer);
        if (pm.customer && pm.customer !== p.customer)
          throw new FakeError(400, { type: "invalid_request_error", message: "The payment method is attached to another customer." });
        pm.customer = p.customer;
        return pm;
      }
      case "POST payment_methods/:id/detach": {
        const pm = this.paymentMethod(id!);
        if (!pm.customer) throw new FakeError(400, { type: "invalid_request_error", message: "The payment method is not attached to a customer." });
        const c = this.customers.get(pm.customer);
        if (c && c.invoice_settings.default_payment_method === pm.id) c.invoice_settings.default_payment_method = null;
        pm.customer = null;
        return pm;
      }
      case "GET prices": {
        const keys: string[] = Array.isArray(p.lookup_keys) ? p.lookup_keys : p.lookup_keys ? [p.lookup_keys] : [];
        const data = [...this.prices.values()].filter((price) => keys.includes(price.lookup_key));
        return { object: "list", data, has_more: false, url: "/v1/prices" };
      }
      case "POST prices": {
        const price = {
          id: this.id("price"),
          object: "price",
          active: true,
          currency: p.currency,
          unit_amount: Number(p.unit_amount),
          lookup_key: p.lookup_key ?? null,
          recurring: { interval: p.recurring?.interval ?? "month", interval_count: 1 },
          product: this.id("prod"),
          metadata: p.metadata ?? {},
        };
        this.prices.set(price.id, price);
        return price;
      }
      case "POST tax_rates": {
        const rate = {
          id: this.id("txr"),
          object: "tax_rate",
          display_name: p.display_name,
          percentage: Number(p.percentage),
          inclusive: p.inclusive === "true",
          country: p.country ?? null,
          metadata: p.metadata ?? {},
        };
        this.taxRates.set(rate.id, rate);
        return rate;
      }
      case "POST subscriptions":
        return this.createSubscription(p);
      case "GET subscriptions/:id":
        return this.view(this.subscription(id!), this.expandOf(p));
      case "POST subscriptions/:id":
        return this.updateSubscription(id!, p);
      case "DELETE subscriptions/:id":
        return this.view(this.setStatus(id!, "canceled"));
      case "GET invoices/:id":
        return this.invoice(id!);
      case "POST invoices/:id/pay": {
        const inv = this.invoice(id!);
        if (inv.status !== "open" && inv.status !== "uncollectible")
          throw new FakeError(400, { type: "invalid_request_error", code: "invoice_not_payable", message: "Invoice is already paid or void." });
        const result = this.charge(inv, p.payment_method ?? this.customer(inv.customer).invoice_settings.default_payment_method);
        if (result !== "ok") {
          this.emit("invoice.payment_failed", inv);
          throw this.declined(result);
        }
        this.emit("invoice.paid", inv);
        const subId = inv.parent?.subscription_details?.subscription;
        const sub = subId ? this.subscriptions.get(subId) : undefined;
        if (sub && ["past_due", "unpaid", "incomplete"].includes(sub.status) && sub.latest_invoice === inv.id) {
          sub.status = "active";
          this.emit("customer.subscription.updated", sub);
        }
        return inv;
      }
      case "POST payment_intents": {
        const pmId = p.payment_method ?? this.customer(p.customer).invoice_settings.default_payment_method;
        const behaviour = pmId ? (this.behaviours.get(pmId) ?? "ok") : "no_card";
        const intent = {
          id: this.id("pi"),
          object: "payment_intent",
          amount: Number(p.amount),
          currency: p.currency,
          customer: p.customer,
          payment_method: pmId,
          created: this.now,
          metadata: p.metadata ?? {},
          status: behaviour === "ok" ? "succeeded" : "requires_payment_method",
        };
        this.paymentIntents.set(intent.id, intent);
        if (behaviour !== "ok") {
          this.emit("payment_intent.payment_failed", intent);
          throw this.declined(behaviour);
        }
        this.emit("payment_intent.succeeded", intent);
        return intent;
      }
      default:
        throw new FakeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  private createSubscription(p: Obj): Obj {
    const customer = this.customer(p.customer);
    const price = this.prices.get(p.items?.[0]?.price);
    if (!price) throw notFound("price", String(p.items?.[0]?.price));
    const currency = (p.currency ?? price.currency).toLowerCase();
    const live = [...this.subscriptions.values()].find((s) => s.customer === customer.id && !["canceled", "incomplete_expired"].includes(s.status));
    if (live && live.currency !== currency)
      throw new FakeError(400, { type: "invalid_request_error", message: "You cannot combine currencies on a single customer." });
    const days = price.recurring.interval === "year" ? 365 : 30;
    const sub: Obj = {
      id: this.id("sub"),
      object: "subscription",
      customer: customer.id,
      status: "incomplete",
      currency,
      created: this.now,
      cancel_at: null,
      metadata: p.metadata ?? {},
      default_payment_method: p.default_payment_method ?? customer.invoice_settings.default_payment_method,
      default_tax_rates: (Array.isArray(p.default_tax_rates) ? p.default_tax_rates : []).map((rid: string) => this.taxRates.get(rid)).filter(Boolean),
      items: {
        object: "list",
        data: [
          { id: this.id("si"), object: "subscription_item", price, quantity: 1, current_period_start: this.now, current_period_end: this.now + days * 86400 },
        ],
      },
      latest_invoice: null,
    };
    const invoice = this.createInvoice(sub, price.unit_amount);
    const result = this.charge(invoice, sub.default_payment_method);
    if (result !== "ok") {
      if (p.payment_behavior === "error_if_incomplete") {
        // Nothing is created: the invoice is gone as if never made.
        this.invoices.delete(invoice.id);
        this.events.splice(this.events.length - 2, 2);
        throw this.declined(result);
      }
      this.subscriptions.set(sub.id, sub);
      sub.latest_invoice = invoice.id;
      this.emit("customer.subscription.created", sub);
      this.emit(result === "authentication_required" ? "invoice.payment_action_required" : "invoice.payment_failed", invoice);
      return this.view(sub, this.expandOf(p));
    }
    sub.status = "active";
    sub.latest_invoice = invoice.id;
    this.subscriptions.set(sub.id, sub);
    this.emit("customer.subscription.created", sub);
    this.emit("invoice.paid", invoice);
    return this.view(sub, this.expandOf(p));
  }

  private updateSubscription(id: string, p: Obj): Obj {
    const sub = this.subscription(id);
    if (p.default_payment_method) {
      this.paymentMethod(p.default_payment_method);
      sub.default_payment_method = p.default_payment_method;
    }
    if (p.metadata) sub.metadata = { ...sub.metadata, ...p.metadata };
    const change = p.items?.[0];
    if (change?.price) {
      const price = this.prices.get(change.price);
      if (!price) throw notFound("price", change.price);
      if (price.currency !== sub.currency)
        throw new FakeError(400, { type: "invalid_request_error", message: "The price's currency does not match the subscription's currency." });
      const item = sub.items.data.find((i: Obj) => i.id === change.id) ?? sub.items.data[0];
      const difference = Math.max(0, price.unit_amount - item.price.unit_amount);
      if (difference > 0 && p.proration_behavior === "always_invoice") {
        const invoice = this.createInvoice(sub, difference);
        const result = this.charge(invoice, sub.default_payment_method);
        if (result !== "ok" && p.payment_behavior === "error_if_incomplete") {
          invoice.status = "void";
          invoice.status_transitions.voided_at = this.now;
          this.emit("invoice.voided", invoice);
          throw this.declined(result);
        }
        sub.latest_invoice = invoice.id;
        this.emit(result === "ok" ? "invoice.paid" : "invoice.payment_failed", invoice);
      }
      item.price = price;
      const days = price.recurring.interval === "year" ? 365 : 30;
      item.current_period_start = this.now;
      item.current_period_end = this.now + days * 86400;
    }
    this.emit("customer.subscription.updated", sub);
    return this.view(sub, this.expandOf(p));
  }
}

export async function startStripeFake(opts: ConstructorParameters<typeof StripeFake>[0] = {}): Promise<StripeFake> {
  return new StripeFake(opts).start();
}
