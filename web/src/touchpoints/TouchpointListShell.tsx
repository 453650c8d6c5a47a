import { Trans } from "@lingui/react/macro";
import { useMemo, useState, type ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointListShell_query$key } from "../__generated__/TouchpointListShell_query.graphql";
import type { TouchpointTable_touchpoints$key } from "../__generated__/TouchpointTable_touchpoints.graphql";
import { TouchpointTable } from "./TouchpointTable";
import "./touchpoints.css";

/**
 * The survey names the touchpoint tables show for each active survey, read from the page query
 * (spread `...TouchpointListShell_query` at its root).
 */
export function useSurveyNames(query: TouchpointListShell_query$key): ReadonlyMap<string, string> {
  const data = useFragment(
    graphql`
      fragment TouchpointListShell_query on Query {
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
    query,
  );
  return useMemo(() => new Map(data.surveys.edges.map((e) => [e.node.legacyId, e.node.name])), [data.surveys]);
}

/** A fetch key for a list page's query and the function that bumps it, so the list reloads after a deletion. */
export function useReloadKey(): [number, () => void] {
  const [fetchKey, setFetchKey] = useState(0);
  return [fetchKey, () => setFetchKey((k) => k + 1)];
}

/**
 * The page around one type's touchpoint list (terminals, links and QR codes, web widgets): the
 * heading, a toolbar with the create button, the page's own links and a link back to all
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
}) {
  const surveyNames = useSurveyNames(query);
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <div className="tp-toolbar">
        <Link className="button" to={createPath}>
          {createLabel}
        </Link>
        {links}
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </div>
      <TouchpointTable touchpoints={touchpoints} surveyNames={surveyNames} caption={title} showType={showType} terminal={terminal} onDeleted={onDeleted} />
    </section>
  );
}
