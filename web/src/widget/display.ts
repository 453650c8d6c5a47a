// Showing the survey: embedded into the customer's element, a popover (centred modal with an
// overlay, focus kept inside, Escape closes, focus returned), or a corner window at one of the four
// placements. The survey itself is the public survey page in an iframe. Styles live in a shadow
// root so the site's CSS and ours never meet.
import type { DisplayType, Placement } from "./settings.js";

export type Mounted = { iframe: HTMLIFrameElement; root: HTMLElement; type: DisplayType; unmount(): void; resize(height: number): void };

const texts: Record<string, { survey: string; close: string }> = {
  en: { survey: "Feedback survey", close: "Close the survey" },
  fi: { survey: "Palautekysely", close: "Sulje kysely" },
  es: { survey: "Encuesta de opinión", close: "Cerrar la encuesta" },
};

export function labelsFor(lang: string): { survey: string; close: string } {
  return texts[lang.slice(0, 2).toLowerCase()] ?? texts.en!;
}

/** The public survey page in widget mode: metadata (and the page URL when asked) as query parameters. */
export function surveyUrl(base: string, touchpointId: string, opts: { display: DisplayType; meta: Record<string, string>; lang?: string }): string {
  const url = new URL(`/s/${encodeURIComponent(touchpointId)}`, base);
  url.searchParams.set("embed", "widget");
  url.searchParams.set("display", opts.display);
  if (opts.lang) url.searchParams.set("lang", opts.lang);
  if (Object.keys(opts.meta).length > 0) url.searchParams.set("meta", JSON.stringify(opts.meta));
  return url.toString();
}

const css = `
:host{all:initial}
.overlay{position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:2147483646;animation:fbw-fade .2s ease-out}
.box{position:fixed;z-index:2147483647;display:flex;flex-direction:column;background:#fff;border-radius:10px;box-shadow:0 8px 32px rgba(0,0,0,.28);overflow:hidden;animation:fbw-fade .2s ease-out}
.popover{top:50%;left:50%;transform:translate(-50%,-50%);width:min(700px,calc(100vw - 32px));height:min(600px,calc(100vh - 32px))}
.corner{width:min(380px,calc(100vw - 24px));height:min(520px,calc(100vh - 24px))}
.bottom-right{bottom:12px;right:12px}.bottom-left{bottom:12px;left:12px}.top-right{top:12px;right:12px}.top-left{top:12px;left:12px}
.bar{display:flex;justify-content:flex-end;flex:none;height:36px}
.close{all:unset;box-sizing:border-box;width:36px;height:36px;cursor:pointer;text-align:center;font:22px/36px system-ui,sans-serif;color:#333;border-radius:6px}
.close:hover{background:#eee}.close:focus-visible{outline:2px solid #1a5fb4;outline-offset:-2px}
iframe{flex:1;width:100%;border:0;display:block}
@keyframes fbw-fade{from{opacity:0}to{opacity:1}}
@media (prefers-reduced-motion:reduce){.overlay,.box{animation:none}}
`;

function frame(doc: Document, src: string, title: string): HTMLIFrameElement {
  const iframe = doc.createElement("iframe");
  iframe.src = src;
  iframe.title = title;
  iframe.setAttribute("allow", "clipboard-write");
  iframe.setAttribute("loading", "eager");
  return iframe;
}

export type MountOptions = {
  type: DisplayType;
  placement: Placement;
  touchpointId: string;
  src: string;
  lang: string;
  /** The visitor closed the widget (close button, Escape, or a click on the overlay). */
  onDecline(): void;
};

/** The element a customer marks for an embedded widget: `<div data-feedback-widget="ID">`. */
export function embedContainer(doc: Document, touchpointId: string): HTMLElement | null {
  for (const el of doc.querySelectorAll<HTMLElement>("[data-feedback-widget]")) {
    if (el.getAttribute("data-feedback-widget") === touchpointId) return el;
  }
  return null;
}

export function mount(doc: Document, opts: MountOptions): Mounted | null {
  const labels = labelsFor(opts.lang);
  if (opts.type === "embedded") {
    const container = embedContainer(doc, opts.touchpointId);
    if (!container) return null;
    const iframe = frame(doc, opts.src, labels.survey);
    iframe.style.cssText = "width:100%;min-height:450px;border:0;display:block";
    container.appendChild(iframe);
    return {
      iframe,
      root: container,
      type: "embedded",
      unmount: () => iframe.remove(),
      resize: (h) => void (iframe.style.height = `${Math.max(200, Math.min(h, 5000))}px`),
    };
  }

  const host = doc.createElement("div");
  host.setAttribute("data-feedback-widget-host", opts.touchpointId);
  const shadow = host.attachShadow({ mode: "open" });
  const style = doc.createElement("style");
  style.textContent = css;
  shadow.appendChild(style);

  const box = doc.createElement("div");
  box.className = opts.type === "popover" ? "box popover" : `box corner ${opts.placement}`;
  box.setAttribute("role", "dialog");
  box.setAttribute("aria-label", labels.survey);
  box.setAttribute("aria-modal", opts.type === "popover" ? "true" : "false");
  box.setAttribute("data-placement", opts.type === "popover" ? "center" : opts.placement);
  const bar = doc.createElement("div");
  bar.className = "bar";
  const close = doc.createElement("button");
  close.type = "button";
  close.className = "close";
  close.setAttribute("aria-label", labels.close);
  close.textContent = "×";
  close.addEventListener("click", () => opts.onDecline());
  bar.appendChild(close);
  const iframe = frame(doc, opts.src, labels.survey);
  box.append(bar, iframe);

  const previous = doc.activeElement as HTMLElement | null;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === "Escape" && (opts.type === "popover" || host.contains(doc.activeElement) || doc.activeElement === host)) {
      e.preventDefault();
      opts.onDecline();
    }
  };
  doc.addEventListener("keydown", onKey, true);

  if (opts.type === "popover") {
    const overlay = doc.createElement("div");
    overlay.className = "overlay";
    overlay.addEventListener("click", () => opts.onDecline());
    // Focus stays inside: the sentinels at both ends send it round to the other end.
    const sentinel = (to: () => HTMLElement) => {
      const s = doc.createElement("span");
      s.tabIndex = 0;
      s.addEventListener("focus", () => to().focus());
      return s;
    };
    shadow.append(
      overlay,
      sentinel(() => iframe),
      box,
      sentinel(() => close),
    );
  } else {
    shadow.appendChild(box);
  }
  doc.body.appendChild(host);
  if (opts.type === "popover") close.focus();

  return {
    iframe,
    root: host,
    type: opts.type,
    unmount: () => {
      doc.removeEventListener("keydown", onKey, true);
      host.remove();
      if (opts.type === "popover" && previous && typeof previous.focus === "function" && previous !== doc.body) previous.focus();
    },
    resize: (h) => {
      if (opts.type === "cornerWindow") box.style.height = `min(${Math.max(200, h + 36)}px, calc(100vh - 24px))`;
    },
  };
}
