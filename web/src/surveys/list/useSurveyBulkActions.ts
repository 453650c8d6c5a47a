// The survey list's bulk actions: archive, unarchive, hide, show and delete several surveys at once.
// Each survey goes through the same GraphQL mutation as its row's button (archiveSurvey, hideSurvey,
// deleteSurvey), so the server checks the same rights per survey; a refusal shows its message and
// the others go on. One toast then says how many were changed.
import { useLingui } from "@lingui/react/macro";
import { graphql, useMutation } from "react-relay";
import type { useSurveyBulkActionsArchiveMutation } from "../../__generated__/useSurveyBulkActionsArchiveMutation.graphql";
import type { useSurveyBulkActionsDeleteMutation } from "../../__generated__/useSurveyBulkActionsDeleteMutation.graphql";
import type { useSurveyBulkActionsHideMutation } from "../../__generated__/useSurveyBulkActionsHideMutation.graphql";
import { toasts } from "../../shell/toastStore";
import { runForEach } from "../../ui/DataList";
import { runMutation } from "../../user-management/runMutation";

export type SurveyBulkAction = "archive" | "unarchive" | "hide" | "unhide" | "delete";

export function useSurveyBulkActions(onChanged: () => void) {
  const { t } = useLingui();
  const [commitArchive] = useMutation<useSurveyBulkActionsArchiveMutation>(graphql`
    mutation useSurveyBulkActionsArchiveMutation($id: ID!, $archived: Boolean!) {
      archiveSurvey(id: $id, archived: $archived) {
        survey {
          id
          archived
        }
      }
    }
  `);
  const [commitHide] = useMutation<useSurveyBulkActionsHideMutation>(graphql`
    mutation useSurveyBulkActionsHideMutation($id: ID!, $hidden: Boolean!) {
      hideSurvey(id: $id, hidden: $hidden) {
        survey {
          id
          hidden
        }
      }
    }
  `);
  const [commitDelete] = useMutation<useSurveyBulkActionsDeleteMutation>(graphql`
    mutation useSurveyBulkActionsDeleteMutation($id: ID!) {
      deleteSurvey(id: $id) {
        legacyId
      }
    }
  `);
  const fallbackError = t`Something went wrong`;
  const one = (action: SurveyBulkAction, id: string) => {
    switch (action) {
      case "archive":
      case "unarchive":
        return runMutation("archiveSurvey", commitArchive, { id, archived: action === "archive" }, { fallbackError });
      case "hide":
      case "unhide":
        return runMutation("hideSurvey", commitHide, { id, hidden: action === "hide" }, { fallbackError });
      case "delete":
        return runMutation("deleteSurvey", commitDelete, { id }, { fallbackError });
    }
  };
  return async (action: SurveyBulkAction, ids: readonly string[]): Promise<void> => {
    const { done } = await runForEach(ids, (id) => one(action, id));
    const total = ids.length;
    const messages: Record<SurveyBulkAction, string> = {
      archive: t`${done} of ${total} surveys archived`,
      unarchive: t`${done} of ${total} surveys unarchived`,
      hide: t`${done} of ${total} surveys hidden`,
      unhide: t`${done} of ${total} surveys shown`,
      delete: t`${done} of ${total} surveys deleted`,
    };
    if (done > 0) toasts.success(messages[action]);
    if (done > 0) onChanged();
  };
}
