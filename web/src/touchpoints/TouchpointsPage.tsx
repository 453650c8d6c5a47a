import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointsPage_query$key } from "../__generated__/TouchpointsPage_query.graphql";
import type { TouchpointsPageQuery } from "../__generated__/TouchpointsPageQuery.graphql";
import type { TouchpointsPageRefetchQuery } from "../__generated__/TouchpointsPageRefetchQuery.graphql";
import { touchpointGroups } from "./model";
import { LoadMoreButton, TouchpointSearch, useMayCreateTouchpoints, useReloadKey, useSurveyNames, useTouchpointListAddress } from "./TouchpointListShell";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/**
 * /touchpoints: the touchpoints the person sees (by name, a page at a time), grouped by type, with
 * links to each type's full list and to create one.
 */
export default function TouchpointsPage() {
  const { i18n } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const address = useTouchpointListAddress();
  const data = useLazyLoadQuery<TouchpointsPageQuery>(
    graphql`
      query TouchpointsPageQuery($search: String, $orderBy: TouchpointOrder) {
        ...TouchpointsPage_query @arguments(search: $search, orderBy: $orderBy)
        ...TouchpointListShell_query
      }
    `,
    address.variables,
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const list = usePaginationFragment<TouchpointsPageRefetchQuery, TouchpointsPage_query$key>(
    graphql`
      fragment TouchpointsPage_query on Query
      @refetchable(queryName: "TouchpointsPageRefetchQuery")
      @argumentDefinitions(
        first: { type: "Int", defaultValue: 50 }
        after: { type: "String" }
        search: { type: "String" }
        orderBy: { type: "TouchpointOrder" }
      ) {
        touchpoints(search: $search, orderBy: $orderBy, first: $first, after: $after) @connection(key: "TouchpointsPage_touchpoints") {
          edges {
            node {
              type
              ...TouchpointTable_touchpoints
            }
          }
        }
      }
    `,
    data,
  );
  const surveyNames = useSurveyNames(data);
  const mayCreate = useMayCreateTouchpoints(data);
  const nodes = list.data.touchpoints.edges.map((e) => e.node);
  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Touchpoints</Trans>
      </h1>
      <TouchpointSearch address={address} />
      {address.search && nodes.length === 0 ? (
        <p role="status">
          <Trans>No touchpoints match “{address.search}”.</Trans>
        </p>
      ) : null}
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
                sort={address.sort}
                onSort={address.setSort}
              />
            </section>
          );
        })}
      <LoadMoreButton more={list} label={<Trans>Show more touchpoints</Trans>} />
    </section>
  );
}
