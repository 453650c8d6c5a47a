import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useEffect, useMemo, useRef } from "react";
import { graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import { Outlet, useLoaderData, useLocation } from "react-router-dom";
import type { AppShellQuery as AppShellQueryType } from "../__generated__/AppShellQuery.graphql";
import { LoadingOverlay } from "./LoadingOverlay";
import { Menu } from "./Menu";
import { isMenuHidden } from "./menu";
import { sendPageView, shouldSendPageView } from "./pageView";
import { useRouteMeta } from "./routeMeta";
import { Toasts } from "./Toasts";
import { TrialBanner } from "./TrialBanner";
import { Skeleton } from "../ui/Skeleton";

/**
 * The signed-in person in the current organisation: the guard reads the plain fields,
 * the menu and the trial banner read their own fragments.
 */
export const AppShellQuery = graphql`
  query AppShellQuery {
    viewer {
      viewerOnly
      isImpersonating
      countryCode
      user {
        id
        locale
        systemAdmin
        signupStatus {
          status
          token
        }
      }
      subscriptionStatus {
        dashboardLocked
      }
      onboarding {
        analyzedResponses
      }
      ...Menu_viewer
      ...TrialBanner_viewer
    }
  }
`;

/** The user's own record, pushed after every change so other tabs stay in sync. */
const userUpdatedSubscription = graphql`
  subscription AppShellUserUpdatedSubscription {
    userUpdated {
      id
      displayName
      email
      locale
      receiveDigest
      systemAdmin
    }
  }
`;

export interface RootLoaderData {
  signedIn: boolean;
}

function SignedInChrome() {
  const data = useLazyLoadQuery<AppShellQueryType>(AppShellQuery, {}, { fetchPolicy: "store-or-network" });
  const location = useLocation();
  const subscription = useMemo(() => ({ subscription: userUpdatedSubscription, variables: {}, onError: () => {} }), []);
  useSubscription(subscription);
  if (!data.viewer) return null;
  const hidden = isMenuHidden(location.pathname, location.search);
  return (
    <>
      {hidden ? null : <Menu viewer={data.viewer} />}
      {hidden ? null : <TrialBanner viewer={data.viewer} />}
    </>
  );
}

/** Title, page view and focus after every route change. */
function useRouteChangeEffects() {
  const location = useLocation();
  const meta = useRouteMeta();
  const { i18n } = useLingui();
  const first = useRef(true);
  const title = meta ? i18n._(meta.title) : "";
  useEffect(() => {
    document.title = title ? `${title} · Feedback` : "Feedback";
  }, [title]);
  useEffect(() => {
    if (shouldSendPageView({ componentPage: meta?.componentPage ?? false, search: location.search })) {
      sendPageView(location.pathname);
    }
    if (first.current) {
      first.current = false;
      return;
    }
    // Move focus to the new page so screen readers announce it.
    document.getElementById("main-content")?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);
}

export function AppShell() {
  const { signedIn } = (useLoaderData() as RootLoaderData | undefined) ?? { signedIn: false };
  useRouteChangeEffects();
  return (
    <div className="app">
      <a className="skip-link" href="#main-content">
        <Trans>Skip to content</Trans>
      </a>
      {signedIn ? (
        <Suspense fallback={null}>
          <SignedInChrome />
        </Suspense>
      ) : null}
      <main id="main-content" className="app__main" tabIndex={-1}>
        <Suspense
          fallback={
            <div className="page" aria-busy="true">
              <Skeleton label={<Trans>Loading…</Trans>} lines={6} />
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <Toasts />
      <LoadingOverlay />
    </div>
  );
}
