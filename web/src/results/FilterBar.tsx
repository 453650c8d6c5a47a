import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  datePresets,
  defaultFilters,
  groupByValues,
  mayChange,
  presetRange,
  type DatePreset,
  type GroupBy,
  type ResultsFilterState,
  type RestrictItem,
  type ShareChangeKey,
} from "./filters";

export interface FilterOption {
  id: string;
  name: string;
}

export interface FilterQuestion {
  id: string;
  title: string;
  /** The answer options a response can be restricted by (smiley values, NPS scores, choice ids). */
  choices: Array<{ value: string | number; label: string }>;
}

export interface FilterOptions {
  touchpoints: FilterOption[];
  surveys: FilterOption[];
  /** Questions one can restrict by (smiley, NPS, choices, emotions). */
  questions: FilterQuestion[];
  /** Every question, for "hidden questions". */
  allQuestions: FilterOption[];
  /** NPS, smiley and slider questions: the outcomes of a root-cause analysis. */
  outcomes: FilterOption[];
  metaKeys: string[];
  /** The most used values of each key in metaKeys, as suggestions for the metadata match. */
  metaValues: Record<string, string[]>;
}

export function usePresetLabels(): Record<DatePreset, string> {
  const { t } = useLingui();
  return { last7Days: t`Last 7 days`, last30Days: t`Last 30 days`, lastFullWeek: t`Last full week`, lastFullMonth: t`Last full month` };
}

export function useGroupByLabels(): Record<GroupBy, string> {
  const { t } = useLingui();
  return {
    daily: t`Date`,
    hourly: t`Hour`,
    weekday: t`Weekday`,
    weekNumber: t`Week number`,
    monthly: t`Month`,
    source: t`Source`,
    metadata: t`Metadata`,
  };
}

/** A group of checkboxes inside a disclosure, e.g. the touchpoints; the summary tells how many are chosen. */
function CheckboxGroup({
  legend,
  options,
  selected,
  onChange,
  disabled,
  emptyText,
  allText,
}: {
  legend: string;
  options: FilterOption[];
  selected: string[];
  onChange: (ids: string[]) => void;
  disabled: boolean;
  emptyText: string;
  allText: string;
}) {
  const { t } = useLingui();
  const count = selected.length;
  return (
    <details className="filter-group">
      <summary>
        {legend}: {count === 0 ? allText : t`${count} selected`}
      </summary>
      <fieldset className="filter-group__options" disabled={disabled}>
        <legend className="visually-hidden">{legend}</legend>
        {options.length === 0 ? <p className="field__hint">{emptyText}</p> : null}
        {options.map((o) => (
          <label key={o.id} className="field--checkbox">
            <input
              type="checkbox"
              checked={selected.includes(o.id)}
              onChange={(e) => onChange(e.target.checked ? [...selected, o.id] : selected.filter((id) => id !== o.id))}
            />
            {o.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

/**
 * Every filter of spec 001 §3 "Results filters". Changes are drafted here and take effect with
 * "Filter results" (one query per decision, not per click); "Reset filters" goes back to the
 * defaults. A share-link visitor can use only the controls the link's allowChanges lists.
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
  const presetLabels = usePresetLabels();
  const groupByLabels = useGroupByLabels();
  const [draft, setDraft] = useState(value);
  const [dateError, setDateError] = useState<string | null>(null);
  // A new value from the address (not merely a new object, nor the first render) replaces the draft.
  const valueKey = JSON.stringify(value);
  const shownKey = useRef(valueKey);
  useEffect(() => {
    if (shownKey.current === valueKey) return;
    shownKey.current = valueKey;
    setDraft(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valueKey]);
  const can = (key: ShareChangeKey) => mayChange(allowChanges, key);
  const set = (patch: Partial<ResultsFilterState>) => setDraft((d) => ({ ...d, ...patch }));
  const dateChoice = draft.preset ?? (draft.from || draft.to ? "custom" : "last7Days");
  const shownRange = draft.preset ? presetRange(draft.preset) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.preset && draft.from && draft.to && draft.from > draft.to) {
      setDateError(t`The start date must not be after the end date`);
      return;
    }
    if (draft.groupBy === "metadata" && !draft.groupByMetaKey) {
      setDateError(t`Choose the metadata key to group by`);
      return;
    }
    setDateError(null);
    onApply({
      ...draft,
      restrictByAnswer: draft.restrictByAnswer.filter((r) => r.questionId && (r.values?.length ?? 0) > 0),
      metaItems: draft.metaItems.filter((m) => m.key.trim() !== ""),
    });
  };

  const updateRestrict = (index: number, item: RestrictItem | null) =>
    set({ restrictByAnswer: item ? draft.restrictByAnswer.map((r, i) => (i === index ? item : r)) : draft.restrictByAnswer.filter((_, i) => i !== index) });

  return (
    <form className="filter-bar" aria-label={t`Results filters`} onSubmit={submit} noValidate>
      <div className="filter-bar__row">
        <div className="field">
          <label htmlFor={`${id}-date`}>
            <Trans>Date range</Trans>
          </label>
          <select
            id={`${id}-date`}
            value={dateChoice}
            disabled={!can("date")}
            onChange={(e) => {
              const v = e.target.value;
              if (v === "custom") {
                const r = presetRange(draft.preset ?? "last7Days");
                set({ preset: null, from: draft.from ?? r.from, to: draft.to ?? r.to });
              } else set({ preset: v as DatePreset, from: null, to: null });
            }}
          >
            {datePresets.map((p) => (
              <option key={p} value={p}>
                {presetLabels[p]}
              </option>
            ))}
            <option value="custom">{t`Custom dates`}</option>
          </select>
          {shownRange ? (
            <p className="field__hint">
              {shownRange.from} – {shownRange.to}
            </p>
          ) : null}
        </div>
        {dateChoice === "custom" ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-from`}>
                <Trans>From</Trans>
              </label>
              <input
                id={`${id}-from`}
                type="date"
                value={draft.from ?? ""}
                max={draft.to ?? undefined}
                disabled={!can("date")}
                onChange={(e) => set({ from: e.target.value || null })}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>
                <Trans context="end of a date range">To</Trans>
              </label>
              <input
                id={`${id}-to`}
                type="date"
                value={draft.to ?? ""}
                min={draft.from ?? undefined}
                disabled={!can("date")}
                onChange={(e) => set({ to: e.target.value || null })}
              />
            </div>
          </>
        ) : null}
        <div className="field">
          <label htmlFor={`${id}-group`}>
            <Trans>Group by</Trans>
          </label>
          <select id={`${id}-group`} value={draft.groupBy} disabled={!can("groupBy")} onChange={(e) => set({ groupBy: e.target.value as GroupBy })}>
            {groupByValues.map((g) => (
              <option key={g} value={g}>
                {groupByLabels[g]}
              </option>
            ))}
          </select>
        </div>
        {draft.groupBy === "metadata" ? (
          <div className="field">
            <label htmlFor={`${id}-metakey`}>
              <Trans>Metadata key to group by</Trans>
            </label>
            <input
              id={`${id}-metakey`}
              list={`${id}-metakeys`}
              value={draft.groupByMetaKey ?? ""}
              disabled={!can("groupBy")}
              onChange={(e) => set({ groupByMetaKey: e.target.value.trim() === "" ? null : e.target.value })}
            />
          </div>
        ) : null}
      </div>

      <div className="filter-bar__row">
        <CheckboxGroup
          legend={t`Touchpoints`}
          options={options.touchpoints}
          selected={draft.touchpointIds}
          onChange={(touchpointIds) => set({ touchpointIds })}
          disabled={!can("channelId")}
          emptyText={t`No touchpoints`}
          allText={t`all`}
        />
        <CheckboxGroup
          legend={t`Surveys`}
          options={options.surveys}
          selected={draft.surveyIds}
          onChange={(surveyIds) => set({ surveyIds })}
          disabled={!can("surveyId")}
          emptyText={t`No surveys`}
          allText={t`all`}
        />
        <details className="filter-group">
          <summary>
            {t`Restrict by answer`}: {draft.restrictByAnswer.length === 0 ? t`none` : t`${draft.restrictByAnswer.length} selected`}
          </summary>
          <fieldset className="filter-group__options" disabled={!can("restrictByAnswer")}>
            <legend className="visually-hidden">{t`Restrict by answer`}</legend>
            <p className="field__hint">{t`Only responses that gave one of the chosen answers to every question listed here.`}</p>
            {draft.restrictByAnswer.map((r, i) => {
              const question = options.questions.find((q) => q.id === r.questionId);
              const n = i + 1;
              return (
                <div key={i} className="filter-rule">
                  <label className="field">
                    {t`Question of restriction ${n}`}
                    <select value={r.questionId} onChange={(e) => updateRestrict(i, { questionId: e.target.value, values: [] })}>
                      <option value="">{t`Choose a question`}</option>
                      {options.questions.map((q) => (
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
        <details className="filter-group">
          <summary>
            {t`Metadata`}: {draft.metaItems.length === 0 ? t`none` : t`${draft.metaItems.length} selected`}
          </summary>
          <fieldset className="filter-group__options" disabled={!can("metaDataMatch")}>
            <legend className="visually-hidden">{t`Metadata match`}</legend>
            {draft.metaItems.map((m, i) => {
              const n = i + 1;
              return (
                <div key={i} className="filter-rule">
                  <label className="field">
                    {t`Metadata key ${n}`}
                    <input
                      list={`${id}-metakeys`}
                      value={m.key}
                      onChange={(e) => set({ metaItems: draft.metaItems.map((x, j) => (j === i ? { ...x, key: e.target.value } : x)) })}
                    />
                  </label>
                  <label className="field">
                    {t`Metadata value ${n}`}
                    <input
                      list={`${id}-metavalues-${i}`}
                      value={m.value}
                      onChange={(e) => set({ metaItems: draft.metaItems.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)) })}
                    />
                  </label>
                  <datalist id={`${id}-metavalues-${i}`} data-testid={`metadata-values-${n}`}>
                    {(options.metaValues[m.key.trim()] ?? []).map((v) => (
                      <option key={v} value={v} />
                    ))}
                  </datalist>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => set({ metaItems: draft.metaItems.filter((_, j) => j !== i) })}
                  >
                    {t`Remove metadata filter ${n}`}
                  </button>
                </div>
              );
            })}
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => set({ metaItems: [...draft.metaItems, { key: "", value: "" }] })}
            >
              <Trans>Add metadata filter</Trans>
            </button>
            <label className="field--checkbox">
              <input type="checkbox" checked={draft.metaStrict} onChange={(e) => set({ metaStrict: e.target.checked })} />
              <Trans>Strict metadata match (every pair must match)</Trans>
            </label>
          </fieldset>
        </details>
        <details className="filter-group">
          <summary>
            {t`Hidden questions`}: {draft.hiddenQuestions.length === 0 ? t`none` : t`${draft.hiddenQuestions.length} selected`}
          </summary>
          <fieldset className="filter-group__options" disabled={!can("options.hiddenQuestions")}>
            <legend className="visually-hidden">{t`Hidden questions`}</legend>
            {options.allQuestions.length === 0 ? <p className="field__hint">{t`No questions`}</p> : null}
            {options.allQuestions.map((q) => (
              <label key={q.id} className="field--checkbox">
                <input
                  type="checkbox"
                  checked={draft.hiddenQuestions.includes(q.id)}
                  onChange={(e) =>
                    set({ hiddenQuestions: e.target.checked ? [...draft.hiddenQuestions, q.id] : draft.hiddenQuestions.filter((x) => x !== q.id) })
                  }
                />
                {t`Hide ${q.name}`}
              </label>
            ))}
          </fieldset>
        </details>
      </div>

      <div className="filter-bar__row">
        <label className="field--checkbox">
          <input
            type="checkbox"
            checked={draft.stackGraphsTo100}
            disabled={!can("options.stackGraphsTo100")}
            onChange={(e) => set({ stackGraphsTo100: e.target.checked })}
          />
          <Trans>Stack graphs to 100 %</Trans>
        </label>
        <label className="field--checkbox">
          <input
            type="checkbox"
            checked={draft.satisfactionReport}
            disabled={!can("options.satisfactionReport")}
            onChange={(e) => set({ satisfactionReport: e.target.checked })}
          />
          <Trans>Satisfaction report</Trans>
        </label>
        <label className="field--checkbox">
          <input
            type="checkbox"
            checked={draft.hideQuestionsWithNoResponses}
            disabled={!can("options.hideQuestionsWithNoResponses")}
            onChange={(e) => set({ hideQuestionsWithNoResponses: e.target.checked })}
          />
          <Trans>Hide questions with no responses</Trans>
        </label>
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
        <button type="submit" className="button">
          <Trans>Filter results</Trans>
        </button>
        {allowChanges === null ? (
          <button type="button" className="button button--secondary" onClick={() => onApply({ ...defaultFilters, view: value.view })}>
            <Trans>Reset filters</Trans>
          </button>
        ) : null}
      </div>
    </form>
  );
}
