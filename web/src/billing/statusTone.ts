import type { BadgeTone } from "../ui";

/** The tone of a subscription's or an invoice's status pill; the words carry the meaning. */
export function statusTone(status: string): BadgeTone {
  if (status === "active" || status === "paid" || status === "trialing") return "success";
  if (status === "past_due" || status === "incomplete" || status === "open") return "warning";
  if (status === "unpaid" || status === "canceled" || status === "incomplete_expired" || status === "uncollectible") return "danger";
  return "neutral";
}
