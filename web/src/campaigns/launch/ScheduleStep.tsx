import { Trans } from "@lingui/react/macro";
import { ScheduleFields } from "./ScheduleFields";
import { StepActions } from "./StepActions";
import { useWizard } from "./wizardState";

/** Step schedule: now, later once, or recurring weekly or monthly in the organisation's time zone. */
export function ScheduleStep() {
  const { wizard, state, update } = useWizard();
  const s = state.schedule;
  const complete = s.plan === "now" || (s.plan === "later" ? s.at !== "" : s.time !== "" && (s.every === "week" || (s.dayOfMonth >= 1 && s.dayOfMonth <= 31)));
  return (
    <div>
      <h2>
        <Trans>Schedule</Trans>
      </h2>
      <ScheduleFields value={s} onChange={(schedule) => update({ schedule })} timeZone={wizard.timeZone} />
      <StepActions current="schedule" canContinue={complete} />
    </div>
  );
}
