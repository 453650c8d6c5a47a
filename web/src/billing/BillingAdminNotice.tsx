import { Trans } from "@lingui/react/macro";

/** Spec 000 §6: billing and unpaid-invoice details are shown to admins; everyone else is told whom to ask. */
export function BillingAdminNotice() {
  return (
    <p className="field__hint" role="note">
      <Trans>Billing is managed by your organisation's admin. Please contact your organisation admin.</Trans>
    </p>
  );
}

/** Without a payment provider (embedded mode) there is nothing to pay: every feature is available. */
export function NoPaymentProviderNotice() {
  return (
    <p className="field__hint" role="note">
      <Trans>This server has no payment provider: billing is not in use and every feature is available.</Trans>
    </p>
  );
}
