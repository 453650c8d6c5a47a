import { Trans } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import type { TouchpointBasicsFields_query$key } from "../__generated__/TouchpointBasicsFields_query.graphql";
import type { WebsiteActivationForm_touchpoint$key } from "../__generated__/WebsiteActivationForm_touchpoint.graphql";
import { TouchpointBasicsFields } from "./TouchpointBasicsFields";
import { TouchpointFormFrame } from "./TouchpointFormFrame";
import { WebsiteDomainField } from "./WebsiteDomainField";
import { useWebsiteActivationForm } from "./websiteActivation/useWebsiteActivationForm";
import { WebsiteAudienceSection } from "./websiteActivation/WebsiteAudienceSection";
import { WebsiteDisplaySection } from "./websiteActivation/WebsiteDisplaySection";
import { WebsiteEmbedCode } from "./websiteActivation/WebsiteEmbedCode";
import { WebsiteStateSection } from "./websiteActivation/WebsiteStateSection";
import { WebsiteTimingSection } from "./websiteActivation/WebsiteTimingSection";

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

/**
 * The web widget activation screen (/launch-website and /website/{channelId}/edit): every field of
 * spec 001 §3 "Web widget activation" with the defaults of §9, the website domain and the embed code.
 * The settings sections live in ./websiteActivation, one component each, over the state of
 * useWebsiteActivationForm.
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
  const { form, savedWebsite, setDomain, section } = useWebsiteActivationForm({ touchpoint: tp, defaultUnitId, defaultSurveyId });
  const { readOnly, id, draft, err } = section;

  return (
    <TouchpointFormFrame form={form} listPath="/touchpoints/website">
      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>
          <Trans>Activation</Trans>
        </legend>
        <TouchpointBasicsFields query={query} {...form.basicsFields} />
        <WebsiteDomainField idPrefix={id("site")} value={draft.domain} onChange={setDomain} error={err("domain")} canAdd={!readOnly} />
      </fieldset>
      <WebsiteStateSection {...section} />
      <WebsiteDisplaySection {...section} />
      <WebsiteAudienceSection {...section} />
      <WebsiteTimingSection {...section} />
      <WebsiteEmbedCode touchpoint={tp ?? null} displayType={savedWebsite.displayType} id={id} />
    </TouchpointFormFrame>
  );
}
