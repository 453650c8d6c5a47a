import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useFragment, useMutation } from "react-relay";
import type { ApiKeyRow_apiKey$key } from "../__generated__/ApiKeyRow_apiKey.graphql";
import type { ApiKeyRowRevokeMutation } from "../__generated__/ApiKeyRowRevokeMutation.graphql";
import { formatDateTime } from "../format/date";
import { actions } from "../shell/actions";
import { toasts } from "../shell/toastStore";
import { graphQLErrorMessage } from "../transport/relayEnvironment";

/** One API key: its prefix and dates (never the value), with revoke and delete. */
export function ApiKeyRow({ apiKey, countryCode, onChanged }: { apiKey: ApiKeyRow_apiKey$key; countryCode: string; onChanged: () => void }) {
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment ApiKeyRow_apiKey on ApiKey {
        id
        name
        prefix
        createdAt
        lastUsedAt
        revokedAt
      }
    `,
    apiKey,
  );
  const [commit, busy] = useMutation<ApiKeyRowRevokeMutation>(graphql`
    mutation ApiKeyRowRevokeMutation($id: ID!, $delete: Boolean) {
      revokeApiKey(id: $id, delete: $delete) {
        apiKey {
          id
          revokedAt
        }
        deletedApiKeyId
      }
    }
  `);
  const label = `${data.prefix}…${data.name ? ` (${data.name})` : ""}`;

  const revoke = (remove: boolean) => {
    const question = remove
      ? t`Delete the API key ${label}? Integrations using it stop working.`
      : t`Revoke the API key ${label}? Integrations using it stop working.`;
    if (!window.confirm(question)) return;
    void actions.run(
      "revokeApiKey",
      () =>
        new Promise<void>((resolve) => {
          commit({
            variables: { id: data.id, delete: remove },
            onCompleted: (_response, errors) => {
              if (errors?.length) toasts.error(errors.map((e) => e.message).join("\n"));
              else {
                toasts.success(remove ? t`API key deleted` : t`API key revoked`);
                onChanged();
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
  };

  return (
    <tr>
      <td>
        <code>{data.prefix}…</code> {data.name}
      </td>
      <td>{formatDateTime(data.createdAt, countryCode)}</td>
      <td>{data.lastUsedAt ? formatDateTime(data.lastUsedAt, countryCode) : t`Never`}</td>
      <td>{data.revokedAt ? t`Revoked` : t`Active`}</td>
      <td style={{ whiteSpace: "nowrap" }}>
        {data.revokedAt ? null : (
          <button
            type="button"
            className="button button--small button--secondary"
            disabled={busy}
            onClick={() => revoke(false)}
            aria-label={t`Revoke ${label}`}
          >
            <Trans>Revoke</Trans>
          </button>
        )}{" "}
        <button type="button" className="button button--small button--ghost" disabled={busy} onClick={() => revoke(true)} aria-label={t`Delete ${label}`}>
          <Trans>Delete</Trans>
        </button>
      </td>
    </tr>
  );
}
