import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { graphql, useFragment } from "react-relay";
import type { OrganizationSwitcher_viewer$key } from "../__generated__/OrganizationSwitcher_viewer.graphql";
import { getServices } from "../services";
import { isStatusOk } from "../transport/rest";
import { hardNavigate } from "../util/hardNavigate";

/** Lists the organisations the person belongs to; changing one reloads "/" (spec 000 §4). */
export function OrganizationSwitcher({ viewer }: { viewer: OrganizationSwitcher_viewer$key }) {
  const { t } = useLingui();
  const id = useId();
  const data = useFragment(
    graphql`
      fragment OrganizationSwitcher_viewer on Viewer {
        isImpersonating
        currentOrganization {
          id
          legacyId
          name
        }
        availableOrganizations {
          id
          legacyId
          name
        }
      }
    `,
    viewer,
  );

  // The printed schema allows a person without a current organisation (currentOrganization null).
  const currentId = data.currentOrganization?.legacyId ?? "";

  const changeOrganization = async (legacyId: string) => {
    if (legacyId === "" || legacyId === currentId) return;
    const reply = await getServices().rest.request("/user/change-organization", {
      method: "POST",
      body: { id: legacyId },
      action: "changeOrganization",
    });
    if (isStatusOk(reply)) hardNavigate("/");
  };

  const clearImpersonation = async () => {
    const reply = await getServices().rest.request("/user/impersonate", {
      method: "DELETE",
      action: "clearImpersonation",
    });
    if (isStatusOk(reply)) hardNavigate("/");
  };

  return (
    <div className="org-switcher">
      {data.availableOrganizations.length > 1 || (currentId === "" && data.availableOrganizations.length > 0) ? (
        <>
          <label htmlFor={id} className="org-switcher__label">
            <Trans>Organisation</Trans>
          </label>
          <select id={id} className="org-switcher__select" value={currentId} onChange={(event) => void changeOrganization(event.target.value).catch(() => {})}>
            {currentId === "" ? (
              <option value="" disabled>
                {t`Choose an organisation`}
              </option>
            ) : null}
            {data.availableOrganizations.map((org) => (
              <option key={org.id} value={org.legacyId}>
                {org.name}
              </option>
            ))}
          </select>
        </>
      ) : (
        <p className="org-switcher__name" aria-label={t`Organisation`}>
          {data.currentOrganization?.name ?? t`No organisation`}
        </p>
      )}
      {data.isImpersonating ? (
        <button type="button" className="button button--small button--warning" onClick={() => void clearImpersonation().catch(() => {})}>
          <Trans>Stop impersonating</Trans>
        </button>
      ) : null}
    </div>
  );
}
