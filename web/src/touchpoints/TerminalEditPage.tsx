import { Trans } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams } from "react-router-dom";
import { toGlobalId } from "../util/globalId";
import type { TerminalEditPageQuery } from "../__generated__/TerminalEditPageQuery.graphql";
import { TerminalForm } from "./TerminalForm";
import { TouchpointEditShell } from "./TouchpointEditShell";

/** /touchpoints/terminals/new and /touchpoints/terminals/{id}/edit. */
export default function TerminalEditPage() {
  const { id } = useParams();
  const isNew = !id;
  const data = useLazyLoadQuery<TerminalEditPageQuery>(
    graphql`
      query TerminalEditPageQuery($id: ID!, $isNew: Boolean!) {
        touchpoint(id: $id) @skip(if: $isNew) {
          ...TerminalForm_touchpoint
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
      backPath="/touchpoints/terminals"
      backLabel={<Trans>Back to terminals</Trans>}
      title={isNew ? <Trans>New terminal</Trans> : <Trans>Edit terminal</Trans>}
      form={(defaultUnitId) => <TerminalForm key={id ?? "new"} touchpoint={data.touchpoint ?? null} query={data} defaultUnitId={defaultUnitId} />}
    />
  );
}
