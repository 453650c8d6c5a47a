import { describe, expect, it } from "vitest";
import {
  activateProblems,
  allProblems,
  cleanGroups,
  conditionProblems,
  copyInput,
  draftFromRule,
  emptyDraft,
  isRuleId,
  type RuleDraft,
  toInput,
} from "./ruleForm";

const q = { nps: "a".repeat(24), slider: "b".repeat(24), choice: "c".repeat(24) };
const complete = (): RuleDraft => ({
  ...emptyDraft(),
  name: " Detractors ",
  surveyId: "d".repeat(24),
  touchpointIds: ["e".repeat(24)],
  groups: [
    {
      key: "g1",
      conditions: [
        { key: "c1", questionId: q.nps, kind: "numbers", values: ["0", "1"], gte: "", lt: "" },
        { key: "c2", questionId: q.slider, kind: "bounds", values: [], gte: "8", lt: "" },
      ],
    },
    { key: "g2", conditions: [{ key: "c3", questionId: q.slider, kind: "bounds", values: [], gte: "", lt: "" }] },
    { key: "g3", conditions: [{ key: "c4", questionId: q.choice, kind: "values", values: ["x1"], gte: "", lt: "" }] },
  ],
  delay: "45",
  receivers: "Anna@Example.com, boss@example.com\nanna@example.com",
});

describe("the notification rule form", () => {
  it("drops empty slider bounds, bound-less slider conditions and the groups they leave empty before save", () => {
    expect(cleanGroups(complete().groups).map((g) => g.key)).toEqual(["g1", "g3"]);
    expect(toInput(complete())).toEqual({
      name: "Detractors",
      surveyId: "d".repeat(24),
      touchpointIds: ["e".repeat(24)],
      conditionGroups: [
        {
          conditions: [
            { questionId: q.nps, numbers: [0, 1] },
            { questionId: q.slider, gte: 8, lt: null },
          ],
        },
        { conditions: [{ questionId: q.choice, values: ["x1"] }] },
      ],
      delay: 45,
      receivers: ["anna@example.com", "boss@example.com"],
      format: "plain",
      messageContentFromQuestionIds: null,
      active: true,
      webhooks: [],
    });
  });

  it("is complete only with a name, survey, touchpoints, conditions with values, a delay and valid receivers", () => {
    expect(allProblems(complete())).toEqual([]);
    expect(allProblems(emptyDraft())).toEqual(["name", "survey", "touchpoints", "conditionQuestion", "receivers"]);
    const noValues = complete();
    noValues.groups[2]!.conditions[0]!.values = [];
    expect(conditionProblems(noValues)).toEqual(["conditionValues"]);
    const reversed = complete();
    reversed.groups[0]!.conditions[1]!.lt = "5";
    expect(conditionProblems(reversed)).toEqual(["bounds"]);
    expect(activateProblems({ ...complete(), delay: "-1" })).toEqual(["delay"]);
    expect(activateProblems({ ...complete(), receivers: "not an address" })).toEqual(["receiverAddress"]);
    expect(activateProblems({ ...complete(), webhooks: "https://hooks.example/a\nftp://x" })).toEqual(["webhookUrl"]);
    expect(toInput({ ...complete(), webhooks: " https://hooks.example/a \n\n" }).webhooks).toEqual(["https://hooks.example/a"]);
  });

  it("a copy keeps every field but the id, under a new name", () => {
    const saved = {
      ...toInput(complete()),
      conditionGroups: toInput(complete()).conditionGroups.map((g) => ({
        conditions: g.conditions.map((c) => ({ values: null, numbers: null, gte: null, lt: null, ...c })),
      })),
      messageContentFromQuestionIds: [q.nps],
    };
    const copy = copyInput(saved, "Detractors (copy)");
    expect(copy).toEqual({ ...toInput(draftFromRule(saved)), name: "Detractors (copy)" });
    expect(copy.messageContentFromQuestionIds).toEqual([q.nps]);
    expect(copy).not.toHaveProperty("id");
  });

  it("checks an id is 24 hexadecimal characters", () => {
    expect(isRuleId("0123456789abcdef01234567")).toBe(true);
    expect(isRuleId("new")).toBe(false);
    expect(isRuleId("0123456789ABCDEF01234567")).toBe(false);
  });
});
