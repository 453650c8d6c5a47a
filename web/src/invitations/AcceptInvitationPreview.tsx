import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { AcceptInvitationPreviewQuery } from "../__generated__/AcceptInvitationPreviewQuery.graphql";
import { ROLE_LABELS } from "../user-management/roleLabels";
import { NewUserForm } from "./NewUserForm";
import { PENDING_INVITATION_KEY } from "./pendingInvitation";
import { InvitationErrorBoundary } from "./InvitationErrorBoundary";
import { Skeleton } from "../ui/Skeleton";

function Preview({ token }: { token: string }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const data = useLazyLoadQuery<AcceptInvitationPreviewQuery>(
    graphql`
      query AcceptInvitationPreviewQuery($token: String!) {
        invitation(token: $token) {
          email
          organizationName
          unitName
          role
          inviterName
          existingUser
        }
      }
    `,
    { token },
    { fetchPolicy: "network-only" },
  );
  const inv = data.invitation;
  const role = i18n._(ROLE_LABELS[inv.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.viewer);
  const inviter = inv.inviterName ?? inv.organizationName;
  const team = inv.unitName;
  const organization = inv.organizationName;
  const signInAndAccept = () => {
    window.sessionStorage.setItem(PENDING_INVITATION_KEY, token);
    // Without the token the page needs a sign-in; it then accepts with the stored token.
    navigate("/accept-invitation");
  };
  return (
    <>
      <p>
        <Trans>
          {inviter} invited {inv.email} to {organization}, team {team}, as {role}.
        </Trans>
      </p>
      {inv.existingUser ? (
        <button type="button" className="button" onClick={signInAndAccept}>
          <Trans>Sign in to accept</Trans>
        </button>
      ) : (
        <NewUserForm token={token} email={inv.email} />
      )}
    </>
  );
}

export function AcceptInvitationPreview({ token }: { token: string }) {
  return (
    <InvitationErrorBoundary>
      <Suspense fallback={<Skeleton label={<Trans>Loading…</Trans>} />}>
        <Preview token={token} />
      </Suspense>
    </InvitationErrorBoundary>
  );
}
