import type { User } from "oidc-client-ts";
import { describe, expect, it, vi } from "vitest";
import { createSession, LOGGED_IN_KEY, NOT_LOGGED_IN, type SessionUserManager } from "./session";

const user = (over: Partial<User> = {}) => ({ access_token: "at-1", expires_in: 300, state: undefined, ...over }) as User;

function setup(opts: { stored?: User | null; silent?: User | Error; flag?: boolean } = {}) {
  const storage = new Map<string, string>();
  if (opts.flag) storage.set(LOGGED_IN_KEY, "true");
  const calls: string[] = [];
  const um = {
    getUser: vi.fn(async () => opts.stored ?? null),
    signinSilent: vi.fn(async () => {
      if (opts.silent instanceof Error) throw opts.silent;
      return opts.silent ?? null;
    }),
    signinRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(async () => user({ state: { returnPath: "/results?x=1" } })),
    signinSilentCallback: vi.fn(async () => undefined),
    signoutRedirect: vi.fn(async () => {
      calls.push(`signout flag=${storage.get(LOGGED_IN_KEY) ?? "none"}`);
    }),
    removeUser: vi.fn(async () => {}),
  } as unknown as SessionUserManager & Record<string, ReturnType<typeof vi.fn>>;
  const clearImpersonation = vi.fn(async () => {
    calls.push("clearImpersonation");
  });
  const session = createSession({
    userManager: um,
    storage: {
      getItem: (k) => storage.get(k) ?? null,
      setItem: (k, v) => void storage.set(k, v),
      removeItem: (k) => void storage.delete(k),
    },
    clearImpersonation,
  });
  return { session, um, storage, calls, clearImpersonation };
}

describe("session", () => {
  it("uses a stored, valid user", async () => {
    const { session, um } = setup({ stored: user() });
    await expect(session.accessToken()).resolves.toBe("at-1");
    expect(um.signinSilent).not.toHaveBeenCalled();
  });

  it("renews silently only when the logged-in flag is stored", async () => {
    const withFlag = setup({ stored: user({ expires_in: 0 }), silent: user({ access_token: "at-2" }), flag: true });
    await expect(withFlag.session.accessToken()).resolves.toBe("at-2");
    const withoutFlag = setup({ stored: user({ expires_in: 0 }), silent: user({ access_token: "at-2" }) });
    await expect(withoutFlag.session.accessToken()).resolves.toBeNull();
    expect(withoutFlag.um.signinSilent).not.toHaveBeenCalled();
  });

  it("fails renewal with Not logged in without the flag", async () => {
    const { session } = setup();
    await expect(session.renew()).rejects.toThrow(NOT_LOGGED_IN);
  });

  it("starts the sign-in when renewal fails, keeping the return path", async () => {
    const { session, um } = setup({ flag: true, silent: new Error("login_required") });
    await expect(session.ensureSignedIn("/surveys/list")).resolves.toBe(false);
    expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnPath: "/surveys/list" } });
  });

  it("asks the identity provider for the interface's language", async () => {
    document.documentElement.lang = "fi";
    try {
      const { session, um } = setup({ flag: false });
      await session.ensureSignedIn("/settings/user");
      expect(um.signinRedirect).toHaveBeenCalledWith({ state: { returnPath: "/settings/user" }, ui_locales: "fi" });
    } finally {
      document.documentElement.lang = "";
    }
  });

  it("does not start the sign-in when signed in", async () => {
    const { session, um } = setup({ stored: user() });
    await expect(session.ensureSignedIn("/")).resolves.toBe(true);
    expect(um.signinRedirect).not.toHaveBeenCalled();
  });

  it("completes the sign-in: sets the flag and returns the stored path", async () => {
    const { session, storage } = setup();
    await expect(session.completeSignIn()).resolves.toBe("/results?x=1");
    expect(storage.get(LOGGED_IN_KEY)).toBe("true");
  });

  it("returns to / when the stored path is missing or foreign", async () => {
    const { session, um } = setup();
    (um.signinRedirectCallback as ReturnType<typeof vi.fn>).mockResolvedValueOnce(user({ state: { returnPath: "//evil.example" } }));
    await expect(session.completeSignIn()).resolves.toBe("/");
    (um.signinRedirectCallback as ReturnType<typeof vi.fn>).mockResolvedValueOnce(user());
    await expect(session.completeSignIn()).resolves.toBe("/");
  });

  it("logs out: impersonation cleared first, then the flag, then the redirect", async () => {
    const { session, calls, storage } = setup({ flag: true });
    await session.logout({ impersonating: true });
    expect(calls).toEqual(["clearImpersonation", "signout flag=none"]);
    expect(storage.has(LOGGED_IN_KEY)).toBe(false);
  });

  it("logs out without the impersonation call when there is none (it would answer 404)", async () => {
    const { session, calls } = setup({ flag: true });
    await session.logout();
    expect(calls).toEqual(["signout flag=none"]);
  });

  it("logs out even when clearing impersonation fails", async () => {
    const { session, clearImpersonation, um } = setup({ flag: true });
    clearImpersonation.mockRejectedValueOnce(new Error("down"));
    await session.logout({ impersonating: true });
    expect(um.signoutRedirect).toHaveBeenCalled();
  });
});
