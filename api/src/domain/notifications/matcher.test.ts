// The compiled rules (matcher.ts) against the interpreter they replace on the evaluation path
// (conditions.ts `conditionsMatch`): the same answer on many generated conditions and answers (seeded),
// the edge cases by name, and the index that decides which rules a response is tested against.
import { describe, expect, it } from "vitest";
import { conditionsMatch, type Condition, type ConditionGroups, type RuleAnswer, type RuleQuestion } from "./conditions.js";
import { compileConditions, compiledRuleCount, RuleIndex, type IndexedRule } from "./matcher.js";

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function seeded(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)]!;
  const some = <T>(list: readonly T[], max = list.length): T[] => list.filter(() => next() < 0.5).slice(0, Math.max(1, int(max + 1)));
  return { next, int, pick, some };
}

const hex = (n: number) => n.toString(16).padStart(24, "0");
const choices = (prefix: string) => Array.from({ length: 4 }, (_, i) => ({ id: `${prefix}${i}` }));

/** A survey with a question of every type (two scales of slider, both smiley sizes), and a question id that is not in it. */
const questionList: RuleQuestion[] = [
  { id: hex(1), type: "smiley", options: { buttons: 5 }, choices: [] },
  { id: hex(2), type: "smiley", options: { buttons: 4 }, choices: [] },
  { id: hex(3), type: "nps", options: {}, choices: [] },
  { id: hex(4), type: "slider", options: { min: 0, max: 10 }, choices: [] },
  { id: hex(5), type: "slider", options: { min: 1, max: 7 }, choices: [] },
  { id: hex(6), type: "slider", options: { min: 5, max: 5 }, choices: [] }, // max ≤ min: the scale falls back to min … min+10
  { id: hex(7), type: "singleChoice", options: {}, choices: choices("s") },
  { id: hex(8), type: "multipleChoice", options: {}, choices: choices("m") },
  { id: hex(9), type: "emotion", options: {}, choices: choices("e") },
  { id: hex(10), type: "openText", options: {}, choices: [] },
  { id: hex(11), type: "contactDetails", options: {}, choices: [] },
  { id: hex(12), type: "rating", options: {}, choices: [] }, // a type conditions do not know
];
const questions = new Map(questionList.map((q) => [q.id, q]));
const deletedQuestionId = hex(99);
const words = ["Refund", " refund ", "queue", "QUEUE", "staff", "", "kassa", "Ö", "never"];
const texts = ["I want a refund", "The queue was long", "friendly STAFF", "ööö kassa", "", "nothing to say"];

function generator(seed: number) {
  const r = seeded(seed);
  const sliderScale = (q: RuleQuestion) => {
    const min = typeof q.options.min === "number" ? q.options.min : 0;
    let max = typeof q.options.max === "number" ? q.options.max : 10;
    if (max <= min) max = min + 10;
    return { min, max };
  };
  const numericMap = (low: number, high: number) => {
    const bound = () => (r.next() < 0.5 ? low + r.int(high - low + 2) : Number((low + r.next() * (high - low + 1)).toFixed(2)));
    const kind = r.int(4);
    if (kind === 0) return { gte: bound() };
    if (kind === 1) return { lt: bound() };
    if (kind === 2) return {};
    const [a, b] = [bound(), bound()].sort((x, y) => x - y);
    return { gte: a!, lt: b! };
  };
  const condition = (): Condition => {
    if (r.next() < 0.04) return { questionId: deletedQuestionId, values: [1] };
    const q = r.pick(questionList);
    const wrongKind = r.next() < 0.05; // a list where a map belongs, or the other way round
    switch (q.type) {
      case "smiley":
        return { questionId: q.id, values: wrongKind ? { gte: 1 } : r.some([0, 1, 2, 3, 4, "2"], 3) };
      case "nps":
        return { questionId: q.id, values: r.next() < 0.5 ? r.some([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 4) : numericMap(0, 10) };
      case "slider": {
        const { min, max } = sliderScale(q);
        return { questionId: q.id, values: wrongKind ? [min] : numericMap(min, max) };
      }
      case "singleChoice":
      case "multipleChoice":
      case "emotion":
        return { questionId: q.id, values: wrongKind ? { gte: 0 } : r.some([...q.choices.map((c) => c.id), "unknown"], 3) };
      case "openText":
        return { questionId: q.id, values: wrongKind ? { lt: 3 } : r.some(words, 3) };
      case "contactDetails":
        return { questionId: q.id, values: r.some(["name", "email", "phone", 7], 2) };
      default:
        return { questionId: q.id, values: [1, 2] };
    }
  };
  const groups = (): ConditionGroups => {
    const n = r.next() < 0.05 ? 0 : 1 + r.int(3);
    return Array.from({ length: n }, () => (r.next() < 0.05 ? [] : Array.from({ length: 1 + r.int(3) }, condition)));
  };
  const answer = (q: RuleQuestion): RuleAnswer => {
    const base = { questionId: q.id, numericValue: null as number | null, textValue: null as string | null, choiceIds: [] as string[] };
    if (r.next() < 0.05) return base; // stored without a value
    switch (q.type) {
      case "smiley": {
        const steps = q.options.buttons === 4 ? 3 : 4;
        return { ...base, numericValue: r.next() < 0.8 ? r.int(steps + 1) / steps : r.next() };
      }
      case "nps":
        return { ...base, numericValue: r.int(11) };
      case "slider": {
        const { min, max } = sliderScale(q);
        // often exactly on a whole number of the scale, where gte and lt bounds fall
        return { ...base, numericValue: r.next() < 0.6 ? r.int(max - min + 1) / (max - min) : r.next() };
      }
      case "singleChoice":
      case "emotion":
        return { ...base, choiceIds: [r.pick(q.choices).id] };
      case "multipleChoice":
        return {
          ...base,
          choiceIds: r
            .some(
              q.choices.map((c) => c.id),
              3,
            )
            .filter(() => r.next() < 0.8),
        };
      case "openText":
        return { ...base, textValue: r.pick(texts) };
      case "contactDetails":
        return {
          ...base,
          textValue: r.pick([
            JSON.stringify({ name: "Aino", email: "" }),
            JSON.stringify({ phone: "+358 40 1" }),
            "not json",
            "null",
            JSON.stringify({ email: 5 }),
          ]),
        };
      default:
        return { ...base, numericValue: r.int(5) };
    }
  };
  /** Some questions answered, others missing. */
  const answers = (): Map<string, RuleAnswer> => new Map(questionList.filter(() => r.next() < 0.6).map((q) => [q.id, answer(q)]));
  return { groups, answers, next: r.next };
}

const compiledMatch = (groups: ConditionGroups, answers: ReadonlyMap<string, RuleAnswer>) => compileConditions(groups, questions)?.test(answers) ?? false;

describe("compiled notification rules", () => {
  it("answer as conditionsMatch on 40,000 generated rules and responses (seeded)", () => {
    for (const seed of [1, 7, 2026, 31337]) {
      const g = generator(seed);
      let matched = 0;
      for (let i = 0; i < 2_000; i++) {
        const groups = g.groups();
        const compiled = compileConditions(groups, questions);
        // each compiled rule against several responses, as evaluation uses it
        for (let j = 0; j < 5; j++) {
          const answers = g.answers();
          const expected = conditionsMatch(groups, questions, answers);
          const actual = compiled?.test(answers) ?? false;
          if (actual !== expected) {
            throw new Error(
              `seed ${seed}, rule ${i}, response ${j}: compiled ${actual}, interpreted ${expected}\n${JSON.stringify({ groups, answers: [...answers.values()] })}`,
            );
          }
          if (expected) matched++;
        }
      }
      // both outcomes are common enough for the comparison to mean something
      expect(matched).toBeGreaterThan(500);
      expect(matched).toBeLessThan(9_500);
    }
  });

  it("slider bounds: gte inclusive, lt exclusive, on the slider's own scale", () => {
    const slider = questions.get(hex(5))!; // 1 … 7
    const at = (value: number) => new Map([[slider.id, { questionId: slider.id, numericValue: (value - 1) / 6, textValue: null, choiceIds: [] }]]);
    const groups: ConditionGroups = [[{ questionId: slider.id, values: { gte: 3, lt: 5 } }]];
    for (const [value, expected] of [
      [2, false],
      [3, true],
      [4, true],
      [5, false],
      [7, false],
    ] as const) {
      expect(compiledMatch(groups, at(value))).toBe(expected);
      expect(conditionsMatch(groups, questions, at(value))).toBe(expected);
    }
    // a value a rounding error off a bound counts as on it (the interpreter's 1e-9 tolerance)
    const near = (value: number) => new Map([[slider.id, { questionId: slider.id, numericValue: (value - 1) / 6, textValue: null, choiceIds: [] }]]);
    for (const [values, value, expected] of [
      [{ gte: 3 }, 3 - 1e-12, true],
      [{ gte: 3 }, 3 - 1e-6, false],
      [{ lt: 5 }, 5 - 1e-12, false],
      [{ lt: 5 }, 5 - 1e-6, true],
    ] as const) {
      const g: ConditionGroups = [[{ questionId: slider.id, values }]];
      expect(conditionsMatch(g, questions, near(value))).toBe(expected);
      expect(compiledMatch(g, near(value))).toBe(expected);
    }
    // only one bound
    expect(compiledMatch([[{ questionId: slider.id, values: { gte: 7 } }]], at(7))).toBe(true);
    expect(compiledMatch([[{ questionId: slider.id, values: { lt: 2 } }]], at(1))).toBe(true);
    expect(compiledMatch([[{ questionId: slider.id, values: { lt: 2 } }]], at(2))).toBe(false);
  });

  it("no group or an empty group never matches; OR within a group, AND across groups; a missing answer never holds", () => {
    const nps = hex(3);
    const text = hex(10);
    const answers = new Map<string, RuleAnswer>([
      [nps, { questionId: nps, numericValue: 4, textValue: null, choiceIds: [] }],
      [text, { questionId: text, numericValue: null, textValue: "Please REFUND me", choiceIds: [] }],
    ]);
    expect(compileConditions([], questions)).toBeNull();
    expect(compileConditions([[{ questionId: nps, values: [4] }], []], questions)).toBeNull();
    expect(compiledMatch([[{ questionId: nps, values: [1, 2, 4] }]], answers)).toBe(true); // several OR values
    expect(
      compiledMatch(
        [
          [
            { questionId: nps, values: [9] },
            { questionId: text, values: ["refund"] },
          ],
        ],
        answers,
      ),
    ).toBe(true);
    expect(compiledMatch([[{ questionId: nps, values: [4] }], [{ questionId: text, values: ["queue"] }]], answers)).toBe(false);
    // the slider question is not answered: its condition does not hold, the other one of the group may
    const slider = hex(4);
    expect(compiledMatch([[{ questionId: slider, values: { gte: 0 } }]], answers)).toBe(false);
    expect(
      compiledMatch(
        [
          [
            { questionId: slider, values: { gte: 0 } },
            { questionId: nps, values: { lt: 7 } },
          ],
        ],
        answers,
      ),
    ).toBe(true);
    // a question no longer in the survey never holds
    expect(compileConditions([[{ questionId: deletedQuestionId, values: [4] }]], questions)).toBeNull();
  });
});

/** Answers that count how often a rule looked at them. */
class CountingAnswers extends Map<string, RuleAnswer> {
  reads = 0;
  override get(key: string) {
    this.reads++;
    return super.get(key);
  }
}

describe("the rule index", () => {
  const nps = hex(3);
  const text = hex(10);
  const rule = (id: string, touchpointIds: string[], conditions: ConditionGroups, organizationId = "org-a"): IndexedRule => ({
    id,
    organizationId,
    surveyId: "survey",
    touchpointIds,
    conditions,
    delay: 0,
  });
  const answersOf = (list: RuleAnswer[]) => new CountingAnswers(list.map((a) => [a.questionId, a]));
  const npsAnswer = (score: number): RuleAnswer => ({ questionId: nps, numericValue: score, textValue: null, choiceIds: [] });

  it("tests a response only against its touchpoint's rules of its organisation, in the rules' order, and skips one that answers none of their questions", () => {
    const rules = [
      rule(hex(101), ["tp-1"], [[{ questionId: nps, values: { lt: 7 } }]]),
      rule(hex(102), ["tp-1", "tp-2"], [[{ questionId: text, values: ["refund"] }], [{ questionId: nps, values: [3, 4] }]]),
      rule(hex(103), ["tp-2"], [[{ questionId: nps, values: { gte: 0 } }]]),
      rule(hex(104), ["tp-1"], [[{ questionId: nps, values: { gte: 0 } }]], "org-b"),
      rule(hex(105), ["tp-1"], [[{ questionId: nps, values: [4] }], []]), // an empty group: never matches
    ];
    const index = new RuleIndex(rules, questions);
    expect(index.neverMatching.map((r) => r.id)).toEqual([hex(105)]);
    const response = { organizationId: "org-a", touchpointId: "tp-1" };
    const refund: RuleAnswer = { questionId: text, numericValue: null, textValue: "refund please", choiceIds: [] };
    expect(index.matching(response, answersOf([npsAnswer(4), refund])).map((r) => r.id)).toEqual([hex(101), hex(102)]);
    expect(index.matching(response, answersOf([npsAnswer(8), refund])).map((r) => r.id)).toEqual([]);
    expect(index.matching({ ...response, touchpointId: "tp-2" }, answersOf([npsAnswer(3), refund])).map((r) => r.id)).toEqual([hex(102), hex(103)]);
    expect(index.matching({ ...response, touchpointId: "tp-3" }, answersOf([npsAnswer(3)]))).toEqual([]);
    expect(index.hasRulesAt("tp-3")).toBe(false);
    // a rule reached through two answered questions is tested once, and the rules after it still are
    const both = new RuleIndex(
      [
        rule(
          hex(106),
          ["tp-1"],
          [
            [
              { questionId: nps, values: [4] },
              { questionId: text, values: ["refund"] },
            ],
          ],
        ),
        rule(hex(107), ["tp-1"], [[{ questionId: text, values: ["please"] }]]),
      ],
      questions,
    );
    expect(both.matching(response, answersOf([npsAnswer(4), refund])).map((r) => r.id)).toEqual([hex(106), hex(107)]);
    // answering none of the questions the rules name: no rule looks at the answers at all
    const unrelated = answersOf([{ questionId: hex(7), numericValue: null, textValue: null, choiceIds: ["s1"] }]);
    expect(index.matching(response, unrelated)).toEqual([]);
    expect(unrelated.reads).toBe(0);
    // the questions rules at tp-2 need answered: rule 102 anchors on its group of listed scores rather than on the words, 103 on nps
    expect([...index.anchorQuestionsAt("tp-2")]).toEqual([nps]);
  });

  it("finds exactly the rules a brute-force check with conditionsMatch finds, on generated rules and responses (seeded)", () => {
    for (const seed of [3, 11, 2027]) {
      const g = generator(seed);
      const r = seeded(seed + 1);
      const touchpoints = ["tp-1", "tp-2", "tp-3"];
      let found = 0;
      for (let round = 0; round < 40; round++) {
        const rules = Array.from({ length: 30 }, (_, i) => rule(hex(1000 * round + i), r.some(touchpoints, 2), g.groups(), r.next() < 0.9 ? "org-a" : "org-b"));
        const index = new RuleIndex(rules, questions);
        for (let j = 0; j < 50; j++) {
          const response = { organizationId: r.next() < 0.9 ? "org-a" : "org-b", touchpointId: r.pick([...touchpoints, "tp-4"]) };
          const answers = g.answers();
          const expected = rules
            .filter((x) => x.organizationId === response.organizationId && x.touchpointIds.includes(response.touchpointId))
            .filter((x) => conditionsMatch(x.conditions as ConditionGroups, questions, answers))
            .map((x) => x.id);
          expect(index.matching(response, answers).map((x) => x.id)).toEqual(expected);
          found += expected.length;
        }
      }
      expect(found).toBeGreaterThan(1_000);
    }
  });

  it("with listed values, tests only the rules whose anchor lists the response's own value", () => {
    // 100 rules as in the benchmark: an NPS score each, and a word that never appears
    const rules = Array.from({ length: 100 }, (_, i) =>
      rule(hex(300 + i), ["tp-1"], [[{ questionId: text, values: [`never-${i}`] }], [{ questionId: nps, values: [i % 11] }]]),
    );
    const index = new RuleIndex(rules, questions);
    const answers = answersOf([npsAnswer(7), { questionId: text, numericValue: null, textValue: "never mind", choiceIds: [] }]);
    expect(index.matching({ organizationId: "org-a", touchpointId: "tp-1" }, answers)).toEqual([]);
    // only the 9 rules listing 7 are tested (each reads the text answer, its first group, and stops there); the other 91 not at all
    expect(answers.reads).toBe(9);
  });

  it("compiles a rule once per version: again only when its conditions or the questions they name change", () => {
    const r = rule(hex(201), ["tp-1"], [[{ questionId: nps, values: [1, 2] }]]);
    new RuleIndex([r], questions);
    const after = compiledRuleCount();
    new RuleIndex([r], questions);
    new RuleIndex([{ ...r, touchpointIds: ["tp-1", "tp-2"] }], questions);
    expect(compiledRuleCount()).toBe(after);
    const edited = { ...r, conditions: [[{ questionId: nps, values: [1, 2, 3] }]] };
    const index = new RuleIndex([edited], questions);
    expect(compiledRuleCount()).toBe(after + 1);
    expect(index.matching({ organizationId: "org-a", touchpointId: "tp-1" }, answersOf([npsAnswer(3)])).map((x) => x.id)).toEqual([hex(201)]);
    // the slider question's scale changes: its condition means something else, so the rule is compiled again
    const slider = hex(4);
    const onSlider = rule(hex(202), ["tp-1"], [[{ questionId: slider, values: { gte: 8 } }]]);
    const answer = answersOf([{ questionId: slider, numericValue: 0.5, textValue: null, choiceIds: [] }]);
    const response = { organizationId: "org-a", touchpointId: "tp-1" };
    expect(new RuleIndex([onSlider], questions).matching(response, answer)).toEqual([]); // 5 on 0 … 10
    const rescaled = new Map(questions).set(slider, { ...questions.get(slider)!, options: { min: 6, max: 10 } });
    const before = compiledRuleCount();
    expect(new RuleIndex([onSlider], rescaled).matching(response, answer).map((x) => x.id)).toEqual([hex(202)]); // 8 on 6 … 10
    expect(compiledRuleCount()).toBe(before + 1);
  });
});
