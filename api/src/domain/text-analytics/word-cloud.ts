// Word cloud: the words of many answers, without stop words, counted per stem in each language
// (Finnish stems also merged by the prefix rule of tokens.ts), each shown as its most frequent
// written form, with how many answers used it and their mean sentiment (to colour the word).
import type { TextLanguage } from "./languages.js";
import { languageResources } from "./languages.js";
import { Stemmer, clauses, mergeKeysByPrefix, plainWord } from "./tokens.js";

export type CloudText = { text: string; language: TextLanguage; sentiment?: number };

export type CloudWord = {
  /** the most frequent written form (ties: the shorter, then alphabetical) */
  word: string;
  /** the counting key (the stem) */
  stem: string;
  language: TextLanguage;
  /** occurrences */
  count: number;
  /** answers that use the word at least once */
  answers: number;
  /** mean sentiment score (-1..1) of those answers; null when the texts carry none */
  sentiment: number | null;
};

/** The shortest word counted. Shorter ones are mostly particles the lists miss ("ok" aside). */
const MIN_WORD_LENGTH = 2;

type Tally = { count: number; answers: Set<number>; forms: Map<string, number> };

/** The `limit` most frequent words (count, then answers, then alphabetical). */
export function buildWordCloud(texts: Iterable<CloudText>, limit = 100): CloudWord[] {
  const stemmers = new Map<TextLanguage, Stemmer>();
  // language → stem key → tally
  const tallies = new Map<TextLanguage, Map<string, Tally>>();
  const sentiments: (number | undefined)[] = [];
  for (const { text, language, sentiment } of texts) {
    const index = sentiments.push(sentiment) - 1;
    let stemmer = stemmers.get(language);
    if (!stemmer) stemmers.set(language, (stemmer = new Stemmer(languageResources(language))));
    const { stopwords } = stemmer.resources;
    let byKey = tallies.get(language);
    if (!byKey) tallies.set(language, (byKey = new Map()));
    for (const words of clauses(text)) {
      for (const raw of words) {
        const word = plainWord(raw);
        if (word.length < MIN_WORD_LENGTH || stopwords.has(word) || stopwords.has(raw)) continue;
        const key = stemmer.key(word);
        let t = byKey.get(key);
        if (!t) byKey.set(key, (t = { count: 0, answers: new Set(), forms: new Map() }));
        t.count += 1;
        t.forms.set(word, (t.forms.get(word) ?? 0) + 1);
        t.answers.add(index);
      }
    }
  }

  const words: CloudWord[] = [];
  for (const [language, byKey] of tallies) {
    // Fold prefix-merged keys into their group (Finnish; identity elsewhere).
    const rootOf = mergeKeysByPrefix(language, byKey.keys());
    const groups = new Map<string, Tally>();
    for (const [key, t] of byKey) {
      const root = rootOf.get(key) ?? key;
      const g = groups.get(root);
      if (!g) {
        groups.set(root, t);
        continue;
      }
      g.count += t.count;
      for (const i of t.answers) g.answers.add(i);
      for (const [form, n] of t.forms) g.forms.set(form, (g.forms.get(form) ?? 0) + n);
    }
    for (const [stem, g] of groups) {
      let sum = 0;
      let n = 0;
      for (const i of g.answers) {
        const v = sentiments[i];
        if (v !== undefined) {
          sum += v;
          n += 1;
        }
      }
      const word = [...g.forms].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length || a[0].localeCompare(b[0]))[0]![0];
      words.push({
        word,
        stem,
        language,
        count: g.count,
        answers: g.answers.size,
        sentiment: n ? Math.round((sum / n) * 1000) / 1000 : null,
      });
    }
  }
  return words.sort((a, b) => b.count - a.count || b.answers - a.answers || a.word.localeCompare(b.word)).slice(0, Math.max(0, limit));
}
