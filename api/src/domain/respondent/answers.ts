// Answer values as respondents send them, checked against the question, and turned into the
// stored encodings (DESIGN.md "Domain definitions", api/src/domain/demo-data/generator.ts):
//   smiley          value: button index 0 (worst) … buttons−1 (best)   → numericValue index/(buttons−1)
//   nps             value: integer 0…10                                  → numericValue 0…10
//   slider          value: a number on the slider's scale (options.min…max, options.step; 0…10 by 1)
//                                                                        → numericValue (v−min)/(max−min)
//   singleChoice    value: one choice id                                 → choiceIds [id]
//   multipleChoice  value: distinct choice ids (at least one)            → choiceIds [ids…]
//   openText        value: text, 1…5,000 characters after trimming       → textValue
//   emotion         value: one emotion (choice) id                       → choiceIds [id], numericValue = its cluster's value
//   contactDetails  value: { name?, email?, phone? } (the question's fields), at least one
//                                                                        → textValue JSON of the non-empty fields
import { badInput } from "../errors.js";
import { emailSchema } from "../validation.js";
import { isObject, type PublicQuestion } from "./definition.js";

const openTextMaxLength = 5_000;
const contactFieldMaxLength = 200;

/** Default cluster values of the emotional value index (DESIGN.md; a question's options.clusters overrides). */
export const defaultEviClusters: Record<string, number> = { advocacy: 1, trust: 0.66, attention: 0.33, destroying: -1 };

export type AnswerRow = { q: string; n: number | null; x: string | null; h: string[] };

const round = (v: number) => Math.round(v * 1e9) / 1e9;

function optionNumber(options: Record<string, unknown>, key: string, fallback: number): number {
  const v = options[key];
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

export function smileyButtons(q: PublicQuestion): 4 | 5 {
  return q.options.buttons === 4 ? 4 : 5;
}

export function sliderScale(q: PublicQuestion): { min: number; max: number; step: number } {
  const min = optionNumber(q.options, "min", 0);
  let max = optionNumber(q.options, "max", 10);
  if (max <= min) max = min + 10;
  let step = optionNumber(q.options, "step", 1);
  if (step <= 0) step = 1;
  return { min, max, step };
}

export function contactFields(q: PublicQuestion): string[] {
  const fields = q.options.fields;
  const allowed = ["name", "email", "phone"];
  if (!Array.isArray(fields)) return allowed;
  const out = fields.filter((f): f is string => typeof f === "string" && allowed.includes(f));
  return out.length ? out : allowed;
}

const phonePattern = /^\+[0-9][0-9 ()-]{5,24}$/;

/** One answer's stored form, or a BAD_USER_INPUT error naming `field`. */
export function encodeAnswer(q: PublicQuestion, value: unknown, field: string): AnswerRow {
  const fail = (message: string): never => {
    throw badInput(message, field);
  };
  const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
  const choice = (id: unknown) => {
    if (typeof id !== "string") fail("Choose one of the question's choices (a choice id)");
    const c = q.choices.find((ch) => ch.id === id);
    if (!c) fail(`Unknown choice '${String(id).slice(0, 40)}' for this question`);
    return c!;
  };
  switch (q.type) {
    case "smiley": {
      const buttons = smileyButtons(q);
      if (!isInt(value) || value < 0 || value >= buttons) fail(`A smiley answer is a button index from 0 to ${buttons - 1}`);
      return { q: q.id, n: round((value as number) / (buttons - 1)), x: null, h: [] };
    }
    case "nps": {
      if (!isInt(value) || value < 0 || value > 10) fail("An NPS answer is a whole number from 0 to 10");
      return { q: q.id, n: value as number, x: null, h: [] };
    }
    case "slider": {
      const { min, max, step } = sliderScale(q);
      if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) fail(`A slider answer is a number from ${min} to ${max}`);
      const steps = ((value as number) - min) / step;
      if (Math.abs(steps - Math.round(steps)) > 1e-6) fail(`A slider answer moves in steps of ${step}`);
      return { q: q.id, n: round(((value as number) - min) / (max - min)), x: null, h: [] };
    }
    case "singleChoice":
      return { q: q.id, n: null, x: null, h: [choice(value).id] };
    case "multipleChoice": {
      if (!Array.isArray(value) || value.length === 0) fail("A multiple-choice answer is a list of at least one choice id");
      const ids = (value as unknown[]).map((v) => choice(v).id);
      if (new Set(ids).size !== ids.length) fail("A choice is given twice");
      return { q: q.id, n: null, x: null, h: ids };
    }
    case "openText": {
      if (typeof value !== "string") fail("An open-text answer is text");
      const text = (value as string).trim();
      if (!text) fail("An open-text answer must not be blank (leave the question out instead)");
      if (text.length > openTextMaxLength) fail(`Must be at most ${openTextMaxLength} characters`);
      return { q: q.id, n: null, x: text, h: [] };
    }
    case "emotion": {
      const c = choice(value);
      const clusters = isObject(q.options.clusters) ? q.options.clusters : defaultEviClusters;
      const clusterValue = c.cluster !== undefined ? clusters[c.cluster] : undefined;
      return { q: q.id, n: typeof clusterValue === "number" ? clusterValue : null, x: null, h: [c.id] };
    }
    case "contactDetails": {
      if (!isObject(value)) fail("Contact details are an object such as { name, email, phone }");
      const fields = contactFields(q);
      const details: Record<string, string> = {};
      for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
        if (!fields.includes(key)) fail(`Unknown contact field '${key.slice(0, 40)}': use ${fields.join(", ")}`);
        if (raw === undefined || raw === null) continue;
        if (typeof raw !== "string") fail(`The contact field '${key}' is text`);
        const text = (raw as string).trim();
        if (!text) continue;
        if (text.length > contactFieldMaxLength) throw badInput(`Must be at most ${contactFieldMaxLength} characters`, `${field}.${key}`);
        if (key === "email") {
          const parsed = emailSchema.safeParse(text);
          if (!parsed.success) throw badInput("Please provide a valid e-mail address", `${field}.email`);
          details.email = parsed.data;
        } else if (key === "phone") {
          if (!phonePattern.test(text)) throw badInput("Phone numbers must be international, starting with +", `${field}.phone`);
          details.phone = text;
        } else details[key] = text;
      }
      if (Object.keys(details).length === 0) fail("Leave out contact details that are empty");
      const ordered: Record<string, string> = {};
      for (const f of fields) if (details[f] !== undefined) ordered[f] = details[f]!;
      return { q: q.id, n: null, x: JSON.stringify(ordered), h: [] };
    }
  }
}
