// The respondent API's shapes (docs/respondent-api.md): GET /r/{touchpointId}/survey.
export type LocalizedText = Record<string, string>;

export type QuestionType = "smiley" | "nps" | "slider" | "singleChoice" | "multipleChoice" | "openText" | "emotion" | "contactDetails";

export type Choice = { id: string; text: LocalizedText; cluster?: string };

export type Question = {
  id: string;
  type: QuestionType;
  title: LocalizedText;
  subtitle: LocalizedText | null;
  options: Record<string, unknown>;
  choices: Choice[];
  required: boolean;
  logic: Record<string, string> | null;
};

export type PublicSurvey = {
  touchpoint: { id: string; type: string; name: string };
  survey: {
    id: string;
    name: string;
    languages: string[];
    appearance: Record<string, unknown>;
    endScreenText: LocalizedText | null;
    privacyPolicy: string | null;
    logoUrl: string | null;
  };
  questions: Question[];
  kiosk: { questionTimeoutSeconds: number; endScreenSeconds: number; heartbeatSeconds: number };
  loadedAt: string;
};

/** An answer as sent: smiley button index, NPS 0–10, slider value, choice id(s), text, contact fields. */
export type AnswerValue = number | string | string[] | Record<string, string>;

export type Submission = {
  idempotencyKey: string;
  surveyId: string;
  language: string;
  answers: { questionId: string; value: AnswerValue }[];
  metadata?: Record<string, string>;
  startedAt: string;
  submittedAt: string;
  /** The `m` of a campaign message's personal link. */
  messageToken?: string;
};
