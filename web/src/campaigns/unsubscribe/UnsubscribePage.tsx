import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { getServices } from "../../services";
import { ApiError } from "../../transport/rest";

type State = { maskedEmail: string; organizationName: string; unsubscribed: boolean };
type Phase =
  | { kind: "loading" }
  | { kind: "invalid"; message: string }
  | { kind: "error"; message: string }
  | { kind: "ready"; state: State; justUnsubscribed: boolean };

/** A refused token (400) is an invalid link; anything else is a failure to show as it is. */
function problemOf(err: unknown, invalid: string, failed: string): Phase {
  if (err instanceof ApiError && err.status === 400) return { kind: "invalid", message: invalid };
  return { kind: "error", message: err instanceof ApiError ? err.message : failed };
}

/**
 * /unsubscribe?token=… (open): the page every campaign message links to. It says whose list the
 * address is on, unsubscribes with one button, and confirms. Opening the page changes nothing (a
 * link scanner must not unsubscribe anyone); a second visit says the address is already unsubscribed.
 */
export default function UnsubscribePage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [busy, setBusy] = useState(false);

  const invalid = t`This unsubscribe link is not valid. Use the link in the message you received, exactly as it is.`;
  const incomplete = t`This unsubscribe link is incomplete. Use the link in the message you received.`;
  const failed = t`Something went wrong. Try again in a moment.`;

  useEffect(() => {
    if (!token) {
      setPhase({ kind: "invalid", message: incomplete });
      return;
    }
    let live = true;
    getServices()
      .rest.request<State>("/unsubscribe", { query: { token }, toast: false })
      .then((state) => live && setPhase({ kind: "ready", state, justUnsubscribed: false }))
      .catch((err: unknown) => live && setPhase(problemOf(err, invalid, failed)));
    return () => {
      live = false;
    };
  }, [token, incomplete, invalid, failed]);

  const onUnsubscribe = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const state = await getServices().rest.request<State>("/unsubscribe", { method: "POST", query: { token }, body: {}, toast: false });
      setPhase({ kind: "ready", state, justUnsubscribed: true });
    } catch (err) {
      setPhase(problemOf(err, invalid, failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page page--narrow" aria-labelledby="unsubscribe-title">
      <h1 className="page__title" id="unsubscribe-title">
        <Trans>Unsubscribe</Trans>
      </h1>
      {phase.kind === "loading" ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : phase.kind === "invalid" || phase.kind === "error" ? (
        <p role="alert">{phase.message}</p>
      ) : phase.state.unsubscribed ? (
        <p role="status">
          {phase.justUnsubscribed ? (
            <Trans>
              Done: {phase.state.maskedEmail} will get no more messages from {phase.state.organizationName}.
            </Trans>
          ) : (
            <Trans>
              {phase.state.maskedEmail} is already unsubscribed from the messages of {phase.state.organizationName}.
            </Trans>
          )}
        </p>
      ) : (
        <>
          <p>
            <Trans>
              {phase.state.maskedEmail} gets survey messages from {phase.state.organizationName}. Unsubscribe to get no more of them.
            </Trans>
          </p>
          <button type="button" className="button" onClick={onUnsubscribe} disabled={busy} aria-busy={busy || undefined}>
            <Trans>Unsubscribe</Trans>
          </button>
        </>
      )}
    </section>
  );
}
