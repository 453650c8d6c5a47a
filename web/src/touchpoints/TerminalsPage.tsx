import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TerminalsPage_query$key } from "../__generated__/TerminalsPage_query.graphql";
import type { TerminalsPageQuery } from "../__generated__/TerminalsPageQuery.graphql";
import type { TerminalsPageRefetchQuery } from "../__generated__/TerminalsPageRefetchQuery.graphql";
import { TouchpointListShell, useReloadKey, useTouchpointListAddress } from "./TouchpointListShell";

/** /touchpoints/terminals: the terminals with their online state and last ping, a page at a time. */
export default function TerminalsPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const address = useTouchpointListAddress();
  const data = useLazyLoadQuery<TerminalsPageQuery>(
    graphql`
      query TerminalsPageQuery($search: String, $orderBy: TouchpointOrder) {
        ...TerminalsPage_query @arguments(search: $search, orderBy: $orderBy)
        ...TouchpointListShell_query
      }
    `,
    address.variables,
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const list = usePaginationFragment<TerminalsPageRefetchQuery, TerminalsPage_query$key>(
    graphql`
      fragment TerminalsPage_query on Query
      @refetchable(queryName: "TerminalsPageRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "TouchpointOrder" }
      ) {
        touchpoints(type: terminal, search: $search, orderBy: $orderBy, first: $first, after: $after) @connection(key: "TerminalsPage_touchpoints") {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
      }
    `,
    data,
  );
  return (
    <TouchpointListShell
      title={t`Terminals`}
      createPath="/touchpoints/terminals/new"
      createLabel={<Trans>New terminal</Trans>}
      links={
        <Link to="/pings">
          <Trans>Terminal pings</Trans>
        </Link>
      }
      query={data}
      touchpoints={list.data.touchpoints.edges.map((e) => e.node)}
      terminal
      onDeleted={reload}
      more={list}
      address={address}
    />
  );
}
