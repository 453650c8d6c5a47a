import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, type KeyboardEvent as ReactKeyboardEvent } from "react";
import { defaultFilters, type ResultsFilterState } from "./filters";
import { AnswerRestrictionsFilter } from "./filterBar/AnswerRestrictionsFilter";
import { DateAndGroupingFilters } from "./filterBar/DateAndGroupingFilters";
import { FilterCheckboxGroup } from "./filterBar/FilterCheckboxGroup";
import { HiddenQuestionsFilter } from "./filterBar/HiddenQuestionsFilter";
import { MetadataFilter } from "./filterBar/MetadataFilter";
import { ReportOptions } from "./filterBar/ReportOptions";
import type { FilterOptions } from "./filterBar/types";
import { useFilterDraft } from "./filterBar/useFilterDraft";

export { useGroupByLabels, usePresetLabels } from "./filterBar/labels";
export type { FilterOption, FilterOptions, FilterQuestion } from "./filterBar/types";

/**
 * Every filter of spec 001 §3 "Results filters". Changes are drafted here and take effect with
 * "Filter results" (one query per decision, not per click); "Reset filters" goes back to the
 * defaults. A share-link visitor can use only the controls the link's allowChanges lists.
 * Its parts live in ./filterBar, over the draft of useFilterDraft.
 */
export function FilterBar({
  value,
  options,
  allowChanges,
  onApply,
}: {
  value: ResultsFilterState;
  options: FilterOptions;
  /** null for members; a share link's allowChanges for visitors. */
  allowChanges: string[] | null;
  onApply: (next: ResultsFilterState) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const { draft, set, can, dateError, submit } = useFilterDraft({ value, allowChanges, onApply });
  const section = { draft, set, can, id };
  const form = useRef<HTMLFormElement>(null);
  // The disclosures open as panels over the page: a click elsewhere closes them (opening another
  // one too), Escape closes the one the focus is in and gives the focus back to its summary.
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      for (const details of form.current?.querySelectorAll<HTMLDetailsElement>("details.filter-group[open]") ?? [])
        if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, []);
  const closeOnEscape = (event: ReactKeyboardEvent) => {
    if (event.key !== "Escape") return;
    const details = (event.target as HTMLElement).closest<HTMLDetailsElement>("details.filter-group[open]");
    if (!details) return;
    event.preventDefault();
    details.open = false;
    details.querySelector<HTMLElement>("summary")?.focus();
  };

  return (
    <form className="filter-bar" aria-label={t`Results filters`} onSubmit={submit} onKeyDown={closeOnEscape} noValidate ref={form}>
      <DateAndGroupingFilters {...section} />

      <div className="filter-bar__row filter-bar__row--groups">
        <FilterCheckboxGroup
          legend={t`Touchpoints`}
          options={options.touchpoints}
          selected={draft.touchpointIds}
          onChange={(touchpointIds) => set({ touchpointIds })}
          disabled={!can("channelId")}
          emptyText={t`No touchpoints`}
          allText={t`all`}
        />
        <FilterCheckboxGroup
          legend={t`Surveys`}
          options={options.surveys}
          selected={draft.surveyIds}
          onChange={(surveyIds) => set({ surveyIds })}
          disabled={!can("surveyId")}
          emptyText={t`No surveys`}
          allText={t`all`}
        />
        <AnswerRestrictionsFilter draft={draft} set={set} can={can} questions={options.questions} />
        <MetadataFilter {...section} metaValues={options.metaValues} />
        <HiddenQuestionsFilter draft={draft} set={set} can={can} allQuestions={options.allQuestions} />
        <ReportOptions draft={draft} set={set} can={can} />
      </div>
      <datalist id={`${id}-metakeys`} data-testid="metadata-keys">
        {options.metaKeys.map((k) => (
          <option key={k} value={k} />
        ))}
      </datalist>
      {dateError ? (
        <p className="field__error" role="alert">
          {dateError}
        </p>
      ) : null}
      <div className="filter-bar__actions">
        <button type="submit" className="button button--small">
          <Trans>Filter results</Trans>
        </button>
        {allowChanges === null ? (
          <button type="button" className="button button--secondary button--small" onClick={() => onApply({ ...defaultFilters, view: value.view })}>
            <Trans>Reset filters</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
