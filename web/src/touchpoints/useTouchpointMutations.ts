// Create, update and delete a touchpoint (GraphQL createTouchpoint / updateTouchpoint /
// deleteTouchpoint). Failures show the server's message as a toast (e.g. "User has no rights to
// edit touchpoint", "Invalid IP address") and resolve null, so a form stays as it was.
import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type { CreateTouchpointInput, useTouchpointMutationsCreateMutation } from "../__generated__/useTouchpointMutationsCreateMutation.graphql";
import type { UpdateTouchpointInput, useTouchpointMutationsUpdateMutation } from "../__generated__/useTouchpointMutationsUpdateMutation.graphql";
import type { useTouchpointMutationsDeleteMutation } from "../__generated__/useTouchpointMutationsDeleteMutation.graphql";
import { runMutation } from "../user-management/runMutation";

export type { CreateTouchpointInput, UpdateTouchpointInput };

export function useTouchpointMutations() {
  const { t } = useLingui();
  const [commitCreate] = useMutation<useTouchpointMutationsCreateMutation>(graphql`
    mutation useTouchpointMutationsCreateMutation($input: CreateTouchpointInput!) {
      createTouchpoint(input: $input) {
        touchpoint {
          id
          legacyId
          type
          name
        }
      }
    }
  `);
  const [commitUpdate] = useMutation<useTouchpointMutationsUpdateMutation>(graphql`
    mutation useTouchpointMutationsUpdateMutation($input: UpdateTouchpointInput!) {
      updateTouchpoint(input: $input) {
        touchpoint {
          id
          legacyId
          name
          type
          unitLegacyId
          unit {
            legacyId
            name
          }
          activeSurveyLegacyId
          ipAddress
          udid
          settings {
            ...TerminalForm_settings
          }
          website {
            ...WebsiteActivationForm_website
          }
          logoUrl
          editRefusal
          link
          responseCount
          lastSeenAt
          lastFeedbackAt
        }
      }
    }
  `);
  const [commitDelete] = useMutation<useTouchpointMutationsDeleteMutation>(graphql`
    mutation useTouchpointMutationsDeleteMutation($id: ID!) {
      deleteTouchpoint(id: $id) {
        deletedLegacyId
      }
    }
  `);

  const create = useCallback(
    async (input: CreateTouchpointInput): Promise<string | null> => {
      const answer = await runMutation("createTouchpoint", commitCreate, { input }, { success: t`Channel saved`, fallbackError: t`Something went wrong` });
      return answer?.createTouchpoint.touchpoint.legacyId ?? null;
    },
    [commitCreate, t],
  );
  const update = useCallback(
    async (input: UpdateTouchpointInput): Promise<boolean> =>
      (await runMutation("updateTouchpoint", commitUpdate, { input }, { success: t`Channel saved`, fallbackError: t`Something went wrong` })) !== null,
    [commitUpdate, t],
  );
  /** quiet: no success toast (a bulk deletion says once how many it deleted); a refusal is always shown. */
  const remove = useCallback(
    async (id: string, options: { quiet?: boolean } = {}): Promise<boolean> =>
      (await runMutation(
        "deleteTouchpoint",
        commitDelete,
        { id },
        { success: options.quiet ? undefined : t`Channel deleted`, fallbackError: t`Something went wrong` },
      )) !== null,
    [commitDelete, t],
  );
  return { create, update, remove };
}
