import { Trans, useLingui } from "@lingui/react/macro";
import { formatMoney } from "../format/currency";
import { useState } from "react";
import { Link } from "react-router-dom";
import { EmptyState, Skeleton } from "../ui";
import { superadminApi } from "./api";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /superadmin/sms-reports: per organisation, the year's SMS top-ups, spending, refunds and messages. */
export default function SmsReportsPage() {
  const { t, i18n } = useLingui();
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [state] = useLoad(() => superadminApi.smsReports(year), [year]);
  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>SMS reports</Trans>
      </h1>
      <SuperadminNav />
      <div className="field superadmin__toolbar">
        <label htmlFor="sms-report-year">
          <Trans>Year</Trans>
        </label>
        <select id="sms-report-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {Array.from({ length: 6 }, (_, i) => thisYear - i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </select>
      </div>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} lines={6} /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The SMS reports could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" && state.data.length === 0 ? <EmptyState title={t`No SMS activity in this year.`} /> : null}
      {state.kind === "ready" && state.data.length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">{t`SMS use per organisation in ${year}`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Organisation</Trans>
              </th>
              <th scope="col">
                <Trans>Topped up</Trans>
              </th>
              <th scope="col">
                <Trans>Spent</Trans>
              </th>
              <th scope="col">
                <Trans>Refunded</Trans>
              </th>
              <th scope="col">
                <Trans>Messages</Trans>
              </th>
              <th scope="col">
                <Trans>Balance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {state.data.map((r) => (
              <tr key={r._id}>
                <th scope="row">
                  <Link to={`/superadmin/${r._id}/sms-costs`}>{r.name}</Link>
                </th>
                <td>{formatMoney(r.toppedUp, r.currency, i18n.locale)}</td>
                <td>{formatMoney(r.spent, r.currency, i18n.locale)}</td>
                <td>{formatMoney(r.refunded, r.currency, i18n.locale)}</td>
                <td>{r.sends}</td>
                <td>{formatMoney(r.smsBalance, r.currency, i18n.locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
