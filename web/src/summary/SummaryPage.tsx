import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useId, useState, type FormEvent } from "react";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { SummaryPage_surveys$key } from "../__generated__/SummaryPage_surveys.graphql";
import type { SummaryPageSurveysQuery as SummaryPageSurveysQueryType } from "../__generated__/SummaryPageSurveysQuery.graphql";
import type { SummaryPageSurveysRefetchQuery } from "../__generated__/SummaryPageSurveysRefetchQuery.graphql";
import { ResultsErrorBoundary } from "../results/ResultsErrorBoundary";
import { summaryFiltersFromSearch } from "./summaryFilters";
import "../results/results.css";
import { Skeleton } from "../ui/Skeleton";

const SummaryContent = lazy(() => import("./SummaryContent"));

function SummaryFilters({
  from,
  to,
  surveyIds,
  onApply,
}: {
  from: string | null;
  to: string | null;
  surveyIds: string[];
  onApply: (f: { from: string | null; to: string | null; surveyIds: string[] }) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const query = useLazyLoadQuery<SummaryPageSurveysQueryType>(summarySurveysQuery, {}, { fetchPolicy: "store-or-network" });
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<SummaryPageSurveysRefetchQuery, SummaryPage_surveys$key>(surveysFragment, query);
  const [draft, setDraft] = useState({ from, to, surveyIds });
  const [error, setError] = useState<string | null>(null);
  // New filters in the address (applied, or the back button) replace the draft, during render.
  const key = JSON.stringify({ from, to, surveyIds });
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    setDraft({ from, to, surveyIds });
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError(t`The start date must not be after the end date`);
      return;
    }
    setError(null);
    onApply(draft);
  };
  const surveys = data.surveys.edges.map((e) => e.node);
  return (
    <form className="summary-filters" aria-label={t`Summary filters`} onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={`${id}-from`}>
          <Trans>From</Trans>
        </label>
        <input id={`${id}-from`} type="date" value={draft.from ?? ""} onChange={(e) => setDraft({ ...draft, from: e.target.value || null })} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-to`}>
          <Trans context="end of a date range">To</Trans>
        </label>
        <input id={`${id}-to`} type="date" value={draft.to ?? ""} onChange={(e) => setDraft({ ...draft, to: e.target.value || null })} />
      </div>
      <details className="filter-group">
        <summary>
          {t`Surveys`}: {draft.surveyIds.length === 0 ? t`all` : t`${draft.surveyIds.length} selected`}
        </summary>
        <fieldset className="filter-group__options">
          <legend className="visually-hidden">{t`Surveys`}</legend>
          {surveys.map((s) => (
            <label key={s.legacyId} className="field--checkbox">
              <input
                type="checkbox"
                checked={draft.surveyIds.includes(s.legacyId)}
                onChange={(e) =>
                  setDraft({ ...draft, surveyIds: e.target.checked ? [...draft.surveyIds, s.legacyId] : draft.surveyIds.filter((x) => x !== s.legacyId) })
                }
              />
              {s.name}
            </label>
          ))}
          {hasNext ? (
            <button type="button" className="button button--secondary" disabled={isLoadingNext} onClick={() => loadNext(surveysPageSize)}>
              <Trans>Show more surveys</Trans>
            </button>
          ) : null}
        </fieldset>
      </details>
      <button type="submit" className="button">
        <Trans>Update summary</Trans>
      </button>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** How many surveys the filter's list reads at a time. */
const surveysPageSize = 100;

const summarySurveysQuery = graphql`
  query SummaryPageSurveysQuery {
    ...SummaryPage_surveys
  }
`;

/** The surveys to choose from, a page at a time. */
const surveysFragment = graphql`
  fragment SummaryPage_surveys on Query
  @refetchable(queryName: "SummaryPageSurveysRefetchQuery")
  @argumentDefinitions(first: { type: "Int", defaultValue: 100 }, after: { type: "String" }) {
    surveys(first: $first, after: $after) @connection(key: "SummaryPage_surveys") {
      edges {
        node {
          legacyId
          name
        }
      }
    }
  }
`;

/**
 * /summary (spec 001 §2, §3 "Summary filters"): from/to (default the last 7 days) and surveys in the
 * address; response count, average satisfaction and NPS now and earlier with the organisation's own
 * figures beside them; the touchpoint ranking now against earlier; daily charts. Counts move while
 * responses arrive (summaryResponsesArrived).
 */
export default function SummaryPage() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const filters = summaryFiltersFromSearch(params);
  // The period the summary covers (the default last 7 days when the address names none): the
  // From and To fields show it.
  const [applied, setApplied] = useState<{ from: string; to: string } | null>(null);
  const apply = (f: { from: string | null; to: string | null; surveyIds: string[] }) => {
    const next = new URLSearchParams();
    if (f.from) next.set("from", f.from);
    if (f.to) next.set("to", f.to);
    if (f.surveyIds.length) next.set("survey", f.surveyIds.join(","));
    setParams(next);
  };
  const key = JSON.stringify(filters);
  return (
    <section className="page summary-page">
      <h1 className="page__title">
        <Trans>Summary</Trans>
      </h1>
      <ResultsErrorBoundary
        resetKey={key}
        fallback={(message) => (
          <p className="field__error" role="alert">
            {message ?? t`Something went wrong`}
          </p>
        )}
      >
        <Suspense fallback={<Skeleton label={t`Loading…`} lines={2} />}>
          <SummaryFilters {...filters} from={filters.from ?? applied?.from ?? null} to={filters.to ?? applied?.to ?? null} onApply={apply} />
        </Suspense>
      </ResultsErrorBoundary>
      <ResultsErrorBoundary
        resetKey={key}
        fallback={(message) => (
          <p className="field__error" role="alert">
            {message ?? t`Something went wrong`}
          </p>
        )}
      >
        <Suspense fallback={<Skeleton label={t`Loading the summary…`} shape="chart" height="20rem" />}>
          <SummaryContent key={key} {...filters} onPeriod={setApplied} />
        </Suspense>
      </ResultsErrorBoundary>
    </section>
  );
}
