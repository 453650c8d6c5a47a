// Sentiment of one text in its language: lexicon scores (AFINN, -5..5) of its words, matched by
// surface form, then by stem (Finnish also by the prefix rule of tokens.ts), with simple negation
// and intensifiers, summed and squashed to -1..1.
//
// - Negation: a negator ("not", "never", "no", "sin", "ei", "en", "ilman"…, English n't forms)
//   turns around the next NEGATION_SCOPE words of its clause, at NEGATION_FACTOR of their weight
//   ("not good" is mildly negative, "not bad" mildly positive).
// - Intensifiers ("very", "muy", "todella"…) make the next sentiment word within two words 30 %
//   stronger.
// - score = sum / sqrt(sum² + 15), so one clear word (±3) gives ±0.61 and it tends to ±1 as words
//   add up; the label is positive above +0.05, negative below -0.05, else neutral.
import type { LanguageResources, TextLanguage } from "./languages.js";
import { languageResources } from "./languages.js";
import { Stemmer, clauses, plainWord, prefixMaxExtra, prefixMinLength, sameWordByPrefix } from "./tokens.js";

const NEGATION_SCOPE = 3;
const NEGATION_FACTOR = 0.75;
const INTENSIFIER_FACTOR = 1.3;
const NEUTRAL_BAND = 0.05;
const SQUASH_ALPHA = 15;

export type SentimentLabel = "negative" | "neutral" | "positive";

export type SentimentHit = { word: string; value: number; negated: boolean };

export type TextSentiment = {
  /** -1..1 */
  score: number;
  label: SentimentLabel;
  /** the words that carried sentiment, with their signed weight as counted */
  hits: SentimentHit[];
};

export function labelOf(score: number): SentimentLabel {
  if (score > NEUTRAL_BAND) return "positive";
  if (score < -NEUTRAL_BAND) return "negative";
  return "neutral";
}

/** The sentiment lexicon of one language keyed by stem, with a sorted key list for prefix look-ups. */
class StemLexicon {
  readonly byKey = new Map<string, number>();
  readonly sortedKeys: string[];

  constructor(
    readonly resources: LanguageResources,
    readonly stemmer: Stemmer,
  ) {
    const sums = new Map<string, { sum: number; n: number }>();
    for (const [word, value] of resources.lexicon) {
      const key = stemmer.key(word);
      const s = sums.get(key) ?? { sum: 0, n: 0 };
      s.sum += value;
      s.n += 1;
      sums.set(key, s);
    }
    // Lemmas that share a stem ("disappoint", "disappointed") share its mean weight.
    for (const [key, { sum, n }] of sums) if (sum !== 0) this.byKey.set(key, sum / n);
    this.sortedKeys = [...this.byKey.keys()].sort();
  }

  /** The weight of a word, or 0. */
  valueOf(word: string): number {
    const exact = this.resources.lexicon.get(word);
    if (exact !== undefined) return exact;
    const key = this.stemmer.key(word);
    const byStem = this.byKey.get(key);
    if (byStem !== undefined) return byStem;
    if (this.resources.language !== "fi" || key.length < prefixMinLength) return 0;
    // Finnish: a lexicon key that the word's key begins (the prefix rule of tokens.ts)…
    let lo = 0;
    let hi = this.sortedKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sortedKeys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    let best: { value: number; extra: number } | null = null;
    for (let i = lo; i < this.sortedKeys.length && this.sortedKeys[i]!.startsWith(key); i++) {
      const extra = this.sortedKeys[i]!.length - key.length;
      if (sameWordByPrefix(key, this.sortedKeys[i]!) && (!best || extra < best.extra)) best = { value: this.byKey.get(this.sortedKeys[i]!)!, extra };
    }
    if (best) return best.value;
    // …or one that begins the word's key.
    for (let k = key.length - 1; k >= Math.max(prefixMinLength, key.length - prefixMaxExtra); k--) {
      const v = this.byKey.get(key.slice(0, k));
      if (v !== undefined && sameWordByPrefix(key.slice(0, k), key)) return v;
    }
    return 0;
  }
}

const analyzers = new Map<TextLanguage, { lexicon: StemLexicon; resources: LanguageResources }>();

function analyzerOf(language: TextLanguage) {
  let a = analyzers.get(language);
  if (!a) {
    const resources = languageResources(language);
    a = { resources, lexicon: new StemLexicon(resources, new Stemmer(resources)) };
    analyzers.set(language, a);
  }
  return a;
}

const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** The sentiment of a text written in `language`. */
export function analyzeSentiment(text: string, language: TextLanguage): TextSentiment {
  const { resources, lexicon } = analyzerOf(language);
  const hits: SentimentHit[] = [];
  let sum = 0;
  for (const words of clauses(text)) {
    let negatedThrough = -1;
    let intensifiedThrough = -1;
    words.forEach((raw, i) => {
      const word = plainWord(raw);
      if (resources.negators.has(word) || (language === "en" && /n['’]t$/.test(raw))) {
        negatedThrough = i + NEGATION_SCOPE;
        return;
      }
      const value = lexicon.valueOf(word);
      if (value === 0) {
        if (resources.intensifiers.has(word)) intensifiedThrough = i + 2;
        return;
      }
      let weight = value;
      if (i <= intensifiedThrough) weight *= INTENSIFIER_FACTOR;
      const negated = i <= negatedThrough;
      if (negated) weight *= -NEGATION_FACTOR;
      sum += weight;
      hits.push({ word: raw, value: round3(weight), negated });
    });
  }
  const score = round3(sum / Math.sqrt(sum * sum + SQUASH_ALPHA));
  return { score, label: labelOf(score), hits };
}

export type SentimentAggregate = {
  count: number;
  positive: number;
  neutral: number;
  negative: number;
  /** mean score, -1..1; null without texts */
  mean: number | null;
};

export function aggregateSentiment(scores: Iterable<number>): SentimentAggregate {
  const agg = { count: 0, positive: 0, neutral: 0, negative: 0 };
  let sum = 0;
  for (const score of scores) {
    agg.count += 1;
    agg[labelOf(score)] += 1;
    sum += score;
  }
  return { ...agg, mean: agg.count ? round3(sum / agg.count) : null };
}
