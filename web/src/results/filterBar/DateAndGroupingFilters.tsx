import { Trans, useLingui } from "@lingui/react/macro";
import { datePresets, groupByValues, presetRange, type DatePreset, type GroupBy } from "../filters";
import { useGroupByLabels, usePresetLabels } from "./labels";
import type { FilterSectionProps } from "./types";

/** The date range (a preset or custom dates) and the grouping of the graphs, with the metadata key when grouping by metadata. */
export function DateAndGroupingFilters({ draft, set, can, id }: FilterSectionProps) {
  const { t } = useLingui();
  const presetLabels = usePresetLabels();
  const groupByLabels = useGroupByLabels();
  const dateChoice = draft.preset ?? (draft.from || draft.to ? "custom" : "last7Days");
  const shownRange = draft.preset ? presetRange(draft.preset) : null;
  return (
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
  );
}
