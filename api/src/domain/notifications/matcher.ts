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
import {
  smileyButtonsOf,
  sliderScaleOf,
  type Condition,
  type ConditionGroups,
  type NumericMap,
  type RuleAnswer,
  type RuleQuestion,
} from "./conditions.js";

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

/** A rule's conditions compiled: the test, and the questions of its most selective group (a response answering none of them cannot match). */
export type CompiledConditions = { test: AnswerTest; anchorQuestionIds: string[] } | null;

/**
 * AND of the groups, OR within a group, as `conditionsMatch`. Null when the conditions can never
 * hold (no group, an empty group, or a group none of whose conditions can hold).
 */
export function compileConditions(groups: ConditionGroups, questions: ReadonlyMap<string, RuleQuestion>): CompiledConditions {
  if (!Array.isArray(groups) || groups.length === 0) return null;
  const compiled: { test: AnswerTest; questionIds: string[] }[] = [];
  for (const group of groups) {
    if (!Array.isArray(group)) return null;
    const tests: AnswerTest[] = [];
    const questionIds = new Set<string>();
    for (const condition of group) {
      const test = typeof condition === "object" && condition !== null ? compileCondition(condition, questions.get(condition.questionId)) : never;
      if (test === never) continue; // it can never hold: it never decides an OR
      tests.push(test);
      questionIds.add(condition.questionId);
    }
    if (tests.length === 0) return null;
    const test: AnswerTest =
      tests.length === 1
        ? tests[0]!
        : (answers) => {
            for (const t of tests) if (t(answers)) return true;
            return false;
          };
    compiled.push({ test, questionIds: [...questionIds] });
  }
  // The anchor: the group naming the fewest questions, so the index hands the rule only responses
  // that answer one of them.
  const anchor = compiled.reduce((best, g) => (g.questionIds.length < best.questionIds.length ? g : best));
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
  return { test, anchorQuestionIds: anchor.questionIds };
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

type TouchpointRules<R extends IndexedRule> = { rules: CompiledRule<R>[]; byQuestion: Map<string, number[]> };

/**
 * A survey's active rules, compiled and indexed by touchpoint, then by the questions of each rule's
 * anchor group. `matching` answers the rules a response meets, in the rules' order.
 */
export class RuleIndex<R extends IndexedRule> {
  private readonly byTouchpoint = new Map<string, TouchpointRules<R>>();
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
      for (const touchpointId of new Set(rule.touchpointIds)) {
        let entry = this.byTouchpoint.get(touchpointId);
        if (!entry) this.byTouchpoint.set(touchpointId, (entry = { rules: [], byQuestion: new Map() }));
        const at = entry.rules.length;
        entry.rules.push({ rule, test: compiled.test, order });
        for (const questionId of compiled.anchorQuestionIds) {
          const list = entry.byQuestion.get(questionId);
          if (list) list.push(at);
          else entry.byQuestion.set(questionId, [at]);
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
    return this.byTouchpoint.get(touchpointId)?.byQuestion.keys() ?? [];
  }

  /** The rules the response meets: only those of its touchpoint and organisation whose anchor question it answers are tested. */
  matching(response: { organizationId: string; touchpointId: string }, answers: AnswerMap): R[] {
    const entry = this.byTouchpoint.get(response.touchpointId);
    if (!entry) return [];
    let candidates: number[] | undefined;
    let marks: Uint8Array | undefined;
    for (const questionId of answers.keys()) {
      const list = entry.byQuestion.get(questionId);
      if (!list) continue;
      marks ??= new Uint8Array(entry.rules.length);
      candidates ??= [];
      for (const at of list) {
        if (marks[at]) continue;
        marks[at] = 1;
        candidates.push(at);
      }
    }
    if (!candidates) return []; // answers none of the questions the rules name: nothing tested
    candidates.sort((a, b) => a - b);
    const met: R[] = [];
    for (const at of candidates) {
      const { rule, test } = entry.rules[at]!;
      if (rule.organizationId === response.organizationId && test(answers)) met.push(rule);
    }
    return met;
  }
}
