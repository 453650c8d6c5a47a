import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useMutation, useRefetchableFragment } from "react-relay";
import type { ApiKeysSection_query$key } from "../__generated__/ApiKeysSection_query.graphql";
import type { ApiKeysSectionGenerateMutation } from "../__generated__/ApiKeysSectionGenerateMutation.graphql";
import type { ApiKeysSectionRefetchQuery } from "../__generated__/ApiKeysSectionRefetchQuery.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { actions } from "../shell/actions";
import { toasts } from "../shell/toastStore";
import { graphQLErrorMessage } from "../transport/relayEnvironment";
import { ApiKeyRow } from "./ApiKeyRow";
import { NewApiKeyNotice } from "./NewApiKeyNotice";

/** /settings/user: the person's REST API keys: list, generate (value shown once), revoke, delete. */
export function ApiKeysSection({ query }: { query: ApiKeysSection_query$key }) {
  const { t } = useLingui();
  const [data, refetch] = useRefetchableFragment<ApiKeysSectionRefetchQuery, ApiKeysSection_query$key>(
    graphql`
      fragment ApiKeysSection_query on Query @refetchable(queryName: "ApiKeysSectionRefetchQuery") {
        viewer {
          countryCode
          apiKeys {
            id
            ...ApiKeyRow_apiKey
          }
          ...FeatureGate_viewer
        }
      }
    `,
    query,
  );
  const [commitGenerate, generating] = useMutation<ApiKeysSectionGenerateMutation>(graphql`
    mutation ApiKeysSectionGenerateMutation {
      generateApiKey {
        key
        apiKey {
          id
        }
      }
    }
  `);
  const [newKey, setNewKey] = useState<string | null>(null);
  const reload = () => refetch({}, { fetchPolicy: "network-only" });

  const generate = () =>
    actions.run(
      "generateApiKey",
      () =>
        new Promise<void>((resolve) => {
          commitGenerate({
            variables: {},
            onCompleted: (response, errors) => {
              if (errors?.length) toasts.error(errors.map((e) => e.message).join("\n"));
              else {
                setNewKey(response.generateApiKey.key);
                toasts.success(t`API key generated`);
                reload();
              }
              resolve();
            },
            onError: (error) => {
              toasts.error(graphQLErrorMessage(error) ?? t`Something went wrong`);
              resolve();
            },
          });
        }),
    );

  if (!data.viewer) return null;
  const keys = data.viewer.apiKeys;
  return (
    <section className="form" aria-labelledby="api-keys-heading" style={{ marginTop: "1.5rem", paddingBottom: "1.5rem" }}>
      <h2 id="api-keys-heading" style={{ margin: 0 }}>
        <Trans>API keys</Trans>
      </h2>
      <p className="field__hint">
        <Trans>Integrations call the REST API with an API key in the Authorization header (Bearer). A key acts as you in this organisation.</Trans>
      </p>
      {newKey ? <NewApiKeyNotice apiKey={newKey} onDone={() => setNewKey(null)} /> : null}
      {keys.length === 0 ? (
        <p>
          <Trans>You have no API keys.</Trans>
        </p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">
            <Trans>Your API keys</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Key</Trans>
              </th>
              <th scope="col">
                <Trans>Created</Trans>
              </th>
              <th scope="col">
                <Trans>Last used</Trans>
              </th>
              <th scope="col">
                <Trans>Status</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <ApiKeyRow key={key.id} apiKey={key} countryCode={data.viewer!.countryCode} onChanged={reload} />
            ))}
          </tbody>
        </table>
      )}
      <FeatureGate viewer={data.viewer} feature="restApi">
        <div>
          <button type="button" className="button button--secondary" onClick={() => void generate()} disabled={generating}>
            <Trans>Generate API key</Trans>
          </button>
        </div>
      </FeatureGate>
    </section>
  );
}
