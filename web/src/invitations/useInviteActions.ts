import { useLingui } from "@lingui/react/macro";
import { graphql, useMutation } from "react-relay";
import type { useInviteActionsResendMutation } from "../__generated__/useInviteActionsResendMutation.graphql";
import type { useInviteActionsDeleteMutation } from "../__generated__/useInviteActionsDeleteMutation.graphql";
import { runMutation } from "../user-management/runMutation";

/** Resend (a new link; the old one stops working) and delete, with the spec's toasts. */
export function useInviteActions() {
  const { t } = useLingui();
  const [commitResend] = useMutation<useInviteActionsResendMutation>(graphql`
    mutation useInviteActionsResendMutation($id: ID!) {
      resendInvite(id: $id) {
        invite {
          id
          sentAt
          expired
        }
      }
    }
  `);
  const [commitDelete] = useMutation<useInviteActionsDeleteMutation>(graphql`
    mutation useInviteActionsDeleteMutation($id: ID!) {
      deleteInvite(id: $id) {
        legacyId
      }
    }
  `);
  return {
    resend: async (id: string) =>
      (await runMutation("resendInvite", commitResend, { id }, { success: t`Invite resent`, fallbackError: t`Something went wrong` })) !== null,
    remove: async (id: string, email: string) => {
      if (!window.confirm(t`Delete the invite to ${email}?`)) return false;
      return (await runMutation("deleteInvite", commitDelete, { id }, { success: t`Invite deleted`, fallbackError: t`Something went wrong` })) !== null;
    },
  };
}
