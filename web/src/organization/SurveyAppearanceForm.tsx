import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import type { SurveyAppearanceForm_organization$key } from "../__generated__/SurveyAppearanceForm_organization.graphql";
import { SelectField } from "../forms/SelectField";
import { SaveButton } from "../shell/SaveButton";
import { useFormGuard } from "../shell/useFormGuard";
import {
  buttonStyles,
  contrastRatio,
  isHexColor,
  minimumContrast,
  surveyFonts,
  validateAppearance,
  type AppearanceDraft,
  type AppearanceError,
  type ButtonStyle,
  type SurveyFont,
} from "@feedback/shared/organization-settings";
import { useOrganizationSettingsMutation } from "./useOrganizationSettingsMutation";

const FONT_STACKS: Record<SurveyFont, string> = {
  system: "system-ui, sans-serif",
  sans: "Helvetica, Arial, sans-serif",
  serif: "Georgia, 'Times New Roman', serif",
  rounded: "'Nunito', 'Arial Rounded MT Bold', system-ui, sans-serif",
};
const RADIUS: Record<ButtonStyle, string> = { rounded: "6px", square: "0", pill: "999px" };

type ColorKey = "primaryColor" | "backgroundColor" | "textColor";

export function SurveyAppearanceForm({ organization, editable }: { organization: SurveyAppearanceForm_organization$key; editable: boolean }) {
  const { t } = useLingui();
  const formId = useId();
  const data = useFragment(
    graphql`
      fragment SurveyAppearanceForm_organization on Organization {
        surveyAppearance {
          primaryColor
          backgroundColor
          textColor
          font
          buttonStyle
        }
      }
    `,
    organization,
  );
  const a = data.surveyAppearance;
  const saved: AppearanceDraft = useMemo(
    () => ({
      primaryColor: a.primaryColor,
      backgroundColor: a.backgroundColor,
      textColor: a.textColor,
      font: a.font as SurveyFont,
      buttonStyle: a.buttonStyle as ButtonStyle,
    }),
    [a.primaryColor, a.backgroundColor, a.textColor, a.font, a.buttonStyle],
  );
  const [draft, setDraft] = useState(saved);
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(saved), [saved]);
  const saveSettings = useOrganizationSettingsMutation();

  const errors = validateAppearance(draft);
  const valid = Object.keys(errors).length === 0;
  const dirty = (Object.keys(saved) as (keyof AppearanceDraft)[]).some((k) => draft[k] !== saved[k]);
  const message = (error: AppearanceError | undefined) =>
    error === "color"
      ? t`Colours are hex codes such as #1a2b3c`
      : error === "contrast"
        ? t`The text and background colours need a contrast ratio of at least 4.5:1`
        : null;

  const save = async () => {
    if (!valid) return false;
    setSaving(true);
    try {
      return await saveSettings({ surveyAppearance: { ...draft } });
    } finally {
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  const fontNames: Record<SurveyFont, string> = { system: t`System default`, sans: t`Sans serif`, serif: t`Serif`, rounded: t`Rounded` };
  const buttonNames: Record<ButtonStyle, string> = { rounded: t`Rounded corners`, square: t`Square corners`, pill: t`Pill` };
  const colorLabels: Record<ColorKey, string> = {
    primaryColor: t`Button and highlight colour`,
    backgroundColor: t`Background colour`,
    textColor: t`Text colour`,
  };

  const colorField = (key: ColorKey) => {
    const error = message(errors[key]);
    return (
      <div className="field" key={key}>
        <label htmlFor={`${formId}-${key}`}>{colorLabels[key]}</label>
        <div style={{ display: "flex", gap: "0.5rem", alignItems: "center" }}>
          <input
            type="color"
            aria-label={t`${colorLabels[key]}: picker`}
            value={isHexColor(draft[key]) ? draft[key].toLowerCase() : "#000000"}
            disabled={!editable}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
          <input
            id={`${formId}-${key}`}
            type="text"
            value={draft[key]}
            readOnly={!editable}
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${formId}-${key}-error` : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
          />
        </div>
        {error ? (
          <p className="field__error" id={`${formId}-${key}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  const ratio = isHexColor(draft.textColor) && isHexColor(draft.backgroundColor) ? contrastRatio(draft.textColor, draft.backgroundColor) : null;
  const primary = isHexColor(draft.primaryColor) ? draft.primaryColor : "#2563eb";
  // The button text is white or black, whichever reads better on the button colour.
  const buttonText = contrastRatio(primary, "#ffffff") >= contrastRatio(primary, "#000000") ? "#ffffff" : "#000000";

  return (
    <form id={formId} className="form" onSubmit={onSubmit} noValidate>
      {colorField("primaryColor")}
      {colorField("backgroundColor")}
      {colorField("textColor")}
      {ratio !== null ? (
        <p className="field__hint">
          <Trans>
            Contrast {ratio.toFixed(1)}:1 (at least {minimumContrast}:1 needed)
          </Trans>
        </p>
      ) : null}
      <SelectField<SurveyFont>
        id={`${formId}-font`}
        label={t`Font`}
        value={draft.font}
        disabled={!editable}
        onChange={(font) => setDraft((d) => ({ ...d, font }))}
        options={surveyFonts.map((f) => [f, fontNames[f]] as const)}
      />
      <fieldset className="fieldset">
        <legend>
          <Trans>Button style</Trans>
        </legend>
        {buttonStyles.map((style) => (
          <div className="field field--checkbox" key={style}>
            <input
              type="radio"
              id={`${formId}-button-${style}`}
              name={`${formId}-button`}
              value={style}
              checked={draft.buttonStyle === style}
              disabled={!editable}
              onChange={() => setDraft((d) => ({ ...d, buttonStyle: style }))}
            />
            <label htmlFor={`${formId}-button-${style}`}>{buttonNames[style]}</label>
          </div>
        ))}
      </fieldset>
      <figure style={{ margin: 0 }}>
        <figcaption className="field__hint">
          <Trans>Preview</Trans>
        </figcaption>
        <div
          data-testid="appearance-preview"
          style={{
            background: isHexColor(draft.backgroundColor) ? draft.backgroundColor : undefined,
            color: isHexColor(draft.textColor) ? draft.textColor : undefined,
            fontFamily: FONT_STACKS[draft.font],
            padding: "1rem",
            border: "1px solid var(--border)",
            borderRadius: "var(--radius)",
          }}
        >
          <p style={{ marginTop: 0 }}>
            <Trans>How was your visit today?</Trans>
          </p>
          <span style={{ display: "inline-block", background: primary, color: buttonText, borderRadius: RADIUS[draft.buttonStyle], padding: "0.4rem 1rem" }}>
            <Trans>Send</Trans>
          </span>
        </div>
      </figure>
      {editable ? <SaveButton valid={valid} dirty={dirty} saving={saving} form={formId} /> : null}
      {dialog}
    </form>
  );
}
