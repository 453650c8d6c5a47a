import { Trans } from "@lingui/react/macro";

/** Shown above organisation settings to members who may read but not change them. */
export function AdminOnlyNotice() {
  return (
    <p className="field__hint" role="note">
      <Trans>Only organisation admins can change these settings. Contact your organisation admin.</Trans>
    </p>
  );
}
