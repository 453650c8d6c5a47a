import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { TimeZonePageQuery } from "../__generated__/TimeZonePageQuery.graphql";
import { SaveButton } from "../shell/SaveButton";
import { AdminOnlyNotice } from "./AdminOnlyNotice";
import { useOrganizationSettingsMutation } from "./useOrganizationSettingsMutation";

/** The IANA zones this browser knows (every modern one lists them), with the saved one kept. */
function zoneNames(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return known.includes(saved) ? known : [saved, ...known];
}

/**
 * /settings/time-zone: the organisation's time zone (Organization.timeZone, IANA), in which
 * scheduled and recurring launches run unless a launch names its own (docs/campaigns.md
 * "Schedules"). Organisation admins change it; other members read it.
 */
export default function TimeZonePage() {
  const { t } = useLingui();
  const formId = useId();
  const data = useLazyLoadQuery<TimeZonePageQuery>(
    graphql`
      query TimeZonePageQuery {
        viewer {
          organizationAdmin
          currentOrganization {
            id
            timeZone
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const saved = data.viewer?.currentOrganization?.timeZone ?? "Europe/Helsinki";
  const editable = !!data.viewer?.organizationAdmin;
  const [zone, setZone] = useState(saved);
  const [saving, setSaving] = useState(false);
  useEffect(() => setZone(saved), [saved]);
  const zones = useMemo(() => zoneNames(saved), [saved]);
  const saveSettings = useOrganizationSettingsMutation();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await saveSettings({ timeZone: zone });
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Time zone</Trans>
      </h1>
      {data.viewer && !editable ? <AdminOnlyNotice /> : null}
      <form id={formId} className="form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <div className="field">
          <label htmlFor={`${formId}-zone`}>
            <Trans>The organisation's time zone</Trans>
          </label>
          <select id={`${formId}-zone`} value={zone} disabled={!editable} aria-describedby={`${formId}-hint`} onChange={(e) => setZone(e.target.value)}>
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
          <p className="field__hint" id={`${formId}-hint`}>
            {t`Launches scheduled for later and recurring launches run at their times in this zone, also across daylight-saving changes. A launch keeps the zone it was made in.`}
          </p>
        </div>
        {editable ? <SaveButton valid={zone !== ""} dirty={zone !== saved} saving={saving} form={formId} /> : null}
      </form>
    </section>
  );
}
