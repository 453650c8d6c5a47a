/**
 * Turns a survey's stored question (title and choices per language, options) into what the filter
 * bar offers for "restrict by answer": the values the API's restrictByAnswer matches
 * (choice ids for choice and emotion questions, stored numbers for smileys 0–1 and NPS 0–10).
 */
import type { FilterQuestion } from "./FilterBar";

type Texts = Record<string, string> | string | null | undefined;

export function pickText(value: Texts, locale: string): string {
  if (!value) return "";
  if (typeof value === "string") return value;
  return value[locale] ?? value.en ?? Object.values(value)[0] ?? "";
}

type TextList = ReadonlyArray<{ readonly language: string; readonly text: string }>;

/** A text per language from the API's list of texts. */
export const textsOf = (list: TextList): Record<string, string> => Object.fromEntries(list.map((t) => [t.language, t.text]));

/** A survey's question as the API answers it (Question, ResultsFilterQuestion). */
export interface StoredQuestion {
  legacyId: string;
  type: string;
  title: TextList;
  choices: ReadonlyArray<{ readonly id: string; readonly text: TextList; readonly hidden: boolean }>;
  options?: { readonly buttons?: number } | null;
  hidden?: boolean;
}

const smileyLabels = (buttons: number, labels: { worst: string; best: string }) =>
  buttons === 4
    ? [
        { value: 0, label: `1/4 (${labels.worst})` },
        { value: 1 / 3, label: "2/4" },
        { value: 2 / 3, label: "3/4" },
        { value: 1, label: `4/4 (${labels.best})` },
      ]
    : [
        { value: 0, label: `1/5 (${labels.worst})` },
        { value: 0.25, label: "2/5" },
        { value: 0.5, label: "3/5" },
        { value: 0.75, label: "4/5" },
        { value: 1, label: `5/5 (${labels.best})` },
      ];

/** The question as a filter choice, or null for types one cannot restrict by (text, contact details, slider). */
export function toFilterQuestion(q: StoredQuestion, locale: string, labels: { worst: string; best: string }): FilterQuestion | null {
  if (q.hidden) return null;
  const title = pickText(textsOf(q.title), locale) || q.legacyId;
  switch (q.type) {
    case "smiley":
      return { id: q.legacyId, title, choices: smileyLabels(q.options?.buttons === 4 ? 4 : 5, labels) };
    case "nps":
      return { id: q.legacyId, title, choices: Array.from({ length: 11 }, (_, i) => ({ value: i, label: String(i) })) };
    case "singleChoice":
    case "multipleChoice":
    case "emotion":
      return {
        id: q.legacyId,
        title,
        choices: q.choices.filter((c) => !c.hidden).map((c) => ({ value: c.id, label: pickText(textsOf(c.text), locale) || c.id })),
      };
    default:
      return null;
  }
}
