import { Trans, useLingui } from "@lingui/react/macro";
import { Skeleton } from "../ui";
import { superadminApi } from "./api";
import { SmsHistoryView } from "./SmsHistoryView";
import { useLoad } from "./useLoad";
import "./superadmin.css";

/** /settings/sms-history: the organisation's own SMS balance and its history (organisation and billing admins). */
export default function SmsHistoryPage() {
  const { t } = useLingui();
  const [state] = useLoad(() => superadminApi.smsHistory(), []);
  return (
    <section className="page" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>SMS balance and history</Trans>
      </h1>
      {state.kind === "loading" ? <Skeleton label={t`Loading`} shape="chart" /> : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The SMS history could not be loaded. Only organisation admins and billing admins can see it.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" ? <SmsHistoryView history={state.data} /> : null}
    </section>
  );
}
