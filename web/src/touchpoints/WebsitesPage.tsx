import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { WebsitesPageQuery } from "../__generated__/WebsitesPageQuery.graphql";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/** /touchpoints/website: the web widget activations. */
export default function WebsitesPage() {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
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
        surveys(tab: all, first: 100) {
          edges {
            node {
              legacyId
              name
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const surveyNames = useMemo(() => new Map(data.surveys.edges.map((e) => [e.node.legacyId, e.node.name])), [data.surveys]);
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Web widgets</Trans>
      </h1>
      <div className="tp-toolbar">
        <Link className="button" to="/launch-website">
          <Trans>New web widget activation</Trans>
        </Link>
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </div>
      <TouchpointTable
        touchpoints={data.touchpoints.edges.map((e) => e.node)}
        surveyNames={surveyNames}
        caption={t`Web widgets`}
        onDeleted={() => setFetchKey((k) => k + 1)}
      />
    </section>
  );
}
