// The survey editor's form (spec 001 §2 "Survey editor", §5 "Question titles must not be blank"):
// the survey's name and tags, its languages, the question tags, and its questions of every type.
// Holds the draft; saves the whole survey through createSurvey / updateSurvey; the floating save
// button is disabled while the draft is invalid, and the unsaved-changes guard holds navigation.
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { graphql, useFragment } from "react-relay";
import { Link, useNavigate } from "react-router-dom";
import type { FeatureGate_viewer$key } from "../../__generated__/FeatureGate_viewer.graphql";
import type { SurveyEditorForm_survey$key } from "../../__generated__/SurveyEditorForm_survey.graphql";
import { FeatureGate } from "../../features/FeatureGate";
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
  MAX_NAME,
  MAX_QUESTIONS,
  moveQuestion,
  newQuestion,
  QUESTION_TYPES,
  questionIndexOfField,
  removeLanguage,
  removeQuestion,
  replaceQuestion,
  toSurveyInput,
  validateDraft,
  type Draft,
  type DraftQuestion,
} from "./draft";
import { LanguagesEditor } from "./LanguagesEditor";
import { QuestionEditor, type FocusRequest } from "./QuestionEditor";
import { TagsEditor } from "./TagsEditor";
import { useEditorLabels } from "./useEditorLabels";
import { useSaveSurvey } from "./useSaveSurvey";

type Props = {
  /** null for a new survey (/surveys/new/edit). */
  survey: SurveyEditorForm_survey$key | null;
  viewer: FeatureGate_viewer$key;
  logicEnabled: boolean;
  /** The caller may not save this survey (Survey.viewerMayEdit): every control is disabled. */
  readOnly?: boolean;
};

export function SurveyEditorForm({ survey, viewer, logicEnabled, readOnly = false }: Props) {
  const { t } = useLingui();
  const labels = useEditorLabels();
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
  useEffect(() => {
    setDraft(saved);
    setBaseline(saved);
  }, [saved]);

  const [editing, setEditing] = useState(saved.languages[0] ?? "en");
  const language = draft.languages.includes(editing) ? editing : (draft.languages[0] ?? "en");
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; question: number | null } | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [focus, setFocus] = useState<FocusRequest>(null);
  const [announcement, setAnnouncement] = useState("");
  const questionsHeading = useRef<HTMLHeadingElement>(null);
  const saveSurvey = useSaveSurvey();

  const errors = validateDraft(draft);
  const valid = isValid(errors);
  const dirty = JSON.stringify(draft) !== JSON.stringify(baseline);
  const droppedLogic = !logicEnabled && hasLogic(draft);

  const save = async (opts: { redirect?: boolean } = {}): Promise<boolean> => {
    if (!valid) return false;
    setSaving(true);
    setServerError(null);
    try {
      const outcome = await saveSurvey(surveyId, toSurveyInput(draft, { logic: logicEnabled }));
      if (!outcome.ok) {
        const message = outcome.message ?? t`Something went wrong`;
        setServerError({ message, question: questionIndexOfField(outcome.field) });
        toasts.error(message);
        return false;
      }
      toasts.success(surveyId ? t`Saved` : t`Survey created`);
      // The store now holds the saved survey; the fragment's new data resets the draft. Until it
      // does (and for a new survey), the draft itself is what was saved.
      setBaseline(draft);
      if (!surveyId && opts.redirect) setCreatedId(outcome.legacyId);
      return true;
    } finally {
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
  // Question handlers work on the latest draft (QuestionEditor is memoised and keeps its first ones).
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const indexOf = (key: string) => draftRef.current.questions.findIndex((q) => q.key === key);
  const updateQuestion = useCallback(
    (key: string, next: DraftQuestion) =>
      setDraft((d) => {
        const i = d.questions.findIndex((q) => q.key === key);
        return i < 0 ? d : { ...d, questions: replaceQuestion(d.questions, i, next) };
      }),
    [],
  );
  const move = useCallback(
    (key: string, delta: -1 | 1) => {
      const index = indexOf(key);
      if (index < 0) return;
      setDraft((d) => ({
        ...d,
        questions: moveQuestion(
          d.questions,
          d.questions.findIndex((q) => q.key === key),
          delta,
        ),
      }));
      setFocus({ key, target: delta < 0 ? "up" : "down" });
      const position = Math.min(Math.max(index + delta, 0), draftRef.current.questions.length - 1) + 1;
      setAnnouncement(t`Question moved to position ${position}`);
    },
    [t],
  );
  const remove = useCallback(
    (key: string) => {
      const number = indexOf(key) + 1;
      setDraft((d) => ({
        ...d,
        questions: removeQuestion(
          d.questions,
          d.questions.findIndex((q) => q.key === key),
        ),
      }));
      setAnnouncement(t`Question ${number} removed`);
      questionsHeading.current?.focus();
    },
    [t],
  );
  const clearFocus = useCallback(() => setFocus(null), []);
  const add = (type: (typeof QUESTION_TYPES)[number]) => {
    const q = newQuestion(type);
    setDraft((d) => ({ ...d, questions: [...d.questions, q] }));
    setFocus({ key: q.key, target: "title" });
  };

  const tagSuggestions = [...new Set([...draft.questionTags, ...draft.questions.flatMap((q) => q.tags)])];

  return (
    <form id={formId} className="form se-form" onSubmit={onSubmit} noValidate>
      <div className="se-toolbar">
        {surveyId ? (
          <>
            <Link className="button button--secondary" to={`/surveys/${legacyId}/preview`}>
              <Trans>Preview</Trans>
            </Link>
            {dirty ? (
              <span className="field__hint">
                <Trans>The preview shows the last saved version.</Trans>
              </span>
            ) : null}
          </>
        ) : (
          <span className="field__hint">
            <Trans>Save the survey to preview it.</Trans>
          </span>
        )}
      </div>

      {readOnly ? (
        <p className="se-readonly-note" role="note">
          <Trans>You can see this survey, but only people who may edit surveys in its team can change it.</Trans>
        </p>
      ) : null}

      {serverError && serverError.question === null ? (
        <p className="field__error se-server-error" role="alert">
          {serverError.message}
        </p>
      ) : null}

      {/* A disabled fieldset disables every control inside it natively (read-only callers). */}
      <fieldset className="se-body" disabled={readOnly}>
        <section className="se-section" aria-labelledby={`${formId}-survey`}>
          <h2 id={`${formId}-survey`}>
            <Trans>Survey</Trans>
          </h2>
          <div className="field">
            <label htmlFor={`${formId}-name`}>
              <Trans>Survey name</Trans>
            </label>
            <input
              id={`${formId}-name`}
              type="text"
              value={draft.name}
              maxLength={MAX_NAME}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${formId}-name-error` : undefined}
              onChange={(e) => setDraft((d) => ({ ...d, name: e.target.value }))}
            />
            {errors.name ? (
              <p className="field__error" id={`${formId}-name-error`}>
                {labels.errors[errors.name]}
              </p>
            ) : null}
          </div>
          <TagsEditor
            label={t`Survey tag`}
            addLabel={t`Add survey tag`}
            removeLabel={(tag) => t`Remove survey tag ${tag}`}
            tags={draft.tags}
            onChange={(tags) => setDraft((d) => ({ ...d, tags }))}
          />
          <TagsEditor
            label={t`Question tag`}
            addLabel={t`Add question tag`}
            removeLabel={(tag) => t`Remove question tag ${tag}`}
            tags={draft.questionTags}
            onChange={(questionTags) => setDraft((d) => ({ ...d, questionTags }))}
          />
          <p className="field__hint">
            <Trans>Question tags are this survey's list of tags to put on its questions (for filtering results).</Trans>
          </p>
        </section>

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

        {!logicEnabled ? (
          <section className="se-section" aria-labelledby={`${formId}-logic`}>
            <h2 id={`${formId}-logic`}>
              <Trans>Answer-based logic</Trans>
            </h2>
            <p>
              <Trans>Skipping to a question or to the end by the answer is not in your organisation's plan.</Trans>
            </p>
            {droppedLogic ? (
              <p className="field__error">
                <Trans>This survey has logic rules that your plan does not include: they are removed when you save.</Trans>
              </p>
            ) : null}
            <FeatureGate viewer={viewer} feature="surveyLogic">
              {null}
            </FeatureGate>
          </section>
        ) : null}

        <section className="se-section" aria-labelledby={`${formId}-questions`}>
          <h2 id={`${formId}-questions`} ref={questionsHeading} tabIndex={-1}>
            <Trans>Questions</Trans>
          </h2>
          {draft.questions.length === 0 ? (
            <p className="field__hint">
              <Trans>No questions yet: add one below.</Trans>
            </p>
          ) : null}
          {draft.questions.map((q, i) => (
            <QuestionEditor
              key={q.key}
              question={q}
              index={i}
              count={draft.questions.length}
              language={language}
              languages={draft.languages}
              errors={errors.questions[i] ?? {}}
              serverError={serverError?.question === i ? serverError.message : undefined}
              logicEnabled={logicEnabled}
              later={draft.questions.slice(i + 1).map((x, j) => ({ key: x.key, number: i + j + 2, title: x.title }))}
              tagSuggestions={tagSuggestions}
              focus={focus}
              onFocused={clearFocus}
              onChange={updateQuestion}
              onMove={move}
              onRemove={remove}
            />
          ))}
          {draft.questions.length >= MAX_QUESTIONS ? (
            <p className="field__hint">
              <Trans>A survey has at most 200 questions.</Trans>
            </p>
          ) : null}
          <div className="se-add" role="group" aria-label={t`Add a question`}>
            {QUESTION_TYPES.map((type) => (
              <button
                key={type}
                type="button"
                className="button button--secondary button--small"
                disabled={draft.questions.length >= MAX_QUESTIONS}
                onClick={() => add(type)}
              >
                {labels.addType[type]}
              </button>
            ))}
          </div>
        </section>
      </fieldset>

      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!valid ? (
        <p className="field__hint se-invalid-note">
          <Trans>Fix the marked fields to save.</Trans>
        </p>
      ) : null}
      {readOnly ? null : <SaveButton valid={valid} saving={saving} form={formId} />}
      {dialog}
    </form>
  );
}
