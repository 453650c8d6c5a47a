import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointListShell_query$key } from "../__generated__/TouchpointListShell_query.graphql";
import type { TouchpointTable_touchpoints$key } from "../__generated__/TouchpointTable_touchpoints.graphql";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";
import { ListToolbar, SearchBox, useListAddress } from "../ui/DataList";
import { EmptyState, LinkButton } from "../ui";
import { useTouchpointsLive } from "./useTouchpointsLive";

/**
 * The survey names the touchpoint tables show for each active survey, read from the page query
 * (spread `...TouchpointListShell_query` at its root).
 */
const listFragment = graphql`
  fragment TouchpointListShell_query on Query {
    surveys(tab: all, first: 100) {
      edges {
        node {
          legacyId
          name
        }
      }
    }
    touchpointUnits {
      legacyId
    }
  }
`;

export function useSurveyNames(query: TouchpointListShell_query$key): ReadonlyMap<string, string> {
  const data = useFragment(listFragment, query);
  return useMemo(() => new Map(data.surveys.edges.map((e) => [e.node.legacyId, e.node.name])), [data.surveys]);
}

/**
 * Whether the person may create touchpoints: the right to edit touchpoints in at least one team
 * (`touchpointUnits`, the teams a new touchpoint may go to). Viewers get no create buttons.
 */
export function useMayCreateTouchpoints(query: TouchpointListShell_query$key): boolean {
  return useFragment(listFragment, query).touchpointUnits.length > 0;
}

/** How many touchpoints a list page reads at a time. */
export const touchpointPageSize = 50;

/** A paginated list's next page (usePaginationFragment's hasNext, isLoadingNext and loadNext). */
export interface MorePages {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => unknown;
}

/** The button that loads a list's next page; nothing when there is none. A plain button: keyboard usable, named by its text. */
export function LoadMoreButton({ more, label }: { more: MorePages; label: ReactNode }) {
  if (!more.hasNext) return null;
  return (
    <button type="button" className="button button--secondary" disabled={more.isLoadingNext} onClick={() => more.loadNext(touchpointPageSize)}>
      {label}
    </button>
  );
}

/**
 * A fetch key for a list page's query and the function that bumps it, so the list reloads after a
 * deletion, and whenever a touchpoint changes elsewhere (useTouchpointsLive).
 */
export function useReloadKey(): [number, () => void] {
  const [fetchKey, setFetchKey] = useState(0);
  const reload = useCallback(() => setFetchKey((k) => k + 1), []);
  useTouchpointsLive(reload);
  return [fetchKey, reload];
}

/** The sort columns of the touchpoint lists (TouchpointOrder). */
export const touchpointSortFields = ["name", "lastFeedbackAt", "responseCount", "createdAt"] as const;
export type TouchpointSortField = (typeof touchpointSortFields)[number];

/** The search and sort of a touchpoint list page, in the address, and the query variables they make. */
export function useTouchpointListAddress() {
  const address = useListAddress(touchpointSortFields);
  return { ...address, variables: { search: address.search || null, orderBy: address.sort } };
}

/** The search box above a touchpoint list. */
export function TouchpointSearch({ address }: { address: ReturnType<typeof useTouchpointListAddress> }) {
  const { t } = useLingui();
  return <ListToolbar search={<SearchBox label={t`Search touchpoints by name or team`} value={address.search} onSearch={address.setSearch} />} />;
}

/**
 * The page around one type's touchpoint list (terminals, links and QR codes, web widgets): the
 * heading, a toolbar with the create button (for those who may create touchpoints), the page's own links and a link back to all
 * touchpoints, and the table (which says when there are none). Each page keeps its own query.
 */
export function TouchpointListShell({
  title,
  createPath,
  createLabel,
  links,
  query,
  touchpoints,
  showType,
  terminal,
  onDeleted,
  more,
  footer,
  address,
}: {
  title: string;
  createPath: string;
  createLabel: ReactNode;
  /** Links between the create button and "All touchpoints". */
  links?: ReactNode;
  query: TouchpointListShell_query$key;
  touchpoints: TouchpointTable_touchpoints$key;
  showType?: boolean;
  terminal?: boolean;
  onDeleted: () => void;
  /** The list's next page, when it has one (a paginated connection). */
  more?: MorePages;
  /** What follows the table, e.g. the load-more buttons of a page that lists more than one connection. */
  footer?: ReactNode;
  /** The page's search and sort (useTouchpointListAddress). */
  address: ReturnType<typeof useTouchpointListAddress>;
}) {
  const { t } = useLingui();
  const surveyNames = useSurveyNames(query);
  const mayCreate = useMayCreateTouchpoints(query);
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <div className="tp-toolbar">
        {mayCreate ? (
          <Link className="button" to={createPath}>
            {createLabel}
          </Link>
        ) : null}
        {links}
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </div>
      <TouchpointSearch address={address} />
      <div aria-busy={address.pending}>
        <TouchpointTable
          touchpoints={touchpoints}
          surveyNames={surveyNames}
          caption={title}
          showType={showType}
          terminal={terminal}
          onDeleted={onDeleted}
          sort={address.sort}
          onSort={address.setSort}
          empty={
            address.search ? (
              <EmptyState
                title={t`No touchpoints match “${address.search}”`}
                action={
                  <button type="button" className="ui-button ui-button--secondary ui-button--md" onClick={() => address.setSearch("")}>
                    <Trans>Clear the search</Trans>
                  </button>
                }
              >
                <Trans>The search looks at touchpoint and team names. Try a shorter word.</Trans>
              </EmptyState>
            ) : (
              <EmptyState
                title={t`No touchpoints here yet`}
                action={
                  mayCreate ? (
                    <LinkButton variant="primary" to={createPath}>
                      {createLabel}
                    </LinkButton>
                  ) : undefined
                }
              >
                {mayCreate ? (
                  <Trans>A touchpoint is where people answer a survey. Create one and choose the survey it shows.</Trans>
                ) : (
                  <Trans>A touchpoint is where people answer a survey. Someone who may edit touchpoints in your team creates them.</Trans>
                )}
              </EmptyState>
            )
          }
        />
      </div>
      {more ? <LoadMoreButton more={more} label={<Trans>Show more touchpoints</Trans>} /> : null}
      {footer}
    </section>
  );
}
