import { describe, expect, it } from "vitest";
import { nextIndex, optionKeys, path } from "./logic";
import { pickLanguage, localize } from "./language";
import type { Question } from "./types";

const q = (id: string, type: Question["type"], logic: Record<string, string> | null = null, choices: string[] = []): Question => ({
  id,
  type,
  title: { en: id },
  subtitle: null,
  options: {},
  choices: choices.map((c) => ({ id: c, text: { en: c } })),
  required: false,
  logic,
});

describe("answer-based logic", () => {
  const questions = [
    q("smiley", "smiley", { "0": "open", "1": "open" }),
    q("nps", "nps", { "10": "end" }),
    q("choice", "singleChoice", { b: "open" }, ["a", "b"]),
    q("multi", "multipleChoice", { y: "end", submit: "contact" }, ["x", "y", "z"]),
    q("open", "openText"),
    q("contact", "contactDetails", { submit: "smiley" }),
  ];

  it("goes on to the next question without a matching rule", () => {
    expect(nextIndex(questions, 0, 3)).toBe(1);
    expect(nextIndex(questions, 2, "a")).toBe(3);
  });

  it("skips to a later question by the answer's option key", () => {
    expect(nextIndex(questions, 0, 0)).toBe(4);
    expect(nextIndex(questions, 2, "b")).toBe(4);
  });

  it("ends the survey with 'end'", () => {
    expect(nextIndex(questions, 1, 10)).toBe(questions.length);
    expect(nextIndex(questions, 1, 9)).toBe(2);
  });

  it("multiple choice: the first selected choice with a rule, else 'submit'", () => {
    expect(nextIndex(questions, 3, ["z", "y"])).toBe(questions.length);
    expect(nextIndex(questions, 3, ["x"])).toBe(5);
    expect(optionKeys(questions[3]!, ["z", "x"])).toEqual(["x", "z", "submit"]);
  });

  it("a skipped question follows no rule; a rule pointing backwards is ignored", () => {
    expect(nextIndex(questions, 3, undefined)).toBe(4);
    expect(nextIndex(questions, 5, { name: "A" })).toBe(6);
  });

  it("the path of questions shown for a set of answers", () => {
    expect(path(questions, { smiley: 1, open: "x" })).toEqual(["smiley", "open", "contact"]);
    expect(path(questions, { smiley: 4, nps: 10 })).toEqual(["smiley", "nps"]);
  });
});

describe("respondent language", () => {
  it("?language= first, then the browser's languages, then the survey's first", () => {
    expect(pickLanguage(["en", "fi", "es"], { search: "?language=es", browser: ["fi-FI"] })).toBe("es");
    expect(pickLanguage(["en", "fi"], { search: "?language=de", browser: ["fi-FI", "en"] })).toBe("fi");
    expect(pickLanguage(["fi", "en"], { browser: ["de-DE"] })).toBe("fi");
    expect(pickLanguage([], {})).toBe("en");
  });

  it("texts fall back to the survey's languages, then English, then any", () => {
    expect(localize({ en: "Hello", fi: "Hei" }, "fi")).toBe("Hei");
    expect(localize({ en: "Hello", fi: "Hei" }, "es", ["fi"])).toBe("Hei");
    expect(localize({ sv: "Hej" }, "es")).toBe("Hej");
    expect(localize(null, "en")).toBe("");
  });
});
