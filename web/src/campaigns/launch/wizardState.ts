// The launch wizard's state, shared by its steps through the layout's outlet context.
import { useOutletContext } from "react-router-dom";
import type { LaunchWizardLayoutQuery$data } from "../../__generated__/LaunchWizardLayoutQuery.graphql";

export type Plan = "now" | "later" | "recurring";
export type ScheduleDraft = { plan: Plan; at: string; every: "week" | "month"; weekday: number; dayOfMonth: number; time: string };
export const emptySchedule: ScheduleDraft = { plan: "now", at: "", every: "week", weekday: 1, dayOfMonth: 1, time: "09:00" };

export type WizardStep = "channel-select" | "email" | "sms" | "schedule" | "confirmation" | "launched";
export type Wizard = NonNullable<LaunchWizardLayoutQuery$data["launchWizard"]>;
export type WizardTouchpoint = Wizard["groups"][number]["touchpoints"][number];

export type WizardState = {
  /** selected touchpoints' global ids */
  selected: string[];
  emailTemplateId: string;
  smsTemplateId: string;
  /** names of templates chosen (or made) in the steps' template panels, by their 24-hex id */
  templateNames: Record<string, string>;
  schedule: ScheduleDraft;
  /** after the launch call: success, or the failure to show on the launched step */
  outcome: { ok: true; scheduled: boolean } | { ok: false; error: string } | null;
};
export const initialState: WizardState = { selected: [], emailTemplateId: "", smsTemplateId: "", templateNames: {}, schedule: emptySchedule, outcome: null };

export type WizardContext = {
  wizard: Wizard;
  state: WizardState;
  update: (change: Partial<WizardState>) => void;
  steps: WizardStep[];
  go: (step: WizardStep) => void;
  selectedTouchpoints: WizardTouchpoint[];
};

export const useWizard = () => useOutletContext<WizardContext>();

/** The steps this launch needs: email and SMS only when such touchpoints are chosen. */
export function stepsFor(selected: readonly WizardTouchpoint[]): WizardStep[] {
  const has = (type: string) => selected.some((t) => t.type === type);
  return [
    "channel-select",
    ...(has("emailContactList") ? (["email"] as const) : []),
    ...(has("smsContactList") ? (["sms"] as const) : []),
    "schedule",
    "confirmation",
    "launched",
  ];
}

/** The schedule as the launchSurvey mutation takes it. */
export function scheduleInput(s: ScheduleDraft) {
  if (s.plan === "now") return { plan: "now" as const };
  if (s.plan === "later") return { plan: "later" as const, at: s.at };
  return s.every === "week"
    ? { plan: "recurring" as const, every: "week" as const, weekday: s.weekday, time: s.time }
    : { plan: "recurring" as const, every: "month" as const, dayOfMonth: s.dayOfMonth, time: s.time };
}
