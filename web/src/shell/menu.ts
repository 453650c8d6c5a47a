/**
 * The menu's content and its hiding and disabling rules (spec 000 §2, §4) as pure functions.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { hasQueryToken } from "../access/queryFlags";
import { findRouteMeta, type MenuKey } from "../routes";

export interface MenuFacts {
  systemAdmin: boolean;
  dashboardLocked: boolean;
}

export interface MenuEntry {
  key: MenuKey;
  label: MessageDescriptor;
  to: string;
  disabled: boolean;
}

export interface MenuGroup {
  key: "summary" | "collect" | "analyze" | "takeAction" | "superadmin" | "settings";
  /** Group heading; single-item groups have none. */
  label?: MessageDescriptor;
  items: MenuEntry[];
}

/** The menu is hidden on the components, root, callback, signup and verify-email pages and with a query token. */
export function isMenuHidden(pathname: string, search: string): boolean {
  return hasQueryToken(search) || findRouteMeta(pathname).hideMenu;
}

/** A locked dashboard disables every item but settings, except for system admins (who are exempt). */
export function isMenuLocked(facts: MenuFacts): boolean {
  return facts.dashboardLocked && !facts.systemAdmin;
}

export function buildMenu(facts: MenuFacts): MenuGroup[] {
  const locked = isMenuLocked(facts);
  const entry = (key: MenuKey, label: MessageDescriptor, to: string): MenuEntry => ({
    key,
    label,
    to,
    disabled: locked && key !== "settings",
  });
  const groups: MenuGroup[] = [
    { key: "summary", items: [entry("summary", msg`Summary`, "/summary")] },
    {
      key: "collect",
      label: msg`Collect`,
      items: [entry("surveys", msg`Surveys`, "/surveys"), entry("touchpoints", msg`Touchpoints`, "/touchpoints")],
    },
    {
      key: "analyze",
      label: msg`Analyze`,
      items: [entry("results", msg`Results`, "/results"), entry("customerJourney", msg`Customer journey`, "/customer-journey")],
    },
    { key: "takeAction", label: msg`Take Action`, items: [entry("notifications", msg`Notifications`, "/notifications")] },
  ];
  if (facts.systemAdmin) groups.push({ key: "superadmin", items: [entry("superadmin", msg`Super admin`, "/superadmin")] });
  groups.push({ key: "settings", items: [entry("settings", msg`Settings`, "/settings")] });
  return groups;
}

/** The profile entry shows the onboarding percentage only for self-signup organisations below 100 %. */
export function showOnboardingProgress(segment: string | null | undefined, progress: number): boolean {
  return segment === "self-signup" && progress < 100;
}

export const MENU_COLLAPSED_KEY = "menuCollapsed";
