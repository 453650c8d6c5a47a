import { type ReactNode, useId } from "react";
import type { HeadingLevel } from "./EmptyState";
import "./ui.css";

/** A surface grouping related content, with an optional heading and actions at its top right. */
export function Card({
  title,
  headingLevel = 2,
  actions,
  footer,
  children,
}: {
  title?: string;
  headingLevel?: HeadingLevel;
  actions?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const body = (
    <>
      {title || actions ? (
        <div className="ui-card__header">
          {title ? (
            <Heading id={id} className="ui-card__title">
              {title}
            </Heading>
          ) : null}
          {actions ? <div className="ui-card__actions">{actions}</div> : null}
        </div>
      ) : null}
      <div className="ui-card__body">{children}</div>
      {footer ? <div className="ui-card__footer">{footer}</div> : null}
    </>
  );
  return title ? (
    <section className="ui-card" aria-labelledby={id}>
      {body}
    </section>
  ) : (
    <div className="ui-card">{body}</div>
  );
}
