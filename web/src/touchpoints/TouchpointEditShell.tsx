import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointEditShell_query$key } from "../__generated__/TouchpointEditShell_query.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { NoCreateRightsNotice } from "./NoCreateRightsNotice";
import "./touchpoints.css";

/**
 * The page around a touchpoint's form (new or edit): the link back to its list, the heading, and
 * for a new touchpoint the channel-creation feature gate and the notice shown to a person who may
 * edit touchpoints in no team. The page keeps its own query and spreads `...TouchpointEditShell_query`
 * at its root; `form` gets the team a new touchpoint starts in.
 */
export function TouchpointEditShell({
  query,
  isNew,
  backPath,
  backLabel,
  title,
  form,
}: {
  query: TouchpointEditShell_query$key;
  isNew: boolean;
  backPath: string;
  backLabel: ReactNode;
  title: ReactNode;
  form: (defaultUnitId: string) => ReactNode;
}) {
  const data = useFragment(
    graphql`
      fragment TouchpointEditShell_query on Query {
        viewer {
          ...FeatureGate_viewer
        }
        touchpointUnits {
          legacyId
        }
      }
    `,
    query,
  );
  const content = form(data.touchpointUnits[0]?.legacyId ?? "");
  return (
    <section className="page page--narrow">
      <p>
        <Link to={backPath}>{backLabel}</Link>
      </p>
      <h1 className="page__title">{title}</h1>
      {isNew && data.viewer ? (
        <FeatureGate viewer={data.viewer} feature="channelCreation">
          {data.touchpointUnits.length > 0 ? content : <NoCreateRightsNotice />}
        </FeatureGate>
      ) : (
        content
      )}
    </section>
  );
}
