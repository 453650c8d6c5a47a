import { useLingui } from "@lingui/react/macro";
import { createContext, useContext } from "react";
import { createPortal } from "react-dom";
import { ToolbarPopover } from "./ResultsToolbar";

/**
 * The place in the results toolbar where the graphs put their question index: the questions come
 * with the graphs' data (QuestionResults), the toolbar only gives them a place (a portal), so no
 * state of the page changes when they arrive.
 */
export const QuestionIndexSlot = createContext<{ slot: HTMLElement | null; surveyNames: ReadonlyMap<string, string> }>({ slot: null, surveyNames: new Map() });

/** The anchor of a question's card in the graphs. */
export const questionAnchor = (questionId: string) => `question-${questionId}`;

/** Moves to a question's card just below the sticky toolbar and gives it the focus. */
export function jumpToQuestion(questionId: string) {
  const target = document.getElementById(questionAnchor(questionId));
  if (!target) return;
  const toolbar = document.querySelector<HTMLElement>(".results-toolbar");
  const offset = (toolbar?.getBoundingClientRect().height ?? 0) + 8;
  target.focus({ preventScroll: true });
  window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - offset, behavior: "auto" });
}

/**
 * "Questions": the index of the questions shown as graphs, a list of links in a toolbar panel.
 * Following one scrolls to its card (below the sticky toolbar) and focuses it. With questions of
 * several surveys each link names its survey (the page gives the names: the results carry ids).
 */
export function QuestionIndex({ questions }: { questions: ReadonlyArray<{ id: string; title: string; surveyId: string }> }) {
  const { slot, surveyNames } = useContext(QuestionIndexSlot);
  // With more than one survey, two surveys' "How likely are you to recommend us?" differ by their survey.
  const surveys = new Set(questions.map((q) => q.surveyId));
  const { t } = useLingui();
  if (!slot || questions.length === 0) return null;
  const count = questions.length;
  return createPortal(
    <ToolbarPopover label={t`Questions (${count})`} align="start">
      {(close) => (
        <nav aria-label={t`Question index`} className="question-index">
          <ol>
            {questions.map((q) => (
              <li key={q.id}>
                <a
                  href={`#${questionAnchor(q.id)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    close();
                    jumpToQuestion(q.id);
                  }}
                >
                  {q.title}
                  {surveys.size > 1 && surveyNames.get(q.surveyId) ? <span className="question-index__survey"> — {surveyNames.get(q.surveyId)}</span> : null}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
    </ToolbarPopover>,
    slot,
  );
}
