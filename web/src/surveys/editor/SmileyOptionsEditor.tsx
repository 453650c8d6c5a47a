// A smiley question's options: 4 or 5 buttons.
import { Trans, useLingui } from "@lingui/react/macro";
import { smileyButtonCounts } from "@feedback/shared/survey-rules";

type Props = { idPrefix: string; buttons: 4 | 5; onChange: (buttons: 4 | 5) => void };

export function SmileyOptionsEditor({ idPrefix, buttons, onChange }: Props) {
  const { t } = useLingui();
  return (
    <fieldset className="fieldset">
      <legend>{t`Buttons`}</legend>
      {smileyButtonCounts.map((n) => (
        <div className="field field--checkbox" key={n}>
          <input id={`${idPrefix}-buttons-${n}`} type="radio" name={`${idPrefix}-buttons`} checked={buttons === n} onChange={() => onChange(n)} />
          <label htmlFor={`${idPrefix}-buttons-${n}`}>{t`${n} smiley buttons`}</label>
        </div>
      ))}
      <p className="field__hint">
        <Trans>Answers are stored from 0 (worst) to 1 (best): 5 buttons 0, 0.25, 0.5, 0.75, 1; 4 buttons 0, ⅓, ⅔, 1.</Trans>
      </p>
    </fieldset>
  );
}
