import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { TerminalsPageQuery } from "../__generated__/TerminalsPageQuery.graphql";
import { TouchpointListShell, useReloadKey } from "./TouchpointListShell";

/** /touchpoints/terminals: the terminals with their online state and last ping. */
export default function TerminalsPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const data = useLazyLoadQuery<TerminalsPageQuery>(
    graphql`
      query TerminalsPageQuery {
        touchpoints(type: terminal, first: 100) {
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
      title={t`Terminals`}
      createPath="/touchpoints/terminals/new"
      createLabel={<Trans>New terminal</Trans>}
      links={
        <Link to="/pings">
          <Trans>Terminal pings</Trans>
        </Link>
      }
      query={data}
      touchpoints={data.touchpoints.edges.map((e) => e.node)}
      terminal
      onDeleted={reload}
    />
  );
}
