import { Trans, useLingui } from "@lingui/react/macro";
import { NumberField } from "../../forms/NumberField";
import { SelectField } from "../../forms/SelectField";
import type { ShowFrequency } from "../websiteSettings";
import type { WebsiteSectionProps } from "./sectionProps";

/** When and how often the widget shows: delays, scrolling, exit intent, frequency and recurrence. */
export function WebsiteTimingSection({ draft: w, set, err, id, readOnly }: WebsiteSectionProps) {
  const { t } = useLingui();
  return (
    <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
      <legend>
        <Trans>When and how often</Trans>
      </legend>
      <div className="tp-form-grid">
        <NumberField
          id={id("time-page")}
          label={t`Show after time on the page (seconds)`}
          min={0}
          value={w.timeOnPage}
          onChange={(timeOnPage) => set({ timeOnPage })}
          error={err("timeOnPage")}
        />
        <NumberField
          id={id("time-site")}
          label={t`Show after time on the site (seconds)`}
          min={0}
          value={w.timeOnSite}
          onChange={(timeOnSite) => set({ timeOnSite })}
          error={err("timeOnSite")}
        />
        <NumberField
          id={id("scroll")}
          label={t`Show after scrolling (% of the page)`}
          min={0}
          max={100}
          value={w.scroll}
          onChange={(scroll) => set({ scroll })}
          hint={t`0: no scrolling needed.`}
          error={err("scroll")}
        />
      </div>
      <div className="field field--checkbox">
        <input id={id("exit")} type="checkbox" checked={w.exitIntent} onChange={(e) => set({ exitIntent: e.target.checked })} />
        <label htmlFor={id("exit")}>
          <Trans>Show when the visitor is about to leave (exit intent)</Trans>
        </label>
      </div>
      <SelectField<ShowFrequency>
        id={id("frequency")}
        label={t`Show frequency`}
        value={w.showFrequency}
        onChange={(showFrequency) => set({ showFrequency })}
        options={[
          ["untilDeclineOrResponse", t`Until the visitor declines or responds`],
          ["once", t`Only once`],
          ["always", t`Always`],
        ]}
      />
      <div className="tp-form-grid">
        <NumberField
          id={id("after-decline")}
          label={t`Show again after a decline (days)`}
          min={0}
          value={w.recurrenceDeclined}
          onChange={(recurrenceDeclined) => set({ recurrenceDeclined })}
          error={err("recurrenceDeclined")}
        />
        <NumberField
          id={id("after-response")}
          label={t`Show again after a response (days)`}
          min={0}
          value={w.recurrenceResponded}
          onChange={(recurrenceResponded) => set({ recurrenceResponded })}
          error={err("recurrenceResponded")}
        />
        <NumberField
          id={id("after-other")}
          label={t`Wait after another survey was shown (hours)`}
          min={0}
          value={w.showAfterOtherSurvey}
          onChange={(showAfterOtherSurvey) => set({ showAfterOtherSurvey })}
          hint={t`0: no wait.`}
          error={err("showAfterOtherSurvey")}
        />
      </div>
      <div className="field field--checkbox">
        <input id={id("save-url")} type="checkbox" checked={w.saveUrlAsMeta} onChange={(e) => set({ saveUrlAsMeta: e.target.checked })} />
        <label htmlFor={id("save-url")}>
          <Trans>Save the page address with each response (as metadata)</Trans>
        </label>
      </div>
    </fieldset>
  );
}
