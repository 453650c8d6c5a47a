import { describe, expect, it } from "vitest";
import {
  draftFromSurvey,
  emptyDraft,
  END,
  isValid,
  makeDefaultLanguage,
  moveQuestion,
  newQuestion,
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
  existing: true,
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
    expect((input.questions as { logic: unknown }[])[0]!.logic).toEqual({ "0": END });
  });

  it("builds the API body: stored questions by _id, new ones by ref, blank translations left out, no logic without the feature", () => {
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
    const [first, second] = body.questions as Record<string, unknown>[];
    expect(first).toMatchObject({
      _id: "65a1b2c3d4e5f60718293a4b",
      title: { en: "Score", fi: "Pisteet" },
      logic: { "10": fresh.key },
      choices: [],
      subtitle: null,
    });
    expect(second).toMatchObject({ ref: fresh.key, type: "singleChoice", title: { en: "Pick" }, choices: [{ text: { en: "C0" } }, { text: { en: "C1" } }] });
    expect(second!._id).toBeUndefined();
    expect((toSurveyInput(d, { logic: false }).questions as { logic: unknown }[])[0]!.logic).toBeNull();
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

  it("reads a stored survey (texts as strings or maps) and finds the question of a server field", () => {
    const d = draftFromSurvey({
      name: "S",
      languages: ["fi"],
      tags: [],
      questionTags: [],
      questions: [
        {
          legacyId: "x".repeat(24),
          type: "smiley",
          title: "Miten meni?",
          subtitle: null,
          options: { buttons: 4 },
          choices: [],
          logic: { "0": "end" },
          tags: [],
          required: true,
        },
      ],
    });
    expect(d.questions[0]).toMatchObject({ key: "x".repeat(24), existing: true, title: { fi: "Miten meni?" }, logic: { "0": "end" }, required: true });
    expect(questionIndexOfField("questions.3.title.en")).toBe(3);
    expect(questionIndexOfField("name")).toBeNull();
  });
});
