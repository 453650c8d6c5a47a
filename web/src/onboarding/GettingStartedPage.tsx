import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { GettingStartedPageQuery } from "../__generated__/GettingStartedPageQuery.graphql";
import { GettingStartedSteps } from "./GettingStartedSteps";

/** /getting-started: the onboarding start page (spec 000 §2, §4). */
export default function GettingStartedPage() {
  const data = useLazyLoadQuery<GettingStartedPageQuery>(
    graphql`
      query GettingStartedPageQuery {
        viewer {
          ...GettingStartedSteps_viewer
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Getting started</Trans>
      </h1>
      <p>
        <Trans>Four steps take you from an empty account to your first insights. Each is worth 25 %.</Trans>
      </p>
      {data.viewer ? <GettingStartedSteps viewer={data.viewer} /> : null}
    </section>
  );
}
