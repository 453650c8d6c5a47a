import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import type { LinkQrForm_touchpoint$key } from "../__generated__/LinkQrForm_touchpoint.graphql";
import type { TouchpointBasicsFields_query$key } from "../__generated__/TouchpointBasicsFields_query.graphql";
import { RadioGroup } from "../forms/RadioGroup";
import { PublicLinkPanel } from "./PublicLinkPanel";
import { TouchpointBasicsFields } from "./TouchpointBasicsFields";
import { TouchpointFormFrame } from "./TouchpointFormFrame";
import { useTouchpointForm } from "./useTouchpointForm";

const editPath = (id: string) => `/touchpoints/link-qr/${id}/edit`;
/** A link or QR code has nothing of its own to edit but its kind, chosen once when it is created. */
const noDetails = {};
const noErrors = () => ({});

/** Creates or edits a link or QR code touchpoint; a saved one shows its public link and QR code. */
export function LinkQrForm({
  touchpoint,
  query,
  defaultUnitId,
}: {
  touchpoint: LinkQrForm_touchpoint$key | null;
  query: TouchpointBasicsFields_query$key;
  defaultUnitId: string;
}) {
  const { t } = useLingui();
  const tp = useFragment(
    graphql`
      fragment LinkQrForm_touchpoint on Touchpoint {
        type
        ...PublicLinkPanel_touchpoint
        ...useTouchpointForm_touchpoint
      }
    `,
    touchpoint,
  );
  const [kind, setKind] = useState<"link" | "qr">("link");
  const form = useTouchpointForm({
    touchpoint: tp,
    defaultUnitId,
    editPath,
    savedDetails: noDetails,
    validateDetails: noErrors,
    createInput: () => ({ type: kind }),
    updateInput: () => ({}),
  });
  const { formId, readOnly } = form;

  return (
    <TouchpointFormFrame form={form} listPath="/touchpoints/link-qr">
      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>{tp?.type === "qr" ? <Trans>QR code</Trans> : tp ? <Trans>Link</Trans> : <Trans>Link or QR code</Trans>}</legend>
        {!tp ? (
          <RadioGroup
            name={`${formId}-kind`}
            legend={t`Kind`}
            options={[
              ["link", t`Link`],
              ["qr", t`QR code`],
            ]}
            value={kind}
            onChange={setKind}
          />
        ) : null}
        <TouchpointBasicsFields query={query} {...form.basicsFields} />
      </fieldset>
      {tp ? (
        <PublicLinkPanel touchpoint={tp} />
      ) : (
        <p className="field__hint">
          <Trans>The public link and the QR code appear when the touchpoint is saved.</Trans>
        </p>
      )}
    </TouchpointFormFrame>
  );
}
