import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import type { BlockListPageQuery } from "../../__generated__/BlockListPageQuery.graphql";
import type { BlockListPageRightsQuery } from "../../__generated__/BlockListPageRightsQuery.graphql";
import type { BlockListPageUnblockMutation } from "../../__generated__/BlockListPageUnblockMutation.graphql";
import { Button, Card, EmptyState, Skeleton } from "../../ui";

/**
 * /touchpoints/contactLists/blockList: the addresses that unsubscribed, which never get another
 * campaign message. Seeing it needs manageContacts in some team; someone without it (a viewer)
 * gets an in-page "no rights" state inside the app shell. Organisation admins may take an address
 * off the list; no one else sees that action.
 */
export default function BlockListPage() {
  const { t } = useLingui();
  const data = useLazyLoadQuery<BlockListPageRightsQuery>(
    graphql`
      query BlockListPageRightsQuery {
        viewer {
          organizationAdmin
          rolesPerUnit {
            rights
          }
        }
      }
    `,
    {},
  );
  const mayView = !!data.viewer && (data.viewer.organizationAdmin || data.viewer.rolesPerUnit.some((r) => r.rights.includes("manageContacts")));
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
      {mayView ? (
        <Suspense fallback={<Skeleton label={t`Loading the block list`} lines={4} />}>
          <BlockList mayRemove={!!data.viewer?.organizationAdmin} />
        </Suspense>
      ) : (
        <EmptyState title={t`You do not have the rights to see the block list`}>
          <Trans>The block list is for those who manage contacts in a team (editors and admins). Ask an organisation admin if you need it.</Trans>
        </EmptyState>
      )}
    </div>
  );
}

function BlockList({ mayRemove }: { mayRemove: boolean }) {
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
  if (data.blockList.total === 0) {
    return (
      <EmptyState title={t`No one has unsubscribed`}>
        <Trans>Addresses that unsubscribe from a campaign message are listed here and get no further campaign messages.</Trans>
      </EmptyState>
    );
  }
  return (
    <Card title={t`${data.blockList.total} addresses unsubscribed and get no campaign messages.`}>
      {message && <p role="status">{message}</p>}
      <ul className="block-list__addresses">
        {data.blockList.addresses.map((a) => (
          <li key={a.email}>
            {a.email}{" "}
            {mayRemove && (
              <Button
                size="sm"
                variant="quiet"
                loading={unblocking}
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
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
