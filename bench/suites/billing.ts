// Stripe webhooks processed per second (docs/billing.md "Webhooks"): signed events of one
// organisation's subscription and invoices (status updates in order, invoices created, finalised and
// paid), with a quarter of them delivered twice (duplicates must be acknowledged and change nothing),
// posted by 8 concurrent senders to POST /api/v5/stripe/webhook on the real server, against the local
// Stripe fake's signing. Reports events per second, latency p50/p99, and checks the end state.
import { createOrganizationFixture } from "../../api/src/test/fixtures.js";
import { StripeFake } from "../../api/src/test/stripe-fake.js";
import { withScratchDatabase } from "../lib/database.js";
import { startApiServer } from "../lib/servers.js";
import type { BenchContext, FigureRow } from "../lib/suite.js";

export const name = "billing";
export const description = "Stripe webhook events processed per second, with duplicates mixed in";

const senders = 8;
const uniqueEvents = 1600;
const duplicateShare = 0.25;

/** A deterministic generator (the run must not depend on chance). */
function lcg(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

export async function run(ctx: BenchContext): Promise<FigureRow[]> {
  return withScratchDatabase(ctx, name, async (databaseUrl) => {
    const fake = await new StripeFake().start();
    const api = await startApiServer(databaseUrl, { env: fake.env() });
    const unregister = ctx.onCleanup(async () => {
      await api.close().catch(() => {});
      await fake.close().catch(() => {});
    });
    try {
      const org = await createOrganizationFixture(api.prisma, "Bench billing");
      const customer = "cus_bench_1";
      const subscriptionId = "sub_bench_1";
      await api.prisma.subscription.create({ data: { organizationId: org.organization.id, stripeCustomerId: customer } });
      const random = lcg(42);
      const statuses = ["active", "past_due", "active", "unpaid", "active"];
      const base = Math.floor(Date.UTC(2026, 0, 1) / 1000);
      const events: { id: string; payload: string }[] = [];
      let invoices = 0;
      for (let i = 0; i < uniqueEvents; i++) {
        const created = base + i;
        let event: Record<string, unknown>;
        if (i % 4 === 0) {
          event = fake.event(
            "customer.subscription.updated",
            {
              id: subscriptionId,
              object: "subscription",
              customer,
              status: statuses[(i / 4) % statuses.length],
              currency: "eur",
              metadata: { organizationId: org.organization.id, plan: "pro", billingPeriod: "annual" },
              cancel_at: null,
              items: {
                object: "list",
                data: [
                  { id: "si_bench", price: { id: "price_bench", recurring: { interval: "year" }, metadata: {} }, current_period_end: created + 86400 * 365 },
                ],
              },
            },
            created,
          );
        } else {
          const n = Math.floor(i / 4);
          const stage = i % 4; // 1 created (draft), 2 finalized (open), 3 paid
          if (stage === 1) invoices++;
          event = fake.event(
            stage === 1 ? "invoice.created" : stage === 2 ? "invoice.finalized" : "invoice.paid",
            {
              id: `in_bench_${n}`,
              object: "invoice",
              customer,
              currency: "eur",
              total: 14900,
              number: `B-${n}`,
              status: stage === 1 ? "draft" : stage === 2 ? "open" : "paid",
              status_transitions: { finalized_at: stage >= 2 ? created : null, paid_at: stage === 3 ? created : null },
              due_date: null,
              invoice_pdf: null,
            },
            created,
          );
        }
        events.push({ id: event.id as string, payload: JSON.stringify(event) });
      }
      // A quarter delivered again, at a later place in the stream (a retry after a lost answer).
      const stream = [...events];
      const duplicates = Math.round(uniqueEvents * duplicateShare);
      for (let d = 0; d < duplicates; d++) {
        const original = Math.floor(random() * uniqueEvents);
        const at = Math.min(stream.length, original + 1 + Math.floor(random() * 50));
        stream.splice(at, 0, events[original]!);
      }
      const url = `${api.baseUrl}/api/v5/stripe/webhook`;
      // Signed now: the signature's timestamp must be within 300 s when the server checks it.
      const signed = stream.map((e) => ({ ...e, signature: fake.sign(e.payload).signature }));
      ctx.log(`posting ${signed.length} events (${duplicates} duplicates) with ${senders} senders`);

      const latencies: number[] = [];
      let next = 0;
      let acknowledgedDuplicates = 0;
      let failures = 0;
      let retried = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: senders }, async () => {
          while (next < signed.length) {
            const e = signed[next++]!;
            // As Stripe does, a delivery that failed (500) is sent again (here at once, at most 3 times).
            for (let attempt = 1; attempt <= 3; attempt++) {
              const t0 = performance.now();
              const response = await fetch(url, {
                method: "POST",
                headers: { "content-type": "application/json", "stripe-signature": e.signature },
                body: e.payload,
              });
              const body = (await response.json()) as { duplicate?: boolean };
              latencies.push(performance.now() - t0);
              if (response.status === 200) {
                if (body.duplicate) acknowledgedDuplicates++;
                break;
              }
              retried++;
              if (attempt === 3) failures++;
            }
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const stored = await api.prisma.invoice.count({ where: { organizationId: org.organization.id } });
      const recorded = await api.prisma.stripeEvent.count();
      const paid = await api.prisma.invoice.count({ where: { organizationId: org.organization.id, status: "paid" } });
      const consistent = stored === invoices && recorded === uniqueEvents && failures === 0;
      return [
        {
          figure: "webhook events processed (25 % duplicates, 8 senders)",
          value: Math.round(signed.length / seconds),
          unit: "events/s",
          extra: { p50: `${quantile(latencies, 0.5).toFixed(1)} ms`, p99: `${quantile(latencies, 0.99).toFixed(1)} ms`, events: signed.length },
          note: `${acknowledgedDuplicates} acknowledged as duplicates; ${stored}/${invoices} invoices stored (${paid} paid), ${recorded}/${uniqueEvents} events recorded, ${retried} deliveries retried, ${failures} failed for good: ${consistent ? "consistent" : "NOT consistent"}`,
        },
      ];
    } finally {
      unregister();
      await api.close().catch(() => {});
      await fake.close().catch(() => {});
    }
  });
}
