import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointsPageQuery } from "../__generated__/TouchpointsPageQuery.graphql";
import { touchpointGroups } from "./model";
import { useMayCreateTouchpoints, useReloadKey, useSurveyNames } from "./TouchpointListShell";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/**
 * /touchpoints: the touchpoints the person sees (the first 100 by name), grouped by type, with links
 * to each type's full list and to create one.
 */
export default function TouchpointsPage() {
  const { i18n } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const data = useLazyLoadQuery<TouchpointsPageQuery>(
    graphql`
      query TouchpointsPageQuery {
        touchpoints(first: 100) {
          edges {
            node {
              type
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
  const surveyNames = useSurveyNames(data);
  const mayCreate = useMayCreateTouchpoints(data);
  const nodes = data.touchpoints.edges.map((e) => e.node);
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Touchpoints</Trans>
      </h1>
      {touchpointGroups
        // Legacy web plugins only while the organisation still has some (none can be made).
        .filter((g) => g.key !== "legacy" || nodes.some((n) => n.type === "legacyPlugin"))
        .map((g) => {
          const group = nodes.filter((n) => (g.types as readonly string[]).includes(n.type));
          const title = i18n._(g.title);
          return (
            <section className="tp-section" key={g.key} aria-labelledby={`tp-group-${g.key}`}>
              <div className="tp-section__head">
                <h2 id={`tp-group-${g.key}`}>
                  {title} <span className="muted">({group.length})</span>
                </h2>
                <div className="tp-actions">
                  <Link to={g.list}>
                    <Trans>Show the list of {title}</Trans>
                  </Link>
                  {g.create && mayCreate ? (
                    <Link className="button button--small" to={g.create}>
                      <Trans>New</Trans>
                      <span className="visually-hidden">: {title}</span>
                    </Link>
                  ) : null}
                </div>
              </div>
              <TouchpointTable
                touchpoints={group}
                surveyNames={surveyNames}
                caption={title}
                showType={g.types.length > 1}
                terminal={g.key === "terminals"}
                onDeleted={reload}
              />
            </section>
          );
        })}
    </section>
  );
}
