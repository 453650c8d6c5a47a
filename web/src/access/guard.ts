/**
 * The access guard of spec 000 §2 and §4 as pure decisions, so every rule is testable
 * without a browser. The router's root loader (session/rootLoader.ts) applies them.
 */
import type { AccessKind } from "../routes";
import { hasQueryToken, isNoLogin } from "./queryFlags";

export type SignupStatusKind = "complete" | "emailVerification" | "detailsRequired";

/** The few facts about the signed-in person that the guard reads. */
export interface GuardViewer {
  systemAdmin: boolean;
  /** Every role the user holds is viewer. */
  viewerOnly: boolean;
  dashboardLocked: boolean;
  /** Onboarding step "analyzed responses" done. */
  analyzedResponses: boolean;
  signupStatus: SignupStatusKind;
  signupToken: string | null;
}

export type BeforeLogin =
  /** Render without signing in (open page, token page with a token, or noLogin=true). */
  | { kind: "anonymous" }
  | { kind: "redirect"; to: string }
  /** A session is needed: silent renewal when the logged-in flag is stored, else sign-in. */
  | { kind: "login" };

export function decideBeforeLogin(input: { access: AccessKind; search: string }): BeforeLogin {
  const { access, search } = input;
  // Open pages come first: unsubscribe and signup links carry their own tokens.
  if (access === "open") return { kind: "anonymous" };
  if (hasQueryToken(search)) {
    return access === "tokenAllowed" ? { kind: "anonymous" } : { kind: "redirect", to: "/" };
  }
  if (isNoLogin(search)) return { kind: "anonymous" };
  return { kind: "login" };
}

export type AfterLogin =
  | { kind: "allow" }
  /** `refused`: the page is not for this person (the loader says so in a toast before redirecting). */
  | { kind: "redirect"; to: string; refused?: "systemAdminOnly" };

/** Paths a locked dashboard still lets a non-system-admin reach. */
export function reachableWhenLocked(pathname: string): boolean {
  return pathname === "/settings" || pathname.startsWith("/settings/") || pathname === "/expired" || pathname === "/logout";
}

/** Where the loading page "/" sends a signed-in person. */
export function rootTarget(viewer: GuardViewer): string {
  if (viewer.dashboardLocked && !viewer.systemAdmin) return "/expired";
  if (viewer.viewerOnly) return "/summary";
  if (!viewer.analyzedResponses) return "/getting-started";
  return "/summary";
}

/** Signup status routing: emailVerification → verify page, detailsRequired with a token → signup form. */
export function signupTarget(viewer: GuardViewer): string | null {
  if (viewer.signupStatus === "emailVerification") return "/signup/verify-email";
  if (viewer.signupStatus === "detailsRequired" && viewer.signupToken) {
    return `/signup?token=${encodeURIComponent(viewer.signupToken)}`;
  }
  return null;
}

/**
 * `systemAdminOnly`: the route is the super-admin area (spec 000 §2 /superadmin, §6: system admins
 * and impersonating users). Anyone else is sent to the root page, which takes them where they
 * belong, with the no-access message (docs/web-shell.md).
 */
export function decideAfterLogin(input: { pathname: string; viewer: GuardViewer; systemAdminOnly?: boolean }): AfterLogin {
  const { pathname, viewer } = input;
  const signup = signupTarget(viewer);
  if (signup) return { kind: "redirect", to: signup };
  if (pathname === "/") return { kind: "redirect", to: rootTarget(viewer) };
  if (viewer.dashboardLocked && !viewer.systemAdmin && !reachableWhenLocked(pathname)) {
    return { kind: "redirect", to: "/settings" };
  }
  if (input.systemAdminOnly && !viewer.systemAdmin) return { kind: "redirect", to: "/", refused: "systemAdminOnly" };
  return { kind: "allow" };
}
