/**
 * Sign-in session rules (spec 000 §2, §4, §8):
 * - silent renewal is attempted only when the logged-in flag (localStorage "loggedIn") is set;
 *   otherwise renewal fails with "Not logged in" and the sign-in at the provider starts;
 * - /auth-callback completes the sign-in, sets the flag and returns to the stored path or "/";
 * - logout clears an impersonation first (only when there is one), then the flag, then redirects to the provider.
 */
import { UserManager, WebStorageStateStore, type User } from "oidc-client-ts";
import type { ClientConfig } from "../config/clientConfig";

export const LOGGED_IN_KEY = "loggedIn";
export const NOT_LOGGED_IN = "Not logged in";

export class NotLoggedInError extends Error {
  constructor() {
    super(NOT_LOGGED_IN);
    this.name = "NotLoggedInError";
  }
}

/** The part of oidc-client-ts' UserManager the session uses (a fake stands in for it in tests). */
export type SessionUserManager = Pick<
  UserManager,
  "getUser" | "signinSilent" | "signinRedirect" | "signinRedirectCallback" | "signinSilentCallback" | "signoutRedirect" | "removeUser"
>;

export interface SessionDeps {
  userManager: SessionUserManager;
  storage: Pick<Storage, "getItem" | "setItem" | "removeItem">;
  /** DELETE /api/v5/user/impersonate; a 404 (nothing to clear) must resolve. */
  clearImpersonation: () => Promise<void>;
}

interface SigninState {
  returnPath?: string;
}

/** Seconds before expiry at which a token is renewed rather than sent. */
const RENEW_MARGIN_S = 10;

export function createSession(deps: SessionDeps) {
  const { userManager, storage } = deps;
  let renewing: Promise<User> | null = null;

  const isFlagSet = () => storage.getItem(LOGGED_IN_KEY) === "true";

  function renew(): Promise<User> {
    if (!isFlagSet()) return Promise.reject(new NotLoggedInError());
    renewing ??= userManager
      .signinSilent()
      .then((user) => {
        if (!user) throw new NotLoggedInError();
        return user;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  async function validUser(): Promise<User | null> {
    const user = await userManager.getUser();
    if (user && (user.expires_in === undefined || user.expires_in > RENEW_MARGIN_S)) return user;
    try {
      return await renew();
    } catch {
      return null;
    }
  }

  return {
    isLoggedInFlagSet: isFlagSet,
    renew,
    /** The access token to send, renewing silently when needed; null when not signed in. */
    async accessToken(): Promise<string | null> {
      return (await validUser())?.access_token ?? null;
    },
    /** True when a valid session exists; otherwise starts the sign-in redirect and returns false. */
    async ensureSignedIn(returnPath: string): Promise<boolean> {
      if (await validUser()) return true;
      await userManager.signinRedirect({ state: { returnPath } satisfies SigninState, ...signInLanguage() });
      return false;
    },
    /** The API refused the token: forget the stored user and sign in again. */
    async restartSignIn(returnPath: string): Promise<void> {
      await userManager.removeUser();
      await userManager.signinRedirect({ state: { returnPath } satisfies SigninState, ...signInLanguage() });
    },
    /** /auth-callback: completes the sign-in and tells where to go next. */
    async completeSignIn(): Promise<string> {
      const user = await userManager.signinRedirectCallback();
      storage.setItem(LOGGED_IN_KEY, "true");
      const returnPath = (user.state as SigninState | undefined)?.returnPath;
      return returnPath?.startsWith("/") && !returnPath.startsWith("//") ? returnPath : "/";
    },
    async completeSilentRenew(): Promise<void> {
      await userManager.signinSilentCallback();
    },
    /** `impersonating`: the session impersonates someone, which is cleared first (otherwise no call: it would answer 404). */
    async logout(opts: { impersonating?: boolean } = {}): Promise<void> {
      if (opts.impersonating) {
        try {
          await deps.clearImpersonation();
        } catch {
          // Logging out must not stop on a failed clear.
        }
      }
      storage.removeItem(LOGGED_IN_KEY);
      await userManager.signoutRedirect();
    },
  };
}

export type Session = ReturnType<typeof createSession>;

/** The sign-in page speaks the interface's language (the provider reads ui_locales). */
function signInLanguage(): { ui_locales?: string } {
  const lang = typeof document === "undefined" ? "" : document.documentElement.lang;
  return lang ? { ui_locales: lang } : {};
}

export function createUserManager(config: ClientConfig, origin: string): UserManager {
  return new UserManager({
    authority: config.oidcAuthority,
    client_id: config.oidcClientId,
    redirect_uri: `${origin}/auth-callback`,
    silent_redirect_uri: `${origin}/auth-callback`,
    post_logout_redirect_uri: `${origin}/logout`,
    response_type: "code",
    scope: "openid email profile offline_access",
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    // Renewal is driven by the session rules above (only with the logged-in flag).
    automaticSilentRenew: false,
  });
}
