import "./billing.css";
import { Trans, useLingui } from "@lingui/react/macro";
import { useParams, useSearchParams } from "react-router-dom";
import { formatDate } from "../format/date";
import { formatMinorUnits } from "../format/currency";
import { Button, Skeleton, StatusPill } from "../ui";
import { type BillingDetails, type Invoice, useBillingResource } from "./billingApi";
import { statusTone } from "./statusTone";

type InvoiceDocument = Invoice & { organization: { name: string }; billingDetails: BillingDetails | null; taxRate: number };

/**
 * /settings/billing-history/{invoiceId}/pdf: the invoice as a printable page, reachable with the
 * invoice's query token without signing in (spec 000 §2); the browser's print saves it as a PDF.
 */
export default function InvoicePdfPage() {
  const { t, i18n } = useLingui();
  const { invoiceId = "" } = useParams();
  const [search] = useSearchParams();
  const token = search.get("token") ?? undefined;
  const { data, loading } = useBillingResource<InvoiceDocument>(`/subscription/invoices/${encodeURIComponent(invoiceId)}`, token ? { token } : undefined);
  if (loading && !data) return <Skeleton label={t`Loading the invoice`} lines={10} />;
  if (!data)
    return (
      <section className="page page--narrow">
        <h1 className="page__title">
          <Trans>Invoice not found</Trans>
        </h1>
        <p>
          <Trans>The link may be wrong or no longer valid.</Trans>
        </p>
      </section>
    );
  const statusLabels = { draft: t`Draft`, open: t`Open`, paid: t`Paid`, uncollectible: t`Uncollectible`, void: t`Void` };
  const d = data.billingDetails;
  const net = Math.round(data.total / (1 + data.taxRate / 100));
  return (
    <article className="page page--narrow invoice-document" aria-labelledby="invoice-title">
      <h1 className="page__title" id="invoice-title">
        <Trans>Invoice {data.number ?? data._id}</Trans>
      </h1>
      <p>
        <StatusPill tone={statusTone(data.status)}>{statusLabels[data.status]}</StatusPill>
      </p>
      <dl className="billing-facts">
        <dt>
          <Trans>Customer</Trans>
        </dt>
        <dd>
          {d?.name ?? data.organization.name}
          {d ? (
            <>
              <br />
              {d.address.addressLine1}
              {d.address.addressLine2 ? (
                <>
                  <br />
                  {d.address.addressLine2}
                </>
              ) : null}
              <br />
              {[d.address.postalCode, d.address.city, d.address.country].filter(Boolean).join(" ")}
              {d.businessId ? (
                <>
                  <br />
                  <Trans>VAT or business id: {d.businessId}</Trans>
                </>
              ) : null}
            </>
          ) : null}
        </dd>
        <dt>
          <Trans>Date</Trans>
        </dt>
        <dd>{formatDate(data.finalized ?? data.createdAt)}</dd>
        {data.paid ? (
          <>
            <dt>
              <Trans>Paid on</Trans>
            </dt>
            <dd>{formatDate(data.paid)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>Net</Trans>
        </dt>
        <dd>{formatMinorUnits(net, data.currency, i18n.locale)}</dd>
        <dt>
          <Trans>Tax ({data.taxRate} %)</Trans>
        </dt>
        <dd>{formatMinorUnits(data.total - net, data.currency, i18n.locale)}</dd>
        <dt>
          <Trans>Total</Trans>
        </dt>
        <dd>
          <strong>{formatMinorUnits(data.total, data.currency, i18n.locale)}</strong>
        </dd>
      </dl>
      <p className="no-print">
        <Button variant="primary" onClick={() => window.print()}>
          <Trans>Print or save as PDF</Trans>
        </Button>{" "}
        {data.pdfUrl ? (
          <a href={data.pdfUrl} target="_blank" rel="noreferrer">
            <Trans>The payment provider's PDF</Trans>
          </a>
        ) : null}
      </p>
    </article>
  );
}
