import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams, useSearchParams } from "react-router-dom";
import type { WebsiteActivationPageQuery } from "../__generated__/WebsiteActivationPageQuery.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { NoCreateRightsNotice } from "./NoCreateRightsNotice";
import { WebsiteActivationForm } from "./WebsiteActivationForm";
import "./touchpoints.css";

/**
 * /launch-website (a new activation; `?surveyId=` preselects the survey) and
 * /website/{channelId}/edit: the same web widget activation screen (spec 001 §2).
 */
export default function WebsiteActivationPage() {
  const { channelId } = useParams();
  const [search] = useSearchParams();
  const isNew = !channelId || channelId === "new";
  const data = useLazyLoadQuery<WebsiteActivationPageQuery>(
    graphql`
      query WebsiteActivationPageQuery($id: String!, $isNew: Boolean!) {
        viewer {
          ...FeatureGate_viewer
        }
        touchpointUnits {
          legacyId
        }
        touchpoint(id: $id) @skip(if: $isNew) {
          ...WebsiteActivationForm_touchpoint
        }
        ...TouchpointBasicsFields_query
      }
    `,
    { id: isNew ? "" : channelId, isNew },
    { fetchPolicy: "store-and-network" },
  );
  const form = (
    <WebsiteActivationForm
      key={channelId ?? "new"}
      touchpoint={data.touchpoint ?? null}
      query={data}
      defaultUnitId={data.touchpointUnits[0]?.legacyId ?? ""}
      defaultSurveyId={search.get("surveyId") ?? ""}
    />
  );
  return (
    <section className="page page--narrow">
      <p>
        <Link to="/touchpoints/website">
          <Trans>Back to web widgets</Trans>
        </Link>
      </p>
      <h1 className="page__title">
        <Trans>Web widget activation</Trans>
      </h1>
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
