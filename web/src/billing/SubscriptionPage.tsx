import "./billing.css";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { Link } from "react-router-dom";
import { formatDate } from "../format/date";
import { formatMinorUnits } from "../format/currency";
import { toasts } from "../shell/toastStore";
import { Button, Card, Skeleton, StatusPill } from "../ui";
import { BillingAdminNotice, NoPaymentProviderNotice } from "./BillingAdminNotice";
import { CardForm } from "./CardForm";
import { billingCurrencies, billingRequest, type BillingPeriod, type PlanKey, type SubscriptionState, useBillingResource } from "./billingApi";
import { accountWarningLabel, subscriptionStatusLabel } from "./statusLabel";
import { refreshViewerSubscription } from "./refreshViewer";
import { statusTone } from "./statusTone";

/**
 * /settings/subscription (spec 000 §2, §3 "Subscription state", §4, §7): the account's state and
 * warning, the plans Single and Pro (enterprise by contact), monthly or annual billing with the
 * discounted annual price, the currency (fixed after the first subscription), the tax rate and the card.
 */
export default function SubscriptionPage() {
  const { t, i18n } = useLingui();
  const { data, failedStatus, loading, reload } = useBillingResource<SubscriptionState>("/subscription");
  const [period, setPeriod] = useState<BillingPeriod | null>(null);
  const [currency, setCurrency] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const periodId = useId();
  const currencyId = useId();

  const title = (
    <h1 className="page__title">
      <Trans>Subscription</Trans>
    </h1>
  );
  if (loading && !data)
    return (
      <section className="page page--narrow">
        {title}
        <Skeleton label={t`Loading the subscription`} lines={6} />
      </section>
    );
  if (!data)
    return (
      <section className="page page--narrow">
        {title}
        {failedStatus === 403 ? (
          <BillingAdminNotice />
        ) : (
          <p role="alert">
            <Trans>The subscription could not be loaded.</Trans>
          </p>
        )}
      </section>
    );
  if (!data.paymentProvider)
    return (
      <section className="page page--narrow">
        {title}
        <NoPaymentProviderNotice />
      </section>
    );

  const chosenPeriod = period ?? data.billingPeriod ?? "annual";
  const chosenCurrency = data.currencyFixed ? data.currency : (currency ?? data.currency);
  const money = (cents: number) => formatMinorUnits(cents, chosenCurrency, i18n.locale);
  const account = data.account;
  const statusLabel = subscriptionStatusLabel(data.status);
  const warningLabel = account.warning ? accountWarningLabel(account.warning) : null;

  const subscribe = async (plan: PlanKey) => {
    setBusy(true);
    try {
      await billingRequest("/subscription", { method: "POST", body: { plan, billingPeriod: chosenPeriod, currency: chosenCurrency }, action: "subscribe" });
      toasts.success(t`Subscribed successfully`);
      void refreshViewerSubscription();
      reload();
    } catch {
      // the toast says why
    } finally {
      setBusy(false);
    }
  };
  const payLatest = async () => {
    if (!data.latestUnpaidInvoice) return;
    try {
      await billingRequest("/subscription/invoices/pay", { method: "POST", body: { invoiceId: data.latestUnpaidInvoice.id }, action: "payInvoice" });
      toasts.success(t`Payment completed`);
      void refreshViewerSubscription();
      reload();
    } catch {
      // the toast says why
    }
  };

  return (
    <section className="page page--narrow" aria-labelledby="subscription-title">
      <h1 className="page__title" id="subscription-title">
        <Trans>Subscription</Trans>
      </h1>
      {account.warning ? (
        <div className="account-warning" role="alert">
          <p>
            <strong>{warningLabel ? i18n._(warningLabel) : account.warning}</strong>
          </p>
          {account.unpaidDaysLeft !== null ? (
            <p>
              <Plural
                value={account.unpaidDaysLeft}
                _0="The surveys have stopped collecting responses."
                one="The surveys stop collecting responses in # day unless the invoice is paid."
                other="The surveys stop collecting responses in # days unless the invoice is paid."
              />
            </p>
          ) : null}
          {data.latestUnpaidInvoice && data.canManage ? (
            <Button variant="primary" onClick={() => void payLatest()}>
              <Trans>Pay {formatMinorUnits(data.latestUnpaidInvoice.total, data.latestUnpaidInvoice.currency, i18n.locale)} now</Trans>
            </Button>
          ) : null}
        </div>
      ) : null}

      <Card title={t`Current subscription`}>
        <dl className="billing-facts">
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd>
            <StatusPill tone={statusTone(data.status)}>{statusLabel ? i18n._(statusLabel) : data.status}</StatusPill>
          </dd>
          <dt>
            <Trans>Plan</Trans>
          </dt>
          <dd>{data.plan ? (data.plans.find((p) => p.plan === data.plan)?.name ?? data.plan) : <Trans>None</Trans>}</dd>
          {data.billingPeriod ? (
            <>
              <dt>
                <Trans>Billing cycle</Trans>
              </dt>
              <dd>{data.billingPeriod === "annual" ? <Trans>Annual</Trans> : <Trans>Monthly</Trans>}</dd>
            </>
          ) : null}
          {account.trialDaysLeft !== null && account.trialDaysLeft >= 0 ? (
            <>
              <dt>
                <Trans>Trial</Trans>
              </dt>
              <dd>
                <Plural value={account.trialDaysLeft} one="# day left" other="# days left" />
              </dd>
            </>
          ) : null}
          {data.currentPeriodEnd ? (
            <>
              <dt>
                <Trans>Renews on</Trans>
              </dt>
              <dd>{formatDate(data.currentPeriodEnd)}</dd>
            </>
          ) : null}
          <dt>
            <Trans>Tax rate</Trans>
          </dt>
          <dd>{i18n.number(data.taxRate / 100, { style: "percent", maximumFractionDigits: 3 })}</dd>
        </dl>
        {!data.canManage ? <BillingAdminNotice /> : null}
      </Card>

      <Card title={t`Plans`}>
        <div className="billing-choices">
          <fieldset className="field">
            <legend id={periodId}>
              <Trans>Billing cycle</Trans>
            </legend>
            <label>
              <input type="radio" name="billing-period" checked={chosenPeriod === "monthly"} onChange={() => setPeriod("monthly")} /> <Trans>Monthly</Trans>
            </label>{" "}
            <label>
              <input type="radio" name="billing-period" checked={chosenPeriod === "annual"} onChange={() => setPeriod("annual")} />{" "}
              <Trans>Annual (two months free)</Trans>
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor={currencyId}>
              <Trans>Currency</Trans>
            </label>
            <select
              id={currencyId}
              value={chosenCurrency}
              disabled={data.currencyFixed}
              aria-describedby={data.currencyFixed ? `${currencyId}-hint` : undefined}
              onChange={(e) => setCurrency(e.target.value)}
            >
              {billingCurrencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            {data.currencyFixed ? (
              <p className="field__hint" id={`${currencyId}-hint`}>
                <Trans>The currency cannot be changed after the first subscription.</Trans>
              </p>
            ) : null}
          </div>
        </div>
        <ul className="billing-plans">
          {data.plans.map((offer) => {
            const current =
              data.plan === offer.plan && data.billingPeriod === chosenPeriod && !["inactive", "canceled", "incomplete_expired"].includes(data.status);
            const price = chosenPeriod === "annual" ? offer.annual : offer.monthly;
            const seats = i18n.number(offer.userSeats);
            const responses = i18n.number(offer.responseLimit);
            return (
              <li key={offer.plan} className="billing-plan">
                <h3>{offer.name}</h3>
                <p className="billing-plan__price">
                  {chosenPeriod === "annual" ? <Trans>{money(price)} a year</Trans> : <Trans>{money(price)} a month</Trans>}
                </p>
                {chosenPeriod === "annual" ? (
                  <p className="field__hint">
                    <Trans>Instead of {money(offer.monthly * 12)} paid monthly</Trans>
                  </p>
                ) : null}
                <p>
                  <Trans>
                    {seats} users, {responses} responses a month
                  </Trans>
                </p>
                {data.canManage ? (
                  <Button
                    variant="primary"
                    disabled={busy || current || !data.card}
                    aria-describedby={!data.card ? "billing-needs-card" : undefined}
                    onClick={() => void subscribe(offer.plan)}
                  >
                    {current ? <Trans>Current plan</Trans> : <Trans>Choose {offer.name}</Trans>}
                  </Button>
                ) : null}
              </li>
            );
          })}
          <li className="billing-plan">
            <h3>
              <Trans>Enterprise</Trans>
            </h3>
            <p>
              <Trans>More users and responses, custom terms: contact us.</Trans>
            </p>
          </li>
        </ul>
        {data.canManage && !data.card ? (
          <p className="field__hint" id="billing-needs-card">
            <Trans>Add a card below before choosing a plan.</Trans>
          </p>
        ) : null}
        {data.canManage ? (
          <p className="field__hint">
            <Trans>
              Prices exclude tax. Fill in the <Link to="/settings/billing-details">billing details</Link> first.
            </Trans>
          </p>
        ) : null}
      </Card>

      <Card title={t`Card`}>
        <CardForm card={data.card} publishableKey={data.publishableKey} canManage={data.canManage} onChanged={reload} />
      </Card>
    </section>
  );
}
