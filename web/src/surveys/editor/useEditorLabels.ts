// The editor's translated names: question types, emotion clusters, contact fields, smiley faces,
// languages, and the validation messages (the API's texts, spec 001 §5).
import { useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import type { ContactField, DraftError, EmotionCluster, QuestionType } from "./draft";

/** Languages offered for a survey (any code the API accepts can be stored; these are the common ones). */
export const LANGUAGE_CHOICES = [
  "en",
  "fi",
  "sv",
  "es",
  "de",
  "fr",
  "it",
  "nl",
  "da",
  "nb",
  "et",
  "lv",
  "lt",
  "pl",
  "pt",
  "ru",
  "uk",
  "ar",
  "zh",
  "ja",
  "ko",
  "tr",
];

export function useEditorLabels() {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const types: Record<QuestionType, string> = {
      smiley: t`Smiley buttons`,
      nps: t`NPS (0–10)`,
      slider: t`Slider`,
      singleChoice: t`Single choice`,
      multipleChoice: t`Multiple choice`,
      openText: t`Open text`,
      emotion: t`Emotion`,
      contactDetails: t`Contact details`,
    };
    /** "Add … question" button names (stable accessible names for keyboard and end-to-end use). */
    const addType: Record<QuestionType, string> = {
      smiley: t`Add smiley question`,
      nps: t`Add NPS question`,
      slider: t`Add slider question`,
      singleChoice: t`Add single choice question`,
      multipleChoice: t`Add multiple choice question`,
      openText: t`Add open text question`,
      emotion: t`Add emotion question`,
      contactDetails: t`Add contact details question`,
    };
    const clusters: Record<EmotionCluster, string> = {
      advocacy: t`Advocacy (1)`,
      trust: t`Trust (0.66)`,
      attention: t`Attention (0.33)`,
      destroying: t`Destroying (−1)`,
    };
    const contactFields: Record<ContactField, string> = { name: t`Name`, email: t`E-mail`, phone: t`Phone` };
    const faces5 = [t`Very dissatisfied`, t`Dissatisfied`, t`Neutral`, t`Satisfied`, t`Very satisfied`];
    const smileyFaces = (buttons: 4 | 5) => (buttons === 5 ? faces5 : [faces5[0]!, faces5[1]!, faces5[3]!, faces5[4]!]);
    const errors: Record<DraftError, string> = {
      blankName: t`Survey name must not be blank`,
      blankTitle: t`Question title must not be blank`,
      choicesRequired: t`A choice question needs at least one choice`,
      emotionsRequired: t`An emotion question needs at least one emotion`,
      blankChoice: t`Choice text must not be blank`,
      sliderRange: t`The slider's minimum must be below its maximum`,
      sliderStep: t`The slider's step must be positive and divide its range`,
      contactFields: t`Contact details ask for at least one of name, email and phone`,
      unknownCluster: t`An emotion belongs to one of the clusters advocacy, trust, attention and destroying`,
    };
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([i18n.locale], { type: "language" });
    } catch {
      names = null;
    }
    const language = (code: string) => {
      try {
        return names?.of(code) ?? code;
      } catch {
        return code;
      }
    };
    return { types, addType, clusters, contactFields, smileyFaces, errors, language };
  }, [t, i18n.locale]);
}

export type EditorLabels = ReturnType<typeof useEditorLabels>;
