import { Trans, useLingui } from "@lingui/react/macro";
import { CheckboxGroup } from "../../forms/CheckboxGroup";
import { NumberField } from "../../forms/NumberField";
import { SelectField } from "../../forms/SelectField";
import { TextAreaField } from "../../forms/TextAreaField";
import { RadioGroup } from "../../forms/RadioGroup";
import { PageRulesEditor } from "../PageRulesEditor";
import type { WebsiteSectionProps } from "./sectionProps";

/** Who sees the widget: sample, pages, referrer, visit history, browsers, screen sizes, cookies and custom properties. */
export function WebsiteAudienceSection({ draft: w, set, err, id, readOnly }: WebsiteSectionProps) {
  const { t } = useLingui();
  const urlModes = [
    ["anyVisited", t`Any of them visited`],
    ["allVisited", t`All of them visited`],
    ["allInOrder", t`All of them visited in this order`],
  ] as const;
  const matchModeOptions = [
    ["any", t`Any of them matches`],
    ["all", t`All of them match`],
    ["none", t`None of them matches`],
  ] as const;
  return (
    <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
      <legend>
        <Trans>Who sees the widget</Trans>
      </legend>
      <NumberField
        id={id("sample")}
        label={t`Sample (% of visitors)`}
        min={0}
        max={100}
        value={w.sample}
        onChange={(sample) => set({ sample })}
        error={err("sample")}
      />
      <PageRulesEditor
        idPrefix={id("whitelist")}
        legend={t`Show on these pages`}
        hint={t`A whole site covers its subdomains. An address without * matches any page that contains it; with *, the whole address must match. No rules: every page.`}
        rules={w.whitelist}
        onChange={(whitelist) => set({ whitelist })}
        error={err("whitelist")}
      />
      <PageRulesEditor
        idPrefix={id("blacklist")}
        legend={t`Never show on these pages`}
        hint={t`These pages never show the widget, even when they match the list above.`}
        rules={w.blacklist}
        onChange={(blacklist) => set({ blacklist })}
        error={err("blacklist")}
      />
      <RadioGroup<"all" | "specific">
        name={id("referrer")}
        legend={t`Referrer`}
        value={w.referrerSource}
        onChange={(referrerSource) => set({ referrerSource })}
        options={[
          ["all", t`Visitors from anywhere`],
          ["specific", t`Only visitors referred by these addresses`],
        ]}
      />
      {w.referrerSource === "specific" ? (
        <TextAreaField
          id={id("referrer-urls")}
          label={t`Referring addresses (one per line)`}
          value={w.referrerUrls}
          onChange={(referrerUrls) => set({ referrerUrls })}
          error={err("referrerUrls")}
        />
      ) : null}
      <div className="field field--checkbox">
        <input id={id("returning")} type="checkbox" checked={w.returningVisitors} onChange={(e) => set({ returningVisitors: e.target.checked })} />
        <label htmlFor={id("returning")}>
          <Trans>Only returning visitors</Trans>
        </label>
      </div>
      <div className="tp-form-grid">
        <NumberField
          id={id("visited-min")}
          label={t`Pages visited in the visit, at least`}
          min={0}
          step={1}
          value={w.visitedMin}
          onChange={(visitedMin) => set({ visitedMin })}
          hint={t`Empty: no lower limit.`}
          error={err("visitedMin")}
        />
        <NumberField
          id={id("visited-max")}
          label={t`Pages visited in the visit, at most`}
          min={0}
          step={1}
          value={w.visitedMax}
          onChange={(visitedMax) => set({ visitedMax })}
          hint={t`Empty: no upper limit.`}
          error={err("visitedMax")}
        />
      </div>
      <div className="tp-form-grid">
        <TextAreaField
          id={id("visited-urls")}
          label={t`Visited addresses (one per line)`}
          value={w.visitedUrls}
          onChange={(visitedUrls) => set({ visitedUrls })}
        />
        <SelectField
          id={id("visited-mode")}
          label={t`Visited addresses rule`}
          value={w.visitedUrlsMode}
          onChange={(visitedUrlsMode) => set({ visitedUrlsMode })}
          options={urlModes}
        />
        <TextAreaField
          id={id("visited-blacklist")}
          label={t`Hide after visiting these addresses (one per line)`}
          value={w.visitedBlacklist}
          onChange={(visitedBlacklist) => set({ visitedBlacklist })}
        />
        <SelectField
          id={id("visited-blacklist-mode")}
          label={t`Hiding rule for visited addresses`}
          value={w.visitedBlacklistMode}
          onChange={(visitedBlacklistMode) => set({ visitedBlacklistMode })}
          options={urlModes}
        />
      </div>
      <CheckboxGroup
        idPrefix={id("browsers")}
        legend={t`Excluded browsers`}
        values={w.browsersExcluded}
        onChange={(browsersExcluded) => set({ browsersExcluded })}
        options={[
          ["chrome", "Chrome"],
          ["firefox", "Firefox"],
          ["safari", "Safari"],
          ["edge", "Edge"],
          ["opera", "Opera"],
          ["samsung", "Samsung Internet"],
          ["ie", "Internet Explorer"],
          ["other", t`Other browsers`],
        ]}
      />
      <CheckboxGroup
        idPrefix={id("screens")}
        legend={t`Excluded screen sizes`}
        values={w.screenSizeExcluded}
        onChange={(screenSizeExcluded) => set({ screenSizeExcluded })}
        options={[
          ["mobile", t`Mobile (narrower than 768 px)`],
          ["tablet", t`Tablet (768–1023 px)`],
          ["desktop", t`Desktop (1024 px and wider)`],
        ]}
      />
      <div className="tp-form-grid">
        <SelectField
          id={id("cookies-mode")}
          label={t`Cookies rule`}
          value={w.cookiesMode}
          onChange={(cookiesMode) => set({ cookiesMode })}
          options={matchModeOptions}
        />
        <TextAreaField id={id("cookies")} label={t`Cookies (name or name=value, one per line)`} value={w.cookies} onChange={(cookies) => set({ cookies })} />
        <SelectField
          id={id("props-mode")}
          label={t`Custom properties rule`}
          value={w.customPropertiesMode}
          onChange={(customPropertiesMode) => set({ customPropertiesMode })}
          options={matchModeOptions}
        />
        <TextAreaField
          id={id("props")}
          label={t`Custom properties (name or name=value, one per line)`}
          value={w.customProperties}
          onChange={(customProperties) => set({ customProperties })}
        />
      </div>
    </fieldset>
  );
}
