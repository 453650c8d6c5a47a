import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { graphql, useFragment } from "react-relay";
import type { TouchpointBasicsFields_query$key } from "../__generated__/TouchpointBasicsFields_query.graphql";
import type { WebsiteActivationForm_touchpoint$key } from "../__generated__/WebsiteActivationForm_touchpoint.graphql";
import { CheckboxGroup } from "../forms/CheckboxGroup";
import { CopyField } from "../forms/CopyField";
import { NumberField } from "../forms/NumberField";
import { PageRulesEditor } from "./PageRulesEditor";
import { RadioGroup } from "../forms/RadioGroup";
import { SelectField } from "../forms/SelectField";
import { TextAreaField } from "../forms/TextAreaField";
import { TouchpointBasicsFields } from "./TouchpointBasicsFields";
import { TouchpointFormFrame } from "./TouchpointFormFrame";
import { useTouchpointForm } from "./useTouchpointForm";
import { WebsiteDomainField } from "./WebsiteDomainField";
import {
  embedSnippet,
  newWebsiteDraft,
  storedWebsiteOf,
  validateWebsite,
  websiteDraftOf,
  type DisplayType,
  type Placement,
  type ShowFrequency,
  type WebsiteField,
} from "./websiteSettings";

/** The activation as the form reads it: every field of the stored shape (websiteDraftOf). */
graphql`
  fragment WebsiteActivationForm_website on WebsiteActivation {
    domain
    state {
      active
      activeTime {
        from
        to
      }
      responses
    }
    displayOptions {
      type
      placement
    }
    sample
    pages {
      whitelist {
        host
        url
      }
      blacklist {
        host
        url
      }
    }
    referrer {
      source
      urls
    }
    returningVisitors
    visitedPages {
      min
      max
    }
    visitedUrls {
      urls
      mode
      blacklist
      blacklistMode
    }
    browsersExcluded
    screenSizeExcluded
    cookies {
      mode
      values {
        name
        value
      }
    }
    customProperties {
      mode
      values {
        name
        value
      }
    }
    displayAfterTimeOnPage
    displayAfterTimeOnSite
    scroll
    exitIntent
    showFrequency
    recurrence {
      declined
      responded
    }
    showAfterOtherSurvey
    saveUrlAsMeta
  }
`;

const editPath = (id: string) => `/website/${id}/edit`;

/**
 * The web widget activation screen (/launch-website and /website/{channelId}/edit): every field of
 * spec 001 §3 "Web widget activation" with the defaults of §9, the website domain and the embed code.
 */
export function WebsiteActivationForm({
  touchpoint,
  query,
  defaultUnitId,
  defaultSurveyId,
}: {
  touchpoint: WebsiteActivationForm_touchpoint$key | null;
  query: TouchpointBasicsFields_query$key;
  defaultUnitId: string;
  defaultSurveyId: string;
}) {
  const { t, i18n } = useLingui();
  const tp = useFragment(
    graphql`
      fragment WebsiteActivationForm_touchpoint on Touchpoint {
        legacyId
        website {
          ...WebsiteActivationForm_website @relay(mask: false)
        }
        link
        ...useTouchpointForm_touchpoint
      }
    `,
    touchpoint,
  );
  const savedWebsite = useMemo(() => (tp ? websiteDraftOf(tp.website) : newWebsiteDraft()), [tp]);
  const form = useTouchpointForm({
    touchpoint: tp,
    defaultUnitId,
    defaultSurveyId,
    editPath,
    savedDetails: savedWebsite,
    validateDetails: validateWebsite,
    createInput: (website) => ({ type: "website", website: storedWebsiteOf(website) }),
    updateInput: (website) => ({ website: storedWebsiteOf(website) }),
  });
  const { formId, readOnly, details: w, setDetails: setW, patchDetails: set, detailsErrors: errors } = form;
  const err = (key: WebsiteField) => (errors[key] ? i18n._(errors[key]) : undefined);
  const id = (name: string) => `${formId}-${name}`;

  /** A new domain also becomes the whitelist while the whitelist is still the old domain's default. */
  const setDomain = (domain: string) =>
    setW((d) => {
      const defaultList = d.whitelist.length === 0 || (d.whitelist.length === 1 && d.whitelist[0]!.kind === "host" && d.whitelist[0]!.value === d.domain);
      return { ...d, domain, whitelist: defaultList ? (domain ? [{ kind: "host", value: domain }] : []) : d.whitelist };
    });

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
  const origin = tp ? new URL(tp.link).origin : "";

  return (
    <TouchpointFormFrame form={form} listPath="/touchpoints/website">
      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>
          <Trans>Activation</Trans>
        </legend>
        <TouchpointBasicsFields query={query} {...form.basicsFields} />
        <WebsiteDomainField idPrefix={id("site")} value={w.domain} onChange={setDomain} error={err("domain")} canAdd={!readOnly} />
      </fieldset>

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

      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>
          <Trans>Display</Trans>
        </legend>
        <RadioGroup<DisplayType>
          name={id("display")}
          legend={t`Display type`}
          value={w.displayType}
          onChange={(displayType) => set({ displayType })}
          options={[
            ["embedded", t`Embedded in the page`],
            ["popover", t`Popover`],
            ["cornerWindow", t`Corner window`],
          ]}
        />
        <RadioGroup<Placement>
          name={id("placement")}
          legend={t`Placement`}
          value={w.placement}
          onChange={(placement) => set({ placement })}
          disabled={w.displayType !== "cornerWindow"}
          hint={w.displayType !== "cornerWindow" ? t`The placement applies to the corner window.` : undefined}
          options={[
            ["bottom-right", t`Bottom right`],
            ["bottom-left", t`Bottom left`],
            ["top-right", t`Top right`],
            ["top-left", t`Top left`],
          ]}
        />
      </fieldset>

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

      {tp ? (
        <section className="fieldset" aria-labelledby={id("embed-title")}>
          <h2 id={id("embed-title")} style={{ margin: 0, fontSize: "1.1rem" }}>
            <Trans>Add the widget to your site</Trans>
          </h2>
          <p className="field__hint">
            <Trans>Paste this code into every page of the site, before the closing body tag.</Trans>
            {savedWebsite.displayType === "embedded" ? (
              <>
                {" "}
                <Trans>The embedded survey appears in the element with the data-feedback-widget attribute.</Trans>
              </>
            ) : null}
          </p>
          <CopyField
            id={id("embed")}
            label={t`Embed code`}
            value={embedSnippet(origin, tp.legacyId, savedWebsite.displayType)}
            multiline
            copyLabel={t`Copy embed code`}
          />
        </section>
      ) : (
        <p className="field__hint">
          <Trans>The embed code appears when the activation is saved.</Trans>
        </p>
      )}
    </TouchpointFormFrame>
  );
}
