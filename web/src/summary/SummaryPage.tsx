import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import { useSearchParams } from "react-router-dom";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { SummaryPageLiveSubscription } from "../__generated__/SummaryPageLiveSubscription.graphql";
import type { SummaryPageQuery } from "../__generated__/SummaryPageQuery.graphql";
import type { SummaryPageSurveysQuery as SummaryPageSurveysQueryType } from "../__generated__/SummaryPageSurveysQuery.graphql";
import { formatNumber, formatPercent, formatSigned } from "../analytics/charts/chartTheme";
import { DailySeriesChart } from "../analytics/charts/DailySeriesChart";
import { SatisfactionGauge } from "../analytics/charts/SatisfactionGauge";
import { TouchpointRankingChart, type RankingEntry } from "../analytics/charts/TouchpointRankingChart";
import { browserUtcOffset } from "../results/filters";
import { ResultsErrorBoundary } from "../results/ResultsErrorBoundary";
import "../results/results.css";

const liveSubscription = graphql`
  subscription SummaryPageLiveSubscription {
    summaryResponsesArrived {
      created
      touchpoints {
        touchpointLegacyId
        surveyLegacyId
        created
      }
    }
  }
`;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** Today in the browser's calendar, yyyy-MM-dd. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** The summary's filters from the address: from, to (yyyy-MM-dd, default the last 7 days on the server) and survey ids. */
export function summaryFiltersFromSearch(params: URLSearchParams): { from: string | null; to: string | null; surveyIds: string[] } {
  const from = params.get("from");
  const to = params.get("to");
  return {
    from: from && dayPattern.test(from) ? from : null,
    to: to && dayPattern.test(to) ? to : null,
    surveyIds: (params.get("survey") ?? "").split(",").filter(Boolean),
  };
}

/** "2026/11/20" (the API's received dates) → "20.11." for a chart's axis. */
const shortDay = (slashDate: string) => {
  const [, m, d] = slashDate.split("/");
  return m && d ? `${d}.${m}.` : slashDate;
};

function Figure({ label, now, earlier, org, format }: { label: string; now: number | null; earlier: number | null; org: number | null; format: (v: number | null) => string }) {
  const { t } = useLingui();
  return (
    <figure className="kpi" aria-label={label}>
      <figcaption className="kpi__label">{label}</figcaption>
      <p className="kpi__value" role="status" aria-label={t`${label} now`}>
        {format(now)}
      </p>
      <p className="kpi__compare">
        {t`Earlier period: ${format(earlier)}`} · {t`Organisation: ${format(org)}`}
      </p>
    </figure>
  );
}

function SummaryContent({ from, to, surveyIds }: { from: string | null; to: string | null; surveyIds: string[] }) {
  const { t } = useLingui();
  const utcOffset = useMemo(() => browserUtcOffset(), []);
  const data = useLazyLoadQuery<SummaryPageQuery>(
    graphql`
      query SummaryPageQuery($input: SummaryInput) {
        summary(input: $input) {
          from
          to
          average {
            now
            earlier
          }
          orgAverage {
            now
          }
          nps {
            now
            earlier
          }
          orgNPS {
            now
          }
          count {
            now
            earlier
          }
          orgCount {
            now
          }
          ranking {
            now {
              touchpointLegacyId
              name
              position
              average
              count
            }
            earlier {
              touchpointLegacyId
              average
            }
          }
          daily {
            date
            count
            average
            nps
          }
        }
      }
    `,
    { input: { from, to, surveyIds, utcOffset } },
    { fetchPolicy: "store-and-network" },
  );
  const s = data.summary;
  // Responses that arrived since the summary was read (summaryResponsesArrived), added to today's figures.
  const [live, setLive] = useState({ count: 0, orgCount: 0 });
  const today = localToday().replace(/-/g, "/");
  const coversToday = s.from <= today && today <= s.to;
  const filterRef = useRef({ surveyIds, coversToday });
  filterRef.current = { surveyIds, coversToday };
  const config = useMemo<GraphQLSubscriptionConfig<SummaryPageLiveSubscription>>(
    () => ({
      subscription: liveSubscription,
      variables: {},
      onNext: (response) => {
        const event = response?.summaryResponsesArrived;
        if (!event || !filterRef.current.coversToday) return;
        const { surveyIds: wanted } = filterRef.current;
        const matching = event.touchpoints.filter((x) => wanted.length === 0 || wanted.includes(x.surveyLegacyId)).reduce((sum, x) => sum + x.created, 0);
        setLive((l) => ({ count: l.count + matching, orgCount: l.orgCount + event.created }));
      },
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);

  const earlierById = new Map(s.ranking.earlier.map((r) => [r.touchpointLegacyId, r.average]));
  const ranking: RankingEntry[] = s.ranking.now.map((r) => ({
    touchpointId: r.touchpointLegacyId,
    name: r.name,
    now: r.average ?? null,
    earlier: earlierById.get(r.touchpointLegacyId) ?? null,
    count: r.count,
  }));
  const lastIndex = s.daily.length - 1;
  const dailyCounts = s.daily.map((d, i) => ({ label: shortDay(d.date), value: d.count + (i === lastIndex && d.date === today ? live.count : 0) }));
  return (
    <>
      <p className="field__hint">
        {t`From ${s.from} to ${s.to}, compared with the same number of days just before.`}
      </p>
      <div className="summary-kpis">
        <Figure label={t`Responses`} now={s.count.now + live.count} earlier={s.count.earlier} org={s.orgCount.now + live.orgCount} format={(v) => formatNumber(v)} />
        <Figure label={t`Average satisfaction`} now={s.average.now ?? null} earlier={s.average.earlier ?? null} org={s.orgAverage.now ?? null} format={(v) => formatPercent(v)} />
        <Figure label={t`NPS`} now={s.nps.now ?? null} earlier={s.nps.earlier ?? null} org={s.orgNPS.now ?? null} format={(v) => formatSigned(v)} />
      </div>
      <div className="results-grid">
        <SatisfactionGauge title={t`Satisfaction level`} value={s.average.now ?? null} earlier={s.average.earlier ?? null} />
        <TouchpointRankingChart title={t`Touchpoint ranking`} entries={ranking} />
      </div>
      <div className="results-grid">
        <DailySeriesChart title={t`Responses per day`} metric="responses" points={dailyCounts} />
        <DailySeriesChart title={t`Satisfaction per day`} metric="satisfaction" points={s.daily.map((d) => ({ label: shortDay(d.date), value: d.average ?? null }))} />
        <DailySeriesChart title={t`NPS per day`} metric="nps" points={s.daily.map((d) => ({ label: shortDay(d.date), value: d.nps ?? null }))} />
      </div>
    </>
  );
}

function SummaryFilters({ from, to, surveyIds, onApply }: { from: string | null; to: string | null; surveyIds: string[]; onApply: (f: { from: string | null; to: string | null; surveyIds: string[] }) => void }) {
  const { t } = useLingui();
  const id = useId();
  const data = useLazyLoadQuery<SummaryPageSurveysQueryType>(summarySurveysQuery, {}, { fetchPolicy: "store-or-network" });
  const [draft, setDraft] = useState({ from, to, surveyIds });
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify({ from, to, surveyIds });
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    setDraft({ from, to, surveyIds });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
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
          <Trans>To</Trans>
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
                onChange={(e) => setDraft({ ...draft, surveyIds: e.target.checked ? [...draft.surveyIds, s.legacyId] : draft.surveyIds.filter((x) => x !== s.legacyId) })}
              />
              {s.name}
            </label>
          ))}
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

const summarySurveysQuery = graphql`
  query SummaryPageSurveysQuery {
    surveys(first: 500) {
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
      <Suspense fallback={<p role="status">{t`Loading…`}</p>}>
        <SummaryFilters {...filters} onApply={apply} />
      </Suspense>
      <ResultsErrorBoundary
        resetKey={key}
        fallback={(message) => (
          <p className="field__error" role="alert">
            {message ?? t`Something went wrong`}
          </p>
        )}
      >
        <Suspense fallback={<p role="status">{t`Loading the summary…`}</p>}>
          <SummaryContent key={key} {...filters} />
        </Suspense>
      </ResultsErrorBoundary>
    </section>
  );
}
