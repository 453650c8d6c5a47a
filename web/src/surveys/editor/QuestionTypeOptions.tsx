// The part of a question's card that depends on its type: smiley buttons, the slider's scale,
// choices or emotions, contact fields, or a hint of how NPS and open text are answered.
import { Trans } from "@lingui/react/macro";
import { ChoiceListEditor } from "./ChoiceListEditor";
import { ContactFieldsEditor } from "./ContactFieldsEditor";
import { smileyButtons, type DraftQuestion, type QuestionErrors } from "./draft";
import { SliderOptionsEditor } from "./SliderOptionsEditor";
import { SmileyOptionsEditor } from "./SmileyOptionsEditor";
import { useEditorLabels } from "./useEditorLabels";

type Props = {
  question: DraftQuestion;
  idPrefix: string;
  language: string;
  defaultLanguage: string;
  errors: QuestionErrors;
  set: (patch: Partial<DraftQuestion>) => void;
};

export function QuestionTypeOptions({ question: q, idPrefix, language, defaultLanguage, errors, set }: Props) {
  const labels = useEditorLabels();
  switch (q.type) {
    case "smiley":
      return <SmileyOptionsEditor idPrefix={idPrefix} buttons={smileyButtons(q)} onChange={(buttons) => set({ options: { ...q.options, buttons } })} />;
    case "nps":
      return (
        <p className="field__hint">
          <Trans>Respondents answer 0 (not at all likely) to 10 (extremely likely): 9–10 promoters, 7–8 passives, 0–6 detractors.</Trans>
        </p>
      );
    case "openText":
      return (
        <p className="field__hint">
          <Trans>Respondents write a free-text answer.</Trans>
        </p>
      );
    case "slider":
      return (
        <SliderOptionsEditor
          idPrefix={idPrefix}
          options={q.options}
          language={language}
          defaultLanguage={defaultLanguage}
          error={errors.slider ? labels.errors[errors.slider] : undefined}
          onChange={(options) => set({ options })}
        />
      );
    case "singleChoice":
    case "multipleChoice":
    case "emotion":
      return (
        <ChoiceListEditor
          idPrefix={idPrefix}
          emotion={q.type === "emotion"}
          choices={q.choices}
          language={language}
          defaultLanguage={defaultLanguage}
          errors={errors}
          onChange={(choices) => set({ choices })}
        />
      );
    case "contactDetails":
      return (
        <ContactFieldsEditor
          idPrefix={idPrefix}
          fields={Array.isArray(q.options.fields) ? (q.options.fields as string[]) : []}
          error={errors.contact ? labels.errors[errors.contact] : undefined}
          onChange={(fields) => set({ options: { ...q.options, fields } })}
        />
      );
  }
}
