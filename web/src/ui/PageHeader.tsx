import type { ReactNode } from "react";
import "./ui.css";

/**
 * The top of a screen: its one h1, a sentence saying what the screen is for, and the screen's
 * actions at the right (the primary one last). Wraps under the title on narrow screens.
 */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="ui-page-header">
      <div className="ui-page-header__text">
        <h1 className="page__title ui-page-header__title">{title}</h1>
        {description ? <p className="ui-page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="ui-page-header__actions">{actions}</div> : null}
    </header>
  );
}
