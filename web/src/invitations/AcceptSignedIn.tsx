import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { graphql, useMutation } from "react-relay";
import type { AcceptSignedInMutation } from "../__generated__/AcceptSignedInMutation.graphql";
import { graphQLErrorMessage } from "../transport/relayEnvironment";
import { toasts } from "../shell/toastStore";
import { hardNavigate } from "../util/hardNavigate";
import { PENDING_INVITATION_KEY } from "./pendingInvitation";

/** Signed in: accepts the stored invitation once, then reloads the root in the new organisation. */
export function AcceptSignedIn({ token }: { token: string }) {
  const { t } = useLingui();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const [commit] = useMutation<AcceptSignedInMutation>(graphql`
    mutation AcceptSignedInMutation($token: String!) {
      acceptInvitation(token: $token) {
        organizationLegacyId
      }
    }
  `);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    commit({
      variables: { token },
      onCompleted: (_r, errors) => {
        window.sessionStorage.removeItem(PENDING_INVITATION_KEY);
        if (errors?.length) {
          setError(errors.map((e) => e.message).join("\n"));
          return;
        }
        toasts.success(t`Invitation accepted`);
        hardNavigate("/");
      },
      onError: (e) => {
        window.sessionStorage.removeItem(PENDING_INVITATION_KEY);
        setError(graphQLErrorMessage(e) ?? t`Something went wrong`);
      },
    });
  }, [commit, token, t]);
  return error ? (
    <p className="field__error" role="alert">
      {error}
    </p>
  ) : (
    <p role="status">
      <Trans>Accepting the invitation…</Trans>
    </p>
  );
}
