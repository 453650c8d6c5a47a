import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useSearchParams } from "react-router-dom";
import { isOutcomeQuestionType } from "@feedback/shared/root-cause";
import type { ResultsPageOptionsQuery } from "../__generated__/ResultsPageOptionsQuery.graphql";
import type { ResultsPageSharedViewQuery } from "../__generated__/ResultsPageSharedViewQuery.graphql";
import { queryToken } from "../access/queryFlags";
import { BookmarksPanel } from "./BookmarksPanel";
import { ExportPanel } from "./ExportPanel";
import { FeedbackListView } from "./FeedbackListView";
import { FilterBar, type FilterOptions } from "./FilterBar";
import {
  browserUtcOffset,
  filtersFromSearch,
  filtersToSearch,
  fromWireFilters,
  mayChange,
  mergeSharedFilters,
  toWireFilters,
  type ResultsFilterState,
  type ResultsView,
  views,
} from "./filters";
import { pickText, toFilterQuestion, type StoredQuestion } from "./questionOptions";
import { ResultsErrorBoundary } from "./ResultsErrorBoundary";
import { ShareLinkDialog } from "./ShareLinkDialog";
import { ViewTabs } from "./ViewTabs";
import "./results.css";

// The chart sections load on their own (Victory is large): the filters and tools show at once.
const QuestionResults = lazy(() => import("./QuestionResults").then((m) => ({ default: m.QuestionResults })));
const TextAnalyticsPanel = lazy(() => import("./TextAnalyticsPanel").then((m) => ({ default: m.TextAnalyticsPanel })));
const RootCausePanel = lazy(() => import("./RootCausePanel").then((m) => ({ default: m.RootCausePanel })));

/** The sections a printed (PDF) page can hold: `components=` of the print address. */
export const printComponents = ["questions", "table", "feedbackList", "textAnalytics", "rootCause"] as const;
export type PrintComponent = (typeof printComponents)[number];

function Loading() {
  return (
    <p role="status" className="results-loading">
      <Trans>Loading results…</Trans>
    </p>
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
  options: FilterOptions;
  /** null for members; the link's allowChanges for a visitor. */
  allowChanges: string[] | null;
  shareToken: string | null;
  linkName?: string;
  /** The organisation's plan has the feedback list (feedbackInbox): otherwise no list tab, no list section. */
  feedbackList: boolean;
}

function ResultsBody({ state: requested, options, allowChanges, shareToken, linkName, feedbackList }: BodyProps) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const [sharing, setSharing] = useState(false);
  const print = params.get("print") === "1";
  const visitor = shareToken !== null;
  // An address or link asking for the list on a plan without it shows the graphs.
  const state = !feedbackList && requested.view === "list" ? { ...requested, view: "graphs" as const } : requested;
  const shownViews = feedbackList ? views : views.filter((v) => v !== "list");
  const utcOffset = useMemo(() => browserUtcOffset(), []);
  const wire = useMemo(() => toWireFilters(state, utcOffset), [state, utcOffset]);
  // The filters as a key: a section starts afresh (error and loading state) when they change.
  const filtersKey = JSON.stringify(wire);
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

  const wanted = print
    ? (params.get("components") ?? "").split(",").filter((c): c is PrintComponent => (printComponents as readonly string[]).includes(c))
    : [];
  const printed = (c: PrintComponent) => (wanted.length ? wanted.includes(c) : c === "questions");
  const viewComponents: Record<ResultsView, PrintComponent> = { graphs: "questions", table: "table", list: "feedbackList" };

  const questions = <QuestionResults filters={wire} shareToken={shareToken} mode="graphs" stackTo100={state.stackGraphsTo100} />;
  const table = <QuestionResults filters={wire} shareToken={shareToken} mode="table" stackTo100={state.stackGraphsTo100} />;
  const list = (
    <FeedbackListView
      filters={wire}
      shareToken={shareToken}
      hiddenColumns={state.feedbackListHiddenColumns}
      onHiddenColumnsChange={(feedbackListHiddenColumns) => apply({ ...state, feedbackListHiddenColumns })}
      mayChangeColumns={mayChange(allowChanges, "feedbackListHiddenColumns") && !print}
      canManage={!visitor && !print}
    />
  );
  const text = <TextAnalyticsPanel filters={wire} shareToken={shareToken} />;
  const rootCause = <RootCausePanel filters={wire} shareToken={shareToken} outcomes={options.outcomes} />;

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
            <PrintReady />
          </Suspense>
        </ResultsErrorBoundary>
      </section>
    );
  }

  return (
    <section className="page results-page">
      <div className="results-page__header">
        <h1 className="page__title">{visitor && linkName ? linkName : t`Results`}</h1>
        {visitor ? null : (
          <button type="button" className="button button--secondary" onClick={() => setSharing(true)}>
            <Trans>Share results</Trans>
          </button>
        )}
      </div>
      {visitor ? (
        <p className="field__hint">
          <Trans>You are viewing shared results.</Trans>
        </p>
      ) : null}
      <FilterBar value={state} options={options} allowChanges={allowChanges} onApply={apply} />
      <ViewTabs views={shownViews} value={state.view} onChange={setView} disabled={!mayChange(allowChanges, "options.view")} />
      <div id="results-view" role="tabpanel" aria-labelledby={`results-tab-${state.view}`} className="results-view">
        <Section resetKey={`${state.view}:${filtersKey}`}>{state.view === "graphs" ? questions : state.view === "table" ? table : list}</Section>
      </div>
      {state.view === "graphs" ? (
        <>
          <Section resetKey={`text:${filtersKey}`}>{text}</Section>
          <Section resetKey={`root:${filtersKey}`}>{rootCause}</Section>
        </>
      ) : null}
      <div className="results-page__tools">
        {/* Bookmarks are a member's own; a visitor exports what the link shows (ExportPanel). */}
        {visitor ? null : <BookmarksPanel filters={wire} onOpen={(saved) => apply({ ...fromWireFilters(saved) })} />}
        <ExportPanel
          filters={wire}
          locale={i18n.locale}
          components={state.view === "graphs" ? [viewComponents.graphs, "textAnalytics", "rootCause"] : [viewComponents[state.view]]}
          shareToken={shareToken}
        />
      </div>
      {sharing ? <ShareLinkDialog filters={wire} onClose={() => setSharing(false)} /> : null}
    </section>
  );
}

/** Signed-in members: the filters' choices are the touchpoints and surveys they can see. */
function MemberResults() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const data = useLazyLoadQuery<ResultsPageOptionsQuery>(
    graphql`
      query ResultsPageOptionsQuery {
        viewer {
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
                title
                choices
                options
                hidden
              }
            }
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  const state = useMemo(() => filtersFromSearch(params), [params]);
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
  const feedbackList = data.viewer?.currentOrganization?.availableFeatures.includes("feedbackInbox") ?? false;
  return <ResultsBody state={state} options={options} allowChanges={null} shareToken={null} feedbackList={feedbackList} />;
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
    name: `${survey}: ${pickText(q.title as Record<string, string>, locale) || q.legacyId}`,
  });
  const shown = questions.filter(({ q }) => !q.hidden);
  return {
    touchpoints: touchpoints.map((tp) => ({ id: tp.id, name: tp.name })),
    surveys: surveys.map((s) => ({ id: s.id, name: s.name })),
    questions: shown.flatMap(({ q }) => {
      const fq = toFilterQuestion(q, locale, labels);
      return fq ? [fq] : [];
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
            from
            to
            datePreset
            touchpointIds
            surveyIds
            groupBy
            groupByMetaKey
            restrictByAnswer {
              questionId
              choiceIds
              numbers
              gte
              lt
            }
            metaDataMatch {
              items {
                key
                value
              }
              strict
            }
            feedbackListHiddenColumns
            options {
              stackGraphsTo100
              satisfactionReport
              hideQuestionsWithNoResponses
              view
              hiddenQuestions
            }
          }
          allowChanges
          hideTimestamps
          hideResultsIfLessThan
          expiredAt
          feedbackList
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
            title
            choices
            options
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
  const state = useMemo(() => mergeSharedFilters(fromWireFilters(view.filters), params, allowChanges), [view.filters, params, allowChanges]);
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
  return <ResultsBody state={state} options={options} allowChanges={allowChanges} shareToken={token} linkName={view.name} feedbackList={view.feedbackList} />;
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
      <Suspense
        fallback={
          <section className="page">
            <h1 className="page__title">{t`Results`}</h1>
            <Loading />
          </section>
        }
      >
        {token ? <SharedResults token={token} /> : <MemberResults />}
      </Suspense>
    </ResultsErrorBoundary>
  );
}
