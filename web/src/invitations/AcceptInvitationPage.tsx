import { Trans } from "@lingui/react/macro";
import { useSearchParams } from "react-router-dom";
import { queryToken } from "../access/queryFlags";
import { AcceptInvitationPreview } from "./AcceptInvitationPreview";
import { AcceptSignedIn } from "./AcceptSignedIn";
import { PENDING_INVITATION_KEY } from "./pendingInvitation";

/**
 * /accept-invitation. With ?token= (no sign-in needed) it shows what the invitation offers: an
 * existing account signs in and accepts; a new person chooses a name and a password. After the
 * sign-in the page opens without the token (so calls carry the bearer token) and accepts the
 * invitation kept in sessionStorage.
 */
export default function AcceptInvitationPage() {
  const [search] = useSearchParams();
  const token = queryToken(search);
  const pending = typeof window !== "undefined" ? window.sessionStorage.getItem(PENDING_INVITATION_KEY) : null;
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Accept invitation</Trans>
      </h1>
      {token ? (
        <AcceptInvitationPreview token={token} />
      ) : pending ? (
        <AcceptSignedIn token={pending} />
      ) : (
        <p>
          <Trans>Open the link in your invitation e-mail to accept it.</Trans>
        </p>
      )}
    </section>
  );
}
