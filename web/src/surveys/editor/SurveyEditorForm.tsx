// The survey editor's form (spec 001 §2 "Survey editor", §5 "Question titles must not be blank"):
// a canvas (the survey's name and tags, its languages, the question cards and the palette) with the
// live preview of the draft beside it (side by side on wide screens, a switch on narrow ones).
// Holds the draft; saves the whole survey through createSurvey / updateSurvey; the floating save
// button is disabled while the draft is invalid, and the unsaved-changes guard holds navigation.
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { FeatureGate_viewer$key } from "../../__generated__/FeatureGate_viewer.graphql";
import type { PublicSurvey } from "../../respondent/types";
import type { SurveyEditorForm_survey$key } from "../../__generated__/SurveyEditorForm_survey.graphql";
import { SaveButton } from "../../shell/SaveButton";
import { toasts } from "../../shell/toastStore";
import { useFormGuard } from "../../shell/useFormGuard";
import {
  addLanguage,
  draftFromSurvey,
  emptyDraft,
  hasLogic,
  isValid,
  makeDefaultLanguage,
  questionIndexOfField,
  removeLanguage,
  toSurveyInput,
  validateDraft,
  type Draft,
} from "./draft";
import { EditorToolbar } from "./EditorToolbar";
import { LanguagesEditor } from "./LanguagesEditor";
import { LivePreview } from "./LivePreview";
import { LogicPlanNotice } from "./LogicPlanNotice";
import { QuestionList } from "./QuestionList";
import { SurveyDetailsSection } from "./SurveyDetailsSection";
import { useDraftQuestions } from "./useDraftQuestions";
import { useSaveSurvey } from "./useSaveSurvey";

type Props = {
  /** null for a new survey (/surveys/new/edit). */
  survey: SurveyEditorForm_survey$key | null;
  viewer: FeatureGate_viewer$key;
  logicEnabled: boolean;
  /** The caller may not save this survey (Survey.viewerMayEdit): every control is disabled. */
  readOnly?: boolean;
  /** The saved survey's respondent document, for the live preview's look (null: a new survey). */
  previewBase?: PublicSurvey | null;
};

/** On a narrow screen the canvas and the preview take turns; on a wide one both show. */
type NarrowView = "edit" | "preview";

export function SurveyEditorForm({ survey, viewer, logicEnabled, readOnly = false, previewBase = null }: Props) {
  const { t } = useLingui();
  const formId = useId();
  const navigate = useNavigate();
  const data = useFragment(
    graphql`
      fragment SurveyEditorForm_survey on Survey {
        id
        legacyId
        name
        languages
        tags
        questionTags
        questions {
          id
          legacyId
          type
          title {
            language
            text
          }
          subtitle {
            language
            text
          }
          options {
            __typename
            ... on SmileyOptions {
              buttons
            }
            ... on SliderOptions {
              min
              max
              step
              minLabel {
                language
                text
              }
              maxLabel {
                language
                text
              }
            }
            ... on EmotionOptions {
              clusters {
                name
                value
              }
            }
            ... on ContactDetailsOptions {
              fields
            }
          }
          choices {
            id
            key
            text {
              language
              text
            }
            cluster
            hidden
          }
          logic {
            answer
            target
          }
          tags
          required
        }
      }
    `,
    survey,
  );
  // The global id for saving; the 24-hex id for the addresses.
  const surveyId = data?.id ?? null;
  const legacyId = data?.legacyId ?? null;
  const saved: Draft = useMemo(() => (data ? draftFromSurvey(data) : emptyDraft()), [data]);
  const [draft, setDraft] = useState(saved);
  const [baseline, setBaseline] = useState(saved);
  // The stored survey changed (our own save came back, or the survey was read again): the editor
  // shows it when it holds no unsaved edits, or when the change is the answer to its save (the
  // stored form can differ from the draft: ids for new questions and choices). Unsaved edits are
  // never overwritten by a new read.
  const latest = useRef({ draft, baseline });
  latest.current = { draft, baseline };
  const savingRef = useRef(false);
  const resetBySave = useRef(false);
  useEffect(() => {
    const untouched = JSON.stringify(latest.current.draft) === JSON.stringify(latest.current.baseline);
    if (!untouched && !savingRef.current) return;
    if (savingRef.current) resetBySave.current = true;
    setDraft(saved);
    setBaseline(saved);
  }, [saved]);

  const [editing, setEditing] = useState(saved.languages[0] ?? "en");
  const language = draft.languages.includes(editing) ? editing : (draft.languages[0] ?? "en");
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; question: number | null } | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const questions = useDraftQuestions(draft, setDraft);
  const [view, setView] = useState<NarrowView>("edit");
  const saveSurvey = useSaveSurvey();

  const errors = validateDraft(draft);
  const [nameTouched, setNameTouched] = useState(draft.name !== "");
  const valid = isValid(errors);
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const droppedLogic = !logicEnabled && hasLogic(draft);

  const save = async (opts: { redirect?: boolean } = {}): Promise<boolean> => {
    if (!valid) return false;
    setSaving(true);
    setServerError(null);
    savingRef.current = true;
    resetBySave.current = false;
    try {
      const outcome = await saveSurvey(surveyId, toSurveyInput(draft, { logic: logicEnabled }));
      savingRef.current = false;
      if (!outcome.ok) {
        const message = outcome.message ?? t`Something went wrong`;
        setServerError({ message, question: questionIndexOfField(outcome.field) });
        toasts.error(message);
        return false;
      }
      toasts.success(surveyId ? t`Saved` : t`Survey created`);
      // The store now holds the saved survey, and the fragment's new data has reset the draft to
      // it. When it has not (a new survey's form reads no fragment), the draft is what was saved.
      if (!resetBySave.current) setBaseline(draft);
      if (!surveyId && opts.redirect) setCreatedId(outcome.legacyId);
      return true;
    } finally {
      savingRef.current = false;
      setSaving(false);
    }
  };
  const { dialog } = useFormGuard({ dirty, valid, save: () => save() });
  // After creating, continue on the saved survey's own address (no longer dirty, so unguarded).
  useEffect(() => {
    if (createdId && !dirty) navigate(`/surveys/${createdId}/edit`, { replace: true });
  }, [createdId, dirty, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save({ redirect: true });
  };
  return (
    <form id={formId} className="form se-form" onSubmit={onSubmit} noValidate>
      <div className="se-topbar">
        <EditorToolbar legacyId={surveyId ? legacyId : null} dirty={dirty} />
        <div className="se-view-switch" role="group" aria-label={t`Show`}>
          <button type="button" className="button button--secondary button--small" aria-pressed={view === "edit"} onClick={() => setView("edit")}>
            <Trans>Edit</Trans>
          </button>
          <button type="button" className="button button--secondary button--small" aria-pressed={view === "preview"} onClick={() => setView("preview")}>
            <Trans>Live preview</Trans>
          </button>
        </div>
      </div>

      <div className={`se-layout se-layout--${view}`}>
        <div className="se-canvas">
          {readOnly ? (
            <p className="se-readonly-note" role="note">
              {surveyId ? (
                <Trans>You can see this survey, but only people who may edit surveys in its team can change it.</Trans>
              ) : (
                <Trans>Only people who may edit surveys can create one.</Trans>
              )}
            </p>
          ) : null}

          {serverError && serverError.question === null ? (
            <p className="field__error se-server-error" role="alert">
              {serverError.message}
            </p>
          ) : null}

          {/* A disabled fieldset disables every control inside it natively (read-only callers). */}
          <fieldset className="se-body" disabled={readOnly}>
            <SurveyDetailsSection
              formId={formId}
              draft={draft}
              // A new survey's empty name is not an error before the name field is used.
              nameError={nameTouched ? errors.name : undefined}
              onNameBlur={() => setNameTouched(true)}
              onChange={(patch) => {
                if ("name" in patch) setNameTouched(true);
                setDraft((d) => ({ ...d, ...patch }));
              }}
            />

            <LanguagesEditor
              languages={draft.languages}
              editing={language}
              onEditingChange={setEditing}
              onAdd={(code) => {
                setDraft((d) => addLanguage(d, code));
                setEditing(code);
              }}
              onRemove={(code) => setDraft((d) => removeLanguage(d, code))}
              onMakeDefault={(code) => setDraft((d) => makeDefaultLanguage(d, code))}
            />

            {!logicEnabled ? <LogicPlanNotice formId={formId} viewer={viewer} droppedLogic={droppedLogic} /> : null}

            <QuestionList
              formId={formId}
              draft={draft}
              language={language}
              errors={errors}
              serverError={serverError}
              logicEnabled={logicEnabled}
              questions={questions}
            />
          </fieldset>
        </div>
        <aside className="se-live" aria-labelledby={`${formId}-live`}>
          <div className="se-live__sticky">
            <LivePreview headingId={`${formId}-live`} draft={draft} base={previewBase} />
          </div>
        </aside>
      </div>

      <p className="visually-hidden" aria-live="polite">
        {questions.announcement}
      </p>
      {!valid ? (
        <p className="field__hint se-invalid-note">
          <Trans>Fix the marked fields to save.</Trans>
        </p>
      ) : null}
      {readOnly ? null : <SaveButton valid={valid} dirty={dirty} saving={saving} form={formId} />}
      {dialog}
    </form>
  );
}
