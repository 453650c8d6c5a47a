// POST /sms-topup, the customer's call (spec 000 §7: body amount and orgId; paid through Stripe,
// domain/billing/sms-topup.ts). The super-admin's call (query orgId, no payment) is the super-admin
// area's route (rest/v5/superadmin.ts), which hands the customer's call (no orgId query) to
// `customerSmsTopUpHandler`: one definition of the path.
import type { DomainContext } from "../../domain/context.js";
import { customerSmsTopUp } from "../../domain/billing/sms-topup.js";

/**
 * The customer's paid top-up in the shape the /sms-topup route answers; the Idempotency-Key header
 * makes a retried request pay and credit once.
 */
export async function customerSmsTopUpHandler({ ctx, body, idempotencyKey }: { ctx: DomainContext; body: Record<string, unknown>; idempotencyKey?: unknown }) {
  return { status: "ok" as const, ...(await customerSmsTopUp(ctx, { amount: body.amount, orgId: body.orgId, idempotencyKey })) };
}
