import { useEffect, useRef, useState, type ReactNode } from "react";
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
 * An iframe of a fixed size whose document shows `children` (a React portal, so the respondent
 * runtime keeps the app's language): the respondent pages' own styles apply inside, the
 * application's do not, and the frame's width is the one media queries see.
 */
export function PreviewFrame({ title, width, height, children }: { title: string; width: number; height: number; children: ReactNode }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);

  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const attach = () => {
      const doc = frame.contentDocument;
      if (!doc?.body) return;
      if (!doc.getElementById("preview-styles")) {
        const style = doc.createElement("style");
        style.id = "preview-styles";
        style.textContent = `${respondentCss}\n${frameCss}`;
        doc.head.appendChild(style);
        doc.documentElement.lang = document.documentElement.lang || "en";
      }
      setBody((current) => (current === doc.body ? current : doc.body));
    };
    attach();
    // Some browsers replace the initial blank document once it has loaded.
    frame.addEventListener("load", attach);
    return () => frame.removeEventListener("load", attach);
  }, []);

  return (
    <div className="preview-frame" style={{ maxWidth: "100%" }}>
      <iframe ref={ref} title={title} width={width} height={height} className="preview-frame__iframe" />
      {body ? createPortal(children, body) : null}
    </div>
  );
}
