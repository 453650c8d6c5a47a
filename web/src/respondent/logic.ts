// Answer-based logic as the survey stores it (Question.logic, docs/respondent-api.md "Logic"): a map
// from an option key to the id of a later question or "end". Option keys: smiley → the button index
// ("0" = worst), NPS → "0"…"10", single choice and emotion → the choice id, multiple choice → the
// first selected choice (in the question's order) that has a rule, and "submit" for any answer
// without a more specific rule (every type). A skipped question follows no rule.
import type { AnswerValue, Question } from "./types";

export const END = "end";

/** The option keys of an answer, most specific first. */
export function optionKeys(question: Question, value: AnswerValue | undefined): string[] {
  if (value === undefined) return [];
  switch (question.type) {
    case "smiley":
    case "nps":
      return [String(value), "submit"];
    case "singleChoice":
    case "emotion":
      return [String(value), "submit"];
    case "multipleChoice": {
      const selected = new Set(Array.isArray(value) ? value : []);
      return [...question.choices.filter((c) => selected.has(c.id)).map((c) => c.id), "submit"];
    }
    default:
      return ["submit"];
  }
}

/**
 * The index of the question after `index` given its answer: the target of the first matching rule
 * (only a later question counts; an unknown or earlier target is ignored), the next question
 * otherwise. Returns `questions.length` for the end of the survey.
 */
export function nextIndex(questions: readonly Question[], index: number, value: AnswerValue | undefined): number {
  const question = questions[index];
  if (!question) return questions.length;
  const logic = question.logic ?? {};
  for (const key of optionKeys(question, value)) {
    const target = logic[key];
    if (target === undefined) continue;
    if (target === END) return questions.length;
    const targetIndex = questions.findIndex((q) => q.id === target);
    if (targetIndex > index) return targetIndex;
  }
  return index + 1;
}

/** The questions a respondent is shown for these answers, in order (for "question N of M" and tests). */
export function path(questions: readonly Question[], answers: Readonly<Record<string, AnswerValue>>): string[] {
  const shown: string[] = [];
  for (let i = 0; i < questions.length; i = nextIndex(questions, i, answers[questions[i]!.id])) shown.push(questions[i]!.id);
  return shown;
}
