// The pure parts of text analytics: stems, stop words, the word cloud and sentiment in English,
// Spanish and Finnish, with negation.
import { describe, expect, it } from "vitest";
import { languageResources, textLanguageOf } from "./languages.js";
import { Stemmer, clauses, mergeKeysByPrefix, plainWord } from "./tokens.js";
import { aggregateSentiment, analyzeSentiment, labelOf } from "./sentiment.js";
import { buildWordCloud } from "./word-cloud.js";

const keyOf = (language: "en" | "es" | "fi", word: string) => new Stemmer(languageResources(language)).key(word);

describe("languages", () => {
  it("maps response language codes to the analysed languages", () => {
    expect(textLanguageOf("fi")).toBe("fi");
    expect(textLanguageOf("FI-fi")).toBe("fi");
    expect(textLanguageOf("es_ES")).toBe("es");
    expect(textLanguageOf("en")).toBe("en");
    expect(textLanguageOf("sv")).toBeNull();
    expect(textLanguageOf("")).toBeNull();
    expect(textLanguageOf(null)).toBeNull();
  });

  it("keeps sentiment words out of the stop words, and negators in", () => {
    const en = languageResources("en");
    expect(en.stopwords.has("the")).toBe(true);
    expect(en.stopwords.has("and")).toBe(true);
    expect(en.stopwords.has("good")).toBe(false); // a stop word in stopwords-iso, but it carries sentiment
    expect(en.stopwords.has("not")).toBe(true);
    const fi = languageResources("fi");
    expect(fi.stopwords.has("ja")).toBe(true);
    expect(fi.stopwords.has("oli")).toBe(true);
    expect(fi.stopwords.has("hyvä")).toBe(false);
    expect(fi.stopwords.has("ei")).toBe(true);
    const es = languageResources("es");
    expect(es.stopwords.has("el")).toBe(true);
    expect(es.stopwords.has("bueno")).toBe(false);
  });
});

describe("tokens and stems", () => {
  it("splits clauses at punctuation and keeps letters of every script and contractions", () => {
    expect(clauses("Hyvä palvelu! Ei jonoa, kiitos.")).toEqual([["hyvä", "palvelu"], ["ei", "jonoa"], ["kiitos"]]);
    expect(clauses("I didn't wait 10 min")).toEqual([["i", "didn't", "wait", "min"]]);
    expect(clauses("Señora ÅSA")).toEqual([["señora", "åsa"]]);
    expect(plainWord("don’t")).toBe("dont");
  });

  it("collapses the Finnish case forms of one noun into one stem", () => {
    const forms = ["palvelu", "palvelua", "palvelun", "palveluun", "palvelusta", "palvelussa", "palveluja", "palveluista", "palvelut"];
    expect(new Set(forms.map((w) => keyOf("fi", w)))).toEqual(new Set(["palvelu"]));
    expect(new Set(["jono", "jonossa", "jonoa", "jonot", "jonosta"].map((w) => keyOf("fi", w))).size).toBe(1);
  });

  it("joins the Finnish -nen adjectives and consonant gradation through the prefix rule", () => {
    const adjective = ["erinomainen", "erinomaisen", "erinomaista", "erinomaiset"].map((w) => keyOf("fi", w));
    const rootOf = mergeKeysByPrefix("fi", adjective);
    expect(new Set(adjective.map((k) => rootOf.get(k))).size).toBe(1);
    const staff = ["henkilökunta", "henkilökunnan", "henkilökuntaa"].map((w) => keyOf("fi", w));
    const staffRoot = mergeKeysByPrefix("fi", staff);
    expect(new Set(staff.map((k) => staffRoot.get(k))).size).toBe(1);
  });

  it("does not merge different Finnish words or apply the prefix rule to other languages", () => {
    const rootOf = mergeKeysByPrefix("fi", [keyOf("fi", "hinta"), keyOf("fi", "hyvä"), keyOf("fi", "maksu"), keyOf("fi", "maksullinen")]);
    expect(new Set(rootOf.values()).size).toBe(4);
    // short stems join only a stem one letter longer (Snowball's gradation gaps)
    const shop = mergeKeysByPrefix(
      "fi",
      ["kauppa", "kaupan", "kauppaa", "kaupassa"].map((w) => keyOf("fi", w)),
    );
    expect(new Set(shop.values()).size).toBe(1);
    const en = mergeKeysByPrefix("en", ["friend", "friendli"]);
    expect(en.get("friendli")).toBe("friendli");
  });

  it("stems English and Spanish inflections together", () => {
    expect(keyOf("en", "waiting")).toBe(keyOf("en", "waited"));
    expect(keyOf("en", "queues")).toBe(keyOf("en", "queue"));
    expect(keyOf("es", "servicios")).toBe(keyOf("es", "servicio"));
    expect(keyOf("es", "amables")).toBe(keyOf("es", "amable"));
  });
});

describe("word cloud", () => {
  it("counts the Finnish forms of a word as one, shown in its most frequent form, without stop words", () => {
    const cloud = buildWordCloud([
      { text: "Palvelu oli hyvää ja nopeaa.", language: "fi", sentiment: 0.6 },
      { text: "Palvelua oli liian vähän, ja jonossa odotin kauan.", language: "fi", sentiment: -0.4 },
      { text: "Kiitos palvelusta!", language: "fi", sentiment: 0.5 },
      { text: "Olen tyytyväinen palveluun. Palvelun taso on hyvä.", language: "fi", sentiment: 0.8 },
      { text: "Palvelu, palvelu, palvelu", language: "fi" },
    ]);
    const service = cloud.filter((w) => w.stem === "palvelu");
    expect(service).toHaveLength(1);
    expect(service[0]).toMatchObject({ word: "palvelu", count: 8, answers: 5, language: "fi" });
    // mean over the answers that carry a score
    expect(service[0]!.sentiment).toBeCloseTo((0.6 - 0.4 + 0.5 + 0.8) / 4, 3);
    expect(cloud[0]!.stem).toBe("palvelu");
    const words = cloud.map((w) => w.word);
    for (const stop of ["oli", "ja", "on", "olen"]) expect(words).not.toContain(stop);
    expect(words).toContain("tyytyväinen");
  });

  it("merges the -nen adjective's forms and keeps languages apart", () => {
    const cloud = buildWordCloud([
      { text: "Erinomainen kokemus", language: "fi" },
      { text: "Erinomaista palvelua", language: "fi" },
      { text: "Erinomaisen hyvä", language: "fi" },
      { text: "Excellent service", language: "en" },
      { text: "The services were excellent", language: "en" },
      { text: "Servicio excelente", language: "es" },
    ]);
    const great = cloud.filter((w) => w.language === "fi" && w.word.startsWith("erinom"));
    expect(great).toHaveLength(1);
    expect(great[0]!.count).toBe(3);
    expect(cloud.find((w) => w.language === "en" && w.stem === keyOf("en", "service"))).toMatchObject({ count: 2, word: "service" });
    expect(cloud.find((w) => w.language === "es" && w.word === "servicio")).toMatchObject({ count: 1 });
    expect(cloud.map((w) => w.word)).not.toContain("the");
    expect(cloud.map((w) => w.word)).not.toContain("were");
  });

  it("answers the top N, most frequent first", () => {
    const cloud = buildWordCloud(
      [
        { text: "coffee coffee coffee tea tea cake", language: "en" },
        { text: "coffee tea", language: "en" },
      ],
      2,
    );
    expect(cloud.map((w) => [w.word, w.count, w.answers])).toEqual([
      ["coffee", 4, 2],
      ["tea", 3, 2],
    ]);
    expect(buildWordCloud([], 10)).toEqual([]);
  });
});

describe("sentiment", () => {
  const cases: ["en" | "es" | "fi", string, "positive" | "negative"][] = [
    ["en", "The service was excellent and the staff very friendly", "positive"],
    ["en", "Terrible service, the staff was rude", "negative"],
    ["en", "Great coffee, thank you!", "positive"],
    ["en", "Awful experience, I am disappointed", "negative"],
    ["es", "El servicio fue excelente y el personal muy amable", "positive"],
    ["es", "El servicio fue horrible y el personal grosero", "negative"],
    ["es", "Todo perfecto, gracias", "positive"],
    ["es", "Muy mala experiencia", "negative"],
    ["fi", "Palvelu oli erinomaista ja henkilökunta ystävällistä", "positive"],
    ["fi", "Todella huono kokemus", "negative"],
    ["fi", "Kiitos, tosi hyvä palvelu!", "positive"],
    ["fi", "Kamala palvelu, olen pettynyt", "negative"],
    ["fi", "Olen erittäin tyytyväinen", "positive"],
  ];
  it.each(cases)("[%s] %s → %s", (language, text, label) => {
    const s = analyzeSentiment(text, language);
    expect(s.label).toBe(label);
    expect(Math.abs(s.score)).toBeGreaterThan(0.3);
    expect(Math.abs(s.score)).toBeLessThanOrEqual(1);
    expect(s.hits.length).toBeGreaterThan(0);
  });

  it("turns negated words around in all three languages", () => {
    for (const [language, plain, negated] of [
      ["en", "The service was good", "The service was not good"],
      ["en", "I like the coffee", "I don't like the coffee"],
      ["es", "El servicio es bueno", "El servicio no es bueno"],
      ["fi", "Palvelu oli hyvää", "Palvelu ei ollut hyvää"],
      ["fi", "Olin tyytyväinen palveluun", "En ollut tyytyväinen palveluun"],
    ] as const) {
      expect(analyzeSentiment(plain, language).label).toBe("positive");
      const s = analyzeSentiment(negated, language);
      expect(s.label).toBe("negative");
      expect(s.hits.some((h) => h.negated)).toBe(true);
    }
    expect(analyzeSentiment("Not bad at all", "en").label).toBe("positive");
    expect(analyzeSentiment("No estuvo mal", "es").label).toBe("positive");
  });

  it("ends negation at the clause and after three words", () => {
    // "great" is in a new clause: not negated
    expect(analyzeSentiment("Not cheap, but great", "en").hits.find((h) => h.word === "great")?.negated).toBe(false);
    expect(analyzeSentiment("no one two three four good", "en").label).toBe("positive");
  });

  it("makes intensified words stronger and leaves texts without sentiment words neutral", () => {
    expect(analyzeSentiment("very good", "en").score).toBeGreaterThan(analyzeSentiment("good", "en").score);
    expect(analyzeSentiment("todella hyvä", "fi").score).toBeGreaterThan(analyzeSentiment("hyvä", "fi").score);
    expect(analyzeSentiment("I ordered a sandwich at noon", "en")).toEqual({ score: 0, label: "neutral", hits: [] });
    expect(analyzeSentiment("", "fi")).toEqual({ score: 0, label: "neutral", hits: [] });
  });

  it("aggregates counts per label and the mean", () => {
    expect(aggregateSentiment([0.8, -0.5, 0, 0.04, 0.2])).toEqual({ count: 5, positive: 2, neutral: 2, negative: 1, mean: 0.108 });
    expect(aggregateSentiment([])).toEqual({ count: 0, positive: 0, neutral: 0, negative: 0, mean: null });
    expect(labelOf(0.05)).toBe("neutral");
    expect(labelOf(0.051)).toBe("positive");
  });
});
