import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams } from "react-router-dom";
import { toGlobalId } from "../util/globalId";
import type { LinkQrEditPageQuery } from "../__generated__/LinkQrEditPageQuery.graphql";
import { LinkQrForm } from "./LinkQrForm";
import { TouchpointEditShell } from "./TouchpointEditShell";

/** /touchpoints/link-qr/new and /touchpoints/link-qr/{id}/edit. */
export default function LinkQrEditPage() {
  const { id } = useParams();
  const isNew = !id;
  const data = useLazyLoadQuery<LinkQrEditPageQuery>(
    graphql`
      query LinkQrEditPageQuery($id: ID!, $isNew: Boolean!) {
        touchpoint(id: $id) @skip(if: $isNew) {
          ...LinkQrForm_touchpoint
        }
        ...TouchpointBasicsFields_query
        ...TouchpointEditShell_query
      }
    `,
    { id: id ? toGlobalId("Touchpoint", id) : "", isNew },
    { fetchPolicy: "store-and-network" },
  );
  return (
    <TouchpointEditShell
      query={data}
      isNew={isNew}
      backPath="/touchpoints/link-qr"
      backLabel={<Trans>Back to links and QR codes</Trans>}
      title={isNew ? <Trans>New link or QR code</Trans> : <Trans>Edit link or QR code</Trans>}
      form={(defaultUnitId) => <LinkQrForm key={id ?? "new"} touchpoint={data.touchpoint ?? null} query={data} defaultUnitId={defaultUnitId} />}
    />
  );
}
