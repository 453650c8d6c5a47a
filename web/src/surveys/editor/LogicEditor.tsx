// Answer-based logic of one question (surveyLogic feature): rules "when the answer is X, go to a
// later question or the end". Without a rule the next question follows.
import { Trans, useLingui } from "@lingui/react/macro";
import { localize } from "../../respondent/language";
import { ANY_ANSWER, END, logicOptionKeys, smileyButtons, type DraftQuestion } from "./draft";
import { useEditorLabels } from "./useEditorLabels";

type Props = {
  idPrefix: string;
  question: DraftQuestion;
  /** The questions after this one, with their 1-based numbers. */
  later: { key: string; number: number; title: Record<string, string> }[];
  language: string;
  languages: readonly string[];
  onChange: (logic: Record<string, string>) => void;
};

export function LogicEditor({ idPrefix, question, later, language, languages, onChange }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
  const keys = logicOptionKeys(question);
  const rules = keys.filter((k) => question.logic[k] !== undefined).map((k) => [k, question.logic[k]!] as const);
  const free = keys.filter((k) => question.logic[k] === undefined);

  const answerName = (key: string) => {
    if (key === ANY_ANSWER) return t`Any other answer`;
    if (question.type === "smiley") return labels.smileyFaces(smileyButtons(question))[Number(key)] ?? key;
    if (question.type === "nps") return key;
    const choice = question.choices.find((c) => c.id === key);
    const text = localize(choice?.text, language, languages);
    return text || t`Choice without text`;
  };
  const targetName = (key: string) => {
    if (key === END) return t`End of survey`;
    const q = later.find((x) => x.key === key);
    if (!q) return key;
    const title = localize(q.title, language, languages);
    const target = q.number;
    return title ? t`Question ${target}: ${title}` : t`Question ${target}`;
  };
  const targets = [...later.map((q) => q.key), END];

  const setRule = (oldKey: string, key: string, target: string) => {
    const next: Record<string, string> = {};
    for (const [k, v] of Object.entries(question.logic)) if (k !== oldKey) next[k] = v;
    next[key] = target;
    onChange(next);
  };
  const removeRule = (key: string) => {
    const next = { ...question.logic };
    delete next[key];
    onChange(next);
  };

  return (
    <fieldset className="fieldset se-logic">
      <legend>{t`Logic`}</legend>
      {rules.length === 0 ? (
        <p className="field__hint">
          <Trans>No rules: the next question follows every answer.</Trans>
        </p>
      ) : null}
      <ol className="se-logic__rules">
        {rules.map(([key, target], i) => {
          const m = i + 1;
          return (
            <li key={key}>
              <div className="se-row" role="group" aria-label={t`Rule ${m}`}>
                <div className="field">
                  <label htmlFor={`${idPrefix}-rule-${m}-answer`}>{t`When the answer is`}</label>
                  <select id={`${idPrefix}-rule-${m}-answer`} value={key} onChange={(e) => setRule(key, e.target.value, target)}>
                    {[key, ...free]
                      .sort((a, b) => keys.indexOf(a) - keys.indexOf(b))
                      .map((k) => (
                        <option key={k} value={k}>
                          {answerName(k)}
                        </option>
                      ))}
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${idPrefix}-rule-${m}-target`}>{t`Go to`}</label>
                  <select id={`${idPrefix}-rule-${m}-target`} value={target} onChange={(e) => setRule(key, key, e.target.value)}>
                    {targets.map((k) => (
                      <option key={k} value={k}>
                        {targetName(k)}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="button" className="button button--ghost button--small" onClick={() => removeRule(key)}>
                  {t`Remove rule ${m}`}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {free.length ? (
        <button type="button" className="button button--secondary button--small" onClick={() => setRule("", free[0]!, END)}>
          {t`Add logic rule`}
        </button>
      ) : null}
    </fieldset>
  );
}
