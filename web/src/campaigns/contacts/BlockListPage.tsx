import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import type { BlockListPageQuery } from "../../__generated__/BlockListPageQuery.graphql";
import type { BlockListPageUnblockMutation } from "../../__generated__/BlockListPageUnblockMutation.graphql";

/**
 * /touchpoints/contactLists/blockList: the addresses that unsubscribed, which never get another
 * campaign message. Organisation admins may take an address off the list.
 */
export default function BlockListPage() {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const [message, setMessage] = useState<string | null>(null);
  const data = useLazyLoadQuery<BlockListPageQuery>(
    graphql`
      query BlockListPageQuery {
        blockList(limit: 500) {
          total
          addresses {
            email
            createdAt
          }
        }
        viewer {
          organizationAdmin
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [unblock, unblocking] = useMutation<BlockListPageUnblockMutation>(graphql`
    mutation BlockListPageUnblockMutation($email: String!) {
      unblockAddress(email: $email) {
        email
        message
      }
    }
  `);
  const mayRemove = !!data.viewer?.organizationAdmin;
  return (
    <div className="block-list">
      <h1>
        <Trans>Block list</Trans>
      </h1>
      <p>
        <Link to="/touchpoints/contactLists">
          <Trans>All contact lists</Trans>
        </Link>
      </p>
      <p>
        <Trans>{data.blockList.total} addresses unsubscribed and get no campaign messages.</Trans>
      </p>
      {message && <p role="status">{message}</p>}
      <ul>
        {data.blockList.addresses.map((a) => (
          <li key={a.email}>
            {a.email}{" "}
            {mayRemove && (
              <button
                type="button"
                disabled={unblocking}
                aria-label={t`Remove ${a.email} from the block list`}
                onClick={() =>
                  unblock({
                    variables: { email: a.email },
                    onCompleted: () => {
                      setMessage(t`Removed from suppression list`);
                      setFetchKey((k) => k + 1);
                    },
                    onError: (err) => setMessage(err.message),
                  })
                }
              >
                <Trans>Remove</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
