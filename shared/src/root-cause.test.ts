import { describe, expect, it } from "vitest";
import { isOutcomeQuestionType, outcomeQuestionTypes } from "./root-cause.js";

describe("root-cause outcomes", () => {
  it("are the scored question types: NPS, smiley and slider", () => {
    expect([...outcomeQuestionTypes].sort()).toEqual(["nps", "slider", "smiley"]);
    for (const type of outcomeQuestionTypes) expect(isOutcomeQuestionType(type)).toBe(true);
  });

  it("never a choice, text, emotion or contact question", () => {
    for (const type of ["singleChoice", "multipleChoice", "openText", "emotion", "contactDetails", ""]) expect(isOutcomeQuestionType(type)).toBe(false);
  });
});
