import { Trans, useLingui } from "@lingui/react/macro";
import type { FilterSectionProps } from "./types";

/** How the results show: stacked graphs, the satisfaction report, questions with no responses. */
export function ReportOptions({ draft, set, can }: Omit<FilterSectionProps, "id">) {
  const { t } = useLingui();
  const count = [draft.stackGraphsTo100, draft.satisfactionReport, draft.hideQuestionsWithNoResponses].filter(Boolean).length;
  return (
    <details className="filter-group">
      <summary>
        {t({ message: "Display", context: "how the results are shown" })}: {count === 0 ? t`default` : t`${count} selected`}
      </summary>
      <div className="filter-group__options">
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
    </details>
  );
}
