// POST /sms-topup, the customer's call (spec 000 §7: body amount and orgId; paid through Stripe,
// domain/billing/sms-topup.ts). The super-admin's call (query orgId, no payment) is the super-admin
// area's: where that route exists, it hands the customer's call to `customerSmsTopUpHandler` and
// this route is not registered (one definition of the path).
import { z } from "zod";
import type { DomainContext } from "../../domain/context.js";
import { customerSmsTopUp } from "../../domain/billing/sms-topup.js";
import { defineRoute } from "./route.js";

/** The customer's paid top-up in the shape the /sms-topup route answers. */
export async function customerSmsTopUpHandler({ ctx, body }: { ctx: DomainContext; body: Record<string, unknown> }) {
  return { status: "ok" as const, ...(await customerSmsTopUp(ctx, { amount: body.amount, orgId: body.orgId })) };
}

export const customerSmsTopUpRoutes = [
  defineRoute({
    method: "POST",
    path: "/sms-topup",
    tag: "Subscription and money",
    summary:
      "Top up the organisation's SMS balance, paid with its card (organisation and billing admins); orgId, when given, must be the caller's organisation. Answers top-up success and the new balance",
    auth: "bearer",
    body: z.object({ amount: z.unknown().optional(), orgId: z.unknown().optional() }),
    response: z.object({ status: z.literal("ok"), message: z.string(), balance: z.number() }),
    errors: {
      402: "Insufficient funds on account, or Payment requires extra authentication: nothing was credited",
      409: "there is no payment provider on this server (embedded mode)",
    },
    handler: async ({ ctx, body }) => customerSmsTopUpHandler({ ctx, body }),
  }),
];
