import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { WebsitesPageQuery } from "../__generated__/WebsitesPageQuery.graphql";
import { TouchpointListShell, useReloadKey } from "./TouchpointListShell";

/** /touchpoints/website: the web widget activations. */
export default function WebsitesPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const data = useLazyLoadQuery<WebsitesPageQuery>(
    graphql`
      query WebsitesPageQuery {
        touchpoints(type: website, first: 100) {
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
      title={t`Web widgets`}
      createPath="/launch-website"
      createLabel={<Trans>New web widget activation</Trans>}
      query={data}
      touchpoints={data.touchpoints.edges.map((e) => e.node)}
      onDeleted={reload}
    />
  );
}
