import { type ReactNode, useId } from "react";
import type { Icon } from "./icons";
import "./ui.css";

export type HeadingLevel = 2 | 3 | 4;

/**
 * What a screen shows when there is nothing yet: what is missing, why, and the next step as a
 * button or link ("Create your first survey"). Tell the user what to do next, never just "No data".
 */
export function EmptyState({
  title,
  children,
  action,
  secondaryAction,
  icon: IconComponent,
  headingLevel = 2,
}: {
  title: string;
  /** One or two sentences: why it is empty and what the action does. */
  children?: ReactNode;
  /** The primary next step (a primary Button or a link styled as one). */
  action?: ReactNode;
  secondaryAction?: ReactNode;
  icon?: Icon;
  headingLevel?: HeadingLevel;
}) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="ui-empty" aria-labelledby={id}>
      {IconComponent ? (
        <span className="ui-empty__icon">
          <IconComponent size={32} />
        </span>
      ) : null}
      <Heading id={id} className="ui-empty__title">
        {title}
      </Heading>
      {children ? <div className="ui-empty__text">{children}</div> : null}
      {action || secondaryAction ? (
        <div className="ui-empty__actions">
          {action}
          {secondaryAction}
        </div>
      ) : null}
    </section>
  );
}
