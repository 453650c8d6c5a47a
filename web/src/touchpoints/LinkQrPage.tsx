import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import type { LinkQrPage_links$key } from "../__generated__/LinkQrPage_links.graphql";
import type { LinkQrPage_linksRefetchQuery } from "../__generated__/LinkQrPage_linksRefetchQuery.graphql";
import type { LinkQrPage_qrs$key } from "../__generated__/LinkQrPage_qrs.graphql";
import type { LinkQrPage_qrsRefetchQuery } from "../__generated__/LinkQrPage_qrsRefetchQuery.graphql";
import type { LinkQrPageQuery } from "../__generated__/LinkQrPageQuery.graphql";
import { LoadMoreButton, TouchpointListShell, useReloadKey, useTouchpointListAddress } from "./TouchpointListShell";

/** /touchpoints/link-qr: links and QR codes, each type a page at a time. */
export default function LinkQrPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const address = useTouchpointListAddress();
  const data = useLazyLoadQuery<LinkQrPageQuery>(
    graphql`
      query LinkQrPageQuery($search: String, $orderBy: TouchpointOrder) {
        ...LinkQrPage_links @arguments(search: $search, orderBy: $orderBy)
        ...LinkQrPage_qrs @arguments(search: $search, orderBy: $orderBy)
        ...TouchpointListShell_query
      }
    `,
    address.variables,
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const links = usePaginationFragment<LinkQrPage_linksRefetchQuery, LinkQrPage_links$key>(
    graphql`
      fragment LinkQrPage_links on Query
      @refetchable(queryName: "LinkQrPage_linksRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "TouchpointOrder" }
      ) {
        links: touchpoints(type: link, search: $search, orderBy: $orderBy, first: $first, after: $after) @connection(key: "LinkQrPage_links") {
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
  const qrs = usePaginationFragment<LinkQrPage_qrsRefetchQuery, LinkQrPage_qrs$key>(
    graphql`
      fragment LinkQrPage_qrs on Query
      @refetchable(queryName: "LinkQrPage_qrsRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "TouchpointOrder" }
      ) {
        qrs: touchpoints(type: qr, search: $search, orderBy: $orderBy, first: $first, after: $after) @connection(key: "LinkQrPage_qrs") {
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
      title={t`Links and QR codes`}
      createPath="/touchpoints/link-qr/new"
      createLabel={<Trans>New link or QR code</Trans>}
      query={data}
      touchpoints={[...links.data.links.edges, ...qrs.data.qrs.edges].map((e) => e.node)}
      showType
      onDeleted={reload}
      address={address}
      footer={
        <>
          <LoadMoreButton more={links} label={<Trans>Show more links</Trans>} />
          <LoadMoreButton more={qrs} label={<Trans>Show more QR codes</Trans>} />
        </>
      }
    />
  );
}
