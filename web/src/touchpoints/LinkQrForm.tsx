import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { LinkQrForm_touchpoint$key } from "../__generated__/LinkQrForm_touchpoint.graphql";
import type { TouchpointBasicsFields_query$key } from "../__generated__/TouchpointBasicsFields_query.graphql";
import { SaveButton } from "../shell/SaveButton";
import { useFormGuard } from "../shell/useFormGuard";
import { DeleteTouchpointButton } from "./DeleteTouchpointButton";
import { PublicLinkPanel } from "./PublicLinkPanel";
import { ReadOnlyNotice } from "./ReadOnlyNotice";
import { TouchpointBasicsFields, validateBasics, type BasicsDraft } from "./TouchpointBasicsFields";
import { useSaveThenOpen } from "./useSaveThenOpen";
import { useTouchpointMutations } from "./useTouchpointMutations";

const editPath = (id: string) => `/touchpoints/link-qr/${id}/edit`;

/** Creates or edits a link or QR code touchpoint; a saved one shows its public link and QR code. */
export function LinkQrForm({ touchpoint, query, defaultUnitId }: { touchpoint: LinkQrForm_touchpoint$key | null; query: TouchpointBasicsFields_query$key; defaultUnitId: string }) {
  const { t } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const tp = useFragment(
    graphql`
      fragment LinkQrForm_touchpoint on Touchpoint {
        legacyId
        name
        type
        unit {
          legacyId
          name
        }
        activeSurveyLegacyId
        editRefusal
        responseCount
        ...PublicLinkPanel_touchpoint
      }
    `,
    touchpoint,
  );
  const { create, update } = useTouchpointMutations();
  const { created, markCreated } = useSaveThenOpen(editPath);
  const saved: BasicsDraft = useMemo(
    () => ({ name: tp?.name ?? "", unitId: tp?.unit.legacyId ?? defaultUnitId, activeSurveyId: tp?.activeSurveyLegacyId ?? "", moveResponses: null }),
    [tp, defaultUnitId],
  );
  const [draft, setDraft] = useState(saved);
  const [shown, setShown] = useState(saved);
  const [kind, setKind] = useState<"link" | "qr">("link");
  const [saving, setSaving] = useState(false);
  if (shown !== saved) {
    setShown(saved);
    setDraft(saved);
  }
  const readOnly = Boolean(tp?.editRefusal);
  const errors = validateBasics(draft, tp?.unit.legacyId ?? null);
  const valid = Object.keys(errors).length === 0;
  const dirty = !readOnly && !created && JSON.stringify(draft) !== JSON.stringify(saved);

  const save = async (open = true): Promise<boolean> => {
    if (!valid || readOnly) return false;
    setSaving(true);
    try {
      if (!tp) {
        const id = await create({ name: draft.name.trim(), type: kind, unitId: draft.unitId, activeSurveyId: draft.activeSurveyId || null });
        if (id) markCreated(id, open);
        return id !== null;
      }
      const moving = draft.unitId !== tp.unit.legacyId;
      return await update({
        id: tp.legacyId,
        name: draft.name.trim(),
        activeSurveyId: draft.activeSurveyId,
        ...(moving ? { unitId: draft.unitId, moveResponses: draft.moveResponses === true } : {}),
      });
    } finally {
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save: () => save(false) });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      {tp?.editRefusal ? <ReadOnlyNotice refusal={tp.editRefusal} /> : null}
      <fieldset className="tp-fieldset fieldset" disabled={readOnly}>
        <legend>{tp?.type === "qr" ? <Trans>QR code</Trans> : tp ? <Trans>Link</Trans> : <Trans>Link or QR code</Trans>}</legend>
        {!tp ? (
          <fieldset className="tp-radios">
            <legend>
              <Trans>Kind</Trans>
            </legend>
            <label>
              <input type="radio" name={`${formId}-kind`} checked={kind === "link"} onChange={() => setKind("link")} />
              <Trans>Link</Trans>
            </label>
            <label>
              <input type="radio" name={`${formId}-kind`} checked={kind === "qr"} onChange={() => setKind("qr")} />
              <Trans>QR code</Trans>
            </label>
          </fieldset>
        ) : null}
        <TouchpointBasicsFields
          query={query}
          idPrefix={`${formId}-basics`}
          draft={draft}
          onChange={setDraft}
          errors={errors}
          savedUnit={tp ? tp.unit : null}
          responseCount={tp?.responseCount ?? 0}
        />
      </fieldset>
      {tp ? (
        <PublicLinkPanel touchpoint={tp} />
      ) : (
        <p className="field__hint">
          <Trans>The public link and the QR code appear when the touchpoint is saved.</Trans>
        </p>
      )}
      {tp && !readOnly ? (
        <div>
          <DeleteTouchpointButton legacyId={tp.legacyId} name={tp.name} onDeleted={() => navigate("/touchpoints/link-qr")} />
        </div>
      ) : null}
      {!readOnly ? <SaveButton valid={valid && dirty} saving={saving} form={formId} /> : null}
      {dialog}
    </form>
  );
}
