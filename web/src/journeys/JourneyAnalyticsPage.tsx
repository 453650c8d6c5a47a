import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { useParams, useSearchParams } from "react-router-dom";
import type { JourneyAnalyticsPageQuery } from "../__generated__/JourneyAnalyticsPageQuery.graphql";
import type { JourneyAnalyticsPageOptionsQuery } from "../__generated__/JourneyAnalyticsPageOptionsQuery.graphql";
import { queryToken } from "../access/queryFlags";
import { FilterBar, type FilterOptions } from "../results/FilterBar";
import { filtersFromSearch, filtersToSearch, toWireFilters, type ResultsFilterState, type WireFilters } from "../results/filters";
import { ExportPanel } from "../results/ExportPanel";
import { ShareLinkDialog } from "../results/ShareLinkDialog";
import { ResultsErrorBoundary } from "../results/ResultsErrorBoundary";
import { formatNumber } from "../analytics/charts/chartTheme";
import { Button, EmptyState, LinkButton, Skeleton } from "../ui";
import { StageKpiChart, StageTrendChart, type JourneyKpi } from "./JourneyCharts";
import { isJourneyId, journeyGlobalId } from "./journeyIds";
import "../results/results.css";
import "./journeys.css";

/**
 * /customer-journey/analytics/{id} (spec 001 §2; spec 000 §2: opens without sign-in with a share
 * link's ?token=): the journey's KPI per stage against the earlier period, and over time, under the
 * results filters; members share it by link and export it as PDF (landscape). With ?print=1 (the PDF
 * printer) only the charts show, and the page marks itself ready to print once they are drawn.
 */
export default function JourneyAnalyticsPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const { t } = useLingui();
  if (!isJourneyId(id)) {
    return (
      <section className="page">
        <EmptyState title={t`Customer journey not found`} />
      </section>
    );
  }
  const token = queryToken(params);
  return (
    <ResultsErrorBoundary
      fallback={(message) => (
        <section className="page">
          <EmptyState title={message ?? t`Something went wrong`} />
        </section>
      )}
    >
      <Suspense
        fallback={
          <section className="page" aria-busy="true">
            <Skeleton label={t`Loading the journey…`} lines={8} shape="chart" />
          </section>
        }
      >
        {token ? <JourneyAnalytics legacyId={id} shareToken={token} options={null} /> : <MemberJourneyAnalytics legacyId={id} />}
      </Suspense>
    </ResultsErrorBoundary>
  );
}

/** Members: the filter bar's choices are the touchpoints and surveys they see. */
function MemberJourneyAnalytics({ legacyId }: { legacyId: string }) {
  const data = useLazyLoadQuery<JourneyAnalyticsPageOptionsQuery>(
    graphql`
      query JourneyAnalyticsPageOptionsQuery {
        resultsFilterOptions {
          surveys {
            legacyId
            name
          }
          touchpoints {
            legacyId
            name
          }
        }
      }
    `,
    {},
    { fetchPolicy: "store-or-network" },
  );
  const options = useMemo<FilterOptions>(
    () => ({
      touchpoints: data.resultsFilterOptions.touchpoints.map((tp) => ({ id: tp.legacyId, name: tp.name })),
      surveys: data.resultsFilterOptions.surveys.map((s) => ({ id: s.legacyId, name: s.name })),
      questions: [],
      allQuestions: [],
      outcomes: [],
      metaKeys: [],
      metaValues: {},
    }),
    [data],
  );
  return <JourneyAnalytics legacyId={legacyId} shareToken={null} options={options} />;
}

function JourneyAnalytics({ legacyId, shareToken, options }: { legacyId: string; shareToken: string | null; options: FilterOptions | null }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const print = params.get("print") === "1";
  const state: ResultsFilterState = useMemo(() => filtersFromSearch(params), [params]);
  const wire: WireFilters = useMemo(() => toWireFilters(state), [state]);
  const [sharing, setSharing] = useState(false);
  const data = useLazyLoadQuery<JourneyAnalyticsPageQuery>(
    graphql`
      query JourneyAnalyticsPageQuery($id: ID!, $filters: ResultsFilterInput, $shareToken: String) {
        journeyResult(id: $id, filters: $filters, shareToken: $shareToken) {
          name
          kpi
          from
          to
          groupBy
          total {
            now {
              value
              count
            }
            earlier {
              value
              count
            }
          }
          stages {
            name
            now {
              value
              count
            }
            earlier {
              value
              count
            }
            series {
              group
              label
              value
              count
            }
          }
        }
      }
    `,
    { id: journeyGlobalId(legacyId), filters: wire, shareToken },
    { fetchPolicy: "store-and-network" },
  );
  const r = data.journeyResult;
  // Relay's nullable scalars read as null | undefined; the charts take null for "no answers".
  const stages = useMemo(
    () =>
      r.stages.map((s) => ({
        name: s.name,
        now: { value: s.now.value ?? null, count: s.now.count },
        earlier: { value: s.earlier.value ?? null, count: s.earlier.count },
        series: s.series.map((p) => ({ ...p, value: p.value ?? null })),
      })),
    [r],
  );
  const kpi = r.kpi as JourneyKpi;
  const kpiNames: Record<JourneyKpi, string> = { nps: t`NPS`, average: t`Average`, count: t`Count`, evi: t`EVI` };
  const kpiName = kpiNames[kpi];
  const fmt = (v: number | null | undefined) => (v === null || v === undefined ? "–" : kpi === "average" ? `${formatNumber(v, 1)} %` : formatNumber(v, 1));
  // The printer waits for this mark (api/src/domain/exports/pdf.ts) once the charts are drawn.
  useEffect(() => {
    if (!print) return;
    const frame = requestAnimationFrame(() => document.documentElement.setAttribute("data-print-ready", "true"));
    return () => cancelAnimationFrame(frame);
  }, [print, r]);
  const apply = (next: ResultsFilterState) => setParams(filtersToSearch(next, params));

  return (
    <section className={`page journey-analytics${print ? " journey-analytics--print" : ""}`} data-print-mode={print ? "landscape" : undefined}>
      <div className="journeys-page__header">
        <h1 className="page__title">{r.name}</h1>
        {!print && !shareToken ? (
          <div className="journeys-page__actions">
            <Button onClick={() => setSharing(true)}>
              <Trans>Share by link</Trans>
            </Button>
            <LinkButton to="/customer-journey/list">
              <Trans>All journeys</Trans>
            </LinkButton>
          </div>
        ) : null}
      </div>
      <p className="journey-analytics__period">
        <Trans>
          KPI: {kpiName}. Period {r.from} – {r.to}.
        </Trans>
      </p>
      {!print && options ? <FilterBar value={state} options={options} allowChanges={null} onApply={apply} /> : null}
      <dl className="journey-analytics__total">
        <div>
          <dt>
            <Trans>Whole journey now</Trans>
          </dt>
          <dd data-testid="journey-total-now">{fmt(r.total.now.value)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Earlier period</Trans>
          </dt>
          <dd>{fmt(r.total.earlier.value)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Answers</Trans>
          </dt>
          <dd>{formatNumber(r.total.now.count)}</dd>
        </div>
      </dl>
      <div className="journey-analytics__charts">
        <StageKpiChart kpi={kpi} kpiName={kpiName} stages={stages} />
        <StageTrendChart kpi={kpi} kpiName={kpiName} stages={stages} />
      </div>
      {!print ? (
        <ExportPanel
          filters={wire}
          locale={i18n.locale}
          components={["customerJourney"]}
          shareToken={shareToken}
          journey={{ legacyId, globalId: journeyGlobalId(legacyId) }}
        />
      ) : null}
      {sharing ? (
        <ShareLinkDialog
          filters={wire}
          onClose={() => setSharing(false)}
          journeyId={legacyId}
          urlOf={(token) => `${window.location.origin}/customer-journey/analytics/${legacyId}?token=${encodeURIComponent(token)}`}
        />
      ) : null}
    </section>
  );
}
