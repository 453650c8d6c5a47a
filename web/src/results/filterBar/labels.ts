import { useLingui } from "@lingui/react/macro";
import type { DatePreset, GroupBy } from "../filters";

export function usePresetLabels(): Record<DatePreset, string> {
  const { t } = useLingui();
  return { last7Days: t`Last 7 days`, last30Days: t`Last 30 days`, lastFullWeek: t`Last full week`, lastFullMonth: t`Last full month` };
}

export function useGroupByLabels(): Record<GroupBy, string> {
  const { t } = useLingui();
  return {
    daily: t`Date`,
    hourly: t`Hour`,
    weekday: t`Weekday`,
    weekNumber: t`Week number`,
    monthly: t`Month`,
    source: t`Source`,
    metadata: t`Metadata`,
  };
}
