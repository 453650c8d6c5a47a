import { Trans, useLingui } from "@lingui/react/macro";
import { Skeleton } from "../ui";
import { BillingAdminNotice } from "../billing/BillingAdminNotice";
import { useBillingResource } from "../billing/billingApi";
import { SmsTopUpForm } from "../billing/SmsTopUpForm";
import type { SmsHistory } from "./api";
import { SmsHistoryView } from "./SmsHistoryView";
import "./superadmin.css";

/**
 * /settings/sms-history: the organisation's own SMS balance and its history, and the top-up form
 * (organisation and billing admins). Everyone else is told to contact their organisation admin, as on
 * the billing pages (spec 000 §6).
 */
export default function SmsHistoryPage() {
  const { t } = useLingui();
  const { data, failedStatus, loading, reload } = useBillingResource<SmsHistory>("/sms-history");
  return (
    <section className="page" aria-busy={loading}>
      <h1 className="page__title">
        <Trans>SMS balance and history</Trans>
      </h1>
      {loading && !data ? <Skeleton label={t`Loading`} shape="chart" /> : null}
      {!loading && !data && failedStatus === 403 ? <BillingAdminNotice /> : null}
      {!loading && !data && failedStatus !== 403 ? (
        <p role="alert">
          <Trans>The SMS history could not be loaded.</Trans>
        </p>
      ) : null}
      {data ? <SmsTopUpForm canTopUp={data.canTopUp} paymentProvider={data.paymentProvider} currency={data.currency} onToppedUp={reload} /> : null}
      {data ? <SmsHistoryView history={data} /> : null}
    </section>
  );
}
