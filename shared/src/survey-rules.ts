// The survey editor's rules that the api enforces (domain/surveys/input.ts) and the web editor
// checks before saving (web/src/surveys/editor/draft.ts): question types, limits, emotion clusters,
// contact fields and the messages a refusal reads with, so both sides say the same.

export const questionTypes = ["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion", "contactDetails"] as const;
export type QuestionType = (typeof questionTypes)[number];

/** Types whose answers are choices of the question (choice ids are their logic keys and filter values). */
export const choiceQuestionTypes = ["singleChoice", "multipleChoice", "emotion"] as const satisfies readonly QuestionType[];
export const hasChoices = (type: string): boolean => (choiceQuestionTypes as readonly string[]).includes(type);

export const surveyLimits = {
  questions: 200,
  choices: 100,
  /** characters of one text in one language */
  text: 2000,
  languages: 30,
  tags: 50,
  tagLength: 50,
  questionTags: 200,
  nameLength: 200,
} as const;

/** The emotion clusters and their default values (an emotion question's options.clusters). */
export const defaultClusters = { advocacy: 1, trust: 0.66, attention: 0.33, destroying: -1 } as const;
export const emotionClusters = Object.keys(defaultClusters) as (keyof typeof defaultClusters)[];
export type EmotionCluster = keyof typeof defaultClusters;

export const contactFieldNames = ["name", "email", "phone"] as const;
export type ContactFieldName = (typeof contactFieldNames)[number];

/** Smiley questions have 4 or 5 buttons. */
export const smileyButtonCounts = [4, 5] as const;

export const surveyMessages = {
  blankTitle: "Question title must not be blank",
  blankName: "Survey name must not be blank",
  smileyButtons: "A smiley question has 4 or 5 buttons",
  choicesRequired: "A choice question needs at least one choice",
  emotionsRequired: "An emotion question needs at least one emotion",
  blankChoice: "Choice text must not be blank",
  duplicateChoice: "Each choice of a question needs its own id",
  sliderRange: "The slider's minimum must be below its maximum",
  sliderStep: "The slider's step must be positive and divide its range",
  contactFields: "Contact details ask for at least one of name, email and phone",
  unknownCluster: "An emotion belongs to one of the clusters advocacy, trust, attention and destroying",
  logicTarget: "Logic must point to a later question of this survey or to end",
  logicKey: "Logic rule for an answer this question does not have",
  unknownQuestion: "This question does not belong to the survey",
  duplicateQuestion: "A question appears twice",
  languages: "A survey needs at least one language",
} as const;

/** Whether a slider's min, max and step make a scale: min below max, a positive step dividing the range. */
export function sliderScaleError(min: unknown, max: unknown, step: unknown): "sliderRange" | "sliderStep" | null {
  const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
  if (!finite(min) || !finite(max) || min >= max) return "sliderRange";
  if (!finite(step) || step <= 0) return "sliderStep";
  const steps = (max - min) / step;
  return Math.abs(steps - Math.round(steps)) > 1e-9 ? "sliderStep" : null;
}
