import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointsPageQuery } from "../__generated__/TouchpointsPageQuery.graphql";
import { touchpointGroups } from "./model";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/** /touchpoints: every touchpoint the person sees, grouped by type, with links to each list and to create one. */
export default function TouchpointsPage() {
  const { i18n } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<TouchpointsPageQuery>(
    graphql`
      query TouchpointsPageQuery {
        terminal: touchpoints(type: terminal, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        link: touchpoints(type: link, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        qr: touchpoints(type: qr, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        website: touchpoints(type: website, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        emailContactList: touchpoints(type: emailContactList, first: 100) {
          edges {
            node {
              ...TouchpointTable_touchpoints
            }
          }
        }
        smsContactList: touchpoints(type: smsContactList, first: 100) {
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
  const byType = {
    terminal: data.terminal.edges,
    link: data.link.edges,
    qr: data.qr.edges,
    website: data.website.edges,
    emailContactList: data.emailContactList.edges,
    smsContactList: data.smsContactList.edges,
    legacyPlugin: [],
  };
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Touchpoints</Trans>
      </h1>
      {touchpointGroups
        .filter((g) => g.key !== "legacy")
        .map((g) => {
          const nodes = g.types.flatMap((type) => byType[type].map((e) => e.node));
          const title = i18n._(g.title);
          return (
            <section className="tp-section" key={g.key} aria-labelledby={`tp-group-${g.key}`}>
              <div className="tp-section__head">
                <h2 id={`tp-group-${g.key}`}>
                  {title} <span className="muted">({nodes.length})</span>
                </h2>
                <div className="tp-actions">
                  <Link to={g.list}>
                    <Trans>Show the list of {title}</Trans>
                  </Link>
                  {g.create ? (
                    <Link className="button button--small" to={g.create}>
                      <Trans>New</Trans>
                      <span className="visually-hidden">: {title}</span>
                    </Link>
                  ) : null}
                </div>
              </div>
              <TouchpointTable
                touchpoints={nodes}
                surveyNames={surveyNames}
                caption={title}
                showType={g.types.length > 1}
                terminal={g.key === "terminals"}
                onDeleted={() => setFetchKey((k) => k + 1)}
              />
            </section>
          );
        })}
    </section>
  );
}
