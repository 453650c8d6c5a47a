import { describe, expect, it } from "vitest";
import { hasChoices, questionTypes, sliderScaleError, surveyMessages } from "./survey-rules";

describe("survey rules", () => {
  it("a slider's scale: min below max, a positive step that divides the range", () => {
    expect(sliderScaleError(0, 10, 1)).toBeNull();
    expect(sliderScaleError(1, 7, 2)).toBeNull();
    expect(sliderScaleError(0, 1, 0.25)).toBeNull();
    expect(sliderScaleError(5, 5, 1)).toBe("sliderRange");
    expect(sliderScaleError(7, 1, 1)).toBe("sliderRange");
    expect(sliderScaleError(undefined, 10, 1)).toBe("sliderRange");
    expect(sliderScaleError(0, Number.POSITIVE_INFINITY, 1)).toBe("sliderRange");
    expect(sliderScaleError(0, 10, 3)).toBe("sliderStep");
    expect(sliderScaleError(0, 10, 0)).toBe("sliderStep");
    expect(sliderScaleError(0, 10, -1)).toBe("sliderStep");
    expect(sliderScaleError(0, 10, "1")).toBe("sliderStep");
    expect(surveyMessages.sliderStep).toBe("The slider's step must be positive and divide its range");
  });

  it("choices belong to single-choice, multiple-choice and emotion questions only", () => {
    expect(questionTypes.filter(hasChoices)).toEqual(["singleChoice", "multipleChoice", "emotion"]);
  });
});
