import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import respondentCss from "../../respondent/respondent.css?inline";

/** Styles of the preview frames on top of the respondent pages' own (the widget: web/src/widget/display.ts's corner window, 380 × 520 at the bottom right). */
const frameCss = `
html, body { height: 100%; }
.preview-widget-page { min-height: 100%; padding: 2rem; background: repeating-linear-gradient(180deg, #e5e7eb 0 1rem, #f3f4f6 1rem 3rem); }
.preview-widget { position: fixed; right: 12px; bottom: 12px; width: 380px; height: 520px; overflow: auto; background: #fff;
  border-radius: 10px; box-shadow: 0 8px 32px rgb(0 0 0 / 0.28); }
.preview-widget .r-page { min-height: 100%; padding: 0.75rem; font-size: 0.9rem; }
.preview-widget .r-title { font-size: 1.15rem; }
`;

/**
 * Gives the frame's document its styles as a constructed style sheet: the application's Content
 * Security Policy (style-src 'self') refuses a <style> element's text in the frame, which inherits
 * it, and the respondent runtime would be drawn unstyled. A browser without constructed sheets
 * (jsdom in the unit tests) gets a <style> element.
 */
function adoptStyles(doc: Document, css: string) {
  const Sheet = (doc.defaultView as (Window & typeof globalThis) | null)?.CSSStyleSheet;
  if (Sheet && "replaceSync" in Sheet.prototype && "adoptedStyleSheets" in doc) {
    const sheet = new Sheet();
    sheet.replaceSync(css);
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
    return;
  }
  const style = doc.createElement("style");
  style.textContent = css;
  doc.head.appendChild(style);
}

type Props = {
  title: string;
  width: number;
  height: number;
  /** The tallest the frame may be drawn (CSS px); it is scaled down to fit, never cut off. */
  maxHeight?: number;
  children: ReactNode;
};

/**
 * An iframe of a fixed size whose document shows `children` (a React portal, so the respondent
 * runtime keeps the app's language): the respondent pages' own styles apply inside, the
 * application's do not, and the frame's width is the one media queries see. A device wider than
 * the space it is shown in is scaled down as a whole (like a device seen from further away), so
 * the frame is never cut off; its layout stays that of the device.
 */
export function PreviewFrame({ title, width, height, maxHeight, children }: Props) {
  const ref = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [fit, setFit] = useState<{ scale: number; w: number; h: number } | null>(null);

  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const attach = () => {
      const doc = frame.contentDocument;
      if (!doc?.body) return;
      if (!doc.documentElement.dataset.previewStyled) {
        adoptStyles(doc, `${respondentCss}\n${frameCss}`);
        doc.documentElement.dataset.previewStyled = "1";
        doc.documentElement.lang = document.documentElement.lang || "en";
      }
      setBody((current) => (current === doc.body ? current : doc.body));
    };
    attach();
    // Some browsers replace the initial blank document once it has loaded.
    frame.addEventListener("load", attach);
    return () => frame.removeEventListener("load", attach);
  }, []);

  // The scale that fits the device (with its bezel) into the width available and maxHeight.
  useLayoutEffect(() => {
    const outer = box.current;
    const frame = ref.current;
    if (!outer || !frame) return;
    const measure = () => {
      const w = frame.offsetWidth || width;
      const h = frame.offsetHeight || height;
      const available = outer.clientWidth;
      if (!available) return;
      const scale = Math.min(1, available / w, maxHeight ? maxHeight / h : 1);
      setFit((old) => (old && Math.abs(old.scale - scale) < 0.001 && old.w === w && old.h === h ? old : { scale, w, h }));
    };
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(outer);
    return () => observer.disconnect();
  }, [width, height, maxHeight]);

  const scale = fit?.scale ?? 1;
  return (
    <div ref={box} className="preview-frame" data-scale={scale.toFixed(3)}>
      <div className="preview-frame__device" style={fit ? { width: fit.w * scale, height: fit.h * scale } : undefined}>
        <iframe
          ref={ref}
          title={title}
          width={width}
          height={height}
          className="preview-frame__iframe"
          style={scale < 1 ? { transform: `scale(${scale})`, transformOrigin: "0 0" } : undefined}
        />
      </div>
      {body ? createPortal(children, body) : null}
    </div>
  );
}
