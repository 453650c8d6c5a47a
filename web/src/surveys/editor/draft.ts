// The survey editor's draft: what the form edits, how it comes from a stored survey (the typed
// Question of the GraphQL API), how it becomes the SurveyInput of createSurvey / updateSurvey, and the
// client-side checks. The rules, limits and messages are the API's own (@feedback/shared/survey-rules),
// so a refusal reads the same wherever it comes from.
// Pure functions, no React: the editor components call them and the unit tests exercise them.
import {
  contactFieldNames,
  emotionClusters,
  hasChoices,
  questionTypes,
  sliderScaleError,
  surveyLimits,
  type ContactFieldName,
  type EmotionCluster,
} from "@feedback/shared/survey-rules";
import type { LocalizedText, QuestionType, Question as RespondentQuestion } from "../../respondent/types";

export type { LocalizedText, QuestionType, EmotionCluster };
export type ContactField = ContactFieldName;

export const QUESTION_TYPES: readonly QuestionType[] = questionTypes;
export const EMOTION_CLUSTERS = emotionClusters;
export const CONTACT_FIELDS = contactFieldNames;
export const MAX_QUESTIONS = surveyLimits.questions;
export const MAX_CHOICES = surveyLimits.choices;
export const MAX_TEXT = surveyLimits.text;
export const MAX_TAG = surveyLimits.tagLength;
export const MAX_NAME = surveyLimits.nameLength;
/** "end" as a logic target: the survey ends after this answer. */
export const END = "end";
/** The logic key that matches any answer without a more specific rule. */
export const ANY_ANSWER = "submit";

export type DraftChoice = {
  /** 24 hexadecimal characters: the stored id, or one made here for a new choice (the API keeps it). */
  id: string;
  text: LocalizedText;
  cluster?: string;
  /** A stored choice's client key and hidden flag are kept as they were. */
  key?: string;
  hidden?: boolean;
};

export type DraftQuestion = {
  /** The stored legacyId, or "new-N" for a question not saved yet; sent as its `ref`, which logic targets name. */
  key: string;
  /** The stored question's global id (null: a new question). */
  id: string | null;
  type: QuestionType;
  title: LocalizedText;
  subtitle: LocalizedText;
  required: boolean;
  tags: string[];
  /** smiley: buttons; slider: min, max, step, minLabel, maxLabel; contactDetails: fields; emotion: clusters. */
  options: Record<string, unknown>;
  choices: DraftChoice[];
  /** Option key → a later question's key or "end" (docs/respondent-api.md "Logic"). */
  logic: Record<string, string>;
};

export type Draft = {
  name: string;
  /** The first language is the default: every text must exist in it. */
  languages: string[];
  tags: string[];
  questionTags: string[];
  questions: DraftQuestion[];
};

type StoredTexts = ReadonlyArray<{ readonly language: string; readonly text: string }>;
/** Question.options as the API answers it: the fields of its type (a union in GraphQL). */
type StoredOptions = {
  readonly __typename: string;
  readonly buttons?: number;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly minLabel?: StoredTexts;
  readonly maxLabel?: StoredTexts;
  readonly clusters?: ReadonlyArray<{ readonly name: string; readonly value: number }>;
  readonly fields?: ReadonlyArray<string>;
};
/** A question as the API answers it (Survey.questions). */
export type StoredQuestion = {
  id: string;
  legacyId: string;
  type: string;
  title: StoredTexts;
  subtitle: StoredTexts;
  options: StoredOptions | null | undefined;
  choices: ReadonlyArray<{
    readonly id: string;
    readonly key?: string | null;
    readonly text: StoredTexts;
    readonly cluster?: string | null;
    readonly hidden: boolean;
  }>;
  logic: ReadonlyArray<{ readonly answer: string; readonly target: string }>;
  tags: readonly string[];
  required: boolean;
};
export type StoredSurvey = {
  name: string;
  languages: readonly string[];
  tags: readonly string[];
  questionTags: readonly string[];
  questions: readonly StoredQuestion[];
};

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);

const textOf = (texts: StoredTexts): LocalizedText => Object.fromEntries(texts.map((t) => [t.language, t.text]));
const textList = (t: LocalizedText) => Object.entries(t).map(([language, text]) => ({ language, text }));

/** The draft's options record (the keys the stored options of the API have) from the typed options. */
function optionsOf(o: StoredOptions | null | undefined): Record<string, unknown> {
  if (!o) return {};
  const out: Record<string, unknown> = {};
  if (o.buttons !== undefined) out.buttons = o.buttons;
  for (const k of ["min", "max", "step"] as const) if (o[k] !== undefined) out[k] = o[k];
  for (const k of ["minLabel", "maxLabel"] as const) if (o[k]?.length) out[k] = textOf(o[k]!);
  if (o.clusters) out.clusters = Object.fromEntries(o.clusters.map((c) => [c.name, c.value]));
  if (o.fields) out.fields = [...o.fields];
  return out;
}

/** A random 24-hex id (the API's id format) for a new choice, so logic can name it before it is saved. */
export function newChoiceId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

let newQuestionCounter = 0;
/** A key for a question not saved yet. */
export function newQuestionKey(): string {
  newQuestionCounter += 1;
  return `new-${newQuestionCounter}`;
}

export function emptyDraft(): Draft {
  return { name: "", languages: ["en"], tags: [], questionTags: [], questions: [] };
}

export function draftFromSurvey(s: StoredSurvey): Draft {
  const languages = s.languages.length ? [...s.languages] : ["en"];
  return {
    name: s.name,
    languages,
    tags: [...s.tags],
    questionTags: [...s.questionTags],
    questions: s.questions.map((q) => ({
      key: q.legacyId,
      id: q.id,
      type: (QUESTION_TYPES.includes(q.type as QuestionType) ? q.type : "openText") as QuestionType,
      title: textOf(q.title),
      subtitle: textOf(q.subtitle),
      required: q.required,
      tags: [...q.tags],
      options: optionsOf(q.options),
      choices: q.choices.map((c) => ({
        id: c.id,
        text: textOf(c.text),
        ...(c.cluster ? { cluster: c.cluster } : {}),
        ...(c.key ? { key: c.key } : {}),
        ...(c.hidden ? { hidden: true } : {}),
      })),
      logic: Object.fromEntries(q.logic.map((r) => [r.answer, r.target])),
    })),
  };
}

/** A new question of a type with the API's defaults (and blank choices to fill in). */
export function newQuestion(type: QuestionType): DraftQuestion {
  const base = { key: newQuestionKey(), id: null, type, title: {}, subtitle: {}, required: false, tags: [], options: {}, choices: [], logic: {} };
  switch (type) {
    case "smiley":
      return { ...base, options: { buttons: 5 } };
    case "slider":
      return { ...base, options: { min: 0, max: 10, step: 1 } };
    case "singleChoice":
    case "multipleChoice":
      return {
        ...base,
        choices: [
          { id: newChoiceId(), text: {} },
          { id: newChoiceId(), text: {} },
        ],
      };
    case "emotion":
      // One emotion per cluster to start with; the person names them.
      return { ...base, choices: EMOTION_CLUSTERS.map((cluster) => ({ id: newChoiceId(), text: {}, cluster })) };
    case "contactDetails":
      return { ...base, options: { fields: [...CONTACT_FIELDS] } };
    default:
      return base;
  }
}

// ---- logic ---------------------------------------------------------------------------------

/** The answers a question's logic may name, in display order (ANY_ANSWER last). */
export function logicOptionKeys(q: DraftQuestion): string[] {
  const keys: string[] = [];
  if (q.type === "smiley") for (let i = 0; i < smileyButtons(q); i++) keys.push(String(i));
  if (q.type === "nps") for (let i = 0; i <= 10; i++) keys.push(String(i));
  if (hasChoices(q.type)) for (const c of q.choices) if (!c.hidden) keys.push(c.id);
  keys.push(ANY_ANSWER);
  return keys;
}

export function smileyButtons(q: DraftQuestion): 4 | 5 {
  return q.options.buttons === 4 ? 4 : 5;
}

/**
 * Drops logic the survey can no longer follow: answers the question no longer has, and targets
 * that are gone or no longer after the question (after a reorder, a removal or a type change).
 */
export function cleanLogic(questions: DraftQuestion[]): DraftQuestion[] {
  const position = new Map(questions.map((q, i) => [q.key, i]));
  return questions.map((q, i) => {
    const keys = new Set(logicOptionKeys(q));
    const logic: Record<string, string> = {};
    for (const [k, target] of Object.entries(q.logic)) {
      if (!keys.has(k)) continue;
      if (target !== END && !((position.get(target) ?? -1) > i)) continue;
      logic[k] = target;
    }
    return Object.keys(logic).length === Object.keys(q.logic).length ? q : { ...q, logic };
  });
}

// ---- list operations -------------------------------------------------------------------------

export function moveQuestion(questions: DraftQuestion[], index: number, delta: -1 | 1): DraftQuestion[] {
  const to = index + delta;
  if (index < 0 || to < 0 || to >= questions.length) return questions;
  const next = [...questions];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return cleanLogic(next);
}

/** Moves the question at `from` to position `to` (a drag and drop): the others keep their order. */
export function moveQuestionTo(questions: DraftQuestion[], from: number, to: number): DraftQuestion[] {
  if (from < 0 || from >= questions.length || to < 0 || to >= questions.length || from === to) return questions;
  const next = [...questions];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return cleanLogic(next);
}

export function removeQuestion(questions: DraftQuestion[], index: number): DraftQuestion[] {
  return cleanLogic(questions.filter((_, i) => i !== index));
}

export function replaceQuestion(questions: DraftQuestion[], index: number, q: DraftQuestion): DraftQuestion[] {
  return cleanLogic(questions.map((x, i) => (i === index ? q : x)));
}

/** Adds a language (not already there). */
export function addLanguage(d: Draft, code: string): Draft {
  return d.languages.includes(code) ? d : { ...d, languages: [...d.languages, code] };
}

const withoutLanguage = (t: LocalizedText, code: string): LocalizedText => {
  const { [code]: _gone, ...rest } = t;
  return rest;
};

/** Removes a language and its texts (the last language stays). */
export function removeLanguage(d: Draft, code: string): Draft {
  if (d.languages.length <= 1 || !d.languages.includes(code)) return d;
  const strip = (o: Record<string, unknown>) => {
    const out = { ...o };
    for (const k of ["minLabel", "maxLabel"]) if (isRecord(out[k])) out[k] = withoutLanguage(out[k] as LocalizedText, code);
    return out;
  };
  return {
    ...d,
    languages: d.languages.filter((l) => l !== code),
    questions: d.questions.map((q) => ({
      ...q,
      title: withoutLanguage(q.title, code),
      subtitle: withoutLanguage(q.subtitle, code),
      options: strip(q.options),
      choices: q.choices.map((c) => ({ ...c, text: withoutLanguage(c.text, code) })),
    })),
  };
}

/** Makes a language the default (first). */
export function makeDefaultLanguage(d: Draft, code: string): Draft {
  if (!d.languages.includes(code)) return d;
  return { ...d, languages: [code, ...d.languages.filter((l) => l !== code)] };
}

// ---- validation --------------------------------------------------------------------------------

/** The API's own messages (surveyMessages of @feedback/shared/survey-rules); translated in the UI. */
export type DraftError =
  | "blankName"
  | "blankTitle"
  | "choicesRequired"
  | "emotionsRequired"
  | "blankChoice"
  | "sliderRange"
  | "sliderStep"
  | "contactFields"
  | "unknownCluster";

export type QuestionErrors = {
  title?: DraftError;
  choices?: DraftError;
  /** index of a choice → its error */
  choice?: Record<number, DraftError>;
  slider?: DraftError;
  contact?: DraftError;
};
export type DraftErrors = { name?: DraftError; questions: Record<number, QuestionErrors> };

const blank = (t: LocalizedText | undefined, lang: string) => !(t?.[lang] ?? "").trim();

export function validateQuestion(q: DraftQuestion, defaultLanguage: string): QuestionErrors {
  const e: QuestionErrors = {};
  if (blank(q.title, defaultLanguage)) e.title = "blankTitle";
  if (hasChoices(q.type)) {
    const visible = q.choices.filter((c) => !c.hidden);
    if (visible.length === 0) e.choices = q.type === "emotion" ? "emotionsRequired" : "choicesRequired";
    q.choices.forEach((c, i) => {
      if (blank(c.text, defaultLanguage)) (e.choice ??= {})[i] = "blankChoice";
      else if (
        q.type === "emotion" &&
        !EMOTION_CLUSTERS.includes(c.cluster as EmotionCluster) &&
        !(isRecord(q.options.clusters) && c.cluster && c.cluster in q.options.clusters)
      )
        (e.choice ??= {})[i] = "unknownCluster";
    });
  }
  if (q.type === "slider") {
    const scale = sliderScaleError(q.options.min, q.options.max, q.options.step);
    if (scale) e.slider = scale;
  }
  if (q.type === "contactDetails") {
    const fields = Array.isArray(q.options.fields) ? q.options.fields : [];
    if (fields.length === 0) e.contact = "contactFields";
  }
  return e;
}

export function validateDraft(d: Draft): DraftErrors {
  const errors: DraftErrors = { questions: {} };
  if (!d.name.trim()) errors.name = "blankName";
  const lang = d.languages[0] ?? "en";
  d.questions.forEach((q, i) => {
    const e = validateQuestion(q, lang);
    if (Object.keys(e).length) errors.questions[i] = e;
  });
  return errors;
}

export const isValid = (e: DraftErrors) => !e.name && Object.keys(e.questions).length === 0;

// ---- the API body --------------------------------------------------------------------------------

/** Texts in the survey's languages that are not blank (an untranslated text is left out, not sent blank). */
function sendText(t: LocalizedText, languages: readonly string[]): LocalizedText {
  const out: LocalizedText = {};
  for (const l of languages) {
    const v = (t[l] ?? "").trim();
    if (v) out[l] = v;
  }
  return out;
}

/** A text for the API: the survey's languages that are not blank (an untranslated text is left out, not sent blank). */
const sendTexts = (t: LocalizedText, languages: readonly string[]) => textList(sendText(t, languages));

const num = (v: unknown) => (typeof v === "number" ? v : undefined);

/** The options of the question's own type, as QuestionInput takes them. */
function typedOptions(q: DraftQuestion, languages: readonly string[]): Partial<QuestionInput> {
  const o = q.options;
  switch (q.type) {
    case "smiley":
      return { buttons: smileyButtons(q) };
    case "slider": {
      const labels: { minLabel?: TextInput[]; maxLabel?: TextInput[] } = {};
      for (const k of ["minLabel", "maxLabel"] as const) {
        const t = isRecord(o[k]) ? sendTexts(o[k] as LocalizedText, languages) : [];
        if (t.length) labels[k] = t;
      }
      return { slider: { min: num(o.min), max: num(o.max), step: num(o.step), ...labels } };
    }
    case "emotion":
      return isRecord(o.clusters)
        ? { emotionClusters: Object.entries(o.clusters).flatMap(([name, value]) => (typeof value === "number" ? [{ name, value }] : [])) }
        : {};
    case "contactDetails":
      return { contactFields: (Array.isArray(o.fields) ? o.fields : []).filter((f): f is ContactField => CONTACT_FIELDS.includes(f as never)) };
    default:
      return {};
  }
}

export type TextInput = { language: string; text: string };
export type QuestionInput = {
  id?: string;
  ref: string;
  type: QuestionType;
  title: TextInput[];
  subtitle: TextInput[];
  required: boolean;
  tags: string[];
  choices: { id: string; text: TextInput[]; cluster?: string; key?: string; hidden?: boolean }[];
  logic: { answer: string; target: string }[];
  buttons?: number;
  slider?: { min?: number; max?: number; step?: number; minLabel?: TextInput[]; maxLabel?: TextInput[] };
  emotionClusters?: { name: string; value: number }[];
  contactFields?: ContactField[];
};
export type SurveyInput = { name: string; languages: string[]; tags: string[]; questionTags: string[]; questions: QuestionInput[] };

/**
 * The SurveyInput of createSurvey / updateSurvey. Stored questions carry their global `id`; every
 * question its key as `ref`, which logic targets name. Without the surveyLogic feature no logic is
 * sent (the API refuses logic without the feature).
 */
export function toSurveyInput(d: Draft, opts: { logic: boolean }): SurveyInput {
  const languages = d.languages;
  const questionTags = [...new Set([...d.questionTags, ...d.questions.flatMap((q) => q.tags)])];
  return {
    name: d.name.trim(),
    languages,
    tags: d.tags,
    questionTags,
    questions: cleanLogic(d.questions).map((q) => ({
      ...(q.id ? { id: q.id } : {}),
      ref: q.key,
      type: q.type,
      title: sendTexts(q.title, languages),
      subtitle: sendTexts(q.subtitle, languages),
      required: q.required,
      tags: q.tags,
      choices: hasChoices(q.type)
        ? q.choices.map((c) => ({
            id: c.id,
            text: sendTexts(c.text, languages),
            ...(q.type === "emotion" && c.cluster ? { cluster: c.cluster } : {}),
            ...(c.key ? { key: c.key } : {}),
            ...(c.hidden ? { hidden: true } : {}),
          }))
        : [],
      logic: opts.logic ? Object.entries(q.logic).map(([answer, target]) => ({ answer, target })) : [],
      ...typedOptions(q, languages),
    })),
  };
}

export function hasLogic(d: Draft): boolean {
  return d.questions.some((q) => Object.keys(q.logic).length > 0);
}

/** The question index a server field such as "questions.2.title.en" points at. */
export function questionIndexOfField(field: string | undefined): number | null {
  const m = /^questions\.(\d+)(\.|$)/.exec(field ?? "");
  return m ? Number(m[1]) : null;
}

// ---- the live preview ------------------------------------------------------------------------

/**
 * The draft's questions as the respondent runtime reads them (docs/respondent-api.md), for the
 * editor's live preview: a question's id is its key (logic targets name keys), hidden choices are
 * left out, and so are choices without a text yet (an option without a name is not shown until it
 * has one: the survey cannot be saved so, and a nameless radio button has no accessible name).
 */
export function previewQuestions(d: Draft): RespondentQuestion[] {
  return cleanLogic(d.questions).map((q) => ({
    id: q.key,
    type: q.type,
    title: sendText(q.title, d.languages),
    subtitle: Object.keys(sendText(q.subtitle, d.languages)).length ? sendText(q.subtitle, d.languages) : null,
    options: q.type === "smiley" ? { ...q.options, buttons: smileyButtons(q) } : q.options,
    choices: hasChoices(q.type)
      ? q.choices
          .filter((c) => !c.hidden && Object.keys(sendText(c.text, d.languages)).length > 0)
          .map((c) => ({ id: c.id, text: sendText(c.text, d.languages), ...(c.cluster ? { cluster: c.cluster } : {}) }))
      : [],
    required: q.required,
    logic: Object.keys(q.logic).length ? { ...q.logic } : null,
  }));
}
