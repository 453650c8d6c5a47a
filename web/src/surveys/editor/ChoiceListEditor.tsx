// The choices of a single or multiple choice question, or the emotions of an emotion question
// (each with its cluster for the emotional value index): edit the text per language, add, remove.
import { Trans, useLingui } from "@lingui/react/macro";
import { EMOTION_CLUSTERS, MAX_CHOICES, newChoiceId, type DraftChoice, type QuestionErrors } from "./draft";
import { LocalizedInput } from "./LocalizedInput";
import { useEditorLabels } from "./useEditorLabels";

type Props = {
  idPrefix: string;
  emotion: boolean;
  choices: DraftChoice[];
  language: string;
  defaultLanguage: string;
  errors: QuestionErrors;
  onChange: (choices: DraftChoice[]) => void;
};

export function ChoiceListEditor({ idPrefix, emotion, choices, language, defaultLanguage, errors, onChange }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  const set = (i: number, c: DraftChoice) => onChange(choices.map((x, j) => (j === i ? c : x)));
  const shown = choices.map((c, i) => ({ c, i })).filter(({ c }) => !c.hidden);
  /** Swaps a shown choice with its shown neighbour (hidden stored choices keep their places). */
  const move = (n: number, delta: -1 | 1) => {
    const a = shown[n];
    const b = shown[n + delta];
    if (!a || !b) return;
    const next = [...choices];
    next[a.i] = b.c;
    next[b.i] = a.c;
    onChange(next);
  };
  return (
    <fieldset className="fieldset se-choices">
      <legend>{emotion ? t`Emotions` : t`Choices`}</legend>
      {emotion ? (
        <p className="field__hint">
          <Trans>Each emotion belongs to a cluster; the emotional value index is the mean cluster value × 100.</Trans>
        </p>
      ) : null}
      <ol className="se-choices__list">
        {shown.map(({ c, i }, n) => {
          const m = n + 1;
          const error = errors.choice?.[i];
          return (
            <li key={c.id}>
              <div className="se-row se-choice" role="group" aria-label={emotion ? t`Emotion ${m}` : t`Choice ${m}`}>
                <LocalizedInput
                  id={`${idPrefix}-choice-${c.id}`}
                  label={emotion ? t`Emotion ${m}` : t`Choice ${m}`}
                  value={c.text}
                  language={language}
                  defaultLanguage={defaultLanguage}
                  error={error && error !== "unknownCluster" ? labels.errors[error] : undefined}
                  onChange={(text) => set(i, { ...c, text })}
                />
                {emotion ? (
                  <div className="field">
                    <label htmlFor={`${idPrefix}-cluster-${c.id}`}>{t`Cluster`}</label>
                    <select
                      id={`${idPrefix}-cluster-${c.id}`}
                      value={c.cluster ?? ""}
                      aria-invalid={error === "unknownCluster" ? true : undefined}
                      onChange={(e) => set(i, { ...c, cluster: e.target.value })}
                    >
                      {c.cluster && !EMOTION_CLUSTERS.includes(c.cluster as never) ? <option value={c.cluster}>{c.cluster}</option> : null}
                      {!c.cluster ? <option value="">{t`Choose a cluster`}</option> : null}
                      {EMOTION_CLUSTERS.map((k) => (
                        <option key={k} value={k}>
                          {labels.clusters[k]}
                        </option>
                      ))}
                    </select>
                    {error === "unknownCluster" ? <p className="field__error">{labels.errors.unknownCluster}</p> : null}
                  </div>
                ) : null}
                {/* Short names: the row is a group named "Choice M" / "Emotion M", the card names the question. */}
                <div className="se-choice__tools">
                  <button type="button" className="button button--ghost button--small" disabled={n === 0} onClick={() => move(n, -1)}>
                    {t`Move up`}
                  </button>
                  <button type="button" className="button button--ghost button--small" disabled={n === shown.length - 1} onClick={() => move(n, 1)}>
                    {t`Move down`}
                  </button>
                  <button type="button" className="button button--ghost button--small" onClick={() => onChange(choices.filter((_, j) => j !== i))}>
                    {t`Remove`}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {errors.choices ? <p className="field__error">{labels.errors[errors.choices]}</p> : null}
      {choices.length >= MAX_CHOICES ? (
        <p className="field__hint">
          <Trans>A question has at most 100 choices.</Trans>
        </p>
      ) : null}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={choices.length >= MAX_CHOICES}
        onClick={() => onChange([...choices, { id: newChoiceId(), text: {}, ...(emotion ? { cluster: "advocacy" } : {}) }])}
      >
        {emotion ? t`Add emotion` : t`Add choice`}
      </button>
    </fieldset>
  );
}
