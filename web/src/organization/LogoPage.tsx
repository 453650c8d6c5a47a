import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { LogoPageQuery } from "../__generated__/LogoPageQuery.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { AdminOnlyNotice } from "./AdminOnlyNotice";
import { LogoForm } from "./LogoForm";

/** /settings/logo: the organisation's logo (PNG, JPEG, SVG or WebP, at most 1 MB). */
export default function LogoPage() {
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<LogoPageQuery>(
    graphql`
      query LogoPageQuery {
        viewer {
          organizationAdmin
          ...FeatureGate_viewer
          currentOrganization {
            logo {
              url
              contentType
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: fetchKey === 0 ? "store-and-network" : "network-only", fetchKey },
  );
  const viewer = data.viewer;
  return (
    <section className="page page--narrow">
      <h1 className="page__title">
        <Trans>Logo</Trans>
      </h1>
      {viewer ? (
        <FeatureGate viewer={viewer} feature="organizationLogo">
          {!viewer.organizationAdmin ? <AdminOnlyNotice /> : null}
          <LogoForm logoUrl={viewer.currentOrganization?.logo?.url ?? null} editable={viewer.organizationAdmin} onChanged={() => setFetchKey((k) => k + 1)} />
        </FeatureGate>
      ) : null}
    </section>
  );
}
