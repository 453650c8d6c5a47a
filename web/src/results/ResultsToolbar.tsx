import { useLingui } from "@lingui/react/macro";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { ChevronIcon, CloseIcon, type Icon } from "../ui/icons";
import { IconButton } from "../ui/IconButton";
import { useGroupByLabels, usePresetLabels } from "./filterBar/labels";
import type { FilterOptions } from "./filterBar/types";
import { mayChange, type ResultsFilterState, type ShareChangeKey } from "./filters";

/**
 * A toolbar button that opens a panel under it (saved views, export). The panel stays mounted while
 * closed (an export keeps running and shows its progress when opened again); Escape or the button
 * closes it and gives the focus back to the button, a click elsewhere closes it.
 */
export function ToolbarPopover({
  label,
  icon: IconComponent,
  children,
  align = "end",
}: {
  label: string;
  icon?: Icon;
  /** The panel; as a function it is given `close` (e.g. after following a link that moves the focus). */
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: "start" | "end";
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);
  return (
    <div
      className="toolbar-popover"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        className="button button--secondary button--small toolbar-popover__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {IconComponent ? <IconComponent size="1.1em" /> : null}
        {label}
        <ChevronIcon size="1em" className="toolbar-popover__chevron" />
      </button>
      <div id={id} className={`toolbar-popover__panel toolbar-popover__panel--${align}`} hidden={!open}>
        {typeof children === "function" ? children(() => setOpen(false)) : children}
      </div>
    </div>
  );
}

interface Chip {
  key: string;
  /** "Touchpoint: Helsinki shop": the filter and its value. */
  text: string;
  /** What the filters are without this one. */
  without: ResultsFilterState;
  /** The share-link key that lets a visitor remove it. */
  change: ShareChangeKey;
}

/**
 * The applied filters (the address's, not the filter bar's draft) as chips, each with a button that
 * removes that one filter at once. A share-link visitor removes only what the link lets them change.
 */
export function FilterChips({
  state,
  options,
  allowChanges,
  onApply,
}: {
  state: ResultsFilterState;
  options: FilterOptions;
  allowChanges: string[] | null;
  onApply: (next: ResultsFilterState) => void;
}) {
  const { t } = useLingui();
  const presetLabels = usePresetLabels();
  const groupByLabels = useGroupByLabels();
  // A share link's visitor gets the names only of what the link lets them change.
  const nameOf = (list: ReadonlyArray<{ id: string; name: string }>, id: string) => list.find((o) => o.id === id)?.name ?? t`(name not available)`;
  const chips: Chip[] = [];
  if (state.preset) chips.push({ key: "date", text: `${t`Dates`}: ${presetLabels[state.preset]}`, without: { ...state, preset: null }, change: "date" });
  else if (state.from || state.to)
    chips.push({ key: "date", text: `${t`Dates`}: ${state.from ?? "…"} – ${state.to ?? "…"}`, without: { ...state, from: null, to: null }, change: "date" });
  if (state.groupBy !== "daily")
    chips.push({
      key: "groupBy",
      text: `${t`Group by`}: ${groupByLabels[state.groupBy]}${state.groupBy === "metadata" && state.groupByMetaKey ? ` (${state.groupByMetaKey})` : ""}`,
      without: { ...state, groupBy: "daily", groupByMetaKey: null },
      change: "groupBy",
    });
  for (const id of state.touchpointIds)
    chips.push({
      key: `tp:${id}`,
      text: `${t`Touchpoint`}: ${nameOf(options.touchpoints, id)}`,
      without: { ...state, touchpointIds: state.touchpointIds.filter((x) => x !== id) },
      change: "channelId",
    });
  for (const id of state.surveyIds)
    chips.push({
      key: `survey:${id}`,
      text: `${t`Survey`}: ${nameOf(options.surveys, id)}`,
      without: { ...state, surveyIds: state.surveyIds.filter((x) => x !== id) },
      change: "surveyId",
    });
  state.restrictByAnswer.forEach((r, i) => {
    const question = options.questions.find((q) => q.id === r.questionId);
    const answers = (r.values ?? []).map((v) => question?.choices.find((c) => String(c.value) === String(v))?.label ?? String(v)).join(", ");
    chips.push({
      key: `answer:${i}`,
      text: `${t`Answer`}: ${question?.title ?? r.questionId}${answers ? ` = ${answers}` : ""}`,
      without: { ...state, restrictByAnswer: state.restrictByAnswer.filter((_, j) => j !== i) },
      change: "restrictByAnswer",
    });
  });
  state.metaItems.forEach((m, i) =>
    chips.push({
      key: `meta:${i}`,
      text: `${t`Metadata`}: ${m.key} = ${m.value}`,
      without: { ...state, metaItems: state.metaItems.filter((_, j) => j !== i) },
      change: "metaDataMatch",
    }),
  );
  if (state.metaStrict) chips.push({ key: "strict", text: t`Strict metadata match`, without: { ...state, metaStrict: false }, change: "metaDataMatch" });
  for (const id of state.hiddenQuestions)
    chips.push({
      key: `hidden:${id}`,
      text: `${t`Hidden question`}: ${nameOf(options.allQuestions, id)}`,
      without: { ...state, hiddenQuestions: state.hiddenQuestions.filter((x) => x !== id) },
      change: "options.hiddenQuestions",
    });
  if (state.stackGraphsTo100)
    chips.push({ key: "stack", text: t`Stack graphs to 100 %`, without: { ...state, stackGraphsTo100: false }, change: "options.stackGraphsTo100" });
  if (state.satisfactionReport)
    chips.push({ key: "satisfaction", text: t`Satisfaction report`, without: { ...state, satisfactionReport: false }, change: "options.satisfactionReport" });
  if (state.hideQuestionsWithNoResponses)
    chips.push({
      key: "hideEmpty",
      text: t`Hide questions with no responses`,
      without: { ...state, hideQuestionsWithNoResponses: false },
      change: "options.hideQuestionsWithNoResponses",
    });

  const list = useRef<HTMLUListElement>(null);
  const removeAt = (index: number, chip: Chip) => {
    // The focus goes to the next chip's button (or the previous one, or the list's heading text).
    const buttons = list.current ? [...list.current.querySelectorAll<HTMLButtonElement>("button")] : [];
    const next = buttons[index + 1] ?? buttons[index - 1] ?? null;
    const nextName = next?.getAttribute("aria-label");
    onApply(chip.without);
    requestAnimationFrame(() => {
      const target = nextName
        ? [...(list.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])].find((b) => b.getAttribute("aria-label") === nextName)
        : null;
      (target ?? list.current?.closest<HTMLElement>(".results-toolbar")?.querySelector<HTMLElement>("[data-chips-label]"))?.focus();
    });
  };

  return (
    <div className="filter-chips">
      <span className="filter-chips__label" id="applied-filters-label" data-chips-label tabIndex={-1}>
        {t`Applied filters`}
      </span>
      {chips.length === 0 ? (
        <span className="filter-chips__none">{t`None: the last 7 days, every touchpoint and survey`}</span>
      ) : (
        <ul className="filter-chips__list" aria-labelledby="applied-filters-label" ref={list}>
          {chips.map((chip, i) => (
            <li key={chip.key} className="filter-chip">
              <span className="filter-chip__text" title={chip.text}>
                {chip.text}
              </span>
              {mayChange(allowChanges, chip.change) ? (
                <IconButton
                  label={t`Remove filter ${chip.text}`}
                  icon={CloseIcon}
                  size="sm"
                  className="filter-chip__remove"
                  onClick={() => removeAt(i, chip)}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
