// A slider's scale (minimum, maximum, step) and the labels at its ends, per language.
import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import type { LocalizedText } from "./draft";
import { LocalizedInput } from "./LocalizedInput";

type Props = {
  idPrefix: string;
  options: Record<string, unknown>;
  language: string;
  defaultLanguage: string;
  error?: string;
  onChange: (options: Record<string, unknown>) => void;
};

const label = (v: unknown): LocalizedText => (v && typeof v === "object" && !Array.isArray(v) ? (v as LocalizedText) : {});

/** A number field that keeps what is typed (also "" or "-") and reports a number, or NaN while unfinished. */
function NumberField({ id, text, value, onChange }: { id: string; text: string; value: unknown; onChange: (n: number) => void }) {
  const [raw, setRaw] = useState(typeof value === "number" ? String(value) : "");
  const shown = Number(raw) === value ? raw : typeof value === "number" && !Number.isNaN(value) ? String(value) : raw;
  return (
    <div className="field se-number">
      <label htmlFor={id}>{text}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        value={shown}
        onChange={(e) => {
          setRaw(e.target.value);
          onChange(e.target.value.trim() === "" ? Number.NaN : Number(e.target.value));
        }}
      />
    </div>
  );
}

export function SliderOptionsEditor({ idPrefix, options, language, defaultLanguage, error, onChange }: Props) {
  const { t } = useLingui();
  return (
    <fieldset className="fieldset se-slider">
      <legend>{t`Scale`}</legend>
      <div className="se-row">
        <NumberField id={`${idPrefix}-min`} text={t`Minimum`} value={options.min} onChange={(min) => onChange({ ...options, min })} />
        <NumberField id={`${idPrefix}-max`} text={t`Maximum`} value={options.max} onChange={(max) => onChange({ ...options, max })} />
        <NumberField id={`${idPrefix}-step`} text={t`Step`} value={options.step} onChange={(step) => onChange({ ...options, step })} />
      </div>
      {error ? <p className="field__error">{error}</p> : null}
      <div className="se-row">
        <LocalizedInput
          id={`${idPrefix}-min-label`}
          label={t`Label at the minimum`}
          value={label(options.minLabel)}
          language={language}
          defaultLanguage={defaultLanguage}
          onChange={(minLabel) => onChange({ ...options, minLabel })}
        />
        <LocalizedInput
          id={`${idPrefix}-max-label`}
          label={t`Label at the maximum`}
          value={label(options.maxLabel)}
          language={language}
          defaultLanguage={defaultLanguage}
          onChange={(maxLabel) => onChange({ ...options, maxLabel })}
        />
      </div>
    </fieldset>
  );
}
