import { useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { graphql, useMutation } from "react-relay";
import type {
  UpdateOrganizationSettingsInput,
  useOrganizationSettingsMutation as MutationType,
} from "../__generated__/useOrganizationSettingsMutation.graphql";
import { actions } from "../shell/actions";
import { toasts } from "../shell/toastStore";
import { graphQLErrorMessage, GraphQLResponseError } from "../transport/relayEnvironment";

/**
 * Saves organisation settings with updateOrganizationSettings; toasts the spec's success message
 * "organization details updated" (spec 000 §8, as PUT /organization answers) or the server's error. Resolves true when saved; `onFieldError` receives the server's field, if any.
 */
export function useOrganizationSettingsMutation() {
  const { t } = useLingui();
  const [commit] = useMutation<MutationType>(graphql`
    mutation useOrganizationSettingsMutation($input: UpdateOrganizationSettingsInput!) {
      updateOrganizationSettings(input: $input) {
        organization {
          id
          name
          privacyPolicy
          timeZone
          satisfactionScale {
            enabled
            min
            max
          }
          surveyAppearance {
            primaryColor
            backgroundColor
            textColor
            font
            buttonStyle
          }
        }
      }
    }
  `);
  return useCallback(
    (input: UpdateOrganizationSettingsInput, onFieldError?: (field: string, message: string) => void) =>
      actions.run(
        "saveOrganizationSettings",
        () =>
          new Promise<boolean>((resolve) => {
            commit({
              variables: { input },
              onCompleted: (_response, errors) => {
                if (errors?.length) {
                  toasts.error(errors.map((e) => e.message).join("\n"));
                  resolve(false);
                  return;
                }
                toasts.success(t`Organization details updated`);
                resolve(true);
              },
              onError: (error) => {
                const message = graphQLErrorMessage(error) ?? t`Something went wrong`;
                if (error instanceof GraphQLResponseError && error.field) onFieldError?.(error.field, message);
                toasts.error(message);
                resolve(false);
              },
            });
          }),
      ),
    [commit, t],
  );
}
