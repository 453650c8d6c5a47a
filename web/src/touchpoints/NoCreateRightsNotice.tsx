import { Trans } from "@lingui/react/macro";

/** Shown instead of a new touchpoint's form when the person may edit touchpoints in no team. */
export function NoCreateRightsNotice() {
  return (
    <div className="tp-notice" role="status">
      <strong>
        <Trans>User has no rights to edit touchpoint</Trans>
      </strong>
      <p className="field__hint">
        <Trans>To create touchpoints you need the right to edit touchpoints in at least one team. Ask your organisation admin.</Trans>
      </p>
    </div>
  );
}
