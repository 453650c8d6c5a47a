import { Trans, useLingui } from "@lingui/react/macro";
import type { RestrictItem } from "../filters";
import type { FilterSectionProps, FilterQuestion } from "./types";

/** Restrict by answer: rules of a question and the answers a response must have given to it. */
export function AnswerRestrictionsFilter({ draft, set, can, questions }: Omit<FilterSectionProps, "id"> & { questions: FilterQuestion[] }) {
  const { t } = useLingui();
  const updateRestrict = (index: number, item: RestrictItem | null) =>
    set({ restrictByAnswer: item ? draft.restrictByAnswer.map((r, i) => (i === index ? item : r)) : draft.restrictByAnswer.filter((_, i) => i !== index) });
  return (
    <details className="filter-group">
      <summary>
        {t`Restrict by answer`}: {draft.restrictByAnswer.length === 0 ? t`none` : t`${draft.restrictByAnswer.length} selected`}
      </summary>
      <fieldset className="filter-group__options" disabled={!can("restrictByAnswer")}>
        <legend className="visually-hidden">{t`Restrict by answer`}</legend>
        <p className="field__hint">{t`Only responses that gave one of the chosen answers to every question listed here.`}</p>
        {draft.restrictByAnswer.map((r, i) => {
          const question = questions.find((q) => q.id === r.questionId);
          const n = i + 1;
          return (
            <div key={i} className="filter-rule">
              <label className="field">
                {t`Question of restriction ${n}`}
                <select value={r.questionId} onChange={(e) => updateRestrict(i, { questionId: e.target.value, values: [] })}>
                  <option value="">{t`Choose a question`}</option>
                  {questions.map((q) => (
                    <option key={q.id} value={q.id}>
                      {q.title}
                    </option>
                  ))}
                </select>
              </label>
              {question ? (
                <fieldset className="filter-rule__choices">
                  <legend>{t`Answers of restriction ${n}`}</legend>
                  {question.choices.map((c) => (
                    <label key={String(c.value)} className="field--checkbox">
                      <input
                        type="checkbox"
                        checked={r.values?.includes(c.value) ?? false}
                        onChange={(e) =>
                          updateRestrict(i, {
                            ...r,
                            values: e.target.checked ? [...(r.values ?? []), c.value] : (r.values ?? []).filter((v) => v !== c.value),
                          })
                        }
                      />
                      {c.label}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <button type="button" className="button button--ghost button--small" onClick={() => updateRestrict(i, null)}>
                {t`Remove restriction ${n}`}
              </button>
            </div>
          );
        })}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => set({ restrictByAnswer: [...draft.restrictByAnswer, { questionId: "", values: [] }] })}
        >
          <Trans>Add answer restriction</Trans>
        </button>
      </fieldset>
    </details>
  );
}
