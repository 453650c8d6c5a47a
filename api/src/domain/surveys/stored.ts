// How a stored question reads (docs/respondent-api.md for the shapes): texts per language, choices,
// logic and the options of its type, taken from the JSON columns without trusting them (rows
// written by older clients or imports may hold a plain string for a text, or keys of other types).
// The GraphQL Question type and the results filter's questions answer these shapes.
import { contactFieldNames, defaultClusters, type ContactFieldName, type QuestionType } from "@feedback/shared/survey-rules";
import type { StoredChoice } from "./input.js";

export type LocalizedTexts = Record<string, string>;

export type QuestionOptionsOf =
  | { kind: "smiley"; buttons: 4 | 5 }
  | { kind: "slider"; min: number; max: number; step: number; minLabel: LocalizedTexts; maxLabel: LocalizedTexts }
  | { kind: "emotion"; clusters: { name: string; value: number }[] }
  | { kind: "contactDetails"; fields: ContactFieldName[] };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const numberOr = (v: unknown, fallback: number) => (typeof v === "number" && Number.isFinite(v) ? v : fallback);

/** A text per language; a plain string (older rows) is the default language's. */
export function storedText(v: unknown, defaultLanguage = "en"): LocalizedTexts {
  if (typeof v === "string") return v ? { [defaultLanguage]: v } : {};
  if (!isRecord(v)) return {};
  const out: LocalizedTexts = {};
  for (const [language, text] of Object.entries(v)) if (typeof text === "string") out[language] = text;
  return out;
}

/** The stored choices, hidden ones included (their flag says so). */
export function storedChoices(v: unknown): StoredChoice[] {
  return (Array.isArray(v) ? v : [])
    .filter((c): c is Record<string, unknown> => isRecord(c) && typeof c.id === "string")
    .map((c) => ({
      id: c.id as string,
      ...(typeof c.key === "string" ? { key: c.key } : {}),
      text: storedText(c.text),
      ...(typeof c.cluster === "string" ? { cluster: c.cluster } : {}),
      ...(c.hidden === true ? { hidden: true } : {}),
    }));
}

/** Answer key → a later question's id or "end". */
export function storedLogic(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (isRecord(v)) for (const [answer, target] of Object.entries(v)) if (typeof target === "string") out[answer] = target;
  return out;
}

/** The options of the question's type with their defaults; null for a type without options. */
export function storedOptions(type: string, v: unknown): QuestionOptionsOf | null {
  const o = isRecord(v) ? v : {};
  switch (type as QuestionType) {
    case "smiley":
      return { kind: "smiley", buttons: o.buttons === 4 ? 4 : 5 };
    case "slider":
      return {
        kind: "slider",
        min: numberOr(o.min, 0),
        max: numberOr(o.max, 10),
        step: numberOr(o.step, 1),
        minLabel: storedText(o.minLabel),
        maxLabel: storedText(o.maxLabel),
      };
    case "emotion": {
      const clusters = isRecord(o.clusters) ? o.clusters : defaultClusters;
      return {
        kind: "emotion",
        clusters: Object.entries(clusters)
          .filter((e): e is [string, number] => typeof e[1] === "number")
          .map(([name, value]) => ({ name, value })),
      };
    }
    case "contactDetails": {
      const fields = Array.isArray(o.fields) ? o.fields.filter((f): f is ContactFieldName => contactFieldNames.includes(f as never)) : [...contactFieldNames];
      return { kind: "contactDetails", fields };
    }
    default:
      return null;
  }
}
