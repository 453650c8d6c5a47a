import { afterEach, describe, expect, it } from "vitest";
import { closeMessage, forwardEscapeToWidget } from "./frame";

describe("the survey page in the widget's frame", () => {
  let frame: HTMLIFrameElement | null = null;
  afterEach(() => frame?.remove());

  it("tells the page around it to close the widget when Escape is pressed inside", async () => {
    frame = document.createElement("iframe");
    document.body.appendChild(frame);
    const inner = frame.contentWindow!;
    const received: unknown[] = [];
    const onMessage = (e: MessageEvent) => received.push(e.data);
    window.addEventListener("message", onMessage);
    const stop = forwardEscapeToWidget(inner);
    inner.dispatchEvent(new (inner as unknown as typeof globalThis).KeyboardEvent("keydown", { key: "Enter" }));
    inner.dispatchEvent(new (inner as unknown as typeof globalThis).KeyboardEvent("keydown", { key: "Escape" }));
    await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([closeMessage]);
    stop();
    inner.dispatchEvent(new (inner as unknown as typeof globalThis).KeyboardEvent("keydown", { key: "Escape" }));
    await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([closeMessage]);
    window.removeEventListener("message", onMessage);
  });

  it("does nothing on a page that is not framed", () => {
    const posted: unknown[] = [];
    const original = window.postMessage;
    window.postMessage = ((m: unknown) => posted.push(m)) as typeof window.postMessage;
    const stop = forwardEscapeToWidget(window);
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape" }));
    stop();
    window.postMessage = original;
    expect(posted).toEqual([]);
  });
});

describe("notifyWidget", () => {
  it("posts to the parent of a framed page only", async () => {
    const frame = document.createElement("iframe");
    document.body.appendChild(frame);
    const received: unknown[] = [];
    const onMessage = (e: MessageEvent) => received.push(e.data);
    window.addEventListener("message", onMessage);
    const { notifyWidget } = await import("./frame");
    notifyWidget(frame.contentWindow!, { type: "feedback:completed", touchpointId: "t1" });
    await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual([{ type: "feedback:completed", touchpointId: "t1" }]);
    window.removeEventListener("message", onMessage);
    frame.remove();
  });
});
