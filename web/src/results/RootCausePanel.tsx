import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useId } from "react";
import { graphql, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { RootCausePanelQuery } from "../__generated__/RootCausePanelQuery.graphql";
import { formatNumber } from "../analytics/charts/chartTheme";
import { RootCauseChart, type RootCauseItem } from "../analytics/charts/RootCauseChart";
import type { FilterOption } from "./FilterBar";
import { Skeleton } from "../ui/Skeleton";

/** The API's items as the chart draws them: |r| as importance, favourable performance (docs/root-cause.md). */
export function chartItems(
  items: ReadonlyArray<{
    questionLegacyId: string;
    optionId?: string | null;
    questionTitle: string;
    optionText?: string | null;
    importance?: number | null;
    performance?: number | null;
    n: number;
    significant: boolean;
    status: string;
    quadrant?: string | null;
  }>,
): RootCauseItem[] {
  return items
    .filter((i) => i.status === "ok" && i.importance !== null && i.importance !== undefined && i.performance !== null && i.performance !== undefined)
    .map((i) => ({
      id: `${i.questionLegacyId}:${i.optionId ?? ""}`,
      label: i.optionText ? `${i.questionTitle}: ${i.optionText}` : i.questionTitle,
      importance: Math.abs(i.importance!),
      performance: i.importance! < 0 ? 100 - i.performance! : i.performance!,
      sampleSize: i.n,
      significant: i.significant,
      quadrant: i.quadrant === "fixFirst" || i.quadrant === "strength" || i.quadrant === "monitor" || i.quadrant === "maintain" ? i.quadrant : null,
    }));
}

/**
 * The chosen outcome's drivers. The results page loads this query (`useRootCauseQuery`, from the
 * generated artifact, so that this chart module may still be loading) as soon as it knows the outcome.
 */
function RootCauseResult({ queryRef }: { queryRef: PreloadedQuery<RootCausePanelQuery> }) {
  const { t } = useLingui();
  const data = usePreloadedQuery<RootCausePanelQuery>(
    graphql`
      query RootCausePanelQuery($filters: ResultsFilterInput, $locale: String, $outcomeQuestionId: ID!, $shareToken: String) {
        rootCause(filters: $filters, locale: $locale, outcomeQuestionId: $outcomeQuestionId, shareToken: $shareToken) {
          minSampleSize
          hiddenBecauseFewerThan
          outcome {
            title
            type
            n
          }
          items {
            questionLegacyId
            questionTitle
            optionId
            optionText
            importance
            performance
            n
            significant
            status
            quadrant
          }
        }
      }
    `,
    queryRef,
  );
  const rc = data.rootCause;
  const items = chartItems(rc.items);
  const left = rc.items.length - items.length;
  return (
    <>
      <RootCauseChart title={t`Root causes`} outcomeLabel={rc.outcome.title} items={items} />
      <p className="field__hint">
        {t`Outcome answered by ${formatNumber(rc.outcome.n)} responses. Drivers need at least ${formatNumber(rc.minSampleSize)} responses answering both.`}
        {left > 0 ? ` ${t`${left} drivers had too few responses or no variation and are not drawn.`}` : ""}
      </p>
    </>
  );
}

/**
 * Root-cause analysis: choose the outcome (NPS, smiley or slider question), see what drives it. The
 * page holds the choice and the query (`queryRef`, null until loaded for the chosen outcome). In print
 * mode (`inlineLoading` false) the wait is the page's, so the printout is marked ready only with the drivers.
 */
export function RootCausePanel({
  outcomes,
  chosen,
  onChoose,
  queryRef,
  inlineLoading = true,
}: {
  outcomes: FilterOption[];
  chosen: string;
  onChoose: (outcome: string) => void;
  queryRef: PreloadedQuery<RootCausePanelQuery> | null;
  inlineLoading?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const loading = <Skeleton label={t`Loading root causes…`} shape="chart" height="14rem" />;
  const result = queryRef ? <RootCauseResult queryRef={queryRef} /> : loading;
  return (
    <section className="results-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="results-section__title">
        <Trans>Root-cause analysis</Trans>
      </h2>
      {outcomes.length === 0 ? (
        <p className="field__hint">{t`Root causes need an NPS, smiley or slider question in the chosen surveys.`}</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-outcome`}>
              <Trans>Outcome question</Trans>
            </label>
            <select id={`${id}-outcome`} value={chosen} onChange={(e) => onChoose(e.target.value)}>
              {outcomes.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </div>
          {inlineLoading ? <Suspense fallback={loading}>{result}</Suspense> : result}
        </>
      )}
    </section>
  );
}
