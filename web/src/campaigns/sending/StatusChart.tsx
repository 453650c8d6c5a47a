import { useLingui } from "@lingui/react/macro";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

export type DeliveryStatus = "PENDING" | "DELIVERED" | "OPENED" | "CLICKED" | "RESPONDED" | "ERROR" | "UNKNOWN" | "%future added value";

/** The statuses in the order of the bar (forward progress first, then the failures). */
export const statusOrder = ["RESPONDED", "CLICKED", "OPENED", "DELIVERED", "PENDING", "UNKNOWN", "ERROR"] as const;

export const statusLabels: Record<(typeof statusOrder)[number], MessageDescriptor> = {
  PENDING: msg`Pending`,
  DELIVERED: msg`Delivered`,
  OPENED: msg`Opened`,
  CLICKED: msg`Clicked`,
  RESPONDED: msg`Responded`,
  ERROR: msg`Error`,
  UNKNOWN: msg`Unknown`,
};

const colors: Record<(typeof statusOrder)[number], string> = {
  RESPONDED: "#1b7f3b",
  CLICKED: "#3f9f5f",
  OPENED: "#74b98a",
  DELIVERED: "#a9d3b5",
  PENDING: "#c9ced6",
  UNKNOWN: "#8a8f98",
  ERROR: "#c0392b",
};

/**
 * Delivery statuses as counts: a stacked bar (drawn for the eye) and the same counts as a list
 * (read by screen readers and shown as the legend).
 */
export function StatusChart({ counts, label }: { counts: readonly { status: DeliveryStatus; count: number }[]; label: string }) {
  const { i18n } = useLingui();
  const countOf = (s: (typeof statusOrder)[number]) => counts.find((c) => c.status === s)?.count ?? 0;
  const total = statusOrder.reduce((n, s) => n + countOf(s), 0);
  return (
    <figure className="campaign-status-chart" aria-label={label} style={{ margin: "0.5rem 0" }}>
      <div aria-hidden="true" style={{ display: "flex", height: "1rem", borderRadius: 4, overflow: "hidden", background: "#eef0f3" }}>
        {total > 0 &&
          statusOrder.map((s) =>
            countOf(s) > 0 ? (
              <div key={s} title={`${i18n._(statusLabels[s])}: ${countOf(s)}`} style={{ width: `${(countOf(s) / total) * 100}%`, background: colors[s] }} />
            ) : null,
          )}
      </div>
      <ul style={{ display: "flex", flexWrap: "wrap", gap: "0.75rem", listStyle: "none", padding: 0, margin: "0.25rem 0 0" }}>
        {statusOrder.map((s) => (
          <li key={s}>
            <span aria-hidden="true" style={{ display: "inline-block", width: "0.7rem", height: "0.7rem", background: colors[s], marginRight: "0.25rem" }} />
            {i18n._(statusLabels[s])}: {countOf(s)}
          </li>
        ))}
      </ul>
    </figure>
  );
}
