// The survey page inside the website widget's frame (web/src/widget, docs/widget.md) tells the page
// around it, with the widget's messages: `feedback:completed` once a response is queued,
// `feedback:resize` with its height, and `feedback:close` when Escape is pressed while the survey
// has the focus (key presses inside a frame never reach the page around it). Messages say nothing
// private: the page around us is a customer's site of any origin, and the widget checks the sender.
export const closeMessage = "feedback:close";

/** Posts a message to the page around a framed survey page; nothing when the page is not framed. */
export function notifyWidget(win: Window, message: string | { type: string; [key: string]: unknown }): void {
  if (win.parent !== win) win.parent.postMessage(message, "*");
}

/** Reports the page's height to the widget whenever it changes (corner windows and embedded frames follow it). */
export function reportHeightToWidget(win: Window): () => void {
  const Observer = (win as unknown as typeof globalThis).ResizeObserver;
  if (win.parent === win || typeof Observer !== "function") return () => {};
  let last = -1;
  const observer = new Observer(() => {
    const height = Math.ceil(win.document.documentElement.scrollHeight);
    if (height !== last) notifyWidget(win, { type: "feedback:resize", height });
    last = height;
  });
  observer.observe(win.document.documentElement);
  return () => observer.disconnect();
}

/** Listens for Escape in `win` when it is framed; answers a function that stops listening. */
export function forwardEscapeToWidget(win: Window): () => void {
  if (win.parent === win) return () => {};
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape") notifyWidget(win, closeMessage);
  };
  win.addEventListener("keydown", onKey);
  return () => win.removeEventListener("keydown", onKey);
}
