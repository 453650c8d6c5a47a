import type { Disposable, MutationParameters, PayloadError } from "relay-runtime";
import type { UseMutationConfig } from "react-relay";
import { actions } from "../shell/actions";
import { toasts } from "../shell/toastStore";
import { graphQLErrorMessage } from "../transport/relayEnvironment";

type Commit<M extends MutationParameters> = (config: UseMutationConfig<M>) => Disposable;

/**
 * Runs a Relay mutation under a named action (loading overlay). On success it shows the success
 * toast and resolves with the answer; on failure it shows the server's message (spec 000 §8) and
 * resolves with null.
 */
export function runMutation<M extends MutationParameters>(
  name: string,
  commit: Commit<M>,
  variables: M["variables"],
  messages: { success?: string; fallbackError: string },
): Promise<M["response"] | null> {
  return actions.run(
    name,
    () =>
      new Promise<M["response"] | null>((resolve) => {
        commit({
          variables,
          onCompleted: (response, errors: PayloadError[] | null | undefined) => {
            if (errors && errors.length > 0) {
              toasts.error(errors.map((e) => e.message).join("\n"));
              resolve(null);
              return;
            }
            if (messages.success) toasts.success(messages.success);
            resolve(response);
          },
          onError: (error) => {
            toasts.error(graphQLErrorMessage(error) ?? messages.fallbackError);
            resolve(null);
          },
        });
      }),
  );
}
