import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { LinkQrPageQuery } from "../__generated__/LinkQrPageQuery.graphql";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/** /touchpoints/link-qr: links and QR codes. */
export default function LinkQrPage() {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
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
        <Trans>Links and QR codes</Trans>
      </h1>
      <div className="tp-toolbar">
        <Link className="button" to="/touchpoints/link-qr/new">
          <Trans>New link or QR code</Trans>
        </Link>
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </div>
      <TouchpointTable
        touchpoints={[...data.links.edges, ...data.qrs.edges].map((e) => e.node)}
        surveyNames={surveyNames}
        caption={t`Links and QR codes`}
        showType
        onDeleted={() => setFetchKey((k) => k + 1)}
      />
    </section>
  );
}
