import { Trans, useLingui } from "@lingui/react/macro";
import { BellIcon, ChartIcon, HelpIcon, HomeIcon, type Icon, JourneyIcon, LinkIcon, LogoutIcon, SettingsIcon, ShieldIcon, SurveyIcon } from "../ui/icons";
import type { MenuKey } from "../routes";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link, NavLink } from "react-router-dom";
import type { Menu_viewer$key } from "../__generated__/Menu_viewer.graphql";
import { KNOWLEDGE_BASE_FALLBACK } from "../config/clientConfig";
import { getServices } from "../services";
import { buildMenu, MENU_COLLAPSED_KEY, showOnboardingProgress } from "./menu";
import { OrganizationSwitcher } from "./OrganizationSwitcher";
import { useRouteMeta } from "./routeMeta";

function readCollapsed(): boolean {
  try {
    return window.localStorage.getItem(MENU_COLLAPSED_KEY) === "true";
  } catch {
    return false;
  }
}

export function Menu({ viewer }: { viewer: Menu_viewer$key }) {
  const { t, i18n } = useLingui();
  const data = useFragment(
    graphql`
      fragment Menu_viewer on Viewer {
        isImpersonating
        user {
          displayName
          email
          systemAdmin
        }
        subscriptionStatus {
          dashboardLocked
        }
        currentOrganization {
          segment
        }
        onboarding {
          progress
        }
        ...OrganizationSwitcher_viewer
      }
    `,
    viewer,
  );
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const active = useRouteMeta()?.menu;
  // An impersonating system admin keeps the super-admin menu and the lock exemption (spec 000 §6).
  const groups = buildMenu({
    systemAdmin: data.user.systemAdmin || data.isImpersonating,
    dashboardLocked: data.subscriptionStatus.dashboardLocked,
  });
  const progress = data.onboarding.progress;
  const showProgress = showOnboardingProgress(data.currentOrganization?.segment, progress);
  let knowledgeBase = KNOWLEDGE_BASE_FALLBACK;
  try {
    knowledgeBase = getServices().config.knowledgeBaseUrl ?? KNOWLEDGE_BASE_FALLBACK;
  } catch {
    // services not initialised (tests)
  }

  const toggle = () => {
    setCollapsed((value) => {
      const next = !value;
      try {
        window.localStorage.setItem(MENU_COLLAPSED_KEY, String(next));
      } catch {
        // private mode: not remembered
      }
      return next;
    });
  };

  return (
    <nav className={`menu${collapsed ? " menu--collapsed" : ""}`} aria-label={t`Main menu`} id="main-menu">
      <div className="menu__top">
        <Link to="/summary" className="menu__brand">
          <span aria-hidden="true" className="menu__logo">
            ◎
          </span>
          <span className="menu__brand-text">
            <Trans>Feedback</Trans>
          </span>
        </Link>
        <button
          type="button"
          className="menu__toggle"
          aria-expanded={!collapsed}
          aria-controls="main-menu-content"
          onClick={toggle}
          title={collapsed ? t`Expand menu` : t`Collapse menu`}
        >
          <span aria-hidden="true">{collapsed ? "»" : "«"}</span>
          <span className="visually-hidden">{collapsed ? t`Expand menu` : t`Collapse menu`}</span>
        </button>
      </div>
      {/* Collapsed, the items show their icons; their names stay for screen readers and as tooltips. */}
      <div className="menu__content" id="main-menu-content">
        {groups.map((group) => (
          <div className="menu__group" key={group.key} role="group" aria-label={group.label ? i18n._(group.label) : undefined}>
            {group.label ? (
              <p className="menu__heading" aria-hidden="true">
                {i18n._(group.label)}
              </p>
            ) : null}
            <ul className="menu__list">
              {group.items.map((item) => (
                <li key={item.key}>
                  {item.disabled ? (
                    <a className="menu__link is-disabled" aria-disabled="true" role="link" title={collapsed ? i18n._(item.label) : undefined}>
                      <MenuItemIcon item={item.key} />
                      <span className="menu__label">{i18n._(item.label)}</span>
                    </a>
                  ) : (
                    <NavLink
                      to={item.to}
                      className={`menu__link${active === item.key ? " is-active" : ""}`}
                      aria-current={active === item.key ? "page" : undefined}
                      title={collapsed ? i18n._(item.label) : undefined}
                    >
                      <MenuItemIcon item={item.key} />
                      <span className="menu__label">{i18n._(item.label)}</span>
                    </NavLink>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="menu__footer">
          <OrganizationSwitcher viewer={data} />
          <Link to={showProgress ? "/getting-started" : "/settings/user"} className="menu__profile">
            <span className="menu__avatar" aria-hidden="true">
              {(data.user.displayName || data.user.email).slice(0, 1).toUpperCase()}
            </span>
            <span className="menu__profile-name">{data.user.displayName || data.user.email}</span>
            {showProgress ? (
              <span className="menu__progress" aria-label={t`Getting started ${progress}% done`}>
                {progress}%
              </span>
            ) : null}
          </Link>
          <a
            className="menu__link menu__link--external"
            href={knowledgeBase}
            target="_blank"
            rel="noreferrer"
            title={collapsed ? t`Knowledge base` : undefined}
          >
            <HelpIcon className="menu__icon" />
            <span className="menu__label">
              <Trans>Knowledge base</Trans>
            </span>
            <span className="visually-hidden">
              {" "}
              <Trans>(opens in a new tab)</Trans>
            </span>
          </a>
          <button
            type="button"
            className="menu__link menu__logout"
            onClick={() => void getServices().session.logout({ impersonating: data.isImpersonating })}
            title={collapsed ? t`Log out` : undefined}
          >
            <LogoutIcon className="menu__icon" />
            <span className="menu__label">
              <Trans>Log out</Trans>
            </span>
          </button>
        </div>
      </div>
    </nav>
  );
}

const menuIcons: Record<MenuKey, Icon> = {
  summary: HomeIcon,
  surveys: SurveyIcon,
  touchpoints: LinkIcon,
  results: ChartIcon,
  customerJourney: JourneyIcon,
  notifications: BellIcon,
  superadmin: ShieldIcon,
  settings: SettingsIcon,
};

function MenuItemIcon({ item }: { item: MenuKey }) {
  const ItemIcon = menuIcons[item];
  return <ItemIcon className="menu__icon" />;
}
