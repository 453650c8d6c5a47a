// Notification rules compiled for evaluation (docs/notifications.md "Evaluation", "Benchmark").
//
// `conditionsMatch` (conditions.ts) interprets a rule's stored condition groups: for every response
// and every rule it walks the groups, looks the question up, switches on its type and searches the
// value lists. Evaluation checks every stored response against every active rule of its survey, so
// here each rule is turned once per version into a test of closures with the question's type, scale
// and button count resolved and the value lists made Sets, and a survey's rules are indexed by
// touchpoint and by the questions their conditions name: a response is only tested against the rules
// of its touchpoint that it can meet, and one that answers none of their questions is not tested at
// all. The compiled test answers exactly what `conditionsMatch` answers (matcher.test.ts compares
// them on generated rules and answers); malformed stored values (neither a list nor a numeric map),
// on which the interpreter could throw, never hold here.
import { smileyButtonsOf, sliderScaleOf, type Condition, type ConditionGroups, type NumericMap, type RuleAnswer, type RuleQuestion } from "./conditions.js";

export type AnswerMap = ReadonlyMap<string, RuleAnswer>;
export type AnswerTest = (answers: AnswerMap) => boolean;

const never: AnswerTest = () => false;

/** An open-text answer lower-cased once, however many rules look at it. */
const loweredTexts = new WeakMap<RuleAnswer, string>();
function loweredText(answer: RuleAnswer, text: string): string {
  let lowered = loweredTexts.get(answer);
  if (lowered === undefined) {
    lowered = text.toLocaleLowerCase();
    loweredTexts.set(answer, lowered);
  }
  return lowered;
}

/** `{ gte, lt }` as the interpreter reads it (gte inclusive, lt exclusive, 1e-9 tolerance). */
function rangeTest(map: NumericMap): (x: number) => boolean {
  const hasLow = map.gte !== undefined;
  const hasHigh = map.lt !== undefined;
  const low = hasLow ? (map.gte as number) - 1e-9 : 0;
  const high = hasHigh ? (map.lt as number) - 1e-9 : 0;
  if (hasLow && hasHigh) return (x) => x >= low && x < high;
  if (hasLow) return (x) => x >= low;
  if (hasHigh) return (x) => x < high;
  return () => true;
}

const isMap = (v: unknown): v is NumericMap => typeof v === "object" && v !== null && !Array.isArray(v);

/** One condition as a test; `never` when it can never hold (unknown question, values of the wrong kind). */
export function compileCondition(condition: Condition, question: RuleQuestion | undefined): AnswerTest {
  if (!question || typeof condition.questionId !== "string") return never;
  const id = condition.questionId;
  const v = condition.values;
  switch (question.type) {
    case "smiley": {
      if (!Array.isArray(v)) return never;
      const steps = smileyButtonsOf(question) - 1;
      const indexes = new Set<unknown>(v);
      return (answers) => {
        const a = answers.get(id);
        return a !== undefined && a.numericValue !== null && indexes.has(Math.round(a.numericValue * steps));
      };
    }
    case "nps": {
      if (Array.isArray(v)) {
        const scores = new Set<unknown>(v);
        return (answers) => {
          const a = answers.get(id);
          return a !== undefined && a.numericValue !== null && scores.has(a.numericValue);
        };
      }
      if (!isMap(v)) return never;
      const inRange = rangeTest(v);
      return (answers) => {
        const a = answers.get(id);
        return a !== undefined && a.numericValue !== null && inRange(a.numericValue);
      };
    }
    case "slider": {
      if (!isMap(v)) return never;
      const { min, max } = sliderScaleOf(question);
      const inRange = rangeTest(v);
      return (answers) => {
        const a = answers.get(id);
        return a !== undefined && a.numericValue !== null && inRange(min + a.numericValue * (max - min));
      };
    }
    case "singleChoice":
    case "multipleChoice":
    case "emotion": {
      if (!Array.isArray(v)) return never;
      const choices = new Set<unknown>(v);
      return (answers) => {
        const a = answers.get(id);
        if (a === undefined) return false;
        for (const choiceId of a.choiceIds) if (choices.has(choiceId)) return true;
        return false;
      };
    }
    case "openText": {
      if (!Array.isArray(v)) return never;
      const words = v.filter((w): w is string => typeof w === "string").map((w) => w.trim().toLocaleLowerCase());
      if (words.length === 0) return never;
      return (answers) => {
        const a = answers.get(id);
        if (a === undefined || !a.textValue) return false;
        const text = loweredText(a, a.textValue);
        for (const w of words) if (text.includes(w)) return true;
        return false;
      };
    }
    case "contactDetails": {
      if (!Array.isArray(v)) return never;
      const fields = v.filter((f): f is string => typeof f === "string");
      if (fields.length === 0) return never;
      return (answers) => {
        const a = answers.get(id);
        if (a === undefined || !a.textValue) return false;
        try {
          const details = JSON.parse(a.textValue) as Record<string, unknown>;
          return fields.some((field) => typeof details[field] === "string" && details[field] !== "");
        } catch {
          return false;
        }
      };
    }
    default:
      return never;
  }
}

/**
 * The values under which a condition can be indexed: a list of button indexes, scores or choice ids
 * (the answer's own value must be one of them), else null.
 */
function indexedValues(condition: Condition, question: RuleQuestion | undefined): unknown[] | null {
  if (!question || !Array.isArray(condition.values)) return null;
  return discreteTypes.has(question.type) ? condition.values : null;
}
const discreteTypes = new Set(["smiley", "nps", "singleChoice", "multipleChoice", "emotion"]);

/** An answer's values as `indexedValues` lists them (the index's keys), for a question of a discrete type. */
function answerKeysOf(question: RuleQuestion): (answer: RuleAnswer) => readonly unknown[] {
  if (question.type === "smiley") {
    const steps = smileyButtonsOf(question) - 1;
    return (a) => (a.numericValue === null ? [] : [Math.round(a.numericValue * steps)]);
  }
  if (question.type === "nps") return (a) => (a.numericValue === null ? [] : [a.numericValue]);
  return (a) => a.choiceIds ?? [];
}

/**
 * A rule's conditions compiled: the test, and its anchor: the group a response is first looked up by
 * (it cannot match unless one of the group's conditions holds). `anchorValues` when every condition
 * of that group is a list of discrete values (the rule is then indexed by question and value), else
 * `anchorQuestionIds` (indexed by question only).
 */
export type CompiledConditions = {
  test: AnswerTest;
  anchorQuestionIds: string[];
  anchorValues: { questionId: string; values: unknown[] }[] | null;
} | null;

/**
 * AND of the groups, OR within a group, as `conditionsMatch`. Null when the conditions can never
 * hold (no group, an empty group, or a group none of whose conditions can hold).
 */
export function compileConditions(groups: ConditionGroups, questions: ReadonlyMap<string, RuleQuestion>): CompiledConditions {
  if (!Array.isArray(groups) || groups.length === 0) return null;
  const compiled: { test: AnswerTest; questionIds: string[]; values: { questionId: string; values: unknown[] }[] | null }[] = [];
  for (const group of groups) {
    if (!Array.isArray(group)) return null;
    const tests: AnswerTest[] = [];
    const questionIds = new Set<string>();
    let values: { questionId: string; values: unknown[] }[] | null = [];
    for (const condition of group) {
      const question = typeof condition === "object" && condition !== null ? questions.get(condition.questionId) : undefined;
      const test = question ? compileCondition(condition, question) : never;
      if (test === never) continue; // it can never hold: it never decides an OR
      tests.push(test);
      questionIds.add(condition.questionId);
      const listed = indexedValues(condition, question);
      values = listed && values ? [...values, { questionId: condition.questionId, values: listed }] : null;
    }
    if (tests.length === 0) return null;
    const test: AnswerTest =
      tests.length === 1
        ? tests[0]!
        : (answers) => {
            for (const t of tests) if (t(answers)) return true;
            return false;
          };
    compiled.push({ test, questionIds: [...questionIds], values });
  }
  // The anchor, the most selective group: one of listed values if any (the fewest values), else the
  // one naming the fewest questions. The index hands the rule only responses that can meet it.
  const size = (g: (typeof compiled)[number]) => (g.values ? g.values.reduce((n, c) => n + c.values.length, 0) : 1e6 + g.questionIds.length);
  const anchor = compiled.reduce((best, g) => (size(g) < size(best) ? g : best));
  const tests = compiled.map((g) => g.test);
  const test: AnswerTest =
    tests.length === 1
      ? tests[0]!
      : tests.length === 2
        ? (answers) => tests[0]!(answers) && tests[1]!(answers)
        : (answers) => {
            for (const t of tests) if (!t(answers)) return false;
            return true;
          };
  return { test, anchorQuestionIds: anchor.questionIds, anchorValues: anchor.values };
}

/** What the index needs of an active rule. */
export type IndexedRule = { id: string; organizationId: string; surveyId: string; touchpointIds: string[]; conditions: unknown; delay: number };

type CompiledRule<R extends IndexedRule> = { rule: R; test: AnswerTest; order: number };

/**
 * The compiled tests by rule version: the rule's conditions and the definitions of the questions they
 * name (a question's type, scale or buttons change what a condition means). Shared by every survey
 * index of this process, so a rule is compiled again only when one of them changed.
 */
const compiledByRule = new Map<string, { version: string; compiled: CompiledConditions }>();
let compilations = 0;

/** How many rules this process has compiled (tests: a rule is compiled once per version). */
export const compiledRuleCount = () => compilations;

function ruleVersion(rule: IndexedRule, questions: ReadonlyMap<string, RuleQuestion>): string {
  const named = new Set<string>();
  if (Array.isArray(rule.conditions)) {
    for (const group of rule.conditions as unknown[]) {
      if (!Array.isArray(group)) continue;
      for (const c of group as { questionId?: unknown }[]) if (typeof c?.questionId === "string") named.add(c.questionId);
    }
  }
  const definitions = [...named].sort().map((id) => {
    const q = questions.get(id);
    return q ? [id, q.type, q.options] : [id];
  });
  return JSON.stringify([rule.conditions, definitions]);
}

function compiledRule(rule: IndexedRule, questions: ReadonlyMap<string, RuleQuestion>): CompiledConditions {
  const version = ruleVersion(rule, questions);
  const hit = compiledByRule.get(rule.id);
  if (hit && hit.version === version) return hit.compiled;
  const compiled = compileConditions((rule.conditions ?? []) as ConditionGroups, questions);
  compilations++;
  if (compiledByRule.size > 50_000) compiledByRule.clear();
  compiledByRule.set(rule.id, { version, compiled });
  return compiled;
}

/** Forgets every compiled rule (tests). */
export function forgetCompiledRules(): void {
  compiledByRule.clear();
}

type TouchpointRules<R extends IndexedRule> = {
  rules: CompiledRule<R>[];
  /** Rules by a question of their anchor group. */
  byQuestion: Map<string, number[]>;
  /** Rules by a question and one of the values listed in their anchor group (`valueKey`). */
  byValue: Map<string, number[]>;
  anchors: Set<string>;
};

/** Values of different kinds with the same text (2 and "2") share a key: more candidates, never fewer. */
const valueKey = (questionId: string, value: unknown) => `${questionId}\u0000${String(value)}`;

/**
 * A survey's active rules, compiled and indexed by touchpoint, then by the anchor group of each rule:
 * by question and value when it lists discrete values (NPS scores, smiley buttons, choices), else by
 * question. `matching` answers the rules a response meets, in the rules' order, testing only those
 * it can meet.
 */
export class RuleIndex<R extends IndexedRule> {
  private readonly byTouchpoint = new Map<string, TouchpointRules<R>>();
  /** How to read the index's keys off an answer, by question. */
  private readonly answerKeys = new Map<string, (answer: RuleAnswer) => readonly unknown[]>();
  /** Rules whose conditions can never hold (they are in no touchpoint's list). */
  readonly neverMatching: R[] = [];

  constructor(
    readonly rules: R[],
    questions: ReadonlyMap<string, RuleQuestion>,
  ) {
    rules.forEach((rule, order) => {
      const compiled = compiledRule(rule, questions);
      if (!compiled) {
        this.neverMatching.push(rule);
        return;
      }
      for (const c of compiled.anchorValues ?? []) {
        if (!this.answerKeys.has(c.questionId)) this.answerKeys.set(c.questionId, answerKeysOf(questions.get(c.questionId)!));
      }
      for (const touchpointId of new Set(rule.touchpointIds)) {
        let entry = this.byTouchpoint.get(touchpointId);
        if (!entry) this.byTouchpoint.set(touchpointId, (entry = { rules: [], byQuestion: new Map(), byValue: new Map(), anchors: new Set() }));
        const at = entry.rules.length;
        entry.rules.push({ rule, test: compiled.test, order });
        const add = (map: Map<string, number[]>, key: string) => {
          const list = map.get(key);
          if (!list) map.set(key, [at]);
          else if (list[list.length - 1] !== at) list.push(at);
        };
        for (const questionId of compiled.anchorQuestionIds) entry.anchors.add(questionId);
        if (compiled.anchorValues) {
          for (const c of compiled.anchorValues) for (const v of c.values) add(entry.byValue, valueKey(c.questionId, v));
        } else {
          for (const questionId of compiled.anchorQuestionIds) add(entry.byQuestion, questionId);
        }
      }
    });
  }

  /** Whether a response at this touchpoint could meet any rule (else it need not even be read). */
  hasRulesAt(touchpointId: string): boolean {
    return this.byTouchpoint.has(touchpointId);
  }

  /** The questions some rule at this touchpoint needs an answer to (the anchors). */
  anchorQuestionsAt(touchpointId: string): Iterable<string> {
    return this.byTouchpoint.get(touchpointId)?.anchors ?? [];
  }

  /** The rules the response meets: only those of its touchpoint and organisation whose anchor it can meet are tested. */
  matching(response: { organizationId: string; touchpointId: string }, answers: AnswerMap): R[] {
    const entry = this.byTouchpoint.get(response.touchpointId);
    if (!entry) return [];
    let candidates: number[] | undefined;
    let marks: Uint8Array | undefined;
    const mark = (list: number[] | undefined) => {
      if (!list) return;
      marks ??= new Uint8Array(entry.rules.length);
      candidates ??= [];
      for (const at of list) {
        if (marks[at]) continue;
        marks[at] = 1;
        candidates.push(at);
      }
    };
    for (const [questionId, answer] of answers) {
      if (!entry.anchors.has(questionId)) continue;
      mark(entry.byQuestion.get(questionId));
      const keysOf = this.answerKeys.get(questionId);
      if (keysOf) for (const value of keysOf(answer)) mark(entry.byValue.get(valueKey(questionId, value)));
    }
    if (!candidates) return []; // can meet no rule's anchor (answers none of their questions, or other values): nothing tested
    const list: number[] = candidates;
    list.sort((a, b) => a - b);
    const met: R[] = [];
    for (const at of list) {
      const { rule, test } = entry.rules[at]!;
      if (rule.organizationId === response.organizationId && test(answers)) met.push(rule);
    }
    return met;
  }
}
