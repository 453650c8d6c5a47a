import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { LinkQrPageQuery } from "../__generated__/LinkQrPageQuery.graphql";
import { TouchpointListShell, useReloadKey } from "./TouchpointListShell";

/** /touchpoints/link-qr: links and QR codes. */
export default function LinkQrPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const data = useLazyLoadQuery<LinkQrPageQuery>(
    graphql`
      query LinkQrPageQuery {
        links: touchpoints(type: link, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        qrs: touchpoints(type: qr, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        ...TouchpointListShell_query
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  return (
    <TouchpointListShell
      title={t`Links and QR codes`}
      createPath="/touchpoints/link-qr/new"
      createLabel={<Trans>New link or QR code</Trans>}
      query={data}
      touchpoints={[...data.links.edges, ...data.qrs.edges].map((e) => e.node)}
      showType
      onDeleted={reload}
    />
  );
}
