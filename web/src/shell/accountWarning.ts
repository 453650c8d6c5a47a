/**
 * Which account warning the /expired page shows (spec 000 §2 "/expired: warning page for locked
 * account, ended trial, ended subscription or unpaid invoices", §4 account warnings, §8 "Trial over;
 * no subscription; subscription ended; account locked because the subscription is not up to date").
 *
 * The organisation's billing status mirrors the payment provider's subscription status (inactive
 * when there has never been one; trialing, active, past_due, unpaid, incomplete, incomplete_expired,
 * canceled, paused). One warning at a time, the most specific first: an ended subscription or an
 * ended trial says why the account is locked better than "locked" does (docs/web-shell.md).
 */
export type AccountWarning = "subscriptionEnded" | "trialOver" | "accountLocked" | "invoiceUnpaid" | "paymentIncomplete";

export interface AccountState {
  billingStatus: string;
  dashboardLocked: boolean;
  /** Whole days left of the trial; negative once it is over; null without a trial. */
  trialDaysLeft: number | null | undefined;
}

/** Statuses of a subscription that ended (cancelled, or its first payment never completed). */
const endedStatuses = new Set(["canceled", "incomplete_expired"]);
/** No paid subscription has started: the trial is all there is. */
const noSubscriptionStatuses = new Set(["inactive", "trialing"]);
const unpaidStatuses = new Set(["past_due", "unpaid"]);

export function accountWarning(state: AccountState): AccountWarning | null {
  if (endedStatuses.has(state.billingStatus)) return "subscriptionEnded";
  const trialOver = state.trialDaysLeft !== null && state.trialDaysLeft !== undefined && state.trialDaysLeft < 0;
  if (trialOver && noSubscriptionStatuses.has(state.billingStatus)) return "trialOver";
  if (state.dashboardLocked) return "accountLocked";
  if (unpaidStatuses.has(state.billingStatus)) return "invoiceUnpaid";
  if (state.billingStatus === "incomplete") return "paymentIncomplete";
  return null;
}

/** Who may act on the warning: billing admins manage the subscription (spec 000 §4, §6). */
export type WarningAction = "manageSubscription" | "appointBillingAdmin" | "contactAdmin";

export function warningAction(viewer: { billingAdmin: boolean; organizationAdmin: boolean }): WarningAction {
  if (viewer.billingAdmin) return "manageSubscription";
  // An organisation admin who is not a billing admin can make someone one (user management).
  if (viewer.organizationAdmin) return "appointBillingAdmin";
  return "contactAdmin";
}
