import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { GettingStartedSteps_viewer$key } from "../__generated__/GettingStartedSteps_viewer.graphql";
import { useMarkResponsesAnalyzed } from "./useMarkResponsesAnalyzed";

/** The four onboarding steps (25 % each, spec 000 §4) with their state, links and the progress bar. */
export function GettingStartedSteps({ viewer }: { viewer: GettingStartedSteps_viewer$key }) {
  const { t } = useLingui();
  const data = useFragment(
    graphql`
      fragment GettingStartedSteps_viewer on Viewer {
        onboarding {
          createdSurvey
          launchedSurvey
          collectedResponses
          analyzedResponses
          progress
        }
      }
    `,
    viewer,
  );
  const markAnalyzed = useMarkResponsesAnalyzed();
  const { onboarding } = data;
  const progress = onboarding.progress;
  const steps: { key: string; done: boolean; title: ReactNode; text: ReactNode; link: string; action: ReactNode; onClick?: () => void }[] = [
    {
      key: "createdSurvey",
      done: onboarding.createdSurvey,
      title: <Trans>Create a survey</Trans>,
      text: <Trans>Start from a template or build your own questions.</Trans>,
      link: "/surveys/list",
      action: <Trans>Go to surveys</Trans>,
    },
    {
      key: "launchedSurvey",
      done: onboarding.launchedSurvey,
      title: <Trans>Launch it</Trans>,
      text: <Trans>Publish the survey at a touchpoint: a link, a QR code, a web widget, e-mail or SMS.</Trans>,
      link: "/surveys/list",
      action: <Trans>Launch a survey</Trans>,
    },
    {
      key: "collectedResponses",
      done: onboarding.collectedResponses,
      title: <Trans>Collect responses</Trans>,
      text: <Trans>Share the touchpoint with your customers and watch the first responses arrive.</Trans>,
      link: "/touchpoints",
      action: <Trans>Go to touchpoints</Trans>,
    },
    {
      key: "analyzedResponses",
      done: onboarding.analyzedResponses,
      title: <Trans>Analyse them</Trans>,
      text: <Trans>See NPS, satisfaction and what your customers say in the results.</Trans>,
      link: "/results",
      action: <Trans>Open the results</Trans>,
      onClick: markAnalyzed,
    },
  ];

  return (
    <>
      <div className="field">
        <label htmlFor="onboarding-progress">
          <Trans>Your progress: {progress} %</Trans>
        </label>
        <progress id="onboarding-progress" max={100} value={progress} aria-valuetext={t`${progress} % done`}>
          {progress} %
        </progress>
      </div>
      <ol className="onboarding-steps">
        {steps.map((step, index) => (
          <li key={step.key} className={step.done ? "is-ok" : "is-missing"}>
            <h2>
              <span aria-hidden="true">{step.done ? "✓ " : `${index + 1}. `}</span>
              {step.title}
              <span className="visually-hidden">{step.done ? t`(done)` : t`(not done yet)`}</span>
            </h2>
            <p>{step.text}</p>
            <Link className={step.done ? "button button--secondary" : "button"} to={step.link} onClick={step.onClick}>
              {step.action}
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
