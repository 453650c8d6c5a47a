/**
 * The notification rule editor's form (spec 001 §3 "Notification rule", §5): the draft the three
 * steps edit, what each step needs to be complete, and the GraphQL input it saves as. The API checks
 * everything again (api/src/domain/notifications/rules.ts); these checks let the screen say so first.
 *
 * - A rule is complete when it has a name, a survey, touchpoints, conditions, a delay and receivers.
 * - Conditions: AND groups of OR conditions. A slider condition holds bounds (gte, lt); an empty
 *   bound is dropped before save, a slider condition with no bound is dropped, and a group left
 *   empty is removed. Every other condition needs at least one value.
 * - The answers the message includes: none chosen means every answer (the field is left out).
 */

export type ConditionKind = "numbers" | "values" | "bounds";

export interface ConditionDraft {
  key: string;
  questionId: string;
  kind: ConditionKind;
  /** choice ids, words, contact fields, or (numbers) button indexes and scores as text */
  values: string[];
  gte: string;
  lt: string;
}

export interface GroupDraft {
  key: string;
  conditions: ConditionDraft[];
}

export type RuleFormat = "plain" | "markdown";

export interface RuleDraft {
  name: string;
  surveyId: string;
  touchpointIds: string[];
  groups: GroupDraft[];
  /** minutes, as typed */
  delay: string;
  /** addresses, one per line or separated by commas */
  receivers: string;
  format: RuleFormat;
  contentQuestionIds: string[];
  active: boolean;
  /** webhook URLs, one per line */
  webhooks: string;
}

export const suggestedMinimumDelay = 30;

let nextKey = 1;
export const newKey = () => `k${nextKey++}`;

export const emptyCondition = (): ConditionDraft => ({ key: newKey(), questionId: "", kind: "values", values: [], gte: "", lt: "" });
export const emptyGroup = (): GroupDraft => ({ key: newKey(), conditions: [emptyCondition()] });

export const emptyDraft = (): RuleDraft => ({
  name: "",
  surveyId: "",
  touchpointIds: [],
  groups: [emptyGroup()],
  delay: String(suggestedMinimumDelay),
  receivers: "",
  format: "plain",
  contentQuestionIds: [],
  active: true,
  webhooks: "",
});

/** How a question's conditions are given, by its type. */
export function kindOf(questionType: string): ConditionKind {
  if (questionType === "slider") return "bounds";
  if (questionType === "nps" || questionType === "smiley") return "numbers";
  return "values";
}

/** A saved rule as the editor holds it. */
export interface SavedRule {
  readonly name: string;
  readonly surveyId: string;
  readonly touchpointIds: readonly string[];
  readonly conditionGroups: readonly {
    readonly conditions: readonly {
      readonly questionId: string;
      readonly values: readonly string[] | null | undefined;
      readonly numbers: readonly number[] | null | undefined;
      readonly gte: number | null | undefined;
      readonly lt: number | null | undefined;
    }[];
  }[];
  readonly delay: number;
  readonly receivers: readonly string[];
  readonly format: string;
  readonly messageContentFromQuestionIds: readonly string[] | null | undefined;
  readonly active: boolean;
  readonly webhooks?: readonly string[] | null;
}

export function draftFromRule(rule: SavedRule): RuleDraft {
  return {
    name: rule.name,
    surveyId: rule.surveyId,
    touchpointIds: [...rule.touchpointIds],
    groups: rule.conditionGroups.map((g) => ({
      key: newKey(),
      conditions: g.conditions.map((c) => ({
        key: newKey(),
        questionId: c.questionId,
        kind: c.numbers ? "numbers" : c.values ? "values" : "bounds",
        values: c.numbers ? c.numbers.map(String) : c.values ? [...c.values] : [],
        gte: c.gte === null || c.gte === undefined ? "" : String(c.gte),
        lt: c.lt === null || c.lt === undefined ? "" : String(c.lt),
      })),
    })),
    delay: String(rule.delay),
    receivers: rule.receivers.join("\n"),
    format: rule.format === "markdown" ? "markdown" : "plain",
    contentQuestionIds: [...(rule.messageContentFromQuestionIds ?? [])],
    active: rule.active,
    webhooks: (rule.webhooks ?? []).join("\n"),
  };
}

export const webhookList = (text: string): string[] =>
  text
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const receiverList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const number = (s: string) => (s.trim() === "" ? null : Number(s));

export type Problem =
  | "name"
  | "survey"
  | "touchpoints"
  | "conditions"
  | "conditionQuestion"
  | "conditionValues"
  | "bounds"
  | "delay"
  | "receivers"
  | "receiverAddress"
  | "webhookUrl";

/** The groups as they are saved: empty bounds dropped, bound-less slider conditions and empty groups removed. */
export function cleanGroups(groups: readonly GroupDraft[]): GroupDraft[] {
  return groups
    .map((g) => ({ ...g, conditions: g.conditions.filter((c) => !(c.kind === "bounds" && c.gte.trim() === "" && c.lt.trim() === "")) }))
    .filter((g) => g.conditions.length > 0);
}

export function preliminaryProblems(d: RuleDraft): Problem[] {
  const out: Problem[] = [];
  if (!d.name.trim()) out.push("name");
  if (!d.surveyId) out.push("survey");
  if (d.touchpointIds.length === 0) out.push("touchpoints");
  return out;
}

export function conditionProblems(d: RuleDraft): Problem[] {
  const out = new Set<Problem>();
  const groups = cleanGroups(d.groups);
  if (groups.length === 0) out.add("conditions");
  for (const c of groups.flatMap((g) => g.conditions)) {
    if (!c.questionId) out.add("conditionQuestion");
    else if (c.kind === "bounds") {
      const gte = number(c.gte);
      const lt = number(c.lt);
      if ((gte !== null && (Number.isNaN(gte) || gte < 0)) || (lt !== null && (Number.isNaN(lt) || lt < 0))) out.add("bounds");
      else if (gte !== null && lt !== null && gte >= lt) out.add("bounds");
    } else if (c.values.filter((v) => v.trim()).length === 0) out.add("conditionValues");
  }
  return [...out];
}

export function activateProblems(d: RuleDraft): Problem[] {
  const out: Problem[] = [];
  const delay = Number(d.delay);
  if (d.delay.trim() === "" || !Number.isInteger(delay) || delay < 0 || delay > 10080) out.push("delay");
  const receivers = receiverList(d.receivers);
  if (receivers.length === 0) out.push("receivers");
  else if (!receivers.every((r) => emailPattern.test(r))) out.push("receiverAddress");
  if (!webhookList(d.webhooks).every((u) => /^https?:\/\/[^\s/]+/i.test(u))) out.push("webhookUrl");
  return out;
}

export const allProblems = (d: RuleDraft): Problem[] => [...preliminaryProblems(d), ...conditionProblems(d), ...activateProblems(d)];

export interface RuleInput {
  name: string;
  surveyId: string;
  touchpointIds: string[];
  conditionGroups: { conditions: { questionId: string; values?: string[]; numbers?: number[]; gte?: number | null; lt?: number | null }[] }[];
  delay: number;
  receivers: string[];
  format: RuleFormat;
  messageContentFromQuestionIds: string[] | null;
  active: boolean;
  webhooks: string[];
}

/** The GraphQL input (createNotificationRule / updateNotificationRule). */
export function toInput(d: RuleDraft): RuleInput {
  return {
    name: d.name.trim(),
    surveyId: d.surveyId,
    touchpointIds: [...d.touchpointIds],
    conditionGroups: cleanGroups(d.groups).map((g) => ({
      conditions: g.conditions.map((c) =>
        c.kind === "bounds"
          ? { questionId: c.questionId, gte: number(c.gte), lt: number(c.lt) }
          : c.kind === "numbers"
            ? { questionId: c.questionId, numbers: c.values.map(Number) }
            : { questionId: c.questionId, values: c.values.map((v) => v.trim()).filter(Boolean) },
      ),
    })),
    delay: Number(d.delay),
    receivers: [...new Set(receiverList(d.receivers))],
    format: d.format,
    messageContentFromQuestionIds: d.contentQuestionIds.length > 0 ? [...d.contentQuestionIds] : null,
    active: d.active,
    webhooks: webhookList(d.webhooks),
  };
}

/** A copy of a saved rule: the same fields, no id, created as new (spec 001 §4). */
export const copyInput = (rule: SavedRule, name: string): RuleInput => ({ ...toInput(draftFromRule(rule)), name });

export const isRuleId = (id: string) => /^[0-9a-f]{24}$/.test(id);
