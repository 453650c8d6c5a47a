// One question's answer control, accessible: native radios and checkboxes in a fieldset whose
// legend is the question, so keyboards and screen readers work as with any form; large targets.
import { useLingui } from "@lingui/react/macro";
import type { AnswerValue, Question } from "./types";
import { localize } from "./language";

type Props = {
  question: Question;
  language: string;
  fallbacks: readonly string[];
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined, opts?: { final?: boolean }) => void;
};

/** A face from very unhappy (0) to very happy (1): the mouth bends with the score. */
function Face({ score }: { score: number }) {
  const hue = Math.round(score * 120);
  const bend = (score - 0.5) * 16;
  return (
    <svg viewBox="0 0 40 40" width="48" height="48" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="18" fill={`hsl(${hue} 70% 55%)`} stroke="#111827" strokeWidth="1.5" />
      <circle cx="14" cy="16" r="2.2" fill="#111827" />
      <circle cx="26" cy="16" r="2.2" fill="#111827" />
      <path d={`M 12 ${27 - bend / 2} Q 20 ${27 + bend} 28 ${27 - bend / 2}`} fill="none" stroke="#111827" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function QuestionInput({ question, language, fallbacks, value, onChange }: Props) {
  const { t } = useLingui();
  const name = `q-${question.id}`;
  const text = (v: Record<string, string> | null | undefined) => localize(v, language, fallbacks);

  switch (question.type) {
    case "smiley": {
      const buttons = question.options.buttons === 4 ? 4 : 5;
      const labels5 = [t`Very dissatisfied`, t`Dissatisfied`, t`Neutral`, t`Satisfied`, t`Very satisfied`];
      const labels = buttons === 5 ? labels5 : [labels5[0]!, labels5[1]!, labels5[3]!, labels5[4]!];
      return (
        <div className={`r-options r-smileys r-smileys-${buttons}`}>
          {labels.map((label, i) => (
            <label key={i} className={`r-option r-smiley r-smiley-${buttons}-${i}`}>
              <input type="radio" name={name} checked={value === i} onChange={() => onChange(i, { final: true })} />
              <span className="r-face">
                <Face score={i / (buttons - 1)} />
              </span>
              <span className="r-option-label">{label}</span>
            </label>
          ))}
          {/* On a phone the faces stand alone (their names stay their accessible names); the scale's ends are named below. */}
          <div className="r-scale-ends r-smiley-ends" aria-hidden="true">
            <span>{labels[0]}</span>
            <span>{labels[labels.length - 1]}</span>
          </div>
        </div>
      );
    }
    case "nps":
      return (
        <div>
          <div className="r-options r-nps">
            {Array.from({ length: 11 }, (_, i) => (
              <label key={i} className="r-option r-nps-option">
                <input type="radio" name={name} checked={value === i} onChange={() => onChange(i, { final: true })} />
                <span className="r-option-label">{i}</span>
              </label>
            ))}
          </div>
          <div className="r-scale-ends" aria-hidden="true">
            <span>{t`Not at all likely`}</span>
            <span>{t`Extremely likely`}</span>
          </div>
        </div>
      );
    case "slider": {
      const num = (k: string, d: number) => (typeof question.options[k] === "number" ? (question.options[k] as number) : d);
      const min = num("min", 0);
      const max = num("max", 10);
      const step = num("step", 1);
      const current = typeof value === "number" ? value : undefined;
      const minLabel = text(question.options.minLabel as Record<string, string> | undefined);
      const maxLabel = text(question.options.maxLabel as Record<string, string> | undefined);
      return (
        <div className="r-slider">
          <input
            type="range"
            min={min}
            max={max}
            step={step}
            value={current ?? (min + max) / 2}
            aria-valuetext={current === undefined ? t`Not answered` : String(current)}
            aria-label={t`Your answer from ${min} to ${max}`}
            onChange={(e) => onChange(Number(e.currentTarget.value))}
            onClick={(e) => onChange(Number(e.currentTarget.value))}
          />
          <div className="r-scale-ends">
            <span>{minLabel || min}</span>
            <output aria-live="polite">{current === undefined ? t`Move the slider` : current}</output>
            <span>{maxLabel || max}</span>
          </div>
        </div>
      );
    }
    case "singleChoice":
    case "emotion":
      return (
        <div className="r-options r-choices">
          {question.choices.map((c) => (
            <label key={c.id} className="r-option r-choice">
              <input type="radio" name={name} checked={value === c.id} onChange={() => onChange(c.id, { final: true })} />
              <span className="r-option-label">{text(c.text)}</span>
            </label>
          ))}
        </div>
      );
    case "multipleChoice": {
      const selected = Array.isArray(value) ? value : [];
      return (
        <div className="r-options r-choices">
          {question.choices.map((c) => (
            <label key={c.id} className="r-option r-choice">
              <input
                type="checkbox"
                name={name}
                checked={selected.includes(c.id)}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  const next = question.choices.map((ch) => ch.id).filter((id) => (id === c.id ? checked : selected.includes(id)));
                  onChange(next.length ? next : undefined);
                }}
              />
              <span className="r-option-label">{text(c.text)}</span>
            </label>
          ))}
        </div>
      );
    }
    case "openText":
      return (
        <label className="r-field">
          <span className="r-visually-hidden">{t`Your answer`}</span>
          <textarea
            rows={5}
            maxLength={5000}
            value={typeof value === "string" ? value : ""}
            onChange={(e) => onChange(e.currentTarget.value.trim() ? e.currentTarget.value : undefined)}
          />
        </label>
      );
    case "contactDetails": {
      const details = value && typeof value === "object" && !Array.isArray(value) ? value : {};
      const fields = Array.isArray(question.options.fields) ? (question.options.fields as string[]) : ["name", "email", "phone"];
      const set = (field: string, v: string) => {
        const next: Record<string, string> = { ...details, [field]: v };
        if (!v.trim()) delete next[field];
        onChange(Object.keys(next).length ? next : undefined);
      };
      const meta: Record<string, { label: string; type: string; autoComplete: string }> = {
        name: { label: t`Name`, type: "text", autoComplete: "name" },
        email: { label: t`E-mail address`, type: "email", autoComplete: "email" },
        phone: { label: t`Phone number (international, starting with +)`, type: "tel", autoComplete: "tel" },
      };
      return (
        <div className="r-contact">
          {fields
            .filter((f) => meta[f])
            .map((f) => (
              <label key={f} className="r-field">
                <span>{meta[f]!.label}</span>
                <input
                  type={meta[f]!.type}
                  autoComplete={meta[f]!.autoComplete}
                  maxLength={200}
                  value={details[f] ?? ""}
                  onChange={(e) => set(f, e.currentTarget.value)}
                />
              </label>
            ))}
        </div>
      );
    }
  }
}

/** Whether a value is a complete answer to send (blank text and partial contact details are not). */
export function isAnswered(question: Question, value: AnswerValue | undefined): boolean {
  if (value === undefined) return false;
  if (question.type === "openText") return typeof value === "string" && value.trim().length > 0;
  if (question.type === "multipleChoice") return Array.isArray(value) && value.length > 0;
  if (question.type === "contactDetails") return typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0;
  return true;
}
