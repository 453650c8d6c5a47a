import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { SatisfactionScaleForm_organization$key } from "../__generated__/SatisfactionScaleForm_organization.graphql";
import { NumberField } from "../forms/NumberField";
import { SaveButton } from "../shell/SaveButton";
import { useFormGuard } from "../shell/useFormGuard";
import { satisfactionScaleBounds, validateScale, type ScaleDraft, type ScaleError } from "@feedback/shared/organization-settings";
import { useOrganizationSettingsMutation } from "./useOrganizationSettingsMutation";

const { lowest, highest } = satisfactionScaleBounds;

export function SatisfactionScaleForm({ organization, editable }: { organization: SatisfactionScaleForm_organization$key; editable: boolean }) {
  const { t } = useLingui();
  const formId = useId();
  const data = useFragment(
    graphql`
      fragment SatisfactionScaleForm_organization on Organization {
        satisfactionScale {
          enabled
          min
          max
        }
      }
    `,
    organization,
  );
  const saved: ScaleDraft = useMemo(
    () => ({ enabled: data.satisfactionScale.enabled, min: String(data.satisfactionScale.min), max: String(data.satisfactionScale.max) }),
    [data.satisfactionScale.enabled, data.satisfactionScale.min, data.satisfactionScale.max],
  );
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState(false);
  // The saved scale changed (a save, another tab's change arriving): the draft follows it. Adjusted
  // while rendering, not in an effect: an effect also ran once after mounting and could overwrite
  // what the user typed in between (a flaky test on a loaded machine showed it).
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setDraft(saved);
  }
  const saveSettings = useOrganizationSettingsMutation();

  const errors = validateScale(draft);
  const valid = Object.keys(errors).length === 0;
  const dirty = draft.enabled !== saved.enabled || draft.min !== saved.min || draft.max !== saved.max;
  const message = (error: ScaleError | undefined) =>
    error === "order" ? t`The minimum must be smaller than the maximum` : error === "whole" ? t`Use a whole number from ${lowest} to ${highest}` : null;

  const save = async () => {
    if (!valid) return false;
    setSaving(true);
    try {
      return await saveSettings({ satisfactionScale: { enabled: draft.enabled, min: Number(draft.min), max: Number(draft.max) } });
    } finally {
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const numberField = (key: "min" | "max", label: string) => (
    <NumberField
      id={`${formId}-${key}`}
      label={label}
      inputMode="numeric"
      min={lowest}
      max={highest}
      step={1}
      value={draft[key]}
      readOnly={!editable}
      onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
      error={message(errors[key]) ?? undefined}
    />
  );

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      <p className="field__hint">
        <Trans>Show average satisfaction on this scale instead of as a percentage.</Trans>
      </p>
      <div className="field field--checkbox">
        <input
          id={`${formId}-enabled`}
          type="checkbox"
          checked={draft.enabled}
          disabled={!editable}
          onChange={(e) => setDraft((d) => ({ ...d, enabled: e.target.checked }))}
        />
        <label htmlFor={`${formId}-enabled`}>
          <Trans>Use a satisfaction scale</Trans>
        </label>
      </div>
      {numberField("min", t`Minimum`)}
      {numberField("max", t`Maximum`)}
      {editable ? <SaveButton valid={valid} dirty={dirty} saving={saving} form={formId} /> : null}
      {dialog}
    </form>
  );
}
