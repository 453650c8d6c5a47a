// Question, and a survey's body in GraphQL: what a stored question reads as (texts per language,
// choices, logic, the options of its type) and what createSurvey / updateSurvey take. The inputs are typed; this file
// turns them into the body the REST facade takes (PUT /surveys/{id}), and domain/surveys/input.ts
// checks that body whichever side it came from, so both refuse with the same messages.
import { builder } from "./builder.js";
import { UnitType } from "./unit.js";
import { badInput } from "../domain/errors.js";
import { inViewerOrganization } from "../domain/tenancy.js";
import { contactFieldNames, questionTypes, type QuestionType } from "@feedback/shared/survey-rules";
import { storedChoices, storedLogic, storedOptions, storedText, type LocalizedTexts, type QuestionOptionsOf } from "../domain/surveys/stored.js";
import type { StoredChoice } from "../domain/surveys/input.js";

// ---- output ------------------------------------------------------------------------------------

export const QuestionTypeEnum = builder.enumType("QuestionType", { values: questionTypes });
export const ContactFieldEnum = builder.enumType("ContactField", { values: contactFieldNames, description: "what a contact-details question asks" });

type TextEntry = { language: string; text: string };
/** A text per language as a list (the survey's languages in any order). */
export const textEntries = (texts: LocalizedTexts): TextEntry[] => Object.entries(texts).map(([language, text]) => ({ language, text }));

export const LocalizedText = builder.objectRef<TextEntry>("LocalizedText").implement({
  description: "A text in one of the survey's languages",
  fields: (t) => ({
    language: t.exposeString("language", { description: "a language code such as en, fi or pt-BR" }),
    text: t.exposeString("text"),
  }),
});

export const QuestionChoice = builder.objectRef<StoredChoice>("QuestionChoice").implement({
  description: "An answer of a single-choice, multiple-choice or emotion question",
  fields: (t) => ({
    id: t.exposeString("id", { description: "the choice's 24-hex id: its logic key and the value results filter by" }),
    key: t.exposeString("key", { nullable: true, description: "a client's own key for the choice, which logic may also name" }),
    text: t.field({ type: [LocalizedText], resolve: (c) => textEntries(c.text) }),
    cluster: t.exposeString("cluster", { nullable: true, description: "an emotion's cluster (advocacy, trust, attention, destroying)" }),
    hidden: t.boolean({ description: "kept for its answers, no longer offered", resolve: (c) => c.hidden === true }),
  }),
});

export const LogicRule = builder.objectRef<{ answer: string; target: string }>("LogicRule").implement({
  description: 'Where an answer leads (docs/respondent-api.md "Logic")',
  fields: (t) => ({
    answer: t.exposeString("answer", {
      description: 'smiley: the button index ("0" = worst); nps: "0"–"10"; choices and emotions: the choice id; "submit": any other answer',
    }),
    target: t.exposeString("target", { description: 'a later question\'s legacyId, or "end"' }),
  }),
});

export const logicRules = (logic: Record<string, string>) => Object.entries(logic).map(([answer, target]) => ({ answer, target }));

type Options<K extends QuestionOptionsOf["kind"]> = Extract<QuestionOptionsOf, { kind: K }>;

const SmileyOptions = builder.objectRef<Options<"smiley">>("SmileyOptions").implement({
  fields: (t) => ({ buttons: t.exposeInt("buttons", { description: "4 or 5" }) }),
});
const SliderOptions = builder.objectRef<Options<"slider">>("SliderOptions").implement({
  fields: (t) => ({
    min: t.exposeFloat("min"),
    max: t.exposeFloat("max"),
    step: t.exposeFloat("step"),
    minLabel: t.field({ type: [LocalizedText], resolve: (o) => textEntries(o.minLabel) }),
    maxLabel: t.field({ type: [LocalizedText], resolve: (o) => textEntries(o.maxLabel) }),
  }),
});
const EmotionClusterValue = builder.objectRef<{ name: string; value: number }>("EmotionClusterValue").implement({
  description: "An emotion cluster and the value its answers count for",
  fields: (t) => ({ name: t.exposeString("name"), value: t.exposeFloat("value") }),
});
const EmotionOptions = builder.objectRef<Options<"emotion">>("EmotionOptions").implement({
  fields: (t) => ({ clusters: t.field({ type: [EmotionClusterValue], resolve: (o) => o.clusters }) }),
});
const ContactDetailsOptions = builder.objectRef<Options<"contactDetails">>("ContactDetailsOptions").implement({
  fields: (t) => ({ fields: t.field({ type: [ContactFieldEnum], resolve: (o) => o.fields }) }),
});

const optionTypes = { smiley: SmileyOptions, slider: SliderOptions, emotion: EmotionOptions, contactDetails: ContactDetailsOptions } as const;

export const QuestionOptions = builder.unionType("QuestionOptions", {
  description: "The options of a question's type (nps, open text and choice questions have none)",
  types: [SmileyOptions, SliderOptions, EmotionOptions, ContactDetailsOptions],
  resolveType: (o) => optionTypes[o.kind],
});

export const QuestionNode = builder.prismaNode("Question", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, ...inViewerOrganization(ctx.viewer) }),
  fields: (t) => ({
    legacyId: t.exposeString("id"),
    type: t.expose("type", { type: QuestionTypeEnum }),
    position: t.exposeInt("position"),
    title: t.field({ type: [LocalizedText], resolve: (q) => textEntries(storedText(q.title)) }),
    subtitle: t.field({ type: [LocalizedText], description: "empty: none", resolve: (q) => textEntries(storedText(q.subtitle)) }),
    options: t.field({ type: QuestionOptions, nullable: true, resolve: (q) => storedOptions(q.type, q.options) }),
    choices: t.field({ type: [QuestionChoice], description: "hidden choices included (hidden: true)", resolve: (q) => storedChoices(q.choices) }),
    logic: t.field({ type: [LogicRule], resolve: (q) => logicRules(storedLogic(q.logic)) }),
    tags: t.exposeStringList("tags"),
    required: t.exposeBoolean("required"),
    hidden: t.exposeBoolean("hidden"),
  }),
});

// ---- input -------------------------------------------------------------------------------------

const LocalizedTextInput = builder.inputType("LocalizedTextInput", {
  description: "A text in one of the survey's languages (a blank text is left out)",
  fields: (t) => ({ language: t.string({ required: true }), text: t.string({ required: true }) }),
});

const QuestionChoiceInput = builder.inputType("QuestionChoiceInput", {
  fields: (t) => ({
    id: t.string({ description: "24-hex: the stored choice's id, or one the client made so logic can name it; absent: a new id" }),
    key: t.string({ description: "a client's own key for the choice" }),
    text: t.field({ type: [LocalizedTextInput], required: true }),
    cluster: t.string({ description: "emotion questions: the emotion's cluster" }),
    hidden: t.boolean({ description: "kept for its answers, no longer offered" }),
  }),
});

const LogicRuleInput = builder.inputType("LogicRuleInput", {
  fields: (t) => ({
    answer: t.string({ required: true, description: "as LogicRule.answer" }),
    target: t.string({ required: true, description: 'a later question\'s ref, or "end"' }),
  }),
});

const SliderOptionsInput = builder.inputType("SliderOptionsInput", {
  description: "The slider's scale (defaults 0, 10, 1): min below max, a step dividing the range",
  fields: (t) => ({
    min: t.float(),
    max: t.float(),
    step: t.float(),
    minLabel: t.field({ type: [LocalizedTextInput] }),
    maxLabel: t.field({ type: [LocalizedTextInput] }),
  }),
});

const EmotionClusterInput = builder.inputType("EmotionClusterInput", {
  fields: (t) => ({ name: t.string({ required: true }), value: t.float({ required: true }) }),
});

export const QuestionInput = builder.inputType("QuestionInput", {
  description: "One question of the survey, in order. The fields under 'options of a type' belong to that type only; a question of another type refuses them",
  fields: (t) => ({
    id: t.globalID({ for: QuestionNode, description: "a stored question of this survey (absent: a new question)" }),
    ref: t.string({ description: "the client's key for the question, which logic targets name (1–100 characters)" }),
    type: t.field({ type: QuestionTypeEnum, required: true }),
    title: t.field({ type: [LocalizedTextInput], required: true, description: "required in the survey's first language" }),
    subtitle: t.field({ type: [LocalizedTextInput] }),
    required: t.boolean(),
    tags: t.stringList(),
    choices: t.field({ type: [QuestionChoiceInput], description: "single-choice, multiple-choice and emotion questions (at least one not hidden)" }),
    logic: t.field({ type: [LogicRuleInput], description: "needs the surveyLogic feature" }),
    buttons: t.int({ description: "options of a type — smiley: 4 or 5 buttons (default 5)" }),
    slider: t.field({ type: SliderOptionsInput, description: "options of a type — slider" }),
    emotionClusters: t.field({
      type: [EmotionClusterInput],
      description: "options of a type — emotion: the clusters and their values (default the four standard ones)",
    }),
    contactFields: t.field({ type: [ContactFieldEnum], description: "options of a type — contactDetails: what it asks (default all)" }),
  }),
});

export const SurveyInput = builder.inputType("SurveyInput", {
  description: "The whole survey with its questions (what PUT /surveys/{id} takes)",
  fields: (t) => ({
    name: t.string({ required: true }),
    unitId: t.globalID({
      for: UnitType,
      description: "the survey's team: on create the new survey's (default: the highest where the caller edits surveys); on update it moves the survey",
    }),
    languages: t.stringList({ description: "the first is the default (default [en])" }),
    tags: t.stringList(),
    questionTags: t.stringList({ description: "tags the questions may take (the questions' own tags are added)" }),
    questions: t.field({
      type: [QuestionInput],
      required: true,
      description: "every question, in order: a stored question left out is hidden (its answers stay)",
    }),
  }),
});

// ---- typed input → the REST body -----------------------------------------------------------------

type TextInput = { language: string; text: string };
type ChoiceInput = { id?: string | null; key?: string | null; text: TextInput[]; cluster?: string | null; hidden?: boolean | null };
type SliderInput = { min?: number | null; max?: number | null; step?: number | null; minLabel?: TextInput[] | null; maxLabel?: TextInput[] | null };
export type QuestionInputShape = {
  id?: { id: string; typename: string } | null;
  ref?: string | null;
  type: QuestionType;
  title: TextInput[];
  subtitle?: TextInput[] | null;
  required?: boolean | null;
  tags?: string[] | null;
  choices?: ChoiceInput[] | null;
  logic?: { answer: string; target: string }[] | null;
  buttons?: number | null;
  slider?: SliderInput | null;
  emotionClusters?: { name: string; value: number }[] | null;
  contactFields?: string[] | null;
};
export type SurveyInputShape = {
  name: string;
  unitId?: { id: string; typename: string } | null;
  languages?: string[] | null;
  tags?: string[] | null;
  questionTags?: string[] | null;
  questions: QuestionInputShape[];
};

function textMap(entries: TextInput[], field: string): Record<string, string> {
  const out: Record<string, string> = {};
  entries.forEach((e, i) => {
    if (e.language in out) throw badInput(`The text in ${e.language} is given twice`, `${field}.${i}.language`);
    out[e.language] = e.text;
  });
  return out;
}

const optionFields = { buttons: "smiley", slider: "slider", emotionClusters: "emotion", contactFields: "contactDetails" } as const;

function questionBody(q: QuestionInputShape, i: number): Record<string, unknown> {
  const field = `questions.${i}`;
  for (const [name, type] of Object.entries(optionFields))
    if (q[name as keyof typeof optionFields] != null && q.type !== type) throw badInput(`${name} is an option of ${type} questions only`, `${field}.${name}`);
  const options: Record<string, unknown> = {};
  if (q.buttons != null) options.buttons = q.buttons;
  if (q.slider) {
    const s = q.slider;
    if (s.min != null) options.min = s.min;
    if (s.max != null) options.max = s.max;
    if (s.step != null) options.step = s.step;
    if (s.minLabel) options.minLabel = textMap(s.minLabel, `${field}.options.minLabel`);
    if (s.maxLabel) options.maxLabel = textMap(s.maxLabel, `${field}.options.maxLabel`);
  }
  if (q.emotionClusters) options.clusters = Object.fromEntries(q.emotionClusters.map((c) => [c.name, c.value]));
  if (q.contactFields) options.fields = q.contactFields;
  return {
    ...(q.id ? { _id: q.id.id } : {}),
    ...(q.ref != null ? { ref: q.ref } : {}),
    type: q.type,
    title: textMap(q.title, `${field}.title`),
    subtitle: q.subtitle?.length ? textMap(q.subtitle, `${field}.subtitle`) : null,
    options,
    choices: (q.choices ?? []).map((c, j) => ({
      ...(c.id != null ? { id: c.id } : {}),
      ...(c.key != null ? { key: c.key } : {}),
      text: textMap(c.text, `${field}.choices.${j}.text`),
      ...(c.cluster != null ? { cluster: c.cluster } : {}),
      ...(c.hidden ? { hidden: true } : {}),
    })),
    ...(q.tags ? { tags: q.tags } : {}),
    ...(q.required != null ? { required: q.required } : {}),
    logic: q.logic?.length ? Object.fromEntries(q.logic.map((r) => [r.answer, r.target])) : null,
  };
}

/** The REST body of a typed SurveyInput (domain/surveys/input.ts checks it). */
export function surveyBody(s: SurveyInputShape): Record<string, unknown> {
  return {
    name: s.name,
    ...(s.unitId ? { unitId: s.unitId.id } : {}),
    ...(s.languages ? { languages: s.languages } : {}),
    ...(s.tags ? { tags: s.tags } : {}),
    ...(s.questionTags ? { questionTags: s.questionTags } : {}),
    questions: s.questions.map(questionBody),
  };
}
