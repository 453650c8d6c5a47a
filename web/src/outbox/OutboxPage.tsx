import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import { getServices } from "../services";
import { ApiError } from "../transport/rest";
import { OutboxMail, type OutboxMailItem } from "./OutboxMail";

interface OutboxPageResponse {
  items: OutboxMailItem[];
  nextCursor: string | null;
}

type State =
  | { kind: "loading" }
  | { kind: "unavailable" }
  | { kind: "forbidden" }
  | { kind: "failed" }
  | { kind: "ready"; items: OutboxMailItem[]; nextCursor: string | null; loadingMore: boolean };

/**
 * /outbox (signed-in system admins; only without a mail server): the mail the platform would have
 * sent, newest first, with clickable links, so a person trying the product can verify, reset and
 * accept. The API refuses everyone else (403): the page says so.
 */
export default function OutboxPage() {
  const { t } = useLingui();
  const [state, setState] = useState<State>({ kind: "loading" });

  const load = useCallback(async (cursor: string | null) => {
    const query = cursor ? `?limit=20&cursor=${encodeURIComponent(cursor)}` : "?limit=20";
    return getServices().rest.request<OutboxPageResponse | null>(`/outbox${query}`, { toast: false, allowStatus: [404] });
  }, []);

  const refresh = useCallback(() => {
    setState({ kind: "loading" });
    load(null)
      .then((page) => setState(page ? { kind: "ready", items: page.items, nextCursor: page.nextCursor, loadingMore: false } : { kind: "unavailable" }))
      .catch((error: unknown) => setState({ kind: error instanceof ApiError && error.status === 403 ? "forbidden" : "failed" }));
  }, [load]);

  useEffect(refresh, [refresh]);

  const more = () => {
    if (state.kind !== "ready" || !state.nextCursor) return;
    setState({ ...state, loadingMore: true });
    load(state.nextCursor)
      .then((page) =>
        setState((s) =>
          s.kind === "ready" && page ? { kind: "ready", items: [...s.items, ...page.items], nextCursor: page.nextCursor, loadingMore: false } : s,
        ),
      )
      .catch(() => setState((s) => (s.kind === "ready" ? { ...s, loadingMore: false } : s)));
  };

  return (
    <section className="page page--narrow outbox" aria-busy={state.kind === "loading"}>
      <h1 className="page__title">
        <Trans>Outbox</Trans>
      </h1>
      <p>
        <Trans>
          No mail server is configured, so the mail the platform sends is kept here instead. Open the links to verify addresses, reset passwords and accept
          invitations.
        </Trans>
      </p>
      {state.kind === "loading" ? (
        <p role="status">
          <Trans>Loading</Trans>
        </p>
      ) : null}
      {state.kind === "unavailable" ? (
        <p role="alert">
          <Trans>The outbox is not available: this server sends its mail through a mail server.</Trans>
        </p>
      ) : null}
      {state.kind === "forbidden" ? (
        <p role="alert">
          <Trans>Only system administrators can read the outbox. Sign in as a system administrator to read it.</Trans>
        </p>
      ) : null}
      {state.kind === "failed" ? (
        <p role="alert">
          <Trans>The outbox could not be loaded.</Trans>
        </p>
      ) : null}
      {state.kind === "ready" ? (
        <>
          <p>
            <button type="button" className="button" onClick={refresh}>
              <Trans>Refresh</Trans>
            </button>
          </p>
          {state.items.length === 0 ? (
            <p>
              <Trans>No mail yet.</Trans>
            </p>
          ) : (
            <ol className="outbox__list" aria-label={t`Mail, newest first`}>
              {state.items.map((mail) => (
                <li key={mail._id}>
                  <OutboxMail mail={mail} />
                </li>
              ))}
            </ol>
          )}
          {state.nextCursor ? (
            <p>
              <button type="button" className="button" onClick={more} disabled={state.loadingMore}>
                <Trans>Show older mail</Trans>
              </button>
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
