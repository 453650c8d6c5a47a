import type { ReactNode } from "react";
import type { Icon } from "./icons";
import "./ui.css";

export type BadgeTone = "neutral" | "info" | "success" | "warning" | "danger";

/** A short label on a tinted background: a count, a state, a tag. The words carry the meaning, the colour helps. */
export function Badge({ tone = "neutral", icon: IconComponent, children }: { tone?: BadgeTone; icon?: Icon; children: ReactNode }) {
  return (
    <span className={`ui-badge ui-badge--${tone}`}>
      {IconComponent ? <IconComponent size="1em" /> : null}
      {children}
    </span>
  );
}

/** A state as a pill with a dot: "Delivered", "Active", "Draft". */
export function StatusPill({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span className={`ui-badge ui-badge--pill ui-badge--${tone}`}>
      <span className="ui-badge__dot" aria-hidden="true" />
      {children}
    </span>
  );
}
