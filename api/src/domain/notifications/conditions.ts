// The conditions of a notification rule (spec 001 §3 "Notification rule", §5): a list of AND groups,
// each a list of OR conditions { questionId, values }. A rule matches a response when every group
// has at least one condition that holds. What `values` means depends on the question's type
// (docs/notifications.md "Conditions"):
//   smiley          a list of button indexes, 0 (worst) … buttons−1 (best)
//   nps             a list of scores 0…10, or a numeric map { gte, lt }
//   slider          a numeric map { gte, lt } on the slider's own scale (gte inclusive, lt exclusive)
//   singleChoice, multipleChoice, emotion   a list of choice ids (any of them)
//   openText        a list of words (the text contains any of them, case-insensitive)
//   contactDetails  a list of fields (name, email, phone): the respondent gave any of them
// A missing answer never holds.
import { badInput } from "../errors.js";
import type { StoredAnswer } from "../answers/rows.js";

export type NumericMap = { gte?: number; lt?: number };
export type ConditionValues = (string | number)[] | NumericMap;
export type Condition = { questionId: string; values: ConditionValues };
export type ConditionGroups = Condition[][];

/** What the evaluation and the checks need of a question. */
export type RuleQuestion = {
  id: string;
  type: string;
  options: Record<string, unknown>;
  choices: { id: string; text?: Record<string, string> | unknown }[];
};

/** A stored answer (api/src/domain/respondent/answers.ts encodings), as the answers layer reads it. */
export type RuleAnswer = StoredAnswer;

export const conditionMessages = {
  notAList: "conditions is a list of AND groups, each a list of OR conditions { questionId, values }",
  groupNotAList: "Each condition group is a list of conditions { questionId, values }",
  noConditions: "A notification needs at least one condition",
  conditionShape: "A condition is { questionId, values }",
  values: "Each condition's values must be a non-empty list, or a numeric map with non-negative numbers",
  mapKeys: "A numeric map holds only gte and lt",
  boundsOrder: "gte must be less than lt",
  unknownQuestion: "Unknown question: not a question of the chosen survey",
  sliderNeedsMap: "A slider condition's values are a numeric map { gte, lt }",
  listOnly: "This question's condition values are a list, not a numeric map",
  smiley: (max: number) => `A smiley condition's values are button indexes from 0 to ${max}`,
  nps: "An NPS condition's values are whole numbers from 0 to 10",
  sliderRange: (min: number, max: number) => `A slider condition's bounds are on its scale, from ${min} to ${max}`,
  choice: "Unknown choice: not a choice of this question",
  words: "An open-text condition's values are words (text of at most 100 characters)",
  contactFields: "A contact-details condition's values are the fields name, email or phone",
} as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const emptyBound = (v: unknown) => v === undefined || v === null || v === "";

function num(options: Record<string, unknown>, key: string, fallback: number): number {
  const v = options[key];
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export function sliderScaleOf(q: RuleQuestion): { min: number; max: number } {
  const min = num(q.options, "min", 0);
  let max = num(q.options, "max", 10);
  if (max <= min) max = min + 10;
  return { min, max };
}

export const smileyButtonsOf = (q: RuleQuestion): number => (q.options.buttons === 4 ? 4 : 5);

/**
 * The shape, before the questions are known, with spec 001 §5's cleaning: a slider bound that is
 * empty (null, "" or missing) is dropped, a condition with no bound left is dropped, and a group left
 * empty is removed. Malformed input is refused with a message naming the place.
 */
export function cleanConditions(input: unknown): ConditionGroups {
  if (!Array.isArray(input)) throw badInput(conditionMessages.notAList, "conditions");
  const groups: ConditionGroups = [];
  input.forEach((group, g) => {
    if (!Array.isArray(group)) throw badInput(conditionMessages.groupNotAList, `conditions.${g}`);
    const kept: Condition[] = [];
    group.forEach((raw, c) => {
      const at = `conditions.${g}.${c}`;
      if (!isObject(raw) || typeof raw.questionId !== "string") throw badInput(conditionMessages.conditionShape, at);
      if (!/^[0-9a-f]{24}$/.test(raw.questionId)) throw badInput(conditionMessages.unknownQuestion, `${at}.questionId`);
      const values = raw.values;
      if (Array.isArray(values)) {
        if (values.length === 0 || values.length > 100) throw badInput(conditionMessages.values, `${at}.values`);
        for (const v of values) {
          if (typeof v === "number" ? !Number.isFinite(v) || v < 0 : typeof v !== "string") throw badInput(conditionMessages.values, `${at}.values`);
        }
        kept.push({ questionId: raw.questionId, values: [...values] as (string | number)[] });
        return;
      }
      if (!isObject(values)) throw badInput(conditionMessages.values, `${at}.values`);
      const map: NumericMap = {};
      for (const [key, v] of Object.entries(values)) {
        if (key !== "gte" && key !== "lt") throw badInput(conditionMessages.mapKeys, `${at}.values`);
        if (emptyBound(v)) continue; // dropped before save (spec 001 §5)
        if (typeof v !== "number" || !Number.isFinite(v) || v < 0) throw badInput(conditionMessages.values, `${at}.values.${key}`);
        map[key] = v;
      }
      if (map.gte === undefined && map.lt === undefined) return; // no bound left: the condition is dropped
      if (map.gte !== undefined && map.lt !== undefined && map.gte >= map.lt) throw badInput(conditionMessages.boundsOrder, `${at}.values`);
      kept.push({ questionId: raw.questionId, values: map });
    });
    if (kept.length > 0) groups.push(kept);
  });
  if (groups.length === 0) throw badInput(conditionMessages.noConditions, "conditions");
  return groups;
}

/** Checks each condition against its question (of the rule's survey). */
export function checkConditionsAgainst(groups: ConditionGroups, questions: ReadonlyMap<string, RuleQuestion>): void {
  groups.forEach((group, g) =>
    group.forEach((condition, c) => {
      const at = `conditions.${g}.${c}`;
      const q = questions.get(condition.questionId);
      if (!q) throw badInput(conditionMessages.unknownQuestion, `${at}.questionId`);
      const v = condition.values;
      const fail = (message: string): never => {
        throw badInput(message, `${at}.values`);
      };
      if (!Array.isArray(v)) {
        if (q.type === "slider") {
          const { min, max } = sliderScaleOf(q);
          // lt may pass the top by one step's worth, so that the top value itself can be included
          for (const b of [v.gte, v.lt]) if (b !== undefined && (b < min || b > max + 1)) fail(conditionMessages.sliderRange(min, max));
          return;
        }
        if (q.type === "nps") {
          for (const b of [v.gte, v.lt]) if (b !== undefined && b > 11) fail(conditionMessages.nps);
          return;
        }
        return fail(conditionMessages.listOnly);
      }
      switch (q.type) {
        case "slider":
          return fail(conditionMessages.sliderNeedsMap);
        case "smiley": {
          const max = smileyButtonsOf(q) - 1;
          for (const x of v) if (typeof x !== "number" || !Number.isInteger(x) || x > max) fail(conditionMessages.smiley(max));
          return;
        }
        case "nps":
          for (const x of v) if (typeof x !== "number" || !Number.isInteger(x) || x > 10) fail(conditionMessages.nps);
          return;
        case "singleChoice":
        case "multipleChoice":
        case "emotion": {
          const ids = new Set(q.choices.map((ch) => ch.id));
          for (const x of v) if (typeof x !== "string" || !ids.has(x)) fail(conditionMessages.choice);
          return;
        }
        case "openText":
          for (const x of v) if (typeof x !== "string" || !x.trim() || x.length > 100) fail(conditionMessages.words);
          return;
        case "contactDetails":
          for (const x of v) if (x !== "name" && x !== "email" && x !== "phone") fail(conditionMessages.contactFields);
          return;
        default:
          return fail(conditionMessages.unknownQuestion);
      }
    }),
  );
}

const inMap = (x: number, m: NumericMap) => (m.gte === undefined || x >= m.gte - 1e-9) && (m.lt === undefined || x < m.lt - 1e-9);

/** Whether one condition holds for the response's answer to its question. */
export function conditionHolds(condition: Condition, q: RuleQuestion | undefined, answer: RuleAnswer | undefined): boolean {
  if (!q || !answer) return false;
  const v = condition.values;
  switch (q.type) {
    case "smiley": {
      if (answer.numericValue === null || !Array.isArray(v)) return false;
      const index = Math.round(answer.numericValue * (smileyButtonsOf(q) - 1));
      return v.includes(index);
    }
    case "nps": {
      if (answer.numericValue === null) return false;
      return Array.isArray(v) ? v.includes(answer.numericValue) : inMap(answer.numericValue, v);
    }
    case "slider": {
      if (answer.numericValue === null || Array.isArray(v)) return false;
      const { min, max } = sliderScaleOf(q);
      return inMap(min + answer.numericValue * (max - min), v);
    }
    case "singleChoice":
    case "multipleChoice":
    case "emotion":
      return Array.isArray(v) && answer.choiceIds.some((id) => v.includes(id));
    case "openText": {
      if (!Array.isArray(v) || !answer.textValue) return false;
      const text = answer.textValue.toLocaleLowerCase();
      return v.some((w) => typeof w === "string" && text.includes(w.trim().toLocaleLowerCase()));
    }
    case "contactDetails": {
      if (!Array.isArray(v) || !answer.textValue) return false;
      try {
        const details = JSON.parse(answer.textValue) as Record<string, unknown>;
        return v.some((field) => typeof field === "string" && typeof details[field] === "string" && details[field] !== "");
      } catch {
        return false;
      }
    }
    default:
      return false;
  }
}

/** AND of the groups, OR within a group. */
export function conditionsMatch(groups: ConditionGroups, questions: ReadonlyMap<string, RuleQuestion>, answers: ReadonlyMap<string, RuleAnswer>): boolean {
  if (groups.length === 0) return false;
  return groups.every((group) => group.some((c) => conditionHolds(c, questions.get(c.questionId), answers.get(c.questionId))));
}
