// Tokens and stems: how a text becomes words, and a word the key it is counted under.
//
// Snowball's Finnish stemmer folds the case endings of most nouns ("palvelu", "palvelua",
// "palvelun", "palveluun", "palvelusta" → "palvelu") but leaves two gaps that would split one word
// in a Finnish word cloud: the -nen adjectives ("erinomainen" → "erinomain", "erinomaisen" →
// "erinomais", "erinomaista" → "erinom") and consonant gradation ("henkilökunta" → "henkilökun",
// "henkilökuntaa" → "henkilökunt"). Two small documented steps close them (docs/text-analytics.md):
// 1. a Finnish stem of at least 7 letters ending in -in or -is loses its last letter
//    ("erinomain", "erinomais" → "erinomai"), and
// 2. stems are then matched by prefix: a stem that begins another stem one letter longer is the
//    same word when it has at least 4 letters ("kaup" ~ "kaupa", "henkilökun" ~ "henkilökunt"),
//    and up to three letters longer when it has at least 6 ("erinom" ~ "erinomai"). Shorter stems
//    are left alone: "maksu" (payment) and "maksulli" (chargeable) stay two words.
import type { LanguageResources, TextLanguage } from "./languages.js";

/** A clause's words, lower-cased; clauses end at sentence and clause punctuation. */
export function clauses(text: string): string[][] {
  return text
    .normalize("NFC")
    .toLowerCase()
    .split(/[.!?;:,()[\]{}"“”«»\n\r\t]+|\s[-–—]\s/u)
    .map((clause) => clause.match(/\p{L}[\p{L}\p{M}]*(?:['’]\p{L}+)*/gu) ?? [])
    .filter((words) => words.length > 0);
}

/** English "don't", "isn’t"… → "dont", "isnt" (apostrophes dropped, so the negation list matches). */
export function plainWord(word: string): string {
  return word.replace(/['’]/g, "");
}

/** The counting key of a stem (step 1 above for Finnish). */
function stemKeyOf(language: TextLanguage, stem: string): string {
  if (language === "fi" && stem.length >= 7 && /(in|is)$/.test(stem)) return stem.slice(0, -1);
  return stem;
}

/** The shortest stem the prefix rule applies to, and how much longer the other may be. */
export const prefixMinLength = 4;
export const prefixMaxExtra = 3;

/** How many letters longer than `short` a stem may be and still be the same word (step 2). */
function prefixAllowance(shortLength: number): number {
  if (shortLength >= 6) return prefixMaxExtra;
  return shortLength >= prefixMinLength ? 1 : 0;
}

/** Whether two Finnish keys are one word by step 2 (the shorter begins the longer). */
export function sameWordByPrefix(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const extra = long.length - short.length;
  return extra > 0 && extra <= prefixAllowance(short.length) && long.startsWith(short);
}

/** A memo of word → key for one language (texts repeat their words a lot). */
export class Stemmer {
  private readonly memo = new Map<string, string>();
  constructor(readonly resources: LanguageResources) {}

  key(word: string): string {
    let key = this.memo.get(word);
    if (key === undefined) {
      key = stemKeyOf(this.resources.language, this.resources.stem(word));
      if (this.memo.size < 200_000) this.memo.set(word, key);
    }
    return key;
  }
}

/**
 * Groups keys that are one word by prefix (Finnish only): each key → its representative, the
 * shortest key of its group. Keys are visited shortest first, and a key joins the group of the
 * longest already-seen key that begins it within the rule's limits (that key's representative
 * when it too is within the limits, so groups never chain far from their shortest word).
 */
export function mergeKeysByPrefix(language: TextLanguage, keys: Iterable<string>): Map<string, string> {
  const sorted = [...new Set(keys)].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const rootOf = new Map<string, string>();
  for (const key of sorted) {
    let root = key;
    if (language === "fi") {
      for (let k = key.length - 1; k >= Math.max(prefixMinLength, key.length - prefixMaxExtra); k--) {
        const prefix = key.slice(0, k);
        const found = rootOf.get(prefix);
        if (found !== undefined && sameWordByPrefix(prefix, key)) {
          // the group's representative must itself be within the limits (no long chains)
          if (found === prefix || sameWordByPrefix(found, key)) root = found;
          break;
        }
      }
    }
    rootOf.set(key, root);
  }
  return rootOf;
}
