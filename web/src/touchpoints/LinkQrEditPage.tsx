import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams } from "react-router-dom";
import type { LinkQrEditPageQuery } from "../__generated__/LinkQrEditPageQuery.graphql";
import { FeatureGate } from "../features/FeatureGate";
import { NoCreateRightsNotice } from "./NoCreateRightsNotice";
import { LinkQrForm } from "./LinkQrForm";
import "./touchpoints.css";

/** /touchpoints/link-qr/new and /touchpoints/link-qr/{id}/edit. */
export default function LinkQrEditPage() {
  const { id } = useParams();
  const isNew = !id;
  const data = useLazyLoadQuery<LinkQrEditPageQuery>(
    graphql`
      query LinkQrEditPageQuery($id: String!, $isNew: Boolean!) {
        viewer {
          ...FeatureGate_viewer
        }
        touchpointUnits {
          legacyId
        }
        touchpoint(id: $id) @skip(if: $isNew) {
          ...LinkQrForm_touchpoint
        }
        ...TouchpointBasicsFields_query
      }
    `,
    { id: id ?? "", isNew },
    { fetchPolicy: "store-and-network" },
  );
  const form = <LinkQrForm key={id ?? "new"} touchpoint={data.touchpoint ?? null} query={data} defaultUnitId={data.touchpointUnits[0]?.legacyId ?? ""} />;
  return (
    <section className="page page--narrow">
      <p>
        <Link to="/touchpoints/link-qr">
          <Trans>Back to links and QR codes</Trans>
        </Link>
      </p>
      <h1 className="page__title">{isNew ? <Trans>New link or QR code</Trans> : <Trans>Edit link or QR code</Trans>}</h1>
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
