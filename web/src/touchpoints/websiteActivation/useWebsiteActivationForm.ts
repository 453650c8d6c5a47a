import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type { WebsiteActivationForm_touchpoint$data } from "../../__generated__/WebsiteActivationForm_touchpoint.graphql";
import { useTouchpointForm } from "../useTouchpointForm";
import { newWebsiteDraft, storedWebsiteOf, validateWebsite, websiteDraftOf, type WebsiteField } from "../websiteSettings";
import type { WebsiteSectionProps } from "./sectionProps";

const editPath = (id: string) => `/website/${id}/edit`;

/**
 * The state of the web widget activation form: the shared touchpoint form with the website draft as
 * its own details, the domain change that carries the default whitelist along, and what the settings
 * sections read (`section`).
 */
export function useWebsiteActivationForm({
  touchpoint: tp,
  defaultUnitId,
  defaultSurveyId,
}: {
  touchpoint: WebsiteActivationForm_touchpoint$data | null | undefined;
  defaultUnitId: string;
  defaultSurveyId: string;
}) {
  const { i18n } = useLingui();
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
  const { formId, readOnly, details, setDetails, patchDetails, detailsErrors: errors } = form;
  const err = (key: WebsiteField) => (errors[key] ? i18n._(errors[key]) : undefined);
  const id = (name: string) => `${formId}-${name}`;

  /** A new domain also becomes the whitelist while the whitelist is still the old domain's default. */
  const setDomain = (domain: string) =>
    setDetails((d) => {
      const defaultList = d.whitelist.length === 0 || (d.whitelist.length === 1 && d.whitelist[0]!.kind === "host" && d.whitelist[0]!.value === d.domain);
      return { ...d, domain, whitelist: defaultList ? (domain ? [{ kind: "host", value: domain }] : []) : d.whitelist };
    });

  const section: WebsiteSectionProps = { draft: details, set: patchDetails, errors, err, id, readOnly };
  return { form, savedWebsite, setDomain, section };
}
