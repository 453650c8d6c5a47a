import { axisDay } from "../format/date";
import { useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import type { QuestionResults_query$data, QuestionResults_query$key } from "../__generated__/QuestionResults_query.graphql";
import { formatNumber, formatPercent, formatSigned, palette } from "../analytics/charts/chartTheme";
import { DistributionChart, type DistributionCategory } from "../analytics/charts/DistributionChart";
import { EviChart, type EviCluster } from "../analytics/charts/EviChart";
import { GroupedSeriesChart, type GroupBy } from "../analytics/charts/GroupedSeriesChart";
import { NpsBreakdownChart } from "../analytics/charts/NpsBreakdownChart";
import { SatisfactionGauge } from "../analytics/charts/SatisfactionGauge";
import type { SeriesMetric } from "../analytics/charts/DailySeriesChart";
import { QuestionIndex, questionAnchor } from "./QuestionIndex";

type Result = QuestionResults_query$data["results"][number];
type Distribution = NonNullable<Result["mainResult"]>["distribution"];

const groupByOf = (g: string): GroupBy =>
  g === "hourly" || g === "weekday" || g === "weekNumber" || g === "monthly" || g === "source" || g === "metadata" ? g : "daily";

/** The metric a question's series is drawn with. */
export function seriesMetric(type: string): SeriesMetric {
  if (type === "smiley" || type === "slider") return "satisfaction";
  if (type === "nps") return "nps";
  return "responses";
}

function metricValue(metric: SeriesMetric, m: { satisfaction?: number | null; nps?: number | null; count: number }): number | null {
  if (metric === "satisfaction") return m.satisfaction ?? null;
  if (metric === "nps") return m.nps ?? null;
  return m.count;
}

const isButtonIndex = (label: string | null | undefined): label is string => label !== null && label !== undefined && /^\d+$/.test(label);

/**
 * Answer options in display order; smiley buttons read 1/5 … 5/5 (worst to best). Answers stored
 * before a smiley's buttons changed (5 to 4, say) are no button of the current scale: they come with
 * no button label and show their stored value, and they do not count among the buttons.
 */
export function categoriesOf(
  r: Pick<Result, "questionType">,
  distribution: ReadonlyArray<Pick<Distribution[number], "value" | "label">>,
): DistributionCategory[] {
  const buttons = r.questionType === "smiley" ? distribution.filter((d) => isButtonIndex(d.label)).length : 0;
  return distribution.map((d) => ({
    key: d.value,
    label: r.questionType === "smiley" && isButtonIndex(d.label) ? `${Number(d.label) + 1}/${buttons}` : (d.label ?? d.value),
  }));
}

/** The EVI clusters of an emotion question's result, named in the reader's language (a configured cluster keeps its own name). */
function useEviClusters(): (clusters: ReadonlyArray<{ cluster: string; value: number; count: number }>) => EviCluster[] {
  const { t } = useLingui();
  const names: Record<string, string> = { advocacy: t`Advocacy`, trust: t`Trust`, attention: t`Attention`, destroying: t`Destroying` };
  return (clusters) => clusters.map((c) => ({ key: c.cluster, label: names[c.cluster] ?? c.cluster, weight: c.value, count: c.count }));
}

const smileyColours = (n: number) =>
  n === 4 ? [palette.red, palette.orange, palette.green, "#0f766e"] : [palette.red, palette.orange, palette.yellow, palette.green, "#0f766e"];

function QuestionCard({ r, stackTo100, countryCode }: { r: Result; stackTo100: boolean; countryCode: string | null }) {
  const { t } = useLingui();
  const eviClusters = useEviClusters();
  const m = r.mainResult;
  const title = r.title;
  if (r.hidden) {
    return (
      <article className="question-result" aria-label={title} id={questionAnchor(r.questionLegacyId)} tabIndex={-1}>
        <h3 className="question-result__title">{title}</h3>
        <p className="field__hint">{t`Hidden: too few responses for this shared view.`}</p>
      </article>
    );
  }
  const dist = m?.distribution ?? [];
  const categories = categoriesOf(r, dist);
  const counts = Object.fromEntries(dist.map((d) => [d.value, d.count]));
  const groupBy = groupByOf(r.groupBy);
  const metric = seriesMetric(r.questionType);
  // The graphs' query always asks the series (withSeries); absent only in the table's.
  const series = r.series ?? [];
  const hasChoices = dist.length > 0;
  const answers = m?.count ?? 0;
  const earlierAnswers = r.earlier?.count ?? null;
  return (
    <article className="question-result" aria-label={title} id={questionAnchor(r.questionLegacyId)} tabIndex={-1}>
      <h3 className="question-result__title">{title}</h3>
      <p className="question-result__facts">
        {t`Answers: ${formatNumber(answers)}`}
        {earlierAnswers !== null ? ` · ${t`earlier period: ${formatNumber(earlierAnswers)}`}` : ""}
        {` · ${t`all touchpoints: ${formatNumber(r.organizationOverallCount)}`}`}
        {m?.mean !== null && m?.mean !== undefined && r.questionType === "slider" ? ` · ${t`mean ${formatNumber(m.mean, 1)}`}` : ""}
        {m?.evi !== null && m?.evi !== undefined ? ` · ${t`EVI ${formatSigned(m.evi)}`}` : ""}
      </p>
      <div className="results-grid">
        {r.questionType === "smiley" || r.questionType === "slider" ? (
          <SatisfactionGauge title={t`Satisfaction: ${title}`} value={m?.satisfaction ?? null} earlier={r.earlier?.satisfaction ?? null} />
        ) : null}
        {r.questionType === "emotion" && m?.eviClusters ? (
          <EviChart title={t`EVI: ${title}`} clusters={eviClusters(m.eviClusters)} score={m.evi ?? null} />
        ) : null}
        {r.questionType === "nps" && m ? (
          <NpsBreakdownChart
            title={t`NPS: ${title}`}
            counts={{ detractors: m.detractors ?? 0, passives: m.passives ?? 0, promoters: m.promoters ?? 0 }}
            score={m.nps ?? null}
          />
        ) : null}
        {hasChoices && !(stackTo100 && series.length > 1) ? (
          <DistributionChart
            title={t`Answers: ${title}`}
            categories={categories}
            groups={[{ label: t`All`, counts }]}
            colours={r.questionType === "smiley" ? smileyColours(dist.length) : undefined}
          />
        ) : null}
        {hasChoices && stackTo100 && series.length > 1 ? (
          <DistributionChart
            title={t`Answers by group: ${title}`}
            categories={categories}
            groups={series.map((p) => ({ label: p.label, counts: Object.fromEntries(p.metrics.distribution.map((d) => [d.value, d.count])) }))}
            stackTo100
            colours={r.questionType === "smiley" ? smileyColours(dist.length) : undefined}
          />
        ) : null}
        {r.satisfactionReport ? (
          <DistributionChart
            title={t`Satisfaction report: ${title}`}
            categories={[
              { key: "dissatisfied", label: t`Dissatisfied` },
              { key: "neutral", label: t`Neutral` },
              { key: "satisfied", label: t`Satisfied` },
            ]}
            groups={[
              {
                label: t`All`,
                counts: {
                  dissatisfied: r.satisfactionReport.dissatisfied.count,
                  neutral: r.satisfactionReport.neutral.count,
                  satisfied: r.satisfactionReport.satisfied.count,
                },
              },
            ]}
            colours={[palette.red, palette.orange, palette.green]}
          />
        ) : null}
        {series.length > 0 ? (
          <GroupedSeriesChart
            title={metric === "responses" ? t`Answers: ${title}` : title}
            groupBy={groupBy}
            metric={metric}
            points={series.map((p) => ({ label: axisDay(p.label, countryCode), value: metricValue(metric, p.metrics), count: p.metrics.count }))}
          />
        ) : null}
      </div>
    </article>
  );
}

/** Every question's figures in one table (the "table" view). */
function ResultsTable({ results }: { results: ReadonlyArray<Result> }) {
  const { t } = useLingui();
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={t`Results table`}>
      <table className="table">
        <caption>{t`Results per question`}</caption>
        <thead>
          <tr>
            <th scope="col">{t`Question`}</th>
            <th scope="col">{t`Answers`}</th>
            <th scope="col">{t`Earlier period`}</th>
            <th scope="col">{t`Satisfaction`}</th>
            <th scope="col">{t`NPS`}</th>
            <th scope="col">{t`EVI`}</th>
            <th scope="col">{t`Mean`}</th>
            <th scope="col">{t`Distribution`}</th>
          </tr>
        </thead>
        <tbody>
          {results.map((r) => {
            const m = r.mainResult;
            const categories = categoriesOf(r, m?.distribution ?? []);
            return (
              <tr key={r.questionLegacyId}>
                <th scope="row">{r.title}</th>
                {r.hidden ? (
                  <td colSpan={7}>{t`Hidden: too few responses for this shared view.`}</td>
                ) : (
                  <>
                    <td>{formatNumber(m?.count ?? 0)}</td>
                    <td>{formatNumber(r.earlier?.count ?? null)}</td>
                    <td>{formatPercent(m?.satisfaction ?? null)}</td>
                    <td>{formatSigned(m?.nps ?? null)}</td>
                    <td>{formatSigned(m?.evi ?? null)}</td>
                    <td>{formatNumber(m?.mean ?? null, 2)}</td>
                    <td>
                      {(m?.distribution ?? []).map((d, i) => `${categories[i]?.label}: ${formatNumber(d.count)} (${formatPercent(d.percent, 1)})`).join(", ")}
                    </td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Per-question results under the filters (Query.results): distribution, mean, satisfaction %, NPS,
 * EVI, the satisfaction report and the grouped series, as graphs or as one table. A fragment: the
 * results page preloads the query that spreads it (ResultsPageQuestionsQuery), at the same time as
 * its other sections, while this chart module is still loading.
 */
export function QuestionResults({ query, mode, stackTo100 }: { query: QuestionResults_query$key; mode: "graphs" | "table"; stackTo100: boolean }) {
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment QuestionResults_query on Query
      @argumentDefinitions(
        filters: { type: "ResultsFilterInput" }
        shareToken: { type: "String" }
        locale: { type: "String" }
        withSeries: { type: "Boolean!", defaultValue: true }
      ) {
        responseLimitNotice(filters: $filters, shareToken: $shareToken)
        # the reader's country, for the days on the charts' axes (null for a share link's visitor)
        viewer {
          countryCode
        }
        results(filters: $filters, shareToken: $shareToken) {
          questionLegacyId
          surveyLegacyId
          questionType
          title(locale: $locale)
          groupBy
          hidden
          stackedTo100
          organizationOverallCount
          mainResult {
            count
            mean
            satisfaction
            nps
            detractors
            passives
            promoters
            evi
            distribution {
              value
              label(locale: $locale)
              count
              percent
            }
            eviClusters {
              cluster
              value
              count
            }
          }
          earlier {
            count
            satisfaction
            nps
          }
          satisfactionReport {
            dissatisfied {
              count
            }
            neutral {
              count
            }
            satisfied {
              count
            }
          }
          # Only the graphs draw the series: the table asks none, and the server then computes none.
          series @include(if: $withSeries) {
            group
            label
            metrics {
              count
              satisfaction
              nps
              distribution {
                value
                count
              }
            }
          }
        }
      }
    `,
    query,
  );
  const results = data.results;
  // Spec 001 §8: responses over the organisation's response limit are stored but not shown.
  const limitNotice = data.responseLimitNotice ? (
    <p className="limit-notice" role="status">
      {t`Response limit exceeded (some responses not shown)`}
    </p>
  ) : null;
  if (results.length === 0)
    return (
      <>
        {limitNotice}
        <p>{t`No questions with results under these filters.`}</p>
      </>
    );
  if (mode === "table")
    return (
      <>
        {limitNotice}
        <ResultsTable results={results} />
      </>
    );
  return (
    <>
      {limitNotice}
      <QuestionIndex questions={results.map((r) => ({ id: r.questionLegacyId, title: r.title, surveyId: r.surveyLegacyId }))} />
      <div className="question-results">
        {results.map((r) => (
          <QuestionCard key={r.questionLegacyId} r={r} stackTo100={stackTo100} countryCode={data.viewer?.countryCode ?? null} />
        ))}
      </div>
    </>
  );
}
