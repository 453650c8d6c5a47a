import { Trans, useLingui } from "@lingui/react/macro";
import { RadioGroup } from "../../forms/RadioGroup";
import { SelectField } from "../../forms/SelectField";
import { useLaunchLabels } from "./useLaunchLabels";
import type { Plan, ScheduleDraft } from "./wizardState";

/**
 * When a launch fires: now, once later (a local date and time), or recurring weekly or monthly, in
 * the organisation's time zone. Editing a scheduled launch offers later and recurring only.
 */
export function ScheduleFields({
  value,
  onChange,
  timeZone,
  allowNow = true,
  idPrefix = "launch",
}: {
  value: ScheduleDraft;
  onChange: (value: ScheduleDraft) => void;
  timeZone: string;
  allowNow?: boolean;
  idPrefix?: string;
}) {
  const { t } = useLingui();
  const { weekdays } = useLaunchLabels();
  const set = (change: Partial<ScheduleDraft>) => onChange({ ...value, ...change });
  const plans: [Plan, string][] = [...(allowNow ? ([["now", t`Now`]] as [Plan, string][]) : []), ["later", t`Later, once`], ["recurring", t`Recurring`]];
  return (
    <div className="launch-schedule">
      <RadioGroup name={`${idPrefix}-plan`} legend={t`When`} options={plans} value={value.plan} onChange={(plan) => set({ plan })} />
      {value.plan === "later" ? (
        <div className="field">
          <label htmlFor={`${idPrefix}-at`}>
            <Trans>Date and time</Trans>
          </label>
          <input id={`${idPrefix}-at`} type="datetime-local" value={value.at} required onChange={(e) => set({ at: e.target.value })} />
        </div>
      ) : null}
      {value.plan === "recurring" ? (
        <>
          <SelectField
            id={`${idPrefix}-every`}
            label={t`Repeats`}
            value={value.every}
            onChange={(every) => set({ every })}
            options={[
              ["week", t`Weekly`],
              ["month", t`Monthly`],
            ]}
          />
          {value.every === "week" ? (
            <SelectField
              id={`${idPrefix}-weekday`}
              label={t`Weekday`}
              value={String(value.weekday)}
              onChange={(weekday) => set({ weekday: Number(weekday) })}
              options={weekdays.map((name, i) => [String(i + 1), name] as const)}
            />
          ) : (
            <div className="field">
              <label htmlFor={`${idPrefix}-day`}>
                <Trans>Day of the month</Trans>
              </label>
              <input
                id={`${idPrefix}-day`}
                type="number"
                min={1}
                max={31}
                value={value.dayOfMonth}
                aria-describedby={`${idPrefix}-day-hint`}
                onChange={(e) => set({ dayOfMonth: Number(e.target.value) })}
              />
              <p className="field__hint" id={`${idPrefix}-day-hint`}>
                <Trans>In a month without that day (the 29th to the 31st), the launch goes out on the month's last day.</Trans>
              </p>
            </div>
          )}
          <div className="field">
            <label htmlFor={`${idPrefix}-time`}>
              <Trans>Time of day</Trans>
            </label>
            <input id={`${idPrefix}-time`} type="time" value={value.time} required onChange={(e) => set({ time: e.target.value })} />
          </div>
        </>
      ) : null}
      {value.plan !== "now" ? (
        <p className="field__hint">
          <Trans>Times are in the organisation's time zone: {timeZone}.</Trans>
        </p>
      ) : null}
    </div>
  );
}
