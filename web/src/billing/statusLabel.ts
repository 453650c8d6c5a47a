import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

/** The subscription statuses of the payment provider, in words (spec 000 §4 account warnings). */
const subscriptionStatusLabels: Record<string, MessageDescriptor> = {
  inactive: msg`No subscription`,
  trialing: msg`Trial`,
  active: msg`Active`,
  past_due: msg`Past due`,
  incomplete: msg`Incomplete`,
  incomplete_expired: msg`Expired`,
  unpaid: msg`Unpaid`,
  canceled: msg`Ended`,
  paused: msg`Paused`,
};

export function subscriptionStatusLabel(status: string): MessageDescriptor | null {
  return subscriptionStatusLabels[status] ?? null;
}

/**
 * The server's account warnings (spec 000 §8, `account.warning` of GET /subscription) in the reader's
 * language; the server answers them in English.
 */
const accountWarningLabels: Record<string, MessageDescriptor> = {
  "Trial over": msg`Trial over`,
  "No subscription": msg`No subscription`,
  "Subscription ended": msg`Subscription ended`,
  "Account locked because the subscription is not up to date": msg`Account locked because the subscription is not up to date`,
  "Latest invoice unpaid": msg`Latest invoice unpaid`,
  "Payment requires extra authentication": msg`Payment requires extra authentication`,
};

export function accountWarningLabel(warning: string): MessageDescriptor | null {
  return accountWarningLabels[warning] ?? null;
}
