import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams, useSearchParams } from "react-router-dom";
import { toGlobalId } from "../util/globalId";
import type { WebsiteActivationPageQuery } from "../__generated__/WebsiteActivationPageQuery.graphql";
import { TouchpointEditShell } from "./TouchpointEditShell";
import { WebsiteActivationForm } from "./WebsiteActivationForm";

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
      query WebsiteActivationPageQuery($id: ID!, $isNew: Boolean!) {
        touchpoint(id: $id) @skip(if: $isNew) {
          ...WebsiteActivationForm_touchpoint
        }
        ...TouchpointBasicsFields_query
        ...TouchpointEditShell_query
      }
    `,
    { id: isNew ? "" : toGlobalId("Touchpoint", channelId), isNew },
    { fetchPolicy: "store-and-network" },
  );
  return (
    <TouchpointEditShell
      query={data}
      isNew={isNew}
      backPath="/touchpoints/website"
      backLabel={<Trans>Back to web widgets</Trans>}
      title={<Trans>Web widget activation</Trans>}
      form={(defaultUnitId) => (
        <WebsiteActivationForm
          key={channelId ?? "new"}
          touchpoint={data.touchpoint ?? null}
          query={data}
          defaultUnitId={defaultUnitId}
          defaultSurveyId={search.get("surveyId") ?? ""}
        />
      )}
    />
  );
}
