// Account states (spec 000 §4 "Account warnings", §8): what the payment provider's subscription
// status, the trial and the unpaid countdown mean for the product. Pure: "now" is given.
import { unpaidGraceDays } from "./plans.js";

const dayMs = 86_400_000;

/** Spec 000 §8's messages for the account states. */
export const accountMessages = {
  trialOver: "Trial over",
  noSubscription: "No subscription",
  subscriptionEnded: "Subscription ended",
  accountLocked: "Account locked because the subscription is not up to date",
  latestInvoiceUnpaid: "Latest invoice unpaid",
  paymentRequiresAuthentication: "Payment requires extra authentication",
} as const;

export type AccountStateInput = {
  /** false in embedded mode (no STRIPE_SECRET_KEY): no payment provider, all features, no lock */
  providerConfigured: boolean;
  /** the provider's subscription status, or "inactive" when there has never been one */
  status: string;
  trialUntil: Date | null;
  paymentFailedAt: Date | null;
  now: Date;
};

export type AccountState = {
  billingStatus: string;
  dashboardLocked: boolean;
  trialDaysLeft: number | null;
  /** days until the surveys stop collecting while an invoice is unpaid; null when none is */
  unpaidDaysLeft: number | null;
  /** when the organisation's surveys stop collecting (null: they do not) */
  collectingStopsAt: Date | null;
  /** spec 000 §8's message for the state, null when all is well */
  warning: string | null;
};

const endedStatuses = new Set(["canceled", "incomplete_expired", "paused"]);
const unpaidStatuses = new Set(["past_due", "unpaid"]);

export function trialDaysLeftOf(trialUntil: Date | null, now: Date): number | null {
  return trialUntil ? Math.ceil((trialUntil.getTime() - now.getTime()) / dayMs) : null;
}

export function accountState(input: AccountStateInput): AccountState {
  const { status, now } = input;
  const trialDaysLeft = trialDaysLeftOf(input.trialUntil, now);
  const base: AccountState = { billingStatus: status, dashboardLocked: false, trialDaysLeft, unpaidDaysLeft: null, collectingStopsAt: null, warning: null };
  if (!input.providerConfigured) return base;
  const trialOver = input.trialUntil !== null && input.trialUntil.getTime() <= now.getTime();
  if (status === "inactive") {
    // An organisation on a contract (no trial, no subscription) is not locked: enterprise is by contact.
    if (trialOver) return { ...base, dashboardLocked: true, warning: accountMessages.trialOver };
    return base;
  }
  if (status === "trialing" || status === "active") return base;
  if (endedStatuses.has(status)) return { ...base, dashboardLocked: true, collectingStopsAt: now, warning: accountMessages.subscriptionEnded };
  if (unpaidStatuses.has(status)) {
    const failedAt = input.paymentFailedAt ?? now;
    const stopsAt = new Date(failedAt.getTime() + unpaidGraceDays * dayMs);
    const unpaidDaysLeft = Math.max(0, Math.ceil((stopsAt.getTime() - now.getTime()) / dayMs));
    // unpaid: the provider gave up retrying, so the dashboard locks (spec 000 §8 "account locked").
    const locked = status === "unpaid";
    return {
      ...base,
      dashboardLocked: locked,
      unpaidDaysLeft,
      collectingStopsAt: stopsAt,
      warning: locked ? accountMessages.accountLocked : accountMessages.latestInvoiceUnpaid,
    };
  }
  if (status === "incomplete") {
    // The first payment waits for extra authentication; a running trial keeps the account open.
    return { ...base, dashboardLocked: trialOver, warning: accountMessages.paymentRequiresAuthentication };
  }
  return base;
}

/**
 * Whether the organisation's dashboard is locked (spec 000 §4): the stored, status-driven lock
 * (`Organization.dashboardLocked`, written from the provider's subscription), or a lock that depends
 * on the clock (a trial over without a subscription, an incomplete payment after the trial) while a
 * payment provider is in use. One definition: GET /user's `subscriptionStatus` and the access layer's
 * refusal (permissions/locked.ts) both ask it, so the web shell and the server never disagree.
 */
export function dashboardLockedOf(input: AccountStateInput & { storedLock: boolean }): boolean {
  return input.storedLock || accountState(input).dashboardLocked;
}
