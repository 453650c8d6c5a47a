import { Trans } from "@lingui/react/macro";
import type { WebsiteSectionProps } from "./sectionProps";

/** Whether the widget is active, and the period it is active in. */
export function WebsiteStateSection({ draft: w, set, errors, err, id, readOnly }: WebsiteSectionProps) {
  return (
    <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
      <legend>
        <Trans>State and active period</Trans>
      </legend>
      <div className="field field--checkbox">
        <input id={id("active")} type="checkbox" checked={w.active} onChange={(e) => set({ active: e.target.checked })} />
        <label htmlFor={id("active")}>
          <Trans>Active: the widget may show on the site</Trans>
        </label>
      </div>
      <div className="tp-form-grid">
        <div className="field">
          <label htmlFor={id("from")}>
            <Trans>Active from</Trans>
          </label>
          <input
            id={id("from")}
            type="datetime-local"
            value={w.activeFrom}
            aria-describedby={id("period-hint")}
            onChange={(e) => set({ activeFrom: e.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={id("to")}>
            <Trans>Active until</Trans>
          </label>
          <input
            id={id("to")}
            type="datetime-local"
            value={w.activeTo}
            aria-invalid={errors.activeTo ? true : undefined}
            aria-describedby={`${id("period-hint")}${errors.activeTo ? ` ${id("to-error")}` : ""}`}
            onChange={(e) => set({ activeTo: e.target.value })}
          />
          {errors.activeTo ? (
            <p className="field__error" id={id("to-error")}>
              {err("activeTo")}
            </p>
          ) : null}
        </div>
      </div>
      <p className="field__hint" id={id("period-hint")}>
        <Trans>The start is included and the end is not. Leave either empty for no limit.</Trans>
      </p>
    </fieldset>
  );
}
