import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useState } from "react";
import { useParams } from "react-router-dom";
import { toasts } from "../shell/toastStore";
import { Button, Card, Skeleton } from "../ui";
import { type SmsCosts, superadminApi } from "./api";
import { SmsTopUpCard } from "./OrganizationEditPage";
import { SmsHistoryView } from "./SmsHistoryView";
import { SuperadminNav } from "./SuperadminNav";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /superadmin/:id/sms-costs: the organisation's price per SMS segment, monthly use, top-up and balance history. */
export default function SmsCostsPage() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const [state, reload] = useLoad(() => Promise.all([superadminApi.smsCosts(id), superadminApi.smsHistory(id)]), [id]);
  return (
    <section className="page superadmin" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">{state.kind === "ready" ? <Trans>SMS costs: {state.data[0].name}</Trans> : <Trans>SMS costs</Trans>}</h1>
      <SuperadminNav />
      {state.kind === "loading" ? <Skeleton label={t`Loading`} shape="chart" /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The SMS costs could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" ? (
        <>
          <PriceForm key={state.data[0].smsSegmentPrice} costs={state.data[0]} onSaved={reload} />
          <MonthsTable costs={state.data[0]} />
          <SmsTopUpCard organization={{ _id: id, smsBalance: state.data[0].smsBalance, currency: state.data[0].currency }} onDone={reload} />
          <SmsHistoryView history={state.data[1]} />
        </>
      ) : null}
    </section>
  );
}

function PriceForm({ costs, onSaved }: { costs: SmsCosts; onSaved: () => void }) {
  const { t } = useLingui();
  const [price, setPrice] = useState(String(costs.smsSegmentPrice));
  const value = Number(price);
  const invalid = price.trim() === "" || !Number.isFinite(value) || value <= 0 || value > 10;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    await superadminApi.saveSmsCosts(costs._id, value);
    toasts.success(t`Saved`);
    onSaved();
  };
  return (
    <Card title={t`Price per SMS segment`}>
      <form className="superadmin__toolbar" onSubmit={(e) => void save(e).catch(() => {})}>
        <div className="field">
          <label htmlFor="sms-segment-price">
            <Trans>Price of one segment ({costs.currency})</Trans>
          </label>
          <input
            id="sms-segment-price"
            type="number"
            min={0.0001}
            max={10}
            step={0.0001}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={invalid}
          />
        </div>
        <Button type="submit" variant="primary" disabled={invalid}>
          <Trans>Save</Trans>
        </Button>
      </form>
    </Card>
  );
}

function MonthsTable({ costs }: { costs: SmsCosts }) {
  const { i18n } = useLingui();
  const amount = (value: number) => i18n.number(value, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (costs.months.length === 0) return null;
  return (
    <table className="table">
      <caption>
        <Trans>The last 12 months ({costs.currency})</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Month</Trans>
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
        </tr>
      </thead>
      <tbody>
        {costs.months.map((m) => (
          <tr key={m.month}>
            <th scope="row">{m.month}</th>
            <td>{amount(m.toppedUp)}</td>
            <td>{amount(m.spent)}</td>
            <td>{amount(m.refunded)}</td>
            <td>{m.sends}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
