// Words of the launch screens: touchpoint types, steps, weekdays and schedules.
import { useLingui } from "@lingui/react/macro";
import type { ScheduleDraft, WizardStep } from "./wizardState";

export function useLaunchLabels() {
  const { t, i18n } = useLingui();
  const typeLabel = (type: string): string =>
    ({
      terminal: t`Terminals`,
      link: t`Links`,
      qr: t`QR codes`,
      website: t`Web widgets`,
      emailContactList: t`Email campaigns`,
      smsContactList: t`SMS campaigns`,
    })[type] ?? type;
  const stepLabel = (step: WizardStep): string =>
    ({
      "channel-select": t`Touchpoints`,
      email: t`Email`,
      sms: t`SMS`,
      schedule: t`Schedule`,
      confirmation: t`Confirmation`,
      launched: t`Launched`,
    })[step];
  const weekdays = [t`Monday`, t`Tuesday`, t`Wednesday`, t`Thursday`, t`Friday`, t`Saturday`, t`Sunday`];
  const dateTime = (iso: string | null | undefined, timeZone?: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.locale, { dateStyle: "medium", timeStyle: "short", timeZone: timeZone ?? undefined }).format(new Date(iso)) : "";
  /** "Every Monday at 09:00", "Every month on day 31 at 09:00", "Once, 1 Dec 2026 09:00", "Now". */
  const recurrenceText = (r: { every: string; weekday?: number | null; dayOfMonth?: number | null; time: string }) =>
    r.every === "week"
      ? t`Every ${weekdays[(r.weekday ?? 1) - 1]} at ${r.time}`
      : t`Every month on day ${r.dayOfMonth ?? 1} at ${r.time} (the month's last day when it is shorter)`;
  const scheduleText = (s: ScheduleDraft) => (s.plan === "now" ? t`Now` : s.plan === "later" ? t`Once, at ${s.at.replace("T", " ")}` : recurrenceText(s));
  return { typeLabel, stepLabel, weekdays, dateTime, recurrenceText, scheduleText };
}
