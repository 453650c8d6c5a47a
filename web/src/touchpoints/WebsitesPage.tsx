import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { WebsitesPage_query$key } from "../__generated__/WebsitesPage_query.graphql";
import type { WebsitesPageQuery } from "../__generated__/WebsitesPageQuery.graphql";
import type { WebsitesPageRefetchQuery } from "../__generated__/WebsitesPageRefetchQuery.graphql";
import { TouchpointListShell, useReloadKey, useTouchpointListAddress } from "./TouchpointListShell";

/** /touchpoints/website: the web widget activations, a page at a time. */
export default function WebsitesPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const address = useTouchpointListAddress();
  const data = useLazyLoadQuery<WebsitesPageQuery>(
    graphql`
      query WebsitesPageQuery($search: String, $orderBy: TouchpointOrder) {
        ...WebsitesPage_query @arguments(search: $search, orderBy: $orderBy)
        ...TouchpointListShell_query
      }
    `,
    address.variables,
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const list = usePaginationFragment<WebsitesPageRefetchQuery, WebsitesPage_query$key>(
    graphql`
      fragment WebsitesPage_query on Query
      @refetchable(queryName: "WebsitesPageRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "TouchpointOrder" }
      ) {
        touchpoints(type: website, search: $search, orderBy: $orderBy, first: $first, after: $after) @connection(key: "WebsitesPage_touchpoints") {
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
      title={t`Web widgets`}
      createPath="/launch-website"
      createLabel={<Trans>New web widget activation</Trans>}
      query={data}
      touchpoints={list.data.touchpoints.edges.map((e) => e.node)}
      onDeleted={reload}
      more={list}
      address={address}
    />
  );
}
