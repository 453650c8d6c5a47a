/**
 * The route table of both specifications (000 §2, 001 §2) in one place.
 *
 * Every route carries its localised title, its access kind and its menu membership in
 * `handle` (children inherit access and menu from their parent unless they set their own),
 * so the guard, the menu, the page title and the tests all read the same data.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { ComponentType, ReactNode } from "react";
import { matchRoutes, Navigate, type LoaderFunction, type RouteObject, type ShouldRevalidateFunction } from "react-router-dom";
import { NotFoundPage } from "./shell/NotFoundPage";
import { PageError } from "./shell/RouteError";

/**
 * open: reachable without sign-in, with or without a query token.
 * tokenAllowed: reachable without sign-in when the address carries a query token; otherwise sign-in.
 * requiresLogin: sign-in needed; with a query token the guard sends the browser to "/".
 */
export type AccessKind = "open" | "tokenAllowed" | "requiresLogin";

export type MenuKey = "summary" | "surveys" | "touchpoints" | "results" | "customerJourney" | "notifications" | "superadmin" | "settings";

/** What a matched route tells the shell (the effective values, inheritance already applied). */
export interface RouteMeta {
  title: MessageDescriptor;
  access: AccessKind;
  menu?: MenuKey;
  /** The menu is hidden on this page (components, root, callback, signup, verify-email). */
  hideMenu: boolean;
  /** An internal component page: no page-view event when it carries a token. */
  componentPage: boolean;
  /** A named route (spec 001: CustomerJourneyBuilder.edit). */
  name?: string;
  /** Only for system admins (and impersonating users): the super-admin area. */
  systemAdminOnly: boolean;
  /** The full path pattern, e.g. "/customer-journey/analytics/:id". */
  pattern: string;
}

type Screen = () => Promise<{ default: ComponentType }>;

interface RouteDef {
  path?: string;
  index?: boolean;
  title?: MessageDescriptor;
  access?: AccessKind;
  menu?: MenuKey;
  hideMenu?: boolean;
  componentPage?: boolean;
  systemAdminOnly?: boolean;
  name?: string;
  /** Redirect target (relative to this route) instead of a screen. */
  redirect?: string;
  /** Lazily loaded screen; a route without children needs one (or a redirect). */
  screen?: Screen;
  children?: RouteDef[];
}

const settingsUser: Screen = () => import("./settings/SettingsUserPage");
const notificationStep: Screen = () => import("./notifications/NotificationEditorStep");

/** The children of "/", in the order of the specifications. */
export const routeDefs: RouteDef[] = [
  { index: true, title: msg`Loading`, hideMenu: true, screen: () => import("./shell/RootPage") },
  { path: "auth-callback", title: msg`Signing in`, access: "open", hideMenu: true, screen: () => import("./auth/AuthCallbackPage") },
  { path: "logout", title: msg`Signed out`, access: "open", hideMenu: true, screen: () => import("./auth/LogoutPage") },
  // Designed here (spec 000 §2 "login with forgot password"; embedded-mode outbox): docs/decisions.md
  { path: "forgot-password", title: msg`Forgot password`, access: "open", hideMenu: true, screen: () => import("./password-reset/ForgotPasswordPage") },
  { path: "reset-password", title: msg`Choose a new password`, access: "open", hideMenu: true, screen: () => import("./password-reset/ResetPasswordPage") },
  // The outbox shows everyone's reset and invitation links: signed-in system admins only (the API checks).
  { path: "outbox", title: msg`Outbox`, access: "requiresLogin", hideMenu: true, screen: () => import("./outbox/OutboxPage") },
  {
    path: "signup",
    title: msg`Sign up`,
    access: "open",
    hideMenu: true,
    children: [
      { index: true, title: msg`Sign up`, screen: () => import("./signup/SignupPage") },
      { path: "verify-email", title: msg`Verify your e-mail address`, screen: () => import("./signup/VerifyEmailPage") },
    ],
  },
  { path: "accept-invitation", title: msg`Accept invitation`, access: "tokenAllowed", screen: () => import("./invitations/AcceptInvitationPage") },
  { path: "unsubscribe", title: msg`Unsubscribe`, access: "open", hideMenu: true, screen: () => import("./campaigns/unsubscribe/UnsubscribePage") },
  { path: "expired", title: msg`Account status`, screen: () => import("./shell/ExpiredPage") },
  { path: "getting-started", title: msg`Getting started`, screen: () => import("./onboarding/GettingStartedPage") },
  {
    path: "settings",
    title: msg`Settings`,
    menu: "settings",
    // The sub-navigation of every settings page (shown by the rights each page needs).
    screen: () => import("./settings/SettingsLayout"),
    children: [
      { index: true, redirect: "user" },
      { path: "user", title: msg`User profile`, screen: settingsUser },
      { path: "teams", title: msg`Structure and teams`, screen: () => import("./teams/TeamsPage") },
      {
        path: "user-management",
        title: msg`User management`,
        children: [
          { index: true, title: msg`User management`, screen: () => import("./user-management/UserManagementPage") },
          { path: ":userId", title: msg`User`, screen: () => import("./user-management/UserDetailPage") },
          {
            path: "invites",
            title: msg`Pending invites`,
            children: [
              { index: true, title: msg`Pending invites`, screen: () => import("./invitations/InvitesPage") },
              { path: ":inviteId", title: msg`Invite`, screen: () => import("./invitations/InviteDetailPage") },
            ],
          },
        ],
      },
      { path: "privacy-policy", title: msg`Privacy policy`, screen: () => import("./organization/PrivacyPolicyPage") },
      { path: "survey-appearance", title: msg`Survey appearance`, screen: () => import("./organization/SurveyAppearancePage") },
      { path: "satisfaction-scale", title: msg`Satisfaction scale`, screen: () => import("./organization/SatisfactionScalePage") },
      { path: "logo", title: msg`Logo`, screen: () => import("./organization/LogoPage") },
      { path: "time-zone", title: msg`Time zone`, screen: () => import("./organization/TimeZonePage") },
      { path: "billing-details", title: msg`Billing details`, screen: () => import("./billing/BillingDetailsPage") },
      {
        path: "billing-history",
        title: msg`Billing history`,
        children: [
          { index: true, title: msg`Billing history`, screen: () => import("./billing/BillingHistoryPage") },
          // Designed here (spec 000 §2 names "the invoice PDF" among the token pages): docs/web-shell.md
          { path: ":invoiceId/pdf", title: msg`Invoice PDF`, access: "tokenAllowed", screen: () => import("./billing/InvoicePdfPage") },
        ],
      },
      { path: "subscription", title: msg`Subscription`, screen: () => import("./billing/SubscriptionPage") },
      // Designed here (spec 000 names "SMS balance top-up and history" without a route): docs/superadmin.md
      { path: "sms-history", title: msg`SMS balance and history`, screen: () => import("./superadmin/SmsHistoryPage") },
    ],
  },
  {
    path: "superadmin",
    title: msg`Super admin`,
    menu: "superadmin",
    systemAdminOnly: true,
    children: [
      { index: true, title: msg`Super admin`, screen: () => import("./superadmin/OrganizationsPage") },
      { path: ":id/edit", title: msg`Edit organisation`, screen: () => import("./superadmin/OrganizationEditPage") },
      { path: ":id/sms-costs", title: msg`SMS costs`, screen: () => import("./superadmin/SmsCostsPage") },
      {
        path: ":organizationId/user-management",
        title: msg`Organisation users`,
        children: [
          { index: true, title: msg`Organisation users`, screen: () => import("./superadmin/OrganizationUsersPage") },
          { path: ":userId", title: msg`User`, screen: () => import("./superadmin/OrganizationUserPage") },
          {
            path: "invites",
            title: msg`Organisation invites`,
            children: [
              { index: true, title: msg`Organisation invites`, screen: () => import("./superadmin/OrganizationInvitesPage") },
              { path: ":inviteId", title: msg`Invite`, screen: () => import("./superadmin/OrganizationInvitePage") },
            ],
          },
        ],
      },
      { path: "reports", title: msg`Reports`, screen: () => import("./superadmin/ReportsPage") },
      { path: "sms-reports", title: msg`SMS reports`, screen: () => import("./superadmin/SmsReportsPage") },
    ],
  },
  { path: "pings", title: msg`Touchpoint pings`, screen: () => import("./touchpoints/PingsPage") },
  { path: "components", title: msg`Components`, access: "open", hideMenu: true, componentPage: true, screen: () => import("./gallery/ComponentsPage") },
  { path: "scaffold-2", title: msg`Page scaffold`, hideMenu: true, componentPage: true, screen: () => import("./gallery/ScaffoldPage") },

  // Spec 001 §2
  { path: "summary", title: msg`Summary`, menu: "summary", screen: () => import("./summary/SummaryPage") },
  {
    path: "surveys",
    title: msg`Surveys`,
    menu: "surveys",
    children: [
      { index: true, redirect: "list" },
      { path: "list", title: msg`Surveys`, screen: () => import("./surveys/list/SurveyListPage") },
      { path: "scheduled", title: msg`Scheduled surveys`, screen: () => import("./campaigns/launch/ScheduledLaunchesPage") },
      // ":id" may be "new": an unsaved survey, created on its first save (docs/survey-editor.md).
      { path: ":id/edit", title: msg`Edit survey`, screen: () => import("./surveys/editor/SurveyEditorPage") },
      { path: ":id/preview", title: msg`Survey preview`, screen: () => import("./surveys/preview/SurveyPreviewPage") },
      { path: "templates", title: msg`Survey templates`, screen: () => import("./surveys/templates/SurveyTemplatesPage") },
    ],
  },
  { path: "results", title: msg`Results`, menu: "results", access: "tokenAllowed", screen: () => import("./results/ResultsPage") },
  {
    path: "notifications",
    title: msg`Notifications`,
    menu: "notifications",
    children: [
      { index: true, redirect: "list" },
      { path: "list", title: msg`Notification rules`, screen: () => import("./notifications/NotificationListPage") },
      {
        // ":id" may be "new": a rule not yet saved, created on its first save (docs/notifications.md).
        path: ":id",
        title: msg`Notification rule`,
        screen: () => import("./notifications/NotificationEditorLayout"),
        children: [
          { index: true, redirect: "preliminary" },
          { path: "preliminary", title: msg`Notification rule: basics`, screen: notificationStep },
          { path: "conditions", title: msg`Notification rule: conditions`, screen: notificationStep },
          {
            path: "activate",
            title: msg`Notification rule: activation`,
            children: [
              { index: true, title: msg`Notification rule: activation`, screen: notificationStep },
              { path: "success", title: msg`Notification rule activated`, screen: notificationStep },
            ],
          },
        ],
      },
    ],
  },
  { path: "launch-website", title: msg`Web widget activation`, menu: "touchpoints", screen: () => import("./touchpoints/WebsiteActivationPage") },
  { path: "website/:channelId/edit", title: msg`Web widget activation`, menu: "touchpoints", screen: () => import("./touchpoints/WebsiteActivationPage") },
  {
    path: "customer-journey",
    title: msg`Customer journey`,
    menu: "customerJourney",
    children: [
      { index: true, redirect: "list" },
      { path: "list", title: msg`Customer journeys`, screen: () => import("./journeys/JourneyListPage") },
      { path: "new", title: msg`New customer journey`, screen: () => import("./journeys/JourneyEditPage") },
      { path: ":id", title: msg`Edit customer journey`, name: "CustomerJourneyBuilder.edit", screen: () => import("./journeys/JourneyEditPage") },
      {
        path: "analytics/:id",
        title: msg`Customer journey analytics`,
        access: "tokenAllowed",
        screen: () => import("./journeys/JourneyAnalyticsPage"),
      },
    ],
  },
  {
    path: "touchpoints",
    title: msg`Touchpoints`,
    menu: "touchpoints",
    children: [
      { index: true, title: msg`Touchpoints`, screen: () => import("./touchpoints/TouchpointsPage") },
      { path: "terminals", title: msg`Terminals`, screen: () => import("./touchpoints/TerminalsPage") },
      { path: "terminals/:id/edit", title: msg`Edit terminal`, screen: () => import("./touchpoints/TerminalEditPage") },
      { path: "terminals/new", title: msg`New terminal`, screen: () => import("./touchpoints/TerminalEditPage") },
      { path: "link-qr", title: msg`Links and QR codes`, screen: () => import("./touchpoints/LinkQrPage") },
      { path: "link-qr/:id/edit", title: msg`Edit link or QR code`, screen: () => import("./touchpoints/LinkQrEditPage") },
      { path: "link-qr/new", title: msg`New link or QR code`, screen: () => import("./touchpoints/LinkQrEditPage") },
      { path: "website", title: msg`Web widgets`, screen: () => import("./touchpoints/WebsitesPage") },
      { path: "contactLists", title: msg`Contact lists`, screen: () => import("./campaigns/contacts/ContactListsPage") },
      { path: "contactLists/new", title: msg`New contact list`, screen: () => import("./campaigns/contacts/ContactListEditPage") },
      { path: "contactLists/:id/edit", title: msg`Edit contact list`, screen: () => import("./campaigns/contacts/ContactListEditPage") },
      { path: "contactLists/:id/pagination", title: msg`Contact list messages`, screen: () => import("./campaigns/contacts/ContactListContactsPage") },
      { path: "contactLists/blockList", title: msg`Block list`, screen: () => import("./campaigns/contacts/BlockListPage") },
      { path: "sms-text", title: msg`SMS message text`, screen: () => import("./campaigns/templates/SmsTextsPage") },
      // Designed here (spec 001 names no screen for email templates outside the wizard): docs/campaigns.md
      { path: "email-templates", title: msg`Email templates`, screen: () => import("./campaigns/templates/EmailTemplatesPage") },
      { path: "emails", title: msg`Email campaigns`, screen: () => import("./campaigns/sending/EmailCampaignsPage") },
      { path: "sms", title: msg`SMS campaigns`, screen: () => import("./campaigns/sending/SmsCampaignsPage") },
      // Designed here (spec 001 §1, §2 "legacy plugins" in the touchpoint lists, no route named): docs/touchpoints.md
      { path: "legacy-plugins", title: msg`Legacy web plugins`, screen: () => import("./touchpoints/LegacyPluginsPage") },
    ],
  },
  {
    path: "launch-survey/:id",
    title: msg`Launch survey`,
    menu: "surveys",
    screen: () => import("./campaigns/launch/LaunchWizardLayout"),
    children: [
      { index: true, redirect: "channel-select" },
      { path: "channel-select", title: msg`Launch survey: touchpoints`, screen: () => import("./campaigns/launch/LaunchWizardStep") },
      { path: "email", title: msg`Launch survey: email campaign`, screen: () => import("./campaigns/launch/LaunchWizardStep") },
      { path: "sms", title: msg`Launch survey: SMS campaign`, screen: () => import("./campaigns/launch/LaunchWizardStep") },
      { path: "schedule", title: msg`Launch survey: schedule`, screen: () => import("./campaigns/launch/LaunchWizardStep") },
      { path: "confirmation", title: msg`Launch survey: confirmation`, screen: () => import("./campaigns/launch/LaunchWizardStep") },
      { path: "launched", title: msg`Survey launched`, screen: () => import("./campaigns/launch/LaunchWizardStep") },
    ],
  },
  // The menu's knowledge-base link without KNOWLEDGE_BASE_URL (web/src/config/clientConfig.ts).
  { path: "docs/knowledge-base", title: msg`Knowledge base`, screen: () => import("./help/KnowledgeBasePage") },
  { path: "*", title: msg`Page not found` },
];

const rootMeta: RouteMeta = {
  title: msg`Loading`,
  access: "requiresLogin",
  hideMenu: false,
  componentPage: false,
  systemAdminOnly: false,
  pattern: "/",
};

function joinPattern(parent: string, path: string | undefined): string {
  if (!path) return parent;
  return parent.endsWith("/") ? `${parent}${path}` : `${parent}/${path}`;
}

function toRouteObject(def: RouteDef, parent: RouteMeta): RouteObject {
  const meta: RouteMeta = {
    title: def.title ?? parent.title,
    access: def.access ?? parent.access,
    menu: def.menu ?? parent.menu,
    hideMenu: def.hideMenu ?? parent.hideMenu,
    componentPage: def.componentPage ?? parent.componentPage,
    systemAdminOnly: def.systemAdminOnly ?? parent.systemAdminOnly,
    name: def.name,
    pattern: joinPattern(parent.pattern, def.path),
  };
  const handle = { meta };
  const screen = def.screen;
  let content: Pick<RouteObject, "element" | "lazy"> = {};
  if (def.redirect !== undefined) content = { element: <Navigate to={def.redirect} replace /> };
  else if (screen) content = { lazy: async () => ({ Component: (await screen()).default }) };
  else if (def.path === "*") content = { element: <NotFoundPage /> };
  else if (!def.children) throw new Error(`The route ${meta.pattern} has no screen`);

  // A page that throws shows its error in place (PageError), inside the shell and its layout.
  const errorElement = <PageError />;
  if (def.index) return { index: true, handle, errorElement, ...content };
  return {
    path: def.path,
    handle,
    errorElement,
    ...content,
    children: def.children?.map((child) => toRouteObject(child, meta)),
  };
}

export interface ShellOptions {
  shell?: ReactNode;
  loader?: LoaderFunction;
  shouldRevalidate?: ShouldRevalidateFunction;
  errorElement?: ReactNode;
  hydrateFallback?: ReactNode;
}

/** The router's route objects: one root layout ("/") whose children are the route table. */
export function buildRoutes(options: ShellOptions = {}): RouteObject[] {
  return [
    {
      id: "root",
      path: "/",
      element: options.shell,
      loader: options.loader,
      shouldRevalidate: options.shouldRevalidate,
      errorElement: options.errorElement,
      hydrateFallbackElement: options.hydrateFallback,
      handle: { meta: rootMeta },
      children: routeDefs.map((def) => toRouteObject(def, rootMeta)),
    },
  ];
}

const matchableRoutes = buildRoutes();

/** The effective meta of the deepest route matching a path (the catch-all when nothing else does). */
export function findRouteMeta(pathname: string): RouteMeta {
  const matches = matchRoutes(matchableRoutes, pathname);
  const last = matches?.[matches.length - 1];
  return (last?.route.handle as { meta: RouteMeta } | undefined)?.meta ?? rootMeta;
}

/** Every full path pattern the router knows (layout routes included). */
export function allRoutePatterns(): string[] {
  const out = new Set<string>();
  const walk = (routes: RouteObject[]) => {
    for (const route of routes) {
      const meta = (route.handle as { meta?: RouteMeta } | undefined)?.meta;
      if (meta) out.add(meta.pattern);
      if (route.children) walk(route.children);
    }
  };
  walk(matchableRoutes);
  return [...out];
}

/** Builds the address of a named route, e.g. pathFor("CustomerJourneyBuilder.edit", { id }). */
export function pathFor(name: string, params: Record<string, string>): string {
  const pattern = namedPatterns().get(name);
  if (!pattern) throw new Error(`Unknown route name ${name}`);
  return pattern.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing route parameter ${key} for ${name}`);
    return encodeURIComponent(value);
  });
}

function namedPatterns(): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (routes: RouteObject[]) => {
    for (const route of routes) {
      const meta = (route.handle as { meta?: RouteMeta } | undefined)?.meta;
      if (meta?.name) names.set(meta.name, meta.pattern);
      if (route.children) walk(route.children);
    }
  };
  walk(matchableRoutes);
  return names;
}
