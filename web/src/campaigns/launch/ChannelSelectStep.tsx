import { Trans, useLingui } from "@lingui/react/macro";
import { StepActions } from "./StepActions";
import { useLaunchLabels } from "./useLaunchLabels";
import { useWizard } from "./wizardState";

/** Step channel-select: the touchpoints to launch to, grouped by type (only types the plan and rights allow). */
export function ChannelSelectStep() {
  const { t } = useLingui();
  const { wizard, state, update } = useWizard();
  const { typeLabel } = useLaunchLabels();
  const toggle = (id: string, on: boolean) => update({ selected: on ? [...state.selected, id] : state.selected.filter((s) => s !== id) });
  return (
    <div>
      <h2>
        <Trans>Choose touchpoints</Trans>
      </h2>
      {wizard.groups.map((group) => (
        <fieldset key={group.type} className="launch-group">
          <legend>{typeLabel(group.type)}</legend>
          {group.touchpoints.length === 0 ? (
            <p className="muted">
              <Trans>None that you may launch to.</Trans>
            </p>
          ) : (
            group.touchpoints.map((tp) => (
              <label key={tp.id}>
                <input type="checkbox" checked={state.selected.includes(tp.id)} onChange={(e) => toggle(tp.id, e.target.checked)} /> {tp.name}
                {tp.contacts !== null && tp.contacts !== undefined ? <span className="muted"> · {t`${tp.contacts} contacts`}</span> : null}
                {tp.activeSurveyLegacyId === wizard.surveyLegacyId ? <span className="muted"> · {t`already shows this survey`}</span> : null}
              </label>
            ))
          )}
        </fieldset>
      ))}
      {state.selected.length === 0 ? (
        <p className="field__hint" id="launch-none-hint">
          <Trans>Choose at least one touchpoint.</Trans>
        </p>
      ) : null}
      <StepActions current="channel-select" canContinue={state.selected.length > 0} />
    </div>
  );
}
