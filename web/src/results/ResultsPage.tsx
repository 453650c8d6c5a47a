import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useTransition, type ReactNode } from "react";
import { graphql, useLazyLoadQuery, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { BookmarksPanelQuery } from "../__generated__/BookmarksPanelQuery.graphql";
import type { FeedbackListViewQuery } from "../__generated__/FeedbackListViewQuery.graphql";
import type { ResultsPageOptionsQuery } from "../__generated__/ResultsPageOptionsQuery.graphql";
import type { ResultsPageQuestionsQuery } from "../__generated__/ResultsPageQuestionsQuery.graphql";
import type { ResultsPageSharedViewQuery } from "../__generated__/ResultsPageSharedViewQuery.graphql";
import type { ResultsPageTextAnalyticsQuery } from "../__generated__/ResultsPageTextAnalyticsQuery.graphql";
import rootCauseQuery, { type RootCausePanelQuery } from "../__generated__/RootCausePanelQuery.graphql";
import { queryToken } from "../access/queryFlags";
import { BookmarksPanel, bookmarksPanelQuery } from "./BookmarksPanel";
import { ExportPanel } from "./ExportPanel";
import { FeedbackListView, feedbackListViewQuery } from "./FeedbackListView";
import { FilterBar, type FilterOption, type FilterOptions } from "./FilterBar";
import {
  browserUtcOffset,
  filtersFromSearch,
  filtersToSearch,
  mayChange,
  mergeSharedFilters,
  toWireFilters,
  type ResultsFilterState,
  type ResultsView,
  type WireFilters,
  views,
} from "./filters";
import { pickText, textsOf, toFilterQuestion, type StoredQuestion } from "./questionOptions";
import { ResultsErrorBoundary } from "./ResultsErrorBoundary";
import { ShareLinkDialog } from "./ShareLinkDialog";
import { ViewTabs } from "./ViewTabs";
import { QuestionIndexSlot } from "./QuestionIndex";
import { FilterChips, ToolbarPopover } from "./ResultsToolbar";
import { DownloadIcon, FilterIcon, ShareIcon } from "../ui/icons";
import { readSavedFilters } from "./savedFilters";
import { toGlobalId } from "../util/globalId";
import "./results.css";
import { isOutcomeQuestionType } from "@feedback/shared/root-cause";
import { Skeleton } from "../ui/Skeleton";

// The chart sections load on their own (Victory is large): the filters and tools show at once.
const QuestionResults = lazy(() => import("./QuestionResults").then((m) => ({ default: m.QuestionResults })));
const TextAnalyticsPanel = lazy(() => import("./TextAnalyticsPanel").then((m) => ({ default: m.TextAnalyticsPanel })));
const RootCausePanel = lazy(() => import("./RootCausePanel").then((m) => ({ default: m.RootCausePanel })));

/** The sections a printed (PDF) page can hold: `components=` of the print address. */
export const printComponents = ["questions", "table", "feedbackList", "textAnalytics", "rootCause"] as const;
export type PrintComponent = (typeof printComponents)[number];

function Loading() {
  return (
    <div className="results-loading">
      <Skeleton label={<Trans>Loading results…</Trans>} shape="chart" height="18rem" />
    </div>
  );
}

function SectionError({ message }: { message: string | null }) {
  const { t } = useLingui();
  return (
    <p className="field__error" role="alert">
      {message ?? t`Something went wrong`}
    </p>
  );
}

/**
 * The sections' queries. Each section has its own query so that a slow one (text analytics over many
 * answers) does not hold the others (the API has no @defer); the page starts them all in one commit
 * when it opens or the filters change (useSectionQueries), and the panels read them as fragments,
 * so the chart modules load while the data is already on its way.
 */
const questionsQuery = graphql`
  query ResultsPageQuestionsQuery($filters: ResultsFilterInput, $shareToken: String, $locale: String, $withSeries: Boolean!) {
    ...QuestionResults_query @arguments(filters: $filters, shareToken: $shareToken, locale: $locale, withSeries: $withSeries)
  }
`;

const textAnalyticsQuery = graphql`
  query ResultsPageTextAnalyticsQuery($filters: ResultsFilterInput, $shareToken: String) {
    ...TextAnalyticsPanel_query @arguments(filters: $filters, shareToken: $shareToken)
  }
`;

/** Without the feedback list (a plan without feedbackInbox) the list view is the graphs. */
function listFallback(state: ResultsFilterState, feedbackList: boolean): ResultsFilterState {
  return !feedbackList && state.view === "list" ? { ...state, view: "graphs" } : state;
}

/** The sections the address shows: in print mode the asked components, otherwise the view's. */
function shownComponents(params: URLSearchParams, view: ResultsView): PrintComponent[] {
  if (params.get("print") === "1") {
    const wanted = (params.get("components") ?? "").split(",").filter((c): c is PrintComponent => (printComponents as readonly string[]).includes(c));
    return wanted.length ? wanted : ["questions"];
  }
  if (view === "graphs") return ["questions", "textAnalytics", "rootCause"];
  return view === "table" ? ["table"] : ["feedbackList"];
}

interface SectionQueries {
  wire: WireFilters;
  /** The filters as a key: a section starts afresh (error and loading state) when they change. */
  filtersKey: string;
  /** A section's preloaded query, or null while it is not loaded for the current filters. */
  questions: PreloadedQuery<ResultsPageQuestionsQuery> | null;
  text: PreloadedQuery<ResultsPageTextAnalyticsQuery> | null;
  list: PreloadedQuery<FeedbackListViewQuery> | null;
  bookmarks: PreloadedQuery<BookmarksPanelQuery> | null | undefined;
  /** Every shown section's query is loaded for the current filters (print readiness). */
  loaded: boolean;
  reloadList: () => void;
  reloadBookmarks: () => void;
}

/**
 * Starts the queries of the shown sections together, in one effect, when the page opens and whenever
 * the filters change (the members' filter options load beside them: MemberResults). The root causes
 * need the outcome, one of the options: useRootCauseQuery loads them once the options are there.
 * `listAllowed` is the plan's feedback list: null while the plan is not known yet, and the list's
 * query waits until it is true (a plan without it never asks).
 */
function useSectionQueries(state: ResultsFilterState, shareToken: string | null, params: URLSearchParams, listAllowed: boolean | null): SectionQueries {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const utcOffset = useMemo(() => browserUtcOffset(), []);
  const wire = useMemo(() => toWireFilters(state, utcOffset), [state, utcOffset]);
  const filtersKey = JSON.stringify(wire);
  const shown = shownComponents(params, state.view);
  const wantQuestions = shown.includes("questions") || shown.includes("table");
  // The series only for the graphs: the table alone asks none (the server's cheaper read).
  const withSeries = shown.includes("questions");
  const wantText = shown.includes("textAnalytics");
  const wantList = shown.includes("feedbackList") && listAllowed === true;
  // Bookmarks are a member's own, and not printed.
  const wantBookmarks = shareToken === null && params.get("print") !== "1";
  const [questions, loadQuestions, disposeQuestions] = useQueryLoader<ResultsPageQuestionsQuery>(questionsQuery);
  const [text, loadText, disposeText] = useQueryLoader<ResultsPageTextAnalyticsQuery>(textAnalyticsQuery);
  const [list, loadList, disposeList] = useQueryLoader<FeedbackListViewQuery>(feedbackListViewQuery);
  const [bookmarks, loadBookmarks, disposeBookmarks] = useQueryLoader<BookmarksPanelQuery>(bookmarksPanelQuery);
  const [, startTransition] = useTransition();
  // The key the loaded queries belong to: until the effect has loaded the new filters' queries, the
  // sections show their loading state rather than the previous filters' results.
  const loadKey = `${filtersKey}|${shareToken ?? ""}|${locale}|${wantQuestions}|${withSeries}|${wantText}|${wantList}`;
  const [loadedKey, setLoadedKey] = useState<string | null>(null);

  useEffect(() => {
    const filters = JSON.parse(filtersKey) as WireFilters;
    const options = { fetchPolicy: "store-and-network" } as const;
    if (wantQuestions) loadQuestions({ filters, shareToken, locale, withSeries }, options);
    else disposeQuestions();
    if (wantText) loadText({ filters, shareToken }, options);
    else disposeText();
    if (wantList) loadList({ filters, locale, shareToken }, options);
    else disposeList();
    setLoadedKey(loadKey);
  }, [
    loadKey,
    filtersKey,
    shareToken,
    locale,
    wantQuestions,
    withSeries,
    wantText,
    wantList,
    loadQuestions,
    loadText,
    loadList,
    disposeQuestions,
    disposeText,
    disposeList,
  ]);

  useEffect(() => {
    if (wantBookmarks) loadBookmarks({}, { fetchPolicy: "store-and-network" });
    else disposeBookmarks();
  }, [wantBookmarks, loadBookmarks, disposeBookmarks]);

  const fresh = loadedKey === loadKey;
  const current = <T,>(ref: T | null | undefined): T | null => (fresh && ref ? ref : null);
  return {
    wire,
    filtersKey,
    questions: current(questions),
    text: current(text),
    list: current(list),
    bookmarks,
    // A shown list is not loaded while the plan is unknown (nor ever on a plan without it).
    loaded:
      fresh && (!shown.includes("feedbackList") || listAllowed !== null) && (!wantQuestions || !!questions) && (!wantText || !!text) && (!wantList || !!list),
    // After a change to a response or a bookmark: the same query again, the current rows kept meanwhile.
    reloadList: () => startTransition(() => loadList({ filters: wire, locale, shareToken }, { fetchPolicy: "store-and-network" })),
    reloadBookmarks: () => startTransition(() => loadBookmarks({}, { fetchPolicy: "store-and-network" })),
  };
}

/**
 * The root causes of the chosen outcome (the first one until the reader picks another), loaded as
 * soon as the options name the outcomes, while the chart module may still be loading.
 */
function useRootCauseQuery(
  sections: SectionQueries,
  shareToken: string | null,
  outcomes: FilterOption[],
  shown: boolean,
): { chosen: string; choose: (outcome: string) => void; queryRef: PreloadedQuery<RootCausePanelQuery> | null } {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [outcome, setOutcome] = useState(outcomes[0]?.id ?? "");
  const chosen = outcomes.some((o) => o.id === outcome) ? outcome : (outcomes[0]?.id ?? "");
  const [queryRef, load, dispose] = useQueryLoader<RootCausePanelQuery>(rootCauseQuery);
  const { filtersKey } = sections;
  const loadKey = `${filtersKey}|${shareToken ?? ""}|${locale}|${chosen}|${shown}`;
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  useEffect(() => {
    if (shown && chosen) {
      const filters = JSON.parse(filtersKey) as WireFilters;
      load({ filters, locale, outcomeQuestionId: toGlobalId("Question", chosen), shareToken }, { fetchPolicy: "store-and-network" });
    } else dispose();
    setLoadedKey(loadKey);
  }, [loadKey, filtersKey, shareToken, locale, chosen, shown, load, dispose]);
  return { chosen, choose: setOutcome, queryRef: loadedKey === loadKey && queryRef ? queryRef : null };
}

function QuestionsSection({
  queryRef,
  mode,
  stackTo100,
}: {
  queryRef: PreloadedQuery<ResultsPageQuestionsQuery>;
  mode: "graphs" | "table";
  stackTo100: boolean;
}) {
  const data = usePreloadedQuery<ResultsPageQuestionsQuery>(questionsQuery, queryRef);
  return <QuestionResults query={data} mode={mode} stackTo100={stackTo100} />;
}

function TextAnalyticsSection({ queryRef }: { queryRef: PreloadedQuery<ResultsPageTextAnalyticsQuery> }) {
  const data = usePreloadedQuery<ResultsPageTextAnalyticsQuery>(textAnalyticsQuery, queryRef);
  return <TextAnalyticsPanel query={data} />;
}

/** A section that loads on its own: a failure or a wait in one does not hold up the others. */
function Section({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ResultsErrorBoundary resetKey={resetKey} fallback={(message) => <SectionError message={message} />}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ResultsErrorBoundary>
  );
}

/** Marks the page ready for the PDF printer (api/src/domain/exports/pdf.ts) once everything above it has rendered. */
function PrintReady() {
  useEffect(() => {
    const html = document.documentElement;
    const frame = requestAnimationFrame(() => html.setAttribute("data-print-ready", "true"));
    return () => {
      cancelAnimationFrame(frame);
      html.removeAttribute("data-print-ready");
    };
  }, []);
  return null;
}

interface BodyProps {
  state: ResultsFilterState;
  sections: SectionQueries;
  options: FilterOptions;
  /** null for members; the link's allowChanges for a visitor. */
  allowChanges: string[] | null;
  shareToken: string | null;
  linkName?: string;
  /** The organisation's plan has the feedback list (feedbackInbox): otherwise no list tab, no list section. */
  feedbackList: boolean;
  /** The files the member (a link: its creator) may export; none: no export panel. */
  exportKinds: readonly string[];
}

function ResultsBody({ state: requested, sections, options, allowChanges, shareToken, linkName, feedbackList, exportKinds }: BodyProps) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const [sharing, setSharing] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);
  // Where the graphs put their question index (a portal into the toolbar).
  const [indexSlot, setIndexSlot] = useState<HTMLDivElement | null>(null);
  // Once the toolbar sticks to the top, its filter controls fold away (chips, views and tools stay)
  // until "Change filters" unfolds them, so the stuck toolbar takes little of the window.
  const indexContext = useMemo(() => ({ slot: indexSlot, surveyNames: new Map(options.surveys.map((s) => [s.id, s.name])) }), [indexSlot, options.surveys]);
  const stuckSentinel = useRef<HTMLDivElement>(null);
  const [stuck, setStuck] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  useEffect(() => {
    const sentinel = stuckSentinel.current;
    if (!sentinel || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => {
      const nowStuck = entry ? !entry.isIntersecting && entry.boundingClientRect.top < 0 : false;
      setStuck(nowStuck);
      if (!nowStuck) setFiltersOpen(false);
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, []);
  // Busy while the filters' results are on their way or any section inside still shows its loading
  // placeholder. Read from the DOM (a MutationObserver), not counted in React state: counting the
  // placeholders in state re-rendered the view, which re-mounted them, without end.
  const viewRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const update = () => view.setAttribute("aria-busy", String(!sections.loaded || view.querySelector(".results-loading") !== null));
    update();
    const observer = new MutationObserver(update);
    observer.observe(view, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [sections.loaded]);
  const print = params.get("print") === "1";
  const visitor = shareToken !== null;
  // An address asking for the list on a plan without it shows the graphs.
  const state = listFallback(requested, feedbackList);
  const shownViews = feedbackList ? views : views.filter((v) => v !== "list");
  const { wire, filtersKey } = sections;
  // Not in a transition (react-router's default): a transition keeps the previous results and export
  // panel on screen, with the previous filters, until the new data arrives, so an export started
  // meanwhile exported what the filters said before. Now the sections show their loading state and
  // what is on screen is always what the filters say.
  const apply = (next: ResultsFilterState) => setParams(filtersToSearch(next, params, { explicit: visitor }), { flushSync: true });
  const setView = (view: ResultsView) => apply({ ...state, view });

  useEffect(() => {
    if (!print) return;
    document.documentElement.classList.add("results-print");
    return () => document.documentElement.classList.remove("results-print");
  }, [print]);

  const shown = shownComponents(params, state.view);
  const printed = (c: PrintComponent) => shown.includes(c);
  const viewComponents: Record<ResultsView, PrintComponent> = { graphs: "questions", table: "table", list: "feedbackList" };

  const questionsOf = (mode: "graphs" | "table") =>
    sections.questions ? <QuestionsSection queryRef={sections.questions} mode={mode} stackTo100={state.stackGraphsTo100} /> : <Loading />;
  const questions = questionsOf("graphs");
  const table = questionsOf("table");
  const list = sections.list ? (
    <FeedbackListView
      queryRef={sections.list}
      hiddenColumns={state.feedbackListHiddenColumns}
      onHiddenColumnsChange={(feedbackListHiddenColumns) => apply({ ...state, feedbackListHiddenColumns })}
      mayChangeColumns={mayChange(allowChanges, "feedbackListHiddenColumns") && !print}
      canManage={!visitor && !print}
      onChanged={sections.reloadList}
      oneSurvey={state.surveyIds.length === 1}
    />
  ) : (
    <Loading />
  );
  const text = sections.text ? <TextAnalyticsSection queryRef={sections.text} /> : <Loading />;
  const rootCauses = useRootCauseQuery(sections, shareToken, options.outcomes, shown.includes("rootCause"));
  const rootCause = (
    <RootCausePanel outcomes={options.outcomes} chosen={rootCauses.chosen} onChoose={rootCauses.choose} queryRef={rootCauses.queryRef} inlineLoading={!print} />
  );

  if (print) {
    // One boundary for the whole printout: PrintReady renders only when every section has its data.
    return (
      <section className="page results-page results-page--print">
        {/* The printer's internal link is named "PDF export": the printout is titled Results. */}
        <h1 className="page__title">{t`Results`}</h1>
        <ResultsErrorBoundary resetKey={filtersKey} fallback={(message) => <SectionError message={message} />}>
          <Suspense fallback={<Loading />}>
            {printed("questions") ? questions : null}
            {printed("table") ? table : null}
            {printed("feedbackList") && feedbackList ? list : null}
            {printed("textAnalytics") ? text : null}
            {printed("rootCause") ? rootCause : null}
            {/* Only once every printed section's query is under way: before that they show a loading text. */}
            {sections.loaded && (!printed("rootCause") || !rootCauses.chosen || rootCauses.queryRef) ? <PrintReady /> : null}
          </Suspense>
        </ResultsErrorBoundary>
      </section>
    );
  }

  const closeSharing = () => {
    setSharing(false);
    shareButton.current?.focus();
  };
  return (
    <section className="page results-page">
      <div className="results-page__header">
        <h1 className="page__title">{visitor && linkName ? linkName : t`Results`}</h1>
        {visitor ? (
          <p className="field__hint">
            <Trans>You are viewing shared results.</Trans>
          </p>
        ) : null}
      </div>
      {/* The sticky toolbar: filters (a draft until "Filter results"), the applied ones as chips that
          remove at once, the view switch, the question index and the tools as panels. */}
      <div ref={stuckSentinel} className="results-toolbar__sentinel" aria-hidden="true" />
      <div
        className={`results-toolbar${stuck ? " results-toolbar--stuck" : ""}${stuck && filtersOpen ? " results-toolbar--expanded" : ""}`}
        role="region"
        aria-label={t`Results tools`}
      >
        <FilterBar value={state} options={options} allowChanges={allowChanges} onApply={apply} />
        <div className="results-toolbar__row">
          {stuck ? (
            <button
              type="button"
              className="button button--ghost button--small results-toolbar__filters-toggle"
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((o) => !o)}
            >
              <FilterIcon size="1.1em" />
              {filtersOpen ? t`Hide filters` : t`Change filters`}
            </button>
          ) : null}
          <FilterChips state={state} options={options} allowChanges={allowChanges} onApply={apply} />
        </div>
        <div className="results-toolbar__row">
          <ViewTabs views={shownViews} value={state.view} onChange={setView} disabled={!mayChange(allowChanges, "options.view")} />
          <div className="results-toolbar__index" ref={setIndexSlot} />
          <div className="results-toolbar__tools">
            {/* Bookmarks are a member's own; a visitor exports what the link shows (ExportPanel). */}
            {visitor ? null : (
              <ToolbarPopover label={t`Saved views`}>
                <BookmarksPanel
                  filters={wire}
                  queryRef={sections.bookmarks}
                  onReload={sections.reloadBookmarks}
                  onOpen={(saved) => apply(readSavedFilters(saved))}
                />
              </ToolbarPopover>
            )}
            {(exportKinds ?? []).length > 0 ? (
              <ToolbarPopover label={t`Export`} icon={DownloadIcon}>
                <ExportPanel
                  filters={wire}
                  locale={i18n.locale}
                  components={state.view === "graphs" ? [viewComponents.graphs, "textAnalytics", "rootCause"] : [viewComponents[state.view]]}
                  shareToken={shareToken}
                  kinds={exportKinds}
                />
              </ToolbarPopover>
            ) : null}
            {visitor ? null : (
              <button ref={shareButton} type="button" className="button button--secondary button--small" onClick={() => setSharing(true)}>
                <ShareIcon size="1.1em" />
                <Trans>Share results</Trans>
              </button>
            )}
          </div>
        </div>
      </div>
      <QuestionIndexSlot.Provider value={indexContext}>
        {/* Busy while the filters' results are on their way (restricting by an answer can take a while). */}
        <div
          id="results-view"
          role="tabpanel"
          aria-labelledby={`results-tab-${state.view}`}
          className="results-view"
          ref={viewRef}
          aria-busy={!sections.loaded}
        >
          <Section resetKey={`${state.view}:${filtersKey}`}>{state.view === "graphs" ? questions : state.view === "table" ? table : list}</Section>
        </div>
      </QuestionIndexSlot.Provider>
      {state.view === "graphs" ? (
        <>
          <Section resetKey={`text:${filtersKey}`}>{text}</Section>
          <Section resetKey={`root:${filtersKey}`}>{rootCause}</Section>
        </>
      ) : null}
      {sharing ? <ShareLinkDialog filters={wire} onClose={closeSharing} /> : null}
    </section>
  );
}

/**
 * The members' filter options: every touchpoint and survey they can see, with the surveys' questions.
 * These are choices in the filter bar, not a list to page through: the filter needs them all, so one
 * large page (500) instead of a connection with "load more".
 */
const optionsQuery = graphql`
  query ResultsPageOptionsQuery {
    viewer {
      exportKinds
      currentOrganization {
        availableFeatures
      }
    }
    touchpoints(first: 500) {
      edges {
        node {
          legacyId
          name
        }
      }
    }
    surveys(first: 500) {
      edges {
        node {
          legacyId
          name
          questions {
            legacyId
            type
            title {
              language
              text
            }
            choices {
              id
              text {
                language
                text
              }
              hidden
            }
            options {
              ... on SmileyOptions {
                buttons
              }
            }
            hidden
          }
        }
      }
    }
  }
`;

function PageLoading() {
  const { t } = useLingui();
  return (
    <section className="page">
      <h1 className="page__title">{t`Results`}</h1>
      <Loading />
    </section>
  );
}

/** Signed-in members: the filters come from the address, so the options and the sections load together. */
function MemberResults() {
  const [params] = useSearchParams();
  const state = useMemo(() => filtersFromSearch(params), [params]);
  // The plan (whether it has the feedback list) comes with the options: until then the list waits.
  const [listAllowed, setListAllowed] = useState<boolean | null>(null);
  const sections = useSectionQueries(state, null, params, listAllowed);
  const [optionsRef, loadOptions] = useQueryLoader<ResultsPageOptionsQuery>(optionsQuery);
  useEffect(() => {
    loadOptions({}, { fetchPolicy: "store-or-network" });
  }, [loadOptions]);
  if (!optionsRef) return <PageLoading />;
  return (
    <Suspense fallback={<PageLoading />}>
      <MemberBody optionsRef={optionsRef} state={state} sections={sections} onPlan={setListAllowed} />
    </Suspense>
  );
}

/** The filters' choices are the touchpoints and surveys the member can see. */
function MemberBody({
  optionsRef,
  state,
  sections,
  onPlan,
}: {
  optionsRef: PreloadedQuery<ResultsPageOptionsQuery>;
  state: ResultsFilterState;
  sections: SectionQueries;
  /** Tells the page whether the plan has the feedback list, once the options say. */
  onPlan: (feedbackList: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const data = usePreloadedQuery<ResultsPageOptionsQuery>(optionsQuery, optionsRef);
  const [, setParams] = useSearchParams();
  const feedbackList = data.viewer?.currentOrganization?.availableFeatures.includes("feedbackInbox") ?? false;
  useEffect(() => onPlan(feedbackList), [feedbackList, onPlan]);
  // An address asking for the list on a plan without it is moved to the graphs, so the graphs'
  // sections load (the list's query never started: it waits for the plan).
  useEffect(() => {
    if (feedbackList || state.view !== "list") return;
    setParams(
      (p) => {
        p.delete("view");
        return p;
      },
      { replace: true },
    );
  }, [feedbackList, state.view, setParams]);
  const options = useMemo<FilterOptions>(() => {
    const surveys = data.surveys.edges.map((e) => e.node);
    const inScope = state.surveyIds.length ? surveys.filter((s) => state.surveyIds.includes(s.legacyId)) : surveys;
    return optionsOf(
      surveys.map((s) => ({ id: s.legacyId, name: s.name })),
      inScope.flatMap((s) => s.questions.map((q) => ({ survey: s.name, q: q as StoredQuestion }))),
      data.touchpoints.edges.map((e) => ({ id: e.node.legacyId, name: e.node.name })),
      [],
      i18n.locale,
      { worst: t`worst`, best: t`best` },
    );
  }, [data, state.surveyIds, i18n.locale, t]);
  return (
    <ResultsBody
      state={state}
      sections={sections}
      options={options}
      allowChanges={null}
      shareToken={null}
      feedbackList={feedbackList}
      exportKinds={data.viewer?.exportKinds ?? []}
    />
  );
}

const emptyOptions: FilterOptions = { touchpoints: [], surveys: [], questions: [], allQuestions: [], outcomes: [], metaKeys: [], metaValues: {} };

/** The filter bar's lists from stored questions (members: their surveys; visitors: the link's choices). */
function optionsOf(
  surveys: ReadonlyArray<{ id: string; name: string }>,
  questions: ReadonlyArray<{ survey: string; q: StoredQuestion }>,
  touchpoints: ReadonlyArray<{ id: string; name: string }>,
  meta: ReadonlyArray<{ key: string; values: ReadonlyArray<{ value: string }> }>,
  locale: string,
  labels: { worst: string; best: string },
): FilterOptions {
  const titled = (survey: string, q: StoredQuestion) => ({
    id: q.legacyId,
    name: `${survey}: ${pickText(textsOf(q.title), locale) || q.legacyId}`,
  });
  const shown = questions.filter(({ q }) => !q.hidden);
  return {
    touchpoints: touchpoints.map((tp) => ({ id: tp.id, name: tp.name })),
    surveys: surveys.map((s) => ({ id: s.id, name: s.name })),
    // Named with their survey: with every survey chosen, two surveys' "How was your visit?" differ.
    questions: shown.flatMap(({ survey, q }) => {
      const fq = toFilterQuestion(q, locale, labels);
      return fq ? [{ ...fq, title: `${survey}: ${fq.title}` }] : [];
    }),
    allQuestions: shown.map(({ survey, q }) => titled(survey, q)),
    outcomes: shown.filter(({ q }) => isOutcomeQuestionType(q.type)).map(({ survey, q }) => titled(survey, q)),
    metaKeys: meta.map((m) => m.key),
    metaValues: Object.fromEntries(meta.map((m) => [m.key, m.values.map((v) => v.value)])),
  };
}

/**
 * A share-link visitor: no sign-in, no bearer token; the link's filters with only the allowed
 * changes. The filter bar's choices come with the link (Query.resultsFilterOptions): only the lists
 * of filters the link lets the visitor change, within what its creator sees; none in print mode.
 */
function SharedResults({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const utcOffset = useMemo(() => browserUtcOffset(), []);
  const withOptions = params.get("print") !== "1";
  const data = useLazyLoadQuery<ResultsPageSharedViewQuery>(
    graphql`
      query ResultsPageSharedViewQuery($shareToken: String!, $utcOffset: Int, $optionsFilters: ResultsFilterInput, $withOptions: Boolean!) {
        sharedView(shareToken: $shareToken, utcOffset: $utcOffset) {
          name
          filters {
            ...savedFilters_filters
          }
          allowChanges
          hideTimestamps
          hideResultsIfLessThan
          expiredAt
          feedbackList
          exportKinds
        }
        resultsFilterOptions(shareToken: $shareToken, filters: $optionsFilters) @include(if: $withOptions) {
          surveys {
            legacyId
            name
          }
          touchpoints {
            legacyId
            name
          }
          questions {
            legacyId
            surveyLegacyId
            type
            title {
              language
              text
            }
            choices {
              id
              text {
                language
                text
              }
              hidden
            }
            options {
              ... on SmileyOptions {
                buttons
              }
            }
          }
          metaKeys {
            key
            values {
              value
            }
          }
        }
      }
    `,
    { shareToken: token, utcOffset, optionsFilters: { utcOffset }, withOptions },
    { fetchPolicy: "store-or-network" },
  );
  const view = data.sharedView;
  const allowChanges = useMemo(() => [...view.allowChanges], [view.allowChanges]);
  const state = useMemo(
    () => listFallback(mergeSharedFilters(readSavedFilters(view.filters), params, allowChanges), view.feedbackList),
    [view.filters, params, allowChanges, view.feedbackList],
  );
  const choices = data.resultsFilterOptions;
  const options = useMemo<FilterOptions>(() => {
    if (!choices) return emptyOptions;
    const surveyName = new Map(choices.surveys.map((s) => [s.legacyId, s.name]));
    const inScope = state.surveyIds.length ? choices.questions.filter((q) => state.surveyIds.includes(q.surveyLegacyId)) : choices.questions;
    return optionsOf(
      choices.surveys.map((s) => ({ id: s.legacyId, name: s.name })),
      inScope.map((q) => ({ survey: surveyName.get(q.surveyLegacyId) ?? view.name, q: q as StoredQuestion })),
      choices.touchpoints.map((tp) => ({ id: tp.legacyId, name: tp.name })),
      choices.metaKeys,
      i18n.locale,
      { worst: t`worst`, best: t`best` },
    );
  }, [choices, state.surveyIds, view.name, i18n.locale, t]);
  const sections = useSectionQueries(state, token, params, view.feedbackList);
  return (
    <ResultsBody
      state={state}
      sections={sections}
      options={options}
      allowChanges={allowChanges}
      shareToken={token}
      linkName={view.name}
      feedbackList={view.feedbackList}
      exportKinds={view.exportKinds}
    />
  );
}

/**
 * /results (spec 001 §2 "Results", §3 "Results filters", "Bookmark", "Share token options"):
 * filters kept in the address, the graphs (default), table and feedback list views, text analytics
 * and root causes, saved views, share links and exports. `?token=` opens a share link without
 * signing in; `?print=1` is the print layout the PDF export prints. docs/results-screens.md.
 */
export default function ResultsPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = queryToken(params);
  return (
    <ResultsErrorBoundary
      resetKey={token ?? ""}
      fallback={(message) => (
        <section className="page">
          <h1 className="page__title">{t`Results`}</h1>
          <SectionError message={message} />
        </section>
      )}
    >
      <Suspense fallback={<PageLoading />}>{token ? <SharedResults token={token} /> : <MemberResults />}</Suspense>
    </ResultsErrorBoundary>
  );
}
