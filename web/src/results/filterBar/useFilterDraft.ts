import { useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { mayChange, type ResultsFilterState, type ShareChangeKey } from "../filters";

/**
 * The filters as drafted in the filter bar: they start from the applied ones (and start again when
 * the address brings new ones), and `submit` checks them and hands the cleaned filters to `onApply`.
 */
export function useFilterDraft({
  value,
  allowChanges,
  onApply,
}: {
  value: ResultsFilterState;
  allowChanges: string[] | null;
  onApply: (next: ResultsFilterState) => void;
}) {
  const { t } = useLingui();
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

  return { draft, set, can, dateError, submit };
}
