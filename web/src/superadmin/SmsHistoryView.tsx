import { Trans, useLingui } from "@lingui/react/macro";
import { DailySeriesChart } from "../analytics/charts/DailySeriesChart";
import type { SmsHistory } from "./api";

/** The SMS balance over time (a line, oldest first) and the ledger's entries, newest first. */
export function SmsHistoryView({ history }: { history: SmsHistory }) {
  const { t, i18n } = useLingui();
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  const points = [...history.entries].reverse().map((e) => ({ label: i18n.date(new Date(e.createdAt), { dateStyle: "short" }), value: e.balanceAfter }));
  // Money in the reader's format: balances to the cent, prices and ledger amounts to a hundredth of a cent.
  const money = (value: number, digits = 2) =>
    i18n.number(value, { style: "currency", currency: history.currency, minimumFractionDigits: 2, maximumFractionDigits: digits });
  const kindLabel = { topup: t`Top-up`, send: t`SMS sent`, refund: t`Refund of a failed send` };
  return (
    <div className="sms-history">
      <p className="superadmin__balance" data-testid="sms-balance">
        <Trans>Balance: {money(history.balance)}</Trans>
      </p>
      <p className="field__hint">
        <Trans>One SMS segment costs {money(history.smsSegmentPrice, 4)}.</Trans>
      </p>
      {points.length > 0 ? (
        <DailySeriesChart
          title={t`SMS balance over time`}
          metric="responses"
          kind="line"
          points={points}
          valueName={t`Balance`}
          formatValue={(value) => (value === null ? "–" : money(value))}
        />
      ) : null}
      {history.entries.length === 0 ? (
        <p>
          <Trans>No top-ups or messages yet.</Trans>
        </p>
      ) : (
        <table className="table">
          <caption>
            <Trans>
              Latest {history.entries.length} of {history.total} entries
            </Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>When</Trans>
              </th>
              <th scope="col">
                <Trans>What</Trans>
              </th>
              <th scope="col">
                <Trans>Amount</Trans>
              </th>
              <th scope="col">
                <Trans>Balance after</Trans>
              </th>
              <th scope="col">
                <Trans>By</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {history.entries.map((e) => (
              <tr key={e._id}>
                <td>{when(e.createdAt)}</td>
                <td>{kindLabel[e.kind]}</td>
                <td>{e.amount > 0 ? `+${money(e.amount, 4)}` : money(e.amount, 4)}</td>
                <td>{money(e.balanceAfter)}</td>
                <td>{e.createdBy?.email ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
