/**
 * The root loader applies the access guard (access/guard.ts) before any page renders:
 * anonymous pages pass, token pages are checked, everyone else gets a session (silent renewal
 * or sign-in), the current user is (re)loaded at most once per second, then the signed-in
 * rules (signup status, locked dashboard, the root page) decide.
 */
import { createOperationDescriptor, fetchQuery, getRequest, type Environment } from "relay-runtime";
import { redirect, type LoaderFunction } from "react-router-dom";
import { t } from "@lingui/core/macro";
import type { AppShellQuery as AppShellQueryType, AppShellQuery$data } from "../__generated__/AppShellQuery.graphql";
import { decideAfterLogin, decideBeforeLogin, type GuardViewer } from "../access/guard";
import type { Session } from "../auth/session";
import { activateProfileLocale } from "../i18n/i18n";
import { findRouteMeta } from "../routes";
import { AppShellQuery, type RootLoaderData } from "../shell/AppShell";
import { throttleAsync } from "../util/throttle";
import { toasts } from "../shell/toastStore";

export const USER_RELOAD_INTERVAL_MS = 1000;

type Viewer = NonNullable<AppShellQuery$data["viewer"]>;

export function toGuardViewer(viewer: Viewer): GuardViewer {
  return {
    // An impersonating system admin stays exempt from the dashboard lock (spec 000 §6).
    systemAdmin: viewer.user.systemAdmin || viewer.isImpersonating,
    viewerOnly: viewer.viewerOnly,
    dashboardLocked: viewer.subscriptionStatus.dashboardLocked,
    analyzedResponses: viewer.onboarding.analyzedResponses,
    signupStatus: viewer.user.signupStatus.status as GuardViewer["signupStatus"],
    signupToken: viewer.user.signupStatus.token ?? null,
  };
}

export function createViewerLoader(environment: Environment) {
  // The shell's query stays retained for the life of the page.
  environment.retain(createOperationDescriptor(getRequest(AppShellQuery), {}));
  return throttleAsync(
    () => fetchQuery<AppShellQueryType>(environment, AppShellQuery, {}, { fetchPolicy: "network-only" }).toPromise(),
    USER_RELOAD_INTERVAL_MS,
  );
}

/** Never settles: the page is on its way to the identity provider. */
const leaving = () => new Promise<never>(() => {});

export function createRootLoader(deps: { session: Session; environment: Environment }): LoaderFunction {
  const loadViewer = createViewerLoader(deps.environment);
  return async ({ request }): Promise<RootLoaderData | Response> => {
    const url = new URL(request.url);
    const meta = findRouteMeta(url.pathname);
    const before = decideBeforeLogin({ access: meta.access, search: url.search });
    if (before.kind === "redirect") return redirect(before.to);
    if (before.kind === "anonymous") return { signedIn: false };

    const returnPath = `${url.pathname}${url.search}`;
    if (!(await deps.session.ensureSignedIn(returnPath))) return leaving();

    const data = await loadViewer();
    const viewer = data?.viewer;
    if (!viewer) {
      // The API does not know this token: start over at the identity provider.
      loadViewer.reset();
      await deps.session.restartSignIn(returnPath);
      return leaving();
    }
    await activateProfileLocale(viewer.user.locale);
    const after = decideAfterLogin({ pathname: url.pathname, viewer: toGuardViewer(viewer), systemAdminOnly: meta.systemAdminOnly });
    if (after.kind === "redirect") {
      if (after.refused === "systemAdminOnly") toasts.error(t`No access: the super-admin area is only for system admins`);
      return redirect(after.to);
    }
    return { signedIn: true };
  };
}
