// The respondent page: one question at a time, answer-based logic, a thank-you screen. Two modes:
// "link" (/s/{touchpointId}: links and QR codes) and "terminal" (/t/{touchpointId}: a kiosk that goes
// full screen on the first touch, starts over after each response and after inactivity, keeps
// answering offline, sends heartbeats and reloads at a safe point when the survey changed).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { AnswerValue, PublicSurvey, Submission } from "./types";
import { languageName, localize } from "./language";
import { nextIndex } from "./logic";
import { QuestionInput, isAnswered } from "./QuestionInput";
import { newIdempotencyKey, type ResponseQueue } from "./queue";
import { notifyWidget } from "./frame";

export type Mode = "link" | "terminal";

type Props = {
  survey: PublicSurvey;
  mode: Mode;
  initialLanguage: string;
  queue: ResponseQueue;
  onLanguage: (language: string) => void;
  /** Terminal: called at a safe point (the first question, nothing answered). */
  safePoint?: () => void;
  /** Tells whether the page is at the start with nothing answered (a safe point to reload). */
  onAtStart?: (atStart: boolean) => void;
  /** The survey screens' preview (web/src/surveys/preview): everything runs, nothing is sent. */
  preview?: boolean;
};

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+[0-9][0-9 ()-]{5,24}$/;

export function RespondentApp({ survey, mode, initialLanguage, queue, onLanguage, safePoint, onAtStart, preview = false }: Props) {
  const { t } = useLingui();
  const questions = survey.questions;
  const [language, setLanguage] = useState(initialLanguage);
  const [index, setIndex] = useState(0);
  const [history, setHistory] = useState<number[]>([]);
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>({});
  const [done, setDone] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(() => queue.pending().length);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const startedAt = useRef<string>(new Date().toISOString());
  const lastActivity = useRef(Date.now());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const fallbacks = survey.survey.languages;
  const question = questions[index];

  useEffect(() => queue.subscribe(setPending), [queue]);

  useEffect(() => {
    onAtStart?.(!done && index === 0 && Object.keys(answers).length === 0);
  }, [onAtStart, done, index, answers]);

  // Focus the question (or the thank-you text) whenever it changes, so screen readers read it. A
  // preview leaves the focus where it is at first (on the preview's own controls).
  // A layout effect: the focus moves in the same task as the new question is drawn, so a keystroke
  // meant for the new question's control can never land before it and be taken by the heading.
  const previewStart = useRef(preview);
  useLayoutEffect(() => {
    if (previewStart.current) {
      previewStart.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index, done]);

  const reset = useCallback(() => {
    setIndex(0);
    setHistory([]);
    setAnswers({});
    setDone(false);
    setProblem(null);
    setSecondsLeft(null);
    startedAt.current = new Date().toISOString();
    lastActivity.current = Date.now();
    if (mode === "terminal") {
      setLanguage(initialLanguage);
      onLanguage(initialLanguage);
      safePoint?.();
    }
  }, [mode, initialLanguage, onLanguage, safePoint]);

  const messageToken = useMemo(() => new URLSearchParams(window.location.search).get("m") ?? undefined, []);
  const submit = useCallback(
    (given: Record<string, AnswerValue>) => {
      const list = questions.filter((q) => isAnswered(q, given[q.id])).map((q) => ({ questionId: q.id, value: given[q.id]! }));
      if (list.length === 0 || preview) return;
      const submission: Submission = {
        idempotencyKey: newIdempotencyKey(),
        surveyId: survey.survey.id,
        language,
        answers: list,
        startedAt: startedAt.current,
        submittedAt: new Date().toISOString(),
        // A campaign message's personal link (?m=…): the response records the message.
        ...(messageToken ? { messageToken } : {}),
      };
      // The queue keeps it until the server has it (offline too); the widget around a framed page
      // records the response for its show-frequency rules.
      void queue.enqueue(survey.touchpoint.id, submission).then(() => notifyWidget(window, { type: "feedback:completed", touchpointId: survey.touchpoint.id }));
    },
    [questions, survey, language, queue, preview, messageToken],
  );

  const advance = useCallback(
    (given: Record<string, AnswerValue>) => {
      if (!question) return;
      const value = given[question.id];
      if (question.type === "contactDetails" && value && typeof value === "object" && !Array.isArray(value)) {
        if (value.email && !emailPattern.test(value.email.trim())) return setProblem(t`Please provide a valid e-mail address`);
        if (value.phone && !phonePattern.test(value.phone.trim())) return setProblem(t`Phone numbers must be international, starting with +`);
      }
      if (question.required && !isAnswered(question, value)) return setProblem(t`Please answer this question.`);
      setProblem(null);
      const next = nextIndex(questions, index, isAnswered(question, value) ? value : undefined);
      if (next >= questions.length) {
        submit(given);
        setDone(true);
      } else {
        setHistory((h) => [...h, index]);
        setIndex(next);
      }
      lastActivity.current = Date.now();
    },
    [question, questions, index, submit, t],
  );

  const change = (value: AnswerValue | undefined, opts?: { final?: boolean }) => {
    if (!question) return;
    lastActivity.current = Date.now();
    setSecondsLeft(null);
    const next = { ...answers };
    if (value === undefined) delete next[question.id];
    else next[question.id] = value;
    setAnswers(next);
    setProblem(null);
    // On a terminal one tap answers a one-choice question and moves on.
    if (mode === "terminal" && opts?.final) window.setTimeout(() => advance(next), 250);
  };

  // Terminal timers: inactivity on a question (not the first, unless answered) and the thank-you screen.
  useEffect(() => {
    if (mode !== "terminal") return;
    const tick = window.setInterval(() => {
      const idle = (Date.now() - lastActivity.current) / 1000;
      const limit = done ? survey.kiosk.endScreenSeconds : survey.kiosk.questionTimeoutSeconds;
      const onStart = !done && index === 0 && Object.keys(answers).length === 0;
      if (onStart) {
        setSecondsLeft(null);
        return;
      }
      const left = Math.ceil(limit - idle);
      if (left <= 0) {
        // A respondent who walked away: what they answered is kept.
        if (!done) submit(answers);
        reset();
      } else setSecondsLeft(!done && left <= 5 ? left : null);
    }, 500);
    return () => window.clearInterval(tick);
  }, [mode, done, index, answers, survey.kiosk, submit, reset]);

  useEffect(() => {
    if (mode !== "terminal") return;
    const touch = () => (lastActivity.current = Date.now());
    window.addEventListener("pointerdown", touch);
    window.addEventListener("keydown", touch);
    return () => {
      window.removeEventListener("pointerdown", touch);
      window.removeEventListener("keydown", touch);
    };
  }, [mode]);

  const chooseLanguage = (l: string) => {
    setLanguage(l);
    onLanguage(l);
  };

  const total = questions.length;
  const languages = survey.survey.languages;
  const progress = useMemo(() => Math.round((index / Math.max(1, total)) * 100), [index, total]);

  return (
    <div className={`r-page r-${mode}`}>
      <header className="r-header">
        {survey.survey.logoUrl ? <img className="r-logo" src={survey.survey.logoUrl} alt="" /> : null}
        {languages.length > 1 ? (
          <label className="r-language">
            <span>{t`Language`}</span>
            <select value={language} onChange={(e) => chooseLanguage(e.currentTarget.value)}>
              {languages.map((l) => (
                <option key={l} value={l} lang={l}>
                  {languageName(l)}
                </option>
              ))}
            </select>
          </label>
        ) : null}
      </header>

      <main className="r-main" lang={language}>
        {done ? (
          <section className="r-thanks" aria-live="polite">
            <h1 ref={headingRef} tabIndex={-1}>
              {localize(survey.survey.endScreenText, language, fallbacks) || t`Thank you for your feedback!`}
            </h1>
            {mode === "link" ? (
              <button type="button" className="r-secondary" onClick={reset}>
                <Trans>Answer again</Trans>
              </button>
            ) : null}
          </section>
        ) : question ? (
          <form
            className="r-question"
            onSubmit={(e) => {
              e.preventDefault();
              advance(answers);
            }}
          >
            <div className="r-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress} aria-label={t`Progress`}>
              <div style={{ width: `${progress}%` }} />
            </div>
            <fieldset aria-describedby={problem ? "r-problem" : undefined}>
              <legend>
                <h1 ref={headingRef} tabIndex={-1} className="r-title">
                  {localize(question.title, language, fallbacks)}
                  {question.required ? (
                    <span className="r-required" aria-label={t`(required)`}>
                      {" "}
                      *
                    </span>
                  ) : null}
                </h1>
                {question.subtitle ? <p className="r-subtitle">{localize(question.subtitle, language, fallbacks)}</p> : null}
              </legend>
              <QuestionInput question={question} language={language} fallbacks={fallbacks} value={answers[question.id]} onChange={change} />
            </fieldset>
            {problem ? (
              <p id="r-problem" className="r-problem" role="alert">
                {problem}
              </p>
            ) : null}
            <div className="r-actions">
              {history.length > 0 ? (
                <button
                  type="button"
                  className="r-secondary"
                  onClick={() => {
                    setIndex(history[history.length - 1]!);
                    setHistory((h) => h.slice(0, -1));
                  }}
                >
                  <Trans>Back</Trans>
                </button>
              ) : null}
              <button type="submit" className="r-primary">
                {nextIndex(questions, index, answers[question.id]) >= total ? <Trans>Send</Trans> : <Trans>Next</Trans>}
              </button>
            </div>
          </form>
        ) : null}
        {secondsLeft !== null ? (
          <button
            type="button"
            className="r-timeout"
            onClick={() => {
              lastActivity.current = Date.now();
              setSecondsLeft(null);
            }}
          >
            <Trans>Returning to the start in {secondsLeft} s. Tap to continue.</Trans>
          </button>
        ) : null}
      </main>

      <footer className="r-footer">
        {pending > 0 ? (
          <p className="r-pending" role="status">
            <Trans>{pending} responses waiting to be sent</Trans>
          </p>
        ) : (
          <p className="r-pending" role="status" />
        )}
        {survey.survey.privacyPolicy ? (
          <a href={survey.survey.privacyPolicy} target="_blank" rel="noreferrer">
            <Trans>Privacy policy</Trans>
          </a>
        ) : null}
      </footer>
    </div>
  );
}
