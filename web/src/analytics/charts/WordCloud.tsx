import { useLingui } from "@lingui/react/macro";
import { ChartFigure } from "./ChartFigure";
import { formatNumber, palette } from "./chartTheme";

export type Sentiment = "positive" | "neutral" | "negative";

export interface CloudWord {
  /** The stem the counts were made on (Finnish inflections of one word share one stem). */
  stem: string;
  /** The form shown: the most frequent surface word of the stem. */
  word: string;
  count: number;
  sentiment: Sentiment;
}

const sentimentColour: Record<Sentiment, string> = { positive: palette.green, neutral: palette.text, negative: palette.red };

/** Font size between 0.85 and 2.6 rem by the square root of the count (so one word does not dwarf the rest). */
export function wordSize(count: number, max: number): number {
  if (max <= 0) return 0.85;
  return Math.round((0.85 + 1.75 * Math.sqrt(count / max)) * 100) / 100;
}

/**
 * Stems sized by how often they occur, coloured by sentiment; the sentiment is also shown by
 * style (positive bold, negative italic and underlined) and written out for screen readers.
 */
export function WordCloud({ title, words, limit = 60 }: { title: string; words: CloudWord[]; limit?: number }) {
  const { t } = useLingui();
  const shown = [...words].sort((a, b) => b.count - a.count || a.word.localeCompare(b.word)).slice(0, limit);
  const max = shown[0]?.count ?? 0;
  const sentimentName: Record<Sentiment, string> = { positive: t`positive`, neutral: t`neutral`, negative: t`negative` };
  const summary =
    shown.length === 0
      ? t`${title}: no words yet.`
      : t`${title}: most frequent ${shown
          .slice(0, 5)
          .map((w) => `${w.word} (${formatNumber(w.count)})`)
          .join(", ")}.`;
  // Alphabetical order in the cloud (as peers draw it); the biggest words stand out by size.
  const drawn = [...shown].sort((a, b) => a.word.localeCompare(b.word));
  return (
    <ChartFigure title={title} summary={summary} testId="word-cloud" className="chart--cloud">
      {shown.length === 0 ? (
        <p className="chart__empty">{t`No words yet.`}</p>
      ) : (
        <ul className="word-cloud" aria-hidden="true">
          {drawn.map((w) => (
            <li
              key={w.stem}
              className={`word-cloud__word word-cloud__word--${w.sentiment}`}
              style={{ fontSize: `${wordSize(w.count, max)}rem`, color: sentimentColour[w.sentiment] }}
              title={`${w.word}: ${formatNumber(w.count)}, ${sentimentName[w.sentiment]}`}
            >
              {w.word}
            </li>
          ))}
        </ul>
      )}
      <ol className="visually-hidden">
        {shown.map((w) => (
          <li key={w.stem}>{t`${w.word}: ${formatNumber(w.count)} times, ${sentimentName[w.sentiment]}`}</li>
        ))}
      </ol>
    </ChartFigure>
  );
}
