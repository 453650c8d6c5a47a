// The preview's display-type switch (desktop, mobile, terminal, widget) and the device frame with
// the real respondent runtime in preview mode (nothing is sent): used by /surveys/:id/preview and
// beside the survey editor's canvas (the live preview of the draft).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useMemo } from "react";
import { RespondentApp } from "../../respondent/RespondentApp";
import { ResponseQueue } from "../../respondent/queue";
import type { PublicSurvey } from "../../respondent/types";
import { PreviewFrame } from "./PreviewFrame";
import "../list/surveys.css";

export const previewModes = ["desktop", "mobile", "terminal", "widget"] as const;
export type PreviewMode = (typeof previewModes)[number];

const modeLabels: Record<PreviewMode, MessageDescriptor> = {
  desktop: msg`Desktop`,
  mobile: msg`Mobile`,
  terminal: msg`Terminal`,
  widget: msg`Widget`,
};

/** The frame of each display type (CSS pixels). */
export const frameSizes: Record<PreviewMode, { width: number; height: number }> = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 375, height: 667 },
  terminal: { width: 1024, height: 768 },
  widget: { width: 1024, height: 700 },
};

type Props = {
  name: string;
  survey: PublicSurvey;
  mode: PreviewMode;
  onMode: (mode: PreviewMode) => void;
  /** The tallest the device may be drawn; it is scaled to fit. */
  maxHeight?: number;
  /** Changes when the respondent runtime must start over (a question added, moved or removed). */
  restartKey?: string;
};

export function PreviewStage({ name, survey, mode, onMode, maxHeight, restartKey = "" }: Props) {
  const { t, i18n } = useLingui();
  const radioName = useId();
  // The preview's queue stays in memory and is never sent: RespondentApp's preview mode enqueues nothing.
  const queue = useMemo(() => new ResponseQueue({ storage: memoryStorage(), send: async () => ({ kind: "retry", error: "preview" }) }), []);
  const language = survey.survey.languages.includes(i18n.locale) ? i18n.locale : (survey.survey.languages[0] ?? "en");
  const size = frameSizes[mode];
  const modeName = i18n._(modeLabels[mode]);
  const app = (
    <RespondentApp
      key={`${mode}|${restartKey}`}
      survey={survey}
      mode={mode === "terminal" ? "terminal" : "link"}
      initialLanguage={language}
      queue={queue}
      onLanguage={() => {}}
      preview
    />
  );
  return (
    <>
      <fieldset className="preview-modes">
        <legend>
          <Trans>Display type</Trans>
        </legend>
        {previewModes.map((m) => (
          <label key={m} className="preview-modes__option">
            <input type="radio" name={radioName} value={m} checked={m === mode} onChange={() => onMode(m)} />
            {i18n._(modeLabels[m])}
          </label>
        ))}
      </fieldset>
      {survey.questions.length === 0 ? (
        <p role="status">
          <Trans>This survey has no questions yet.</Trans>
        </p>
      ) : null}
      <section className={`preview-stage preview-stage--${mode}`} aria-label={t`Survey preview: ${modeName}`}>
        <PreviewFrame key={mode} title={t`Survey preview: ${modeName}`} width={size.width} height={size.height} maxHeight={maxHeight}>
          {mode === "widget" ? (
            <div className="preview-widget-page">
              <div className="preview-widget" role="dialog" aria-label={name}>
                {app}
              </div>
            </div>
          ) : (
            app
          )}
        </PreviewFrame>
      </section>
    </>
  );
}

function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  };
}
