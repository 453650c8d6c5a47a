import { useLingui } from "@lingui/react/macro";
import { type BadgeTone, StatusPill } from "./Badge";

/** The delivery states of a campaign message (spec 001 §3). */
export type DeliveryStatus = "PENDING" | "DELIVERED" | "OPENED" | "CLICKED" | "RESPONDED" | "ERROR" | "UNKNOWN";

export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["PENDING", "DELIVERED", "OPENED", "CLICKED", "RESPONDED", "ERROR", "UNKNOWN"];

const toneOf: Record<DeliveryStatus, BadgeTone> = {
  PENDING: "neutral",
  DELIVERED: "info",
  OPENED: "info",
  CLICKED: "info",
  RESPONDED: "success",
  ERROR: "danger",
  UNKNOWN: "warning",
};

/** A campaign message's delivery status in words, tinted by how it went. */
export function DeliveryStatusPill({ status }: { status: DeliveryStatus }) {
  const { t } = useLingui();
  const label: Record<DeliveryStatus, string> = {
    PENDING: t`Pending`,
    DELIVERED: t`Delivered`,
    OPENED: t`Opened`,
    CLICKED: t`Clicked`,
    RESPONDED: t`Responded`,
    ERROR: t`Not delivered`,
    UNKNOWN: t`Status unknown`,
  };
  return <StatusPill tone={toneOf[status]}>{label[status]}</StatusPill>;
}
