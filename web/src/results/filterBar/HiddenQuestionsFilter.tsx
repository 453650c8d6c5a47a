import { useLingui } from "@lingui/react/macro";
import type { FilterOption, FilterSectionProps } from "./types";

/** The questions whose results are hidden. */
export function HiddenQuestionsFilter({ draft, set, can, allQuestions }: Omit<FilterSectionProps, "id"> & { allQuestions: FilterOption[] }) {
  const { t } = useLingui();
  return (
    <details className="filter-group">
      <summary>
        {t`Hidden questions`}: {draft.hiddenQuestions.length === 0 ? t`none` : t`${draft.hiddenQuestions.length} selected`}
      </summary>
      <fieldset className="filter-group__options" disabled={!can("options.hiddenQuestions")}>
        <legend className="visually-hidden">{t`Hidden questions`}</legend>
        {allQuestions.length === 0 ? <p className="field__hint">{t`No questions`}</p> : null}
        {allQuestions.map((q) => (
          <label key={q.id} className="field--checkbox">
            <input
              type="checkbox"
              checked={draft.hiddenQuestions.includes(q.id)}
              onChange={(e) => set({ hiddenQuestions: e.target.checked ? [...draft.hiddenQuestions, q.id] : draft.hiddenQuestions.filter((x) => x !== q.id) })}
            />
            {t`Hide ${q.name}`}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
