import { describe, expect, it } from "vitest";
import {
  draftFromSurvey,
  emptyDraft,
  END,
  isValid,
  makeDefaultLanguage,
  moveQuestion,
  moveQuestionTo,
  newQuestion,
  previewQuestions,
  questionIndexOfField,
  removeLanguage,
  removeQuestion,
  toSurveyInput,
  validateDraft,
  type Draft,
  type DraftQuestion,
} from "./draft";

const q = (key: string, patch: Partial<DraftQuestion> = {}): DraftQuestion => ({
  key,
  id: btoa(`Question:${key}`),
  type: "nps",
  title: { en: key },
  subtitle: {},
  required: false,
  tags: [],
  options: {},
  choices: [],
  logic: {},
  ...patch,
});

describe("survey editor draft", () => {
  it("moves a question to another place (drag and drop), keeping the others' order and dropping logic that no longer points forward", () => {
    const list = [q("a", { logic: { "10": "c" } }), q("b"), q("c"), q("d")];
    expect(moveQuestionTo(list, 3, 0).map((x) => x.key)).toEqual(["d", "a", "b", "c"]);
    expect(moveQuestionTo(list, 0, 2).map((x) => x.key)).toEqual(["b", "c", "a", "d"]);
    expect(moveQuestionTo(list, 0, 2)[2]!.logic).toEqual({});
    expect(moveQuestionTo(list, 1, 1)).toBe(list);
    expect(moveQuestionTo(list, 0, 9)).toBe(list);
  });

  it("gives the live preview the draft's questions as the respondent runtime reads them", () => {
    const d: Draft = {
      ...emptyDraft(),
      languages: ["en", "fi"],
      questions: [
        q("a", { type: "smiley", title: { en: "How?", fi: " " }, subtitle: {}, options: {}, logic: { "0": "b" } }),
        q("b", {
          type: "singleChoice",
          title: { en: "Pick" },
          subtitle: { en: "one" },
          choices: [
            { id: "c1", text: { en: "Tea" } },
            { id: "c2", text: { en: "Old" }, hidden: true },
            { id: "c3", text: { en: "  " } },
          ],
        }),
      ],
    };
    expect(previewQuestions(d)).toEqual([
      { id: "a", type: "smiley", title: { en: "How?" }, subtitle: null, options: { buttons: 5 }, choices: [], required: false, logic: { "0": "b" } },
      {
        id: "b",
        type: "singleChoice",
        title: { en: "Pick" },
        subtitle: { en: "one" },
        options: {},
        choices: [{ id: "c1", text: { en: "Tea" } }],
        required: false,
        logic: null,
      },
    ]);
  });

  it("drops logic whose target no longer comes later after a move, and pointers to a removed question", () => {
    const qs = [q("a", { logic: { "10": "c", "0": END } }), q("b", { logic: { submit: "c" } }), q("c")];
    // c moves above b: a → c still points forward; b → c now points backwards and goes.
    const moved = moveQuestion(qs, 2, -1);
    expect(moved.map((x) => x.key)).toEqual(["a", "c", "b"]);
    expect(moved[0]!.logic).toEqual({ "10": "c", "0": END });
    expect(moved[2]!.logic).toEqual({});
    const removed = removeQuestion(qs, 2);
    expect(removed.map((x) => x.logic)).toEqual([{ "0": END }, {}]);
    // moving past the ends changes nothing
    expect(moveQuestion(qs, 0, -1)).toBe(qs);
  });

  it("drops logic on answers the question no longer has (5 → 4 smileys)", () => {
    const smiley = q("s", { type: "smiley", options: { buttons: 5 }, logic: { "4": END, "0": END } });
    const input = toSurveyInput({ ...emptyDraft(), name: "S", questions: [{ ...smiley, options: { buttons: 4 } }] }, { logic: true });
    expect(input.questions[0]!.logic).toEqual([{ answer: "0", target: END }]);
    expect(input.questions[0]!.buttons).toBe(4);
  });

  it("builds the SurveyInput: stored questions by global id, every one with its key as ref, blank translations left out, no logic without the feature", () => {
    const fresh = newQuestion("singleChoice");
    fresh.title = { en: " Pick ", fi: "  " };
    fresh.choices = fresh.choices.map((c, i) => ({ ...c, text: { en: `C${i}` } }));
    const d: Draft = {
      name: "  Lobby  ",
      languages: ["en", "fi"],
      tags: ["x"],
      questionTags: ["old"],
      questions: [q("65a1b2c3d4e5f60718293a4b", { title: { en: "Score", fi: "Pisteet" }, tags: ["new"], logic: { "10": fresh.key } }), fresh],
    };
    const body = toSurveyInput(d, { logic: true });
    expect(body).toMatchObject({ name: "Lobby", languages: ["en", "fi"], tags: ["x"], questionTags: ["old", "new"] });
    const [first, second] = body.questions;
    expect(first).toMatchObject({
      id: btoa("Question:65a1b2c3d4e5f60718293a4b"),
      ref: "65a1b2c3d4e5f60718293a4b",
      title: [
        { language: "en", text: "Score" },
        { language: "fi", text: "Pisteet" },
      ],
      logic: [{ answer: "10", target: fresh.key }],
      choices: [],
      subtitle: [],
    });
    expect(second).toMatchObject({
      ref: fresh.key,
      type: "singleChoice",
      title: [{ language: "en", text: "Pick" }],
      choices: [{ text: [{ language: "en", text: "C0" }] }, { text: [{ language: "en", text: "C1" }] }],
    });
    expect(second!.id).toBeUndefined();
    expect(toSurveyInput(d, { logic: false }).questions[0]!.logic).toEqual([]);
  });

  it("validates like the API: blank name, blank titles in the default language, choices, slider, contact fields", () => {
    const d: Draft = {
      ...emptyDraft(),
      questions: [
        q("a", { title: { en: "   ", fi: "Otsikko" } }),
        q("b", { type: "singleChoice", choices: [] }),
        q("c", { type: "slider", options: { min: 5, max: 5, step: 1 } }),
        q("d", { type: "slider", options: { min: 0, max: 10, step: 3 } }),
        q("e", { type: "contactDetails", options: { fields: [] } }),
        q("f", {
          type: "emotion",
          choices: [
            { id: "1".repeat(24), text: { en: "" }, cluster: "trust" },
            { id: "2".repeat(24), text: { en: "Wow" }, cluster: "nope" },
          ],
        }),
      ],
    };
    const e = validateDraft(d);
    expect(isValid(e)).toBe(false);
    expect(e.name).toBe("blankName");
    expect(e.questions).toEqual({
      0: { title: "blankTitle" },
      1: { choices: "choicesRequired" },
      2: { slider: "sliderRange" },
      3: { slider: "sliderStep" },
      4: { contact: "contactFields" },
      5: { choice: { 0: "blankChoice", 1: "unknownCluster" } },
    });
    // Making Finnish the default: question a's Finnish title now counts.
    const fi = validateDraft(makeDefaultLanguage({ ...d, name: "N", languages: ["en", "fi"] }, "fi"));
    expect(fi.questions[0]).toBeUndefined();
  });

  it("removes a language with its texts, never the last one", () => {
    const d: Draft = {
      ...emptyDraft(),
      languages: ["en", "fi"],
      questions: [
        q("a", {
          title: { en: "Hi", fi: "Hei" },
          options: { minLabel: { en: "lo", fi: "ala" } },
          choices: [{ id: "1".repeat(24), text: { en: "A", fi: "Ä" } }],
        }),
      ],
    };
    const en = removeLanguage(d, "fi");
    expect(en.languages).toEqual(["en"]);
    expect(en.questions[0]).toMatchObject({ title: { en: "Hi" }, options: { minLabel: { en: "lo" } }, choices: [{ text: { en: "A" } }] });
    expect(removeLanguage(en, "en")).toBe(en);
  });

  it("reads a stored survey (texts per language, the options of its type) and finds the question of a server field", () => {
    const d = draftFromSurvey({
      name: "S",
      languages: ["fi"],
      tags: [],
      questionTags: [],
      questions: [
        {
          id: btoa(`Question:${"a".repeat(24)}`),
          legacyId: "a".repeat(24),
          type: "smiley",
          title: [{ language: "fi", text: "Miten meni?" }],
          subtitle: [],
          options: { __typename: "SmileyOptions", buttons: 4 },
          choices: [],
          logic: [{ answer: "0", target: "end" }],
          tags: [],
          required: true,
        },
        {
          id: btoa(`Question:${"b".repeat(24)}`),
          legacyId: "b".repeat(24),
          type: "slider",
          title: [{ language: "fi", text: "Nopeus" }],
          subtitle: [],
          options: { __typename: "SliderOptions", min: 1, max: 7, step: 2, minLabel: [{ language: "fi", text: "hidas" }], maxLabel: [] },
          choices: [],
          logic: [],
          tags: [],
          required: false,
        },
      ],
    });
    expect(d.questions[0]).toMatchObject({
      key: "a".repeat(24),
      id: btoa(`Question:${"a".repeat(24)}`),
      title: { fi: "Miten meni?" },
      options: { buttons: 4 },
      logic: { "0": "end" },
      required: true,
    });
    expect(d.questions[1]!.options).toEqual({ min: 1, max: 7, step: 2, minLabel: { fi: "hidas" } });
    // What is read is sent back as it was.
    expect(toSurveyInput(d, { logic: true }).questions[1]).toMatchObject({
      slider: { min: 1, max: 7, step: 2, minLabel: [{ language: "fi", text: "hidas" }] },
    });
    expect(questionIndexOfField("questions.3.title.en")).toBe(3);
    expect(questionIndexOfField("name")).toBeNull();
  });
});
