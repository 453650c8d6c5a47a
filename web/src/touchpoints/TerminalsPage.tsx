import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { TerminalsPageQuery } from "../__generated__/TerminalsPageQuery.graphql";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/** /touchpoints/terminals: the terminals with their online state and last ping. */
export default function TerminalsPage() {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
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
        <Trans>Terminals</Trans>
      </h1>
      <div className="tp-toolbar">
        <Link className="button" to="/touchpoints/terminals/new">
          <Trans>New terminal</Trans>
        </Link>
        <Link to="/pings">
          <Trans>Terminal pings</Trans>
        </Link>
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </div>
      <TouchpointTable
        touchpoints={data.touchpoints.edges.map((e) => e.node)}
        surveyNames={surveyNames}
        caption={t`Terminals`}
        terminal
        onDeleted={() => setFetchKey((k) => k + 1)}
      />
    </section>
  );
}
