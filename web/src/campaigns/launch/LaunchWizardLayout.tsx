import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link, Outlet, useLocation, useNavigate, useParams } from "react-router-dom";
import type { LaunchWizardLayoutQuery } from "../../__generated__/LaunchWizardLayoutQuery.graphql";
import { toGlobalId } from "../../util/globalId";
import { useLaunchLabels } from "./useLaunchLabels";
import { initialState, stepsFor, type WizardContext, type WizardState, type WizardStep } from "./wizardState";
import "./launch.css";

/**
 * /launch-survey/{id}: the launch wizard (spec 001 §2): channel-select, email, sms, schedule,
 * confirmation, launched. It holds the choices while the steps (child routes) change, and shows
 * where the user is. Only touchpoints the user may launch to, of types the plan allows, are offered.
 */
export default function LaunchWizardLayout() {
  const { t } = useLingui();
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { stepLabel } = useLaunchLabels();
  const data = useLazyLoadQuery<LaunchWizardLayoutQuery>(
    graphql`
      query LaunchWizardLayoutQuery($surveyId: ID!) {
        launchWizard(surveyId: $surveyId) {
          surveyLegacyId
          surveyName
          timeZone
          groups {
            type
            touchpoints {
              id
              legacyId
              name
              type
              contacts
              activeSurveyLegacyId
            }
          }
          templates {
            legacyId
            name
            language
            type
          }
        }
      }
    `,
    { surveyId: toGlobalId("Survey", id) },
  );
  const [state, setState] = useState<WizardState>(initialState);
  const update = useCallback((change: Partial<WizardState>) => setState((s) => ({ ...s, ...change })), []);
  const wizard = data.launchWizard;
  const selectedTouchpoints = useMemo(
    () => wizard.groups.flatMap((g) => g.touchpoints).filter((tp) => state.selected.includes(tp.id)),
    [wizard, state.selected],
  );
  const steps = stepsFor(selectedTouchpoints);
  const current = (location.pathname.split("/").pop() ?? "channel-select") as WizardStep;
  const go = useCallback((step: WizardStep) => navigate(`/launch-survey/${id}/${step}`), [id, navigate]);
  const context: WizardContext = { wizard, state, update, steps, go, selectedTouchpoints };
  const position = Math.max(0, steps.indexOf(current));
  return (
    <section className="page launch-wizard" aria-labelledby="launch-title">
      <h1 id="launch-title" className="page__title">
        <Trans>Launch {wizard.surveyName}</Trans>
      </h1>
      <nav aria-label={t`Launch steps`}>
        <ol className="launch-steps">
          {steps.map((step, i) => (
            <li
              key={step}
              className={i === position ? "launch-steps__current" : i < position ? "launch-steps__done" : undefined}
              aria-current={i === position ? "step" : undefined}
            >
              {stepLabel(step)}
            </li>
          ))}
        </ol>
        <p className="muted" aria-live="polite">
          <Trans>
            Step {position + 1} of {steps.length}
          </Trans>
        </p>
      </nav>
      <Outlet context={context} />
      <p>
        <Link to="/surveys/list">
          <Trans>Back to surveys</Trans>
        </Link>
      </p>
    </section>
  );
}
