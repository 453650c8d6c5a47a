import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams } from "react-router-dom";
import type { TerminalEditPageQuery } from "../__generated__/TerminalEditPageQuery.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { NoCreateRightsNotice } from "./NoCreateRightsNotice";
import { TerminalForm } from "./TerminalForm";
import "./touchpoints.css";

/** /touchpoints/terminals/new and /touchpoints/terminals/{id}/edit. */
export default function TerminalEditPage() {
  const { id } = useParams();
  const isNew = !id;
  const data = useLazyLoadQuery<TerminalEditPageQuery>(
    graphql`
      query TerminalEditPageQuery($id: String!, $isNew: Boolean!) {
        viewer {
          ...FeatureGate_viewer
        }
        touchpointUnits {
          legacyId
        }
        touchpoint(id: $id) @skip(if: $isNew) {
          ...TerminalForm_touchpoint
        }
        ...TouchpointBasicsFields_query
      }
    `,
    { id: id ?? "", isNew },
    { fetchPolicy: "store-and-network" },
  );
  const form = <TerminalForm key={id ?? "new"} touchpoint={data.touchpoint ?? null} query={data} defaultUnitId={data.touchpointUnits[0]?.legacyId ?? ""} />;
  return (
    <section className="page page--narrow">
      <p>
        <Link to="/touchpoints/terminals">
          <Trans>Back to terminals</Trans>
        </Link>
      </p>
      <h1 className="page__title">{isNew ? <Trans>New terminal</Trans> : <Trans>Edit terminal</Trans>}</h1>
      {isNew && data.viewer ? (
        <FeatureGate viewer={data.viewer} feature="channelCreation">
          {data.touchpointUnits.length > 0 ? form : <NoCreateRightsNotice />}
        </FeatureGate>
      ) : (
        form
      )}
    </section>
  );
}
