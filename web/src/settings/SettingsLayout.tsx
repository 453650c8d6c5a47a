// /settings/*: the settings pages with their sub-navigation. Each page is listed only for those with
// the rights it needs (docs/experience.md, docs/permissions.md).
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { NavLink, Outlet } from "react-router-dom";
import { type Rights, useRights } from "../access/rights";
import { Skeleton } from "../ui/Skeleton";
import "./settings.css";

export interface SettingsLink {
  to: string;
  label: MessageDescriptor;
  /** May this person use the page? */
  shown: (rights: Rights) => boolean;
  /** Only this address, not the pages under it. */
  end?: boolean;
}

const everyone = () => true;
const organizationAdmin = (r: Rights) => r.organizationAdmin;
/** Billing is read by organisation and billing admins (docs/permissions.md "Subscription and money"). */
const billingReader = (r: Rights) => r.organizationAdmin || r.billingAdmin;

export const settingsLinks: SettingsLink[] = [
  { to: "/settings/user", label: msg`User profile`, shown: everyone },
  { to: "/settings/teams", label: msg`Structure and teams`, shown: everyone },
  { to: "/settings/user-management", label: msg`User management`, shown: (r) => r.has("manageUsers"), end: true },
  { to: "/settings/user-management/invites", label: msg`Pending invites`, shown: (r) => r.has("manageUsers") },
  { to: "/settings/privacy-policy", label: msg`Privacy policy`, shown: organizationAdmin },
  { to: "/settings/survey-appearance", label: msg`Survey appearance`, shown: organizationAdmin },
  { to: "/settings/satisfaction-scale", label: msg`Satisfaction scale`, shown: organizationAdmin },
  { to: "/settings/logo", label: msg`Logo`, shown: organizationAdmin },
  { to: "/settings/time-zone", label: msg`Time zone`, shown: organizationAdmin },
  { to: "/settings/subscription", label: msg`Subscription`, shown: billingReader },
  { to: "/settings/billing-details", label: msg`Billing details`, shown: billingReader },
  { to: "/settings/billing-history", label: msg`Billing history`, shown: billingReader },
  { to: "/settings/sms-history", label: msg`SMS balance and history`, shown: billingReader },
  { to: "/pings", label: msg`Touchpoint pings`, shown: (r) => r.has("viewResults") },
  { to: "/touchpoints/contactLists", label: msg`Contact lists`, shown: (r) => r.has("manageContacts") },
];

/** The links this person sees. */
export function visibleSettingsLinks(rights: Rights): SettingsLink[] {
  return settingsLinks.filter((link) => link.shown(rights));
}

function SettingsNav() {
  const { t, i18n } = useLingui();
  const links = visibleSettingsLinks(useRights());
  return (
    <nav className="settings-nav" aria-label={t`Settings`}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} className="settings-nav__link">
              {i18n._(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export default function SettingsLayout() {
  const { t } = useLingui();
  return (
    <div className="settings-layout">
      <Suspense fallback={<Skeleton label={t`Loading…`} lines={1} />}>
        <SettingsNav />
      </Suspense>
      <div className="settings-layout__page">
        <Outlet />
      </div>
    </div>
  );
}
