import "./billing.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router-dom";
import { formatDate } from "../format/date";
import { formatMinorUnits } from "../format/currency";
import { toasts } from "../shell/toastStore";
import { Button, EmptyState, Skeleton, StatusPill } from "../ui";
import { BillingAdminNotice } from "./BillingAdminNotice";
import { billingRequest, type Invoice, type InvoiceStatus, type SubscriptionState, useBillingResource } from "./billingApi";
import { refreshViewerSubscription } from "./refreshViewer";
import { statusTone } from "./statusTone";

/** /settings/billing-history: the invoices with their five statuses, the pay action and the PDF page. */
export default function BillingHistoryPage() {
  const { t, i18n } = useLingui();
  const invoices = useBillingResource<Invoice[]>("/subscription/invoices");
  const subscription = useBillingResource<SubscriptionState>("/subscription");
  const statusLabel: Record<InvoiceStatus, string> = {
    draft: t`Draft`,
    open: t`Open`,
    paid: t`Paid`,
    uncollectible: t`Uncollectible`,
    void: t`Void`,
  };
  const title = (
    <h1 className="page__title">
      <Trans>Billing history</Trans>
    </h1>
  );
  if (invoices.loading && !invoices.data)
    return (
      <section className="page">
        {title}
        <Skeleton label={t`Loading the invoices`} shape="block" height="12rem" />
      </section>
    );
  if (!invoices.data)
    return (
      <section className="page">
        {title}
        {invoices.failedStatus === 403 ? (
          <BillingAdminNotice />
        ) : (
          <p role="alert">
            <Trans>The invoices could not be loaded.</Trans>
          </p>
        )}
      </section>
    );
  const canManage = subscription.data?.canManage ?? false;
  const pay = async (invoice: Invoice) => {
    try {
      await billingRequest("/subscription/invoices/pay", { method: "POST", body: { invoiceId: invoice._id }, action: "payInvoice" });
      toasts.success(t`Payment completed`);
      void refreshViewerSubscription();
      invoices.reload();
      subscription.reload();
    } catch {
      // the toast says why
    }
  };
  return (
    <section className="page billing-history">
      {title}
      {invoices.data.length === 0 ? (
        <EmptyState title={t`No invoices yet`}>
          <Trans>Invoices appear here once the organisation subscribes to a plan.</Trans>
        </EmptyState>
      ) : (
        <table className="table">
          <caption className="visually-hidden">
            <Trans>Invoices, newest first</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Invoice</Trans>
              </th>
              <th scope="col">
                <Trans>Date</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col" className="billing-history__amount">
                <Trans>Total</Trans>
              </th>
              <th scope="col">
                <Trans>Paid on</Trans>
              </th>
              <th scope="col">
                <Trans>Actions</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.data.map((invoice) => (
              <tr key={invoice._id}>
                <td>{invoice.number ?? invoice._id}</td>
                <td>{formatDate(invoice.finalized ?? invoice.createdAt)}</td>
                <td>
                  <StatusPill tone={statusTone(invoice.status)}>{statusLabel[invoice.status]}</StatusPill>
                </td>
                <td className="billing-history__amount">{formatMinorUnits(invoice.total, invoice.currency, i18n.locale)}</td>
                <td>{invoice.paid ? formatDate(invoice.paid) : "–"}</td>
                <td className="billing-history__actions">
                  {invoice.pdfToken ? (
                    <Link to={`/settings/billing-history/${invoice._id}/pdf?token=${encodeURIComponent(invoice.pdfToken)}`}>
                      <Trans>Invoice PDF</Trans>
                      <span className="visually-hidden"> {invoice.number ?? invoice._id}</span>
                    </Link>
                  ) : null}{" "}
                  {canManage && (invoice.status === "open" || invoice.status === "uncollectible") ? (
                    <Button size="sm" variant="primary" onClick={() => void pay(invoice)}>
                      <Trans>Pay</Trans>
                      <span className="visually-hidden"> {invoice.number ?? invoice._id}</span>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
