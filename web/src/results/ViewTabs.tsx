import { useLingui } from "@lingui/react/macro";
import { useRef, type KeyboardEvent } from "react";
import type { ResultsView } from "./filters";

/**
 * Graphs (default), table and feedback list as keyboard tabs (arrow keys, Home, End). `views` are the
 * tabs shown: the feedback list only on plans with the feedbackInbox feature.
 */
export function ViewTabs({
  views,
  value,
  onChange,
  disabled,
}: {
  views: readonly ResultsView[];
  value: ResultsView;
  onChange: (view: ResultsView) => void;
  disabled: boolean;
}) {
  const { t } = useLingui();
  const labels: Record<ResultsView, string> = { graphs: t`Graphs`, table: t`Table`, list: t`Feedback list` };
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = views.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(views[next]!);
  };
  return (
    <div role="tablist" aria-label={t`Results view`} className="view-tabs">
      {views.map((v, i) => (
        <button
          key={v}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`results-tab-${v}`}
          aria-selected={value === v}
          aria-controls="results-view"
          tabIndex={value === v ? 0 : -1}
          disabled={disabled}
          className={`view-tabs__tab${value === v ? " view-tabs__tab--active" : ""}`}
          onClick={() => onChange(v)}
          onKeyDown={(e) => move(e, i)}
        >
          {labels[v]}
        </button>
      ))}
    </div>
  );
}
