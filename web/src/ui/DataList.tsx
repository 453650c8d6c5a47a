// The lists' toolbar and table parts (surveys, touchpoints, users, contact lists): a debounced
// search box, sortable column headers (aria-sort), row selection with a select-all checkbox, and a
// bar of bulk actions that appears while rows are selected. docs/design-system.md "Lists".
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState, useTransition } from "react";
import { useSearchParams } from "react-router-dom";
import { ChevronIcon, SearchIcon } from "./icons";

export type SortDirection = "asc" | "desc";
export interface Sort<F extends string> {
  field: F;
  direction: SortDirection;
}

/** How long the search box waits after the last keystroke before it searches. */
export const searchDelayMs = 300;

/** `value`, once it has stayed the same for `delayMs`. */
export function useDebounced<T>(value: T, delayMs = searchDelayMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A search box (type="search", labelled) that reports its text `delayMs` after the last keystroke,
 * so a server-side search runs once per pause, not per key. Escape clears it (the browser's own).
 */
export function SearchBox({
  label,
  value,
  onSearch,
  placeholder,
  delayMs = searchDelayMs,
}: {
  label: string;
  /** The applied search (e.g. from the address); the box starts with it. */
  value: string;
  onSearch: (text: string) => void;
  placeholder?: string;
  delayMs?: number;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const settled = useDebounced(text, delayMs);
  const report = useRef(onSearch);
  report.current = onSearch;
  const applied = useRef(value);
  // A search changed from outside (an empty state's "Clear the search", the address): the box follows.
  useEffect(() => {
    if (value.trim() === applied.current.trim()) return;
    applied.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    if (settled.trim() === applied.current.trim()) return;
    applied.current = settled;
    report.current(settled.trim());
  }, [settled]);
  return (
    <div className="ui-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon className="ui-search__icon" size="1.1em" />
      <input
        id={id}
        type="search"
        className="ui-search__input"
        value={text}
        placeholder={placeholder ?? label}
        maxLength={100}
        onChange={(e) => setText(e.target.value)}
      />
    </div>
  );
}

/**
 * A column header that sorts: a button in the `<th>`, whose `aria-sort` says the current order
 * (ascending, descending or none). The first click sorts by `firstDirection`, the next reverses it.
 */
export function SortableHeader<F extends string>({
  field,
  sort,
  onSort,
  children,
  firstDirection = "asc",
  className,
}: {
  field: F;
  sort: Sort<F> | null;
  onSort: (sort: Sort<F>) => void;
  children: ReactNode;
  firstDirection?: SortDirection;
  className?: string;
}) {
  const active = sort?.field === field;
  const ariaSort = active ? (sort.direction === "asc" ? "ascending" : "descending") : "none";
  const next: SortDirection = active ? (sort.direction === "asc" ? "desc" : "asc") : firstDirection;
  return (
    <th scope="col" aria-sort={ariaSort} className={className}>
      <button type="button" className={`ui-sort${active ? " is-active" : ""}`} onClick={() => onSort({ field, direction: next })}>
        {children}
        <ChevronIcon className={`ui-sort__icon ui-sort__icon--${active ? sort.direction : "none"}`} size="1em" />
      </button>
    </th>
  );
}

/** Sorts rows in the browser (lists that are read whole): text with the reader's collation, numbers and dates by value, empty last. */
export function sortRows<T, F extends string>(
  rows: readonly T[],
  sort: Sort<F> | null,
  value: (row: T, field: F) => string | number | null | undefined,
  locale?: string,
): T[] {
  if (!sort) return [...rows];
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const factor = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = value(a, sort.field);
    const y = value(b, sort.field);
    if (x == null || x === "") return y == null || y === "" ? 0 : 1;
    if (y == null || y === "") return -1;
    return factor * (typeof x === "number" && typeof y === "number" ? x - y : collator.compare(String(x), String(y)));
  });
}

/** Does any of the texts contain the search (case- and accent-insensitive)? Blank search: yes. */
export function matchesSearch(search: string, ...texts: (string | null | undefined)[]): boolean {
  const fold = (s: string) =>
    s
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
  const q = fold(search.trim());
  return q === "" || texts.some((s) => s != null && fold(s).includes(q));
}

/**
 * A list's search (?q=) and sort (?sort=&dir=) kept in the address, so reloading or going back keeps
 * them. Changes run in a transition: the list on screen stays (aria-busy via `pending`) while the
 * next one loads, and the search box keeps its focus. `startTransition` is that same transition, for a
 * page's own reloads (a refetch after a write), so `pending` covers them too; `params` is the whole
 * address query, for a page's other parameters (e.g. the survey list's ?tab=), changed through `update`.
 */
export function useListAddress<F extends string>(fields: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const [pending, startTransition] = useTransition();
  const search = params.get("q") ?? "";
  const field = params.get("sort");
  const sort: Sort<F> | null =
    field && (fields as readonly string[]).includes(field) ? { field: field as F, direction: params.get("dir") === "desc" ? "desc" : "asc" } : null;
  const update = (change: Record<string, string | null>) =>
    startTransition(() =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(change)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    );
  return {
    params,
    search,
    sort,
    pending,
    startTransition,
    update,
    /** Drops every parameter of the address query (search, sort and the page's own). */
    clear: () => startTransition(() => setParams(new URLSearchParams(), { replace: true })),
    setSearch: (text: string) => update({ q: text || null }),
    setSort: (next: Sort<F>) => update({ sort: next.field, dir: next.direction }),
  };
}

export interface Selection {
  /** The selected ids that are still shown. */
  selected: ReadonlySet<string>;
  isSelected: (id: string) => boolean;
  toggle: (id: string) => void;
  /** Selects every shown row, or none when all are selected. */
  toggleAll: () => void;
  clear: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

/** Row selection over the ids shown; ids that leave the list (deleted, filtered out) leave the selection. */
export function useSelection(ids: readonly string[]): Selection {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for ids
  const selected = useMemo(() => new Set([...chosen].filter((id) => ids.includes(id))), [chosen, key]);
  const allSelected = ids.length > 0 && selected.size === ids.length;
  const toggle = useCallback(
    (id: string) =>
      setChosen((prev) => {
        const next = new Set(prev);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const toggleAll = () => setChosen(allSelected ? new Set() : new Set(ids));
  return {
    selected,
    isSelected: (id) => selected.has(id),
    toggle,
    toggleAll,
    clear: () => setChosen(new Set()),
    allSelected,
    someSelected: selected.size > 0 && !allSelected,
  };
}

/** The select-all checkbox of a table's header (mixed while some rows are selected). */
export function SelectAllCheckbox({ selection, label }: { selection: Selection; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = selection.someSelected;
  }, [selection.someSelected]);
  return (
    <th scope="col" className="ui-select-cell">
      <input ref={ref} type="checkbox" aria-label={label} checked={selection.allSelected} onChange={selection.toggleAll} />
    </th>
  );
}

/** A row's selection checkbox, named after the row ("Select Customer survey"). */
export function RowCheckbox({ selection, id, label }: { selection: Selection; id: string; label: string }) {
  return (
    <td className="ui-select-cell">
      <input type="checkbox" aria-label={label} checked={selection.isSelected(id)} onChange={() => selection.toggle(id)} />
    </td>
  );
}

/**
 * The toolbar above a list: the search box and extra controls on the left; while rows are
 * selected, a region (role="region", named "Bulk actions") with the count, the actions the user's
 * rights allow, and "Clear selection". The count is announced politely.
 */
export function ListToolbar({
  search,
  children,
  selection,
  bulkActions,
}: {
  search?: ReactNode;
  children?: ReactNode;
  selection?: Selection;
  bulkActions?: ReactNode;
}) {
  const { t } = useLingui();
  const count = selection?.selected.size ?? 0;
  return (
    <div className="ui-list-toolbar">
      <div className="ui-list-toolbar__main">
        {search}
        {children}
      </div>
      <div className="ui-list-toolbar__bulk" role="region" aria-label={t`Bulk actions`} hidden={count === 0}>
        <span aria-live="polite" className="ui-list-toolbar__count">
          {count > 0 ? <Trans>{count} selected</Trans> : null}
        </span>
        {count > 0 ? bulkActions : null}
        {count > 0 ? (
          <button type="button" className="ui-button ui-button--quiet ui-button--sm" onClick={selection?.clear}>
            <Trans>Clear selection</Trans>
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** Runs one action per item, one after another (the same call and checks as a single action); counts what succeeded. */
export async function runForEach<T>(items: readonly T[], action: (item: T) => Promise<unknown>): Promise<{ done: number; failed: number }> {
  let done = 0;
  let failed = 0;
  for (const item of items) {
    try {
      if (await action(item)) done += 1;
      else failed += 1;
    } catch {
      failed += 1;
    }
  }
  return { done, failed };
}
