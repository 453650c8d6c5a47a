// Notification rule evaluation in memory, per CPU-second of this thread (so less disturbed by other
// work on the machine than a wall-clock rate): `npx tsx bench/notifications-matcher.ts [responses]`.
// The rules and responses of the notifications bench suite: 100 rules on one survey and its 64
// touchpoints, each "NPS is i % 11 AND the text contains never-i", and responses with 5 answers
// (smiley, NPS, a choice, an emotion, a text). Three ways: the interpreter (`conditionsMatch` for
// each rule, as evaluation did before), the compiled rules tested one by one, and the rule index.
import { randomBytes } from "node:crypto";
import { conditionsMatch, type ConditionGroups, type RuleAnswer, type RuleQuestion } from "../api/src/domain/notifications/conditions.js";
import { compileConditions, RuleIndex } from "../api/src/domain/notifications/matcher.js";

const RESPONSES = Number(process.argv[2] ?? 20_000);
const id = () => randomBytes(12).toString("hex");
const q = { smiley: id(), nps: id(), single: id(), emotion: id(), text: id() };
const choices = [id(), id(), id()];
const emotions = [id(), id(), id()];
const questions = new Map<string, RuleQuestion>([
  [q.smiley, { id: q.smiley, type: "smiley", options: { buttons: 5 }, choices: [] }],
  [q.nps, { id: q.nps, type: "nps", options: {}, choices: [] }],
  [q.single, { id: q.single, type: "singleChoice", options: {}, choices: choices.map((c) => ({ id: c })) }],
  [q.emotion, { id: q.emotion, type: "emotion", options: {}, choices: emotions.map((c) => ({ id: c })) }],
  [q.text, { id: q.text, type: "openText", options: {}, choices: [] }],
]);
const touchpoints = Array.from({ length: 64 }, id);
const rules = Array.from({ length: 100 }, (_, i) => ({
  id: id(),
  organizationId: "org",
  surveyId: "survey",
  touchpointIds: touchpoints,
  conditions: [[{ questionId: q.nps, values: [i % 11] }], [{ questionId: q.text, values: [`never-${i}`] }]] as ConditionGroups,
  delay: 0,
}));
const texts = ["Friendly staff and quick service, thank you!", "The queue at the checkout was a bit long today.", "Great selection and fair prices."];
const responses = Array.from({ length: RESPONSES }, (_, n) => {
  const answers: RuleAnswer[] = [
    { questionId: q.smiley, numericValue: (n % 5) / 4, textValue: null, choiceIds: [] },
    { questionId: q.nps, numericValue: n % 11, textValue: null, choiceIds: [] },
    { questionId: q.single, numericValue: null, textValue: null, choiceIds: [choices[n % 3]!] },
    { questionId: q.emotion, numericValue: null, textValue: null, choiceIds: [emotions[n % 3]!] },
    { questionId: q.text, numericValue: null, textValue: texts[n % 3]!, choiceIds: [] },
  ];
  return { organizationId: "org", touchpointId: touchpoints[n % 64]!, answers };
});

const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
function measure(label: string, evaluate: (r: (typeof responses)[number]) => number) {
  let matches = 0;
  for (const r of responses.slice(0, 2000)) matches += evaluate(r); // warm-up
  matches = 0;
  const start = cpuMs();
  for (const r of responses) matches += evaluate(r);
  const ms = cpuMs() - start;
  console.log(
    `${label.padEnd(44)} ${Math.round(RESPONSES / (ms / 1000))
      .toLocaleString("en")
      .padStart(12)} responses per CPU-second  (${((ms * 1000) / RESPONSES).toFixed(2)} µs each; ${matches} matches)`,
  );
}

measure("interpreted: conditionsMatch × 100 rules", (r) => {
  const answers = new Map(r.answers.map((a) => [a.questionId, a]));
  let n = 0;
  for (const rule of rules) if (rule.touchpointIds.includes(r.touchpointId) && conditionsMatch(rule.conditions, questions, answers)) n++;
  return n;
});
const compiled = rules.map((rule) => ({ rule, touchpoints: new Set(rule.touchpointIds), test: compileConditions(rule.conditions, questions)!.test }));
measure("compiled: each of the 100 rules tested", (r) => {
  const answers = new Map(r.answers.map((a) => [a.questionId, a]));
  let n = 0;
  for (const c of compiled) if (c.touchpoints.has(r.touchpointId) && c.test(answers)) n++;
  return n;
});
const index = new RuleIndex(rules, questions);
measure("compiled and indexed (RuleIndex.matching)", (r) => index.matching(r, new Map(r.answers.map((a) => [a.questionId, a]))).length);
measure("(only the answers' Map, for scale)", (r) => new Map(r.answers.map((a) => [a.questionId, a])).size - 5);
