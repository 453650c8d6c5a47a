// The editor's live preview: the draft as the respondent runtime shows it, in the device chosen
// (desktop, mobile, terminal, widget), redrawn as the person types. Nothing is saved or sent.
import { Trans } from "@lingui/react/macro";
import { useDeferredValue, useEffect, useMemo, useState } from "react";
import type { PublicSurvey } from "../../respondent/types";
import { PreviewStage, type PreviewMode } from "../preview/PreviewStage";
import { previewQuestions, type Draft } from "./draft";

/** What the preview shows around the questions before a survey is saved: no logo, the default look. */
const blankBase: PublicSurvey = {
  touchpoint: { id: "preview", type: "preview", name: "Preview" },
  survey: { id: "new", name: "", languages: ["en"], appearance: {}, endScreenText: null, privacyPolicy: null, logoUrl: null },
  questions: [],
  kiosk: { questionTimeoutSeconds: 60, endScreenSeconds: 5, heartbeatSeconds: 60 },
  loadedAt: "1970-01-01T00:00:00.000Z",
};

/** The height left for the device below the page's header and the preview's own controls. */
function useAvailableHeight(reserve: number): number {
  const read = () => (typeof window === "undefined" ? 640 : Math.max(320, window.innerHeight - reserve));
  const [height, setHeight] = useState(read);
  useEffect(() => {
    const onResize = () => setHeight(read());
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  });
  return height;
}

type Props = {
  headingId: string;
  draft: Draft;
  /** The saved survey's respondent document (appearance, logo, privacy policy); null before the first save. */
  base: PublicSurvey | null;
};

export function LivePreview({ headingId, draft: typed, base }: Props) {
  // The preview follows the typing at a lower priority, so the fields stay quick in a long survey.
  const draft = useDeferredValue(typed);
  const [mode, setMode] = useState<PreviewMode>("mobile");
  const maxHeight = useAvailableHeight(230);
  const survey = useMemo<PublicSurvey>(() => {
    const from = base ?? blankBase;
    return { ...from, survey: { ...from.survey, name: draft.name, languages: draft.languages }, questions: previewQuestions(draft) };
  }, [base, draft]);
  // The runtime starts over when the questions' order or set changes (it keeps its place while texts are typed).
  const restartKey = draft.questions.map((q) => q.key).join(",");
  return (
    <>
      <h2 id={headingId} className="se-live__title">
        <Trans>Live preview</Trans>
      </h2>
      <p className="field__hint se-live__hint">
        <Trans>Shows your changes as you make them; answers given here are not stored.</Trans>
      </p>
      <PreviewStage name={draft.name} survey={survey} mode={mode} onMode={setMode} maxHeight={maxHeight} restartKey={restartKey} />
    </>
  );
}
