import { Trans } from "@lingui/react/macro";

/** The server's refusal (spec 001 §8 "User has no rights to edit touchpoint") above read-only controls. */
export function ReadOnlyNotice({ refusal }: { refusal: string }) {
  return (
    <div className="tp-notice" role="status">
      <strong>{refusal}</strong>
      <p className="field__hint">
        <Trans>You can see this touchpoint, but the controls are read-only.</Trans>
      </p>
    </div>
  );
}
