// The question list's operations on the draft (change, move, remove, add) with what goes with them
// for keyboard and screen-reader users: where focus goes after a move or an add, and what is announced.
import { useLingui } from "@lingui/react/macro";
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { moveQuestion, newQuestion, removeQuestion, replaceQuestion, type Draft, type DraftQuestion, type QuestionType } from "./draft";
import type { FocusRequest } from "./QuestionEditor";

export type DraftQuestions = ReturnType<typeof useDraftQuestions>;

export function useDraftQuestions(draft: Draft, setDraft: Dispatch<SetStateAction<Draft>>) {
  const { t } = useLingui();
  const [focus, setFocus] = useState<FocusRequest>(null);
  const [announcement, setAnnouncement] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  // Handlers work on the latest draft (QuestionEditor is memoised and keeps its first ones).
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const indexOf = (key: string) => draftRef.current.questions.findIndex((q) => q.key === key);
  const change = useCallback(
    (key: string, next: DraftQuestion) =>
      setDraft((d) => {
        const i = d.questions.findIndex((q) => q.key === key);
        return i < 0 ? d : { ...d, questions: replaceQuestion(d.questions, i, next) };
      }),
    [setDraft],
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
    [t, setDraft],
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
      heading.current?.focus();
    },
    [t, setDraft],
  );
  const clearFocus = useCallback(() => setFocus(null), []);
  const add = (type: QuestionType) => {
    const q = newQuestion(type);
    setDraft((d) => ({ ...d, questions: [...d.questions, q] }));
    setFocus({ key: q.key, target: "title" });
  };
  return { focus, announcement, heading, change, move, remove, clearFocus, add };
}
