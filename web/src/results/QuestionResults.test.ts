// The categories of a question's distribution: smiley buttons read "n/buttons" counting only the
// current scale's buttons; answers stored under an earlier number of buttons show their value.
import { describe, expect, it } from "vitest";
import { categoriesOf } from "./QuestionResults";

describe("categoriesOf", () => {
  it("names smiley buttons 1/5 … 5/5", () => {
    const dist = ["0", "1", "2", "3", "4"].map((label, i) => ({ value: String(i / 4), label }));
    expect(categoriesOf({ questionType: "smiley" }, dist).map((c) => c.label)).toEqual(["1/5", "2/5", "3/5", "4/5", "5/5"]);
  });

  it("counts only the current buttons when answers of an earlier scale are there too", () => {
    const dist = [
      { value: "0", label: "0" },
      { value: "0.25", label: null },
      { value: "0.333333333", label: "1" },
      { value: "0.5", label: null },
      { value: "0.666666667", label: "2" },
      { value: "1", label: "3" },
    ];
    expect(categoriesOf({ questionType: "smiley" }, dist).map((c) => c.label)).toEqual(["1/4", "0.25", "2/4", "0.5", "3/4", "4/4"]);
  });

  it("leaves other questions' labels as they are", () => {
    expect(
      categoriesOf({ questionType: "singleChoice" }, [
        { value: "c1", label: "Shopping" },
        { value: "c2", label: null },
      ]).map((c) => c.label),
    ).toEqual(["Shopping", "c2"]);
  });
});
