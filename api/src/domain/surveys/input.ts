// What a survey and its questions may look like when a client saves them (spec 001 §3, §5 and
// docs/respondent-api.md for the stored shapes of options, choices and logic). Every question type's
// options are checked here; nothing is written before the whole body has passed.
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { badInput } from "../errors.js";
import { objectIdSchema, parseInput } from "../validation.js";
import {
  contactFieldNames,
  defaultClusters,
  questionTypes,
  sliderScaleError,
  smileyButtonCounts,
  surveyLimits,
  surveyMessages,
  type QuestionType,
} from "@feedback/shared/survey-rules";

export { questionTypes, surveyMessages, defaultClusters };
export type { QuestionType };

export const newId = () => randomBytes(12).toString("hex");

const languageSchema = z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, "A language is a code such as en, fi or pt-BR");
const tagSchema = z.string().trim().min(1, "A tag must not be blank").max(surveyLimits.tagLength, `A tag is at most ${surveyLimits.tagLength} characters`);
const textSchema = z.union([z.string(), z.record(z.string(), z.string())], { message: "A text is a string or a map from language to string" });

const choiceInput = z.object({
  id: objectIdSchema.optional(),
  _id: objectIdSchema.optional(),
  key: z.string().max(100).optional(),
  text: textSchema,
  cluster: z.string().optional(),
  hidden: z.boolean().optional(),
});

const questionInput = z.object({
  _id: objectIdSchema.optional(),
  ref: z.string().min(1).max(100).optional().describe("a client's key for a new question, which logic may point to"),
  type: z.enum(questionTypes, { message: `Question type must be one of ${questionTypes.join(", ")}` }),
  title: textSchema,
  subtitle: textSchema.nullish(),
  options: z.record(z.string(), z.unknown()).optional(),
  choices: z.array(choiceInput).max(surveyLimits.choices, `A question has at most ${surveyLimits.choices} choices`).optional(),
  tags: z.array(tagSchema).max(surveyLimits.tags).optional(),
  logic: z.record(z.string(), z.string()).nullish(),
  required: z.boolean().optional(),
});
export type QuestionInput = z.input<typeof questionInput>;

export const surveyInputSchema = z.object({
  name: z
    .string({ message: "Survey name is required" })
    .trim()
    .min(1, surveyMessages.blankName)
    .max(surveyLimits.nameLength, `Survey name is at most ${surveyLimits.nameLength} characters`),
  unitId: objectIdSchema.optional(),
  languages: z.array(languageSchema).min(1, surveyMessages.languages).max(surveyLimits.languages).optional(),
  tags: z.array(tagSchema).max(surveyLimits.tags).optional(),
  questionTags: z.array(tagSchema).max(surveyLimits.questionTags).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  questions: z
    .array(questionInput, { message: "questions must be a list" })
    .max(surveyLimits.questions, `A survey has at most ${surveyLimits.questions} questions`)
    .optional(),
});
export type SurveyInput = z.input<typeof surveyInputSchema>;

export type StoredChoice = { id: string; key?: string; text: Record<string, string>; cluster?: string; hidden?: boolean };
export type PreparedQuestion = {
  id: string;
  existing: boolean;
  type: QuestionType;
  title: Record<string, string>;
  subtitle: Record<string, string> | null;
  options: Record<string, unknown>;
  choices: StoredChoice[];
  tags: string[];
  logic: Record<string, string> | null;
  required: boolean;
};
export type PreparedSurvey = {
  name: string;
  unitId?: string;
  languages: string[];
  tags: string[];
  questionTags: string[];
  settings?: Record<string, unknown>;
  questions: PreparedQuestion[];
};

const uniq = (xs: string[]) => [...new Set(xs)];

function localized(value: string | Record<string, string>, languages: string[], field: string, blank: string, allowEmpty = false): Record<string, string> {
  const map = typeof value === "string" ? { [languages[0]!]: value } : value;
  const out: Record<string, string> = {};
  for (const [lang, text] of Object.entries(map)) {
    if (!languages.includes(lang)) throw badInput(`The survey has no language ${lang}`, `${field}.${lang}`);
    const trimmed = text.trim();
    if (!trimmed) {
      if (allowEmpty) continue;
      throw badInput(blank, `${field}.${lang}`);
    }
    if (trimmed.length > surveyLimits.text) throw badInput(`A text is at most ${surveyLimits.text} characters`, `${field}.${lang}`);
    out[lang] = trimmed;
  }
  if (!allowEmpty && !out[languages[0]!]) throw badInput(blank, `${field}.${languages[0]}`);
  return out;
}

const num = (v: unknown, fallback: number) => (v === undefined ? fallback : typeof v === "number" && Number.isFinite(v) ? v : NaN);

function typeOptions(q: z.output<typeof questionInput>, languages: string[], field: string): { options: Record<string, unknown>; choices: StoredChoice[] } {
  const o = q.options ?? {};
  const choicesOf = (required: boolean, message: string): StoredChoice[] => {
    const list = q.choices ?? [];
    if (required && list.filter((c) => !c.hidden).length === 0) throw badInput(message, `${field}.choices`);
    const seen = new Set<string>();
    return list.map((c, i) => {
      const id = c.id ?? c._id ?? newId();
      if (seen.has(id)) throw badInput(surveyMessages.duplicateChoice, `${field}.choices.${i}.id`);
      seen.add(id);
      return {
        id,
        ...(c.key ? { key: c.key } : {}),
        text: localized(c.text, languages, `${field}.choices.${i}.text`, surveyMessages.blankChoice),
        ...(c.cluster !== undefined ? { cluster: c.cluster } : {}),
        ...(c.hidden ? { hidden: true } : {}),
      };
    });
  };
  const noChoices = () => {
    if ((q.choices ?? []).length > 0) throw badInput(`A ${q.type} question has no choices`, `${field}.choices`);
    return [];
  };
  switch (q.type) {
    case "smiley": {
      const buttons = o.buttons ?? 5;
      if (!smileyButtonCounts.includes(buttons as never)) throw badInput(surveyMessages.smileyButtons, `${field}.options.buttons`);
      return { options: { ...o, buttons }, choices: noChoices() };
    }
    case "nps":
    case "openText":
      return { options: o, choices: noChoices() };
    case "slider": {
      const min = num(o.min, 0);
      const max = num(o.max, 10);
      const step = num(o.step, 1);
      const scale = sliderScaleError(min, max, step);
      if (scale) throw badInput(surveyMessages[scale], scale === "sliderRange" ? `${field}.options` : `${field}.options.step`);
      const labels: Record<string, unknown> = {};
      for (const k of ["minLabel", "maxLabel"] as const) {
        if (o[k] === undefined || o[k] === null) continue;
        if (typeof o[k] !== "string" && (typeof o[k] !== "object" || Array.isArray(o[k]))) throw badInput("A label is a text", `${field}.options.${k}`);
        labels[k] = localized(o[k] as Record<string, string>, languages, `${field}.options.${k}`, "", true);
      }
      return { options: { ...o, min, max, step, ...labels }, choices: noChoices() };
    }
    case "singleChoice":
    case "multipleChoice":
      return { options: o, choices: choicesOf(true, surveyMessages.choicesRequired) };
    case "emotion": {
      const clusters = (o.clusters ?? defaultClusters) as Record<string, unknown>;
      if (typeof clusters !== "object" || Array.isArray(clusters) || Object.values(clusters).some((v) => typeof v !== "number"))
        throw badInput("Emotion clusters map a cluster to its value", `${field}.options.clusters`);
      const choices = choicesOf(true, surveyMessages.emotionsRequired);
      choices.forEach((c, i) => {
        if (!c.cluster || !(c.cluster in clusters)) throw badInput(surveyMessages.unknownCluster, `${field}.choices.${i}.cluster`);
      });
      return { options: { ...o, clusters }, choices };
    }
    case "contactDetails": {
      const fields = o.fields ?? [...contactFieldNames];
      if (
        !Array.isArray(fields) ||
        fields.length === 0 ||
        fields.some((f) => !contactFieldNames.includes(f as never)) ||
        new Set(fields).size !== fields.length
      )
        throw badInput(surveyMessages.contactFields, `${field}.options.fields`);
      return { options: { ...o, fields }, choices: noChoices() };
    }
  }
}

/** The answer keys a question's logic may use (docs/respondent-api.md "Logic"). */
function logicKeys(q: PreparedQuestion): Map<string, string> {
  const keys = new Map<string, string>([["submit", "submit"]]);
  if (q.type === "smiley") for (let i = 0; i < (q.options.buttons as number); i++) keys.set(String(i), String(i));
  if (q.type === "nps") for (let i = 0; i <= 10; i++) keys.set(String(i), String(i));
  if (q.type === "singleChoice" || q.type === "multipleChoice" || q.type === "emotion")
    for (const c of q.choices) {
      keys.set(c.id, c.id);
      if (c.key) keys.set(c.key, c.id);
    }
  return keys;
}

/**
 * Parses and checks a whole survey body. `existingIds` are the ids of the survey's stored questions
 * (any other `_id` is refused). Logic targets may name a later question's `_id` or `ref`, or "end".
 */
export function prepareSurvey(input: unknown, existingIds: ReadonlySet<string>): PreparedSurvey {
  const s = parseInput(surveyInputSchema, input);
  const languages = uniq(s.languages ?? ["en"]);
  const raw = s.questions ?? [];
  const seen = new Set<string>();
  const refs = new Map<string, string>();
  const prepared: PreparedQuestion[] = raw.map((q, i) => {
    const field = `questions.${i}`;
    if (q._id && !existingIds.has(q._id)) throw badInput(surveyMessages.unknownQuestion, `${field}._id`);
    const id = q._id ?? newId();
    if (seen.has(id)) throw badInput(surveyMessages.duplicateQuestion, `${field}._id`);
    seen.add(id);
    if (q.ref) {
      if (refs.has(q.ref)) throw badInput(surveyMessages.duplicateQuestion, `${field}.ref`);
      refs.set(q.ref, id);
    }
    const { options, choices } = typeOptions(q, languages, field);
    return {
      id,
      existing: !!q._id,
      type: q.type,
      title: localized(q.title, languages, `${field}.title`, surveyMessages.blankTitle),
      subtitle: q.subtitle ? localized(q.subtitle, languages, `${field}.subtitle`, "", true) : null,
      options,
      choices,
      tags: uniq(q.tags ?? []),
      logic: null,
      required: q.required ?? false,
    };
  });
  const position = new Map(prepared.map((q, i) => [q.id, i]));
  raw.forEach((q, i) => {
    if (!q.logic || Object.keys(q.logic).length === 0) return;
    const keys = logicKeys(prepared[i]!);
    const logic: Record<string, string> = {};
    for (const [key, target] of Object.entries(q.logic)) {
      const k = keys.get(key);
      if (!k) throw badInput(surveyMessages.logicKey, `questions.${i}.logic.${key}`);
      const to = target === "end" ? "end" : (refs.get(target) ?? target);
      if (to !== "end" && !((position.get(to) ?? -1) > i)) throw badInput(surveyMessages.logicTarget, `questions.${i}.logic.${key}`);
      logic[k] = to;
    }
    prepared[i]!.logic = logic;
  });
  return {
    name: s.name,
    unitId: s.unitId,
    languages,
    tags: uniq(s.tags ?? []),
    questionTags: uniq([...(s.questionTags ?? []), ...prepared.flatMap((q) => q.tags)]),
    settings: s.settings,
    questions: prepared,
  };
}

/** Copies logic with question ids replaced through `idMap` (a survey copy gets new question ids). */
export function remapLogic(logic: unknown, idMap: ReadonlyMap<string, string>): Record<string, string> | null {
  if (!logic || typeof logic !== "object" || Array.isArray(logic)) return null;
  const out: Record<string, string> = {};
  for (const [key, target] of Object.entries(logic as Record<string, unknown>)) {
    if (typeof target !== "string") continue;
    out[key] = target === "end" ? "end" : (idMap.get(target) ?? target);
  }
  return out;
}
