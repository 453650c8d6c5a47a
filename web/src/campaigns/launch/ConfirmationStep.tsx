import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useMutation } from "react-relay";
import type { ConfirmationStepMutation } from "../../__generated__/ConfirmationStepMutation.graphql";
import { actions } from "../../shell/actions";
import { graphQLErrorMessage } from "../../transport/relayEnvironment";
import { toGlobalId } from "../../util/globalId";
import { StepActions } from "./StepActions";
import { useLaunchLabels } from "./useLaunchLabels";
import { scheduleInput, useWizard } from "./wizardState";

/**
 * Step confirmation: a summary, then the launch. Whatever the answer, the wizard completes to the
 * launched step, which then shows a failure (spec 001 §4: the failure after the completion).
 */
export function ConfirmationStep() {
  const { t } = useLingui();
  const { wizard, state, update, go, selectedTouchpoints } = useWizard();
  const { typeLabel, scheduleText } = useLaunchLabels();
  const [commit, inFlight] = useMutation<ConfirmationStepMutation>(graphql`
    mutation ConfirmationStepMutation($input: LaunchSurveyInput!) {
      launchSurvey(input: $input) {
        ok
        launches {
          id
          status
          nextRunAt
        }
      }
    }
  `);
  const templateName = (id: string) => state.templateNames[id] ?? wizard.templates.find((tpl) => tpl.legacyId === id)?.name ?? "";
  const launch = () =>
    actions.run(
      "launchSurvey",
      () =>
        new Promise<void>((resolve) => {
          const finish = (outcome: typeof state.outcome) => {
            update({ outcome });
            go("launched");
            resolve();
          };
          commit({
            variables: {
              input: {
                surveyId: toGlobalId("Survey", wizard.surveyLegacyId),
                touchpointIds: state.selected,
                emailTemplateId: state.emailTemplateId || null,
                smsTemplateId: state.smsTemplateId || null,
                schedule: scheduleInput(state.schedule),
              },
            },
            onCompleted: (answer, errors) => {
              if (errors?.length) finish({ ok: false, error: errors.map((e) => e.message).join("\n") });
              else if (answer.launchSurvey.ok) finish({ ok: true, scheduled: state.schedule.plan !== "now" });
              else finish({ ok: false, error: t`A generic error occurred` });
            },
            onError: (error) => finish({ ok: false, error: graphQLErrorMessage(error) ?? t`A generic error occurred` }),
          });
        }),
    );
  const byType = new Map<string, string[]>();
  for (const tp of selectedTouchpoints) byType.set(tp.type, [...(byType.get(tp.type) ?? []), tp.name]);
  return (
    <div>
      <h2>
        <Trans>Confirmation</Trans>
      </h2>
      <dl className="launch-summary">
        <dt>
          <Trans>Survey</Trans>
        </dt>
        <dd>{wizard.surveyName}</dd>
        {[...byType].map(([type, names]) => (
          <div key={type}>
            <dt>{typeLabel(type)}</dt>
            <dd>{names.join(", ")}</dd>
          </div>
        ))}
        {state.emailTemplateId ? (
          <>
            <dt>
              <Trans>Email template</Trans>
            </dt>
            <dd>{templateName(state.emailTemplateId)}</dd>
          </>
        ) : null}
        {state.smsTemplateId ? (
          <>
            <dt>
              <Trans>SMS template</Trans>
            </dt>
            <dd>{templateName(state.smsTemplateId)}</dd>
          </>
        ) : null}
        <dt>
          <Trans>When</Trans>
        </dt>
        <dd>
          {scheduleText(state.schedule)}
          {state.schedule.plan !== "now" ? ` (${wizard.timeZone})` : null}
        </dd>
      </dl>
      <StepActions current="confirmation" canContinue={!inFlight} onNext={() => void launch()} nextLabel={t`Launch`} />
    </div>
  );
}
