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
