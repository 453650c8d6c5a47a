import { useLingui } from "@lingui/react/macro";
import { graphql, useFragment } from "react-relay";
import type { TextAnalyticsPanel_query$key } from "../__generated__/TextAnalyticsPanel_query.graphql";
import { formatNumber } from "../analytics/charts/chartTheme";
import { SentimentBars } from "../analytics/charts/SentimentBars";
import { WordCloud, type Sentiment } from "../analytics/charts/WordCloud";

/** A word's mean sentiment (−1…1) as a label; the dead zone keeps mild words neutral. */
export function sentimentOf(score: number | null | undefined): Sentiment {
  if (score === null || score === undefined) return "neutral";
  if (score > 0.1) return "positive";
  if (score < -0.1) return "negative";
  return "neutral";
}

/**
 * Text analytics of the open-text answers under the filters: sentiment bars and a word cloud. A
 * fragment: the results page preloads the query that spreads it (ResultsPageTextAnalyticsQuery).
 */
export function TextAnalyticsPanel({ query }: { query: TextAnalyticsPanel_query$key }) {
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment TextAnalyticsPanel_query on Query @argumentDefinitions(filters: { type: "ResultsFilterInput" }, shareToken: { type: "String" }) {
        textAnalytics(filters: $filters, shareToken: $shareToken) {
          totalAnswers
          analyzedAnswers
          capped
          unsupportedLanguageAnswers
          sentiment {
            positive
            neutral
            negative
          }
          words(limit: 60) {
            stem
            word
            count
            sentiment
          }
        }
      }
    `,
    query,
  );
  const ta = data.textAnalytics;
  return (
    <section className="results-section" aria-labelledby="text-analytics-title">
      <h2 id="text-analytics-title" className="results-section__title">
        {t`Text analytics`}
      </h2>
      <p className="field__hint">
        {ta.capped
          ? t`The ${formatNumber(ta.analyzedAnswers)} most recent of ${formatNumber(ta.totalAnswers)} text answers are analysed.`
          : t`${formatNumber(ta.analyzedAnswers)} text answers analysed.`}
        {ta.unsupportedLanguageAnswers > 0 ? ` ${t`${formatNumber(ta.unsupportedLanguageAnswers)} answers in other languages are not scored.`}` : ""}
      </p>
      <div className="results-grid">
        <SentimentBars title={t`Sentiment of text answers`} counts={ta.sentiment} />
        <WordCloud title={t`Word cloud`} words={ta.words.map((w) => ({ stem: w.stem, word: w.word, count: w.count, sentiment: sentimentOf(w.sentiment) }))} />
      </div>
    </section>
  );
}
