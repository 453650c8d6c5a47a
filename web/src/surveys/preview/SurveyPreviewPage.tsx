import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, useParams, useSearchParams } from "react-router-dom";
import type { SurveyPreviewPageQuery } from "../../__generated__/SurveyPreviewPageQuery.graphql";
import type { SurveyPreviewPageTemplateQuery } from "../../__generated__/SurveyPreviewPageTemplateQuery.graphql";
import { RespondentApp } from "../../respondent/RespondentApp";
import { ResponseQueue } from "../../respondent/queue";
import { toGlobalId } from "../../util/globalId";
import type { PublicSurvey } from "../../respondent/types";
import { PreviewFrame } from "./PreviewFrame";
import "../list/surveys.css";
import { Skeleton } from "../../ui/Skeleton";

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

const savedId = /^[0-9a-f]{24}$/;

/**
 * /surveys/:id/preview (spec 001 §2: desktop, mobile, terminal and widget; a saved survey only): the
 * real respondent runtime in a frame of each display type, in preview mode (nothing is sent).
 * ?template=1 previews a public template; ?mode= keeps the display type in the address.
 */
export default function SurveyPreviewPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const template = params.get("template") === "1";
  return (
    <section className="page page--wide survey-preview-page">
      <p>
        <Link to={template ? "/surveys/templates" : "/surveys/list"}>{template ? <Trans>Back to templates</Trans> : <Trans>Back to surveys</Trans>}</Link>
      </p>
      {savedId.test(id) ? (
        <Suspense fallback={<Skeleton label={<Trans>Loading the preview…</Trans>} shape="block" height="24rem" />}>
          {template ? <TemplatePreview id={id} /> : <SavedSurveyPreview id={id} />}
        </Suspense>
      ) : (
        <>
          <h1 className="page__title">
            <Trans>Survey preview</Trans>
          </h1>
          <p role="alert">
            <Trans>Save the survey to preview it.</Trans>
          </p>
        </>
      )}
    </section>
  );
}

function SavedSurveyPreview({ id }: { id: string }) {
  const data = useLazyLoadQuery<SurveyPreviewPageQuery>(
    graphql`
      query SurveyPreviewPageQuery($id: ID!) {
        survey(id: $id) {
          legacyId
          name
          respondentPreview
        }
      }
    `,
    { id: toGlobalId("Survey", id) },
    { fetchPolicy: "network-only" },
  );
  return <Preview name={data.survey.name} editId={data.survey.legacyId} survey={data.survey.respondentPreview as PublicSurvey} />;
}

function TemplatePreview({ id }: { id: string }) {
  const data = useLazyLoadQuery<SurveyPreviewPageTemplateQuery>(
    graphql`
      query SurveyPreviewPageTemplateQuery {
        surveyTemplates {
          legacyId
          name
          respondentPreview
        }
      }
    `,
    {},
    { fetchPolicy: "network-only" },
  );
  const found = data.surveyTemplates.find((s) => s.legacyId === id);
  if (!found)
    return (
      <p role="alert">
        <Trans>Template not found</Trans>
      </p>
    );
  return <Preview name={found.name} editId={null} survey={found.respondentPreview as PublicSurvey} />;
}

function Preview({ name, editId, survey }: { name: string; editId: string | null; survey: PublicSurvey }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const [mode, setMode] = useState<PreviewMode>(() =>
    (previewModes as readonly string[]).includes(params.get("mode") ?? "") ? (params.get("mode") as PreviewMode) : "desktop",
  );
  const choose = (m: PreviewMode) => {
    setMode(m);
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set("mode", m);
        return next;
      },
      { replace: true },
    );
  };
  // The preview's queue stays in memory and is never sent: RespondentApp's preview mode enqueues nothing.
  const queue = useMemo(() => new ResponseQueue({ storage: memoryStorage(), send: async () => ({ kind: "retry", error: "preview" }) }), []);
  const language = survey.survey.languages.includes(i18n.locale) ? i18n.locale : (survey.survey.languages[0] ?? "en");
  const size = frameSizes[mode];
  const modeName = i18n._(modeLabels[mode]);
  const app = (
    <RespondentApp
      key={mode}
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
      <h1 className="page__title">
        <Trans>Preview: {name}</Trans>
      </h1>
      <p className="muted">
        <Trans>The preview shows the last saved version. Answers given here are not stored.</Trans>
        {editId ? (
          <>
            {" "}
            <Link to={`/surveys/${editId}/edit`}>
              <Trans>Edit the survey</Trans>
            </Link>
          </>
        ) : null}
      </p>
      <fieldset className="preview-modes">
        <legend>
          <Trans>Display type</Trans>
        </legend>
        {previewModes.map((m) => (
          <label key={m} className="preview-modes__option">
            <input type="radio" name="preview-mode" value={m} checked={m === mode} onChange={() => choose(m)} />
            {i18n._(modeLabels[m])}
          </label>
        ))}
      </fieldset>
      {survey.questions.length === 0 ? (
        <p role="status">
          <Trans>This survey has no questions yet.</Trans>
        </p>
      ) : null}
      {/* Scrollable when the device is larger than the window: focusable, so the keyboard can scroll it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to be scrolled by keyboard (WCAG 2.1.1) */}
      <section className={`preview-stage preview-stage--${mode}`} aria-label={t`Survey preview: ${modeName}`} tabIndex={0}>
        <PreviewFrame key={mode} title={t`Survey preview: ${modeName}`} width={size.width} height={size.height}>
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
