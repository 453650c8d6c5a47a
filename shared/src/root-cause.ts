// Root-cause analysis (docs/analytics.md): which questions can be its outcome. The api refuses any
// other (domain/root-cause/service.ts); the results screen offers only these in its outcome choice.

/** Question types with a score an analysis can explain: NPS, smiley and slider. */
export const outcomeQuestionTypes = ["nps", "smiley", "slider"] as const;
export type OutcomeQuestionType = (typeof outcomeQuestionTypes)[number];

export const isOutcomeQuestionType = (type: string): type is OutcomeQuestionType => (outcomeQuestionTypes as readonly string[]).includes(type);
