// The question list's operations on the draft (change, move, drag and drop, remove, add, collapse)
// with what goes with them for keyboard and screen-reader users: where focus goes after a move or
// an add, and what is announced.
import { useLingui } from "@lingui/react/macro";
import { useCallback, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { moveQuestion, moveQuestionTo, newQuestion, removeQuestion, replaceQuestion, type Draft, type DraftQuestion, type QuestionType } from "./draft";
import type { FocusRequest } from "./QuestionEditor";

export type DraftQuestions = ReturnType<typeof useDraftQuestions>;

/** The card being dragged and where it would land. */
export type DragState = { key: string | null; over: { key: string; side: "before" | "after" } | null };
const noDrag: DragState = { key: null, over: null };

export function useDraftQuestions(draft: Draft, setDraft: Dispatch<SetStateAction<Draft>>) {
  const { t } = useLingui();
  const [focus, setFocus] = useState<FocusRequest>(null);
  const [announcement, setAnnouncement] = useState("");
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [drag, setDrag] = useState<DragState>(noDrag);
  const heading = useRef<HTMLHeadingElement>(null);
  // Handlers work on the latest draft (QuestionEditor is memoised and keeps its first ones).
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const dragRef = useRef(drag);
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
  const toggle = useCallback((key: string) => {
    setCollapsed((c) => {
      const next = new Set(c);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  }, []);
  const collapseAll = (collapse: boolean) => setCollapsed(collapse ? new Set(draftRef.current.questions.map((q) => q.key)) : new Set());
  // The drag state is kept in a ref as well, so a drop reads where the card was last dragged over
  // even before React has drawn that (the events can come faster than renders).
  const setDragNow = useCallback((next: DragState) => {
    dragRef.current = next;
    setDrag(next);
  }, []);
  const dragStart = useCallback((key: string) => setDragNow({ key, over: null }), [setDragNow]);
  const dragOver = useCallback(
    (key: string, side: "before" | "after") => {
      const d = dragRef.current;
      if (d.key === null || (d.over?.key === key && d.over.side === side)) return;
      setDragNow({ ...d, over: { key, side } });
    },
    [setDragNow],
  );
  const dragEnd = useCallback(() => setDragNow(noDrag), [setDragNow]);
  const drop = useCallback(
    (target: string) => {
      const { key, over } = dragRef.current;
      setDragNow(noDrag);
      if (!key || key === target) return;
      const from = indexOf(key);
      const at = indexOf(target);
      if (from < 0 || at < 0) return;
      // The place the card takes once it has left its own: before or after the target.
      let to = over?.key === target && over.side === "after" ? at + 1 : at;
      if (from < to) to -= 1;
      if (to === from) return;
      setDraft((d) => ({ ...d, questions: moveQuestionTo(d.questions, from, to) }));
      setFocus({ key, target: "toggle" });
      const position = to + 1;
      setAnnouncement(t`Question moved to position ${position}`);
    },
    [t, setDraft, setDragNow],
  );
  const clearFocus = useCallback(() => setFocus(null), []);
  const add = (type: QuestionType) => {
    const q = newQuestion(type);
    setDraft((d) => ({ ...d, questions: [...d.questions, q] }));
    setFocus({ key: q.key, target: "title" });
    setAnnouncement(t`Question added`);
  };
  return { focus, announcement, heading, collapsed, drag, change, move, remove, toggle, collapseAll, dragStart, dragOver, drop, dragEnd, clearFocus, add };
}
