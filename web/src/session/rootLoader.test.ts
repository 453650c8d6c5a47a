import { describe, expect, it, vi } from "vitest";
import type { Session } from "../auth/session";
import { createTestEnvironment, viewerResponse, type ViewerFixture } from "../test/relay";
import { createRootLoader } from "./rootLoader";
import { toasts } from "../shell/toastStore";

function setup(opts: { signedIn?: boolean; viewer?: ViewerFixture | null } = {}) {
  const session = {
    ensureSignedIn: vi.fn(async () => opts.signedIn ?? true),
    restartSignIn: vi.fn(async () => {}),
  } as unknown as Session;
  const { environment, requests } = createTestEnvironment({
    AppShellQuery: () => (opts.viewer === null ? { data: { viewer: null } } : viewerResponse(opts.viewer ?? {})),
  });
  const loader = createRootLoader({ session, environment });
  const run = (path: string) => loader({ request: new Request(`http://app.test${path}`), params: {}, context: undefined } as never) as Promise<unknown>;
  return { run, session, requests };
}

const location = (result: unknown) => (result instanceof Response ? result.headers.get("Location") : null);
const settlesWithin = async (p: Promise<unknown>, ms = 50) => Promise.race([p.then(() => true), new Promise((r) => setTimeout(() => r(false), ms))]);

describe("root loader", () => {
  it("lets open pages through without a session", async () => {
    const { run, session } = setup();
    await expect(run("/unsubscribe?token=abcdefghijklmnop")).resolves.toEqual({ signedIn: false });
    expect(session.ensureSignedIn).not.toHaveBeenCalled();
  });

  it("lets token pages through and redirects other pages to /", async () => {
    const { run, session } = setup();
    await expect(run("/results?token=abcdefghijk")).resolves.toEqual({ signedIn: false });
    expect(location(await run("/summary?token=abcdefghijk"))).toBe("/");
    expect(session.ensureSignedIn).not.toHaveBeenCalled();
  });

  it("waits for the identity provider when there is no session", async () => {
    const { run, session, requests } = setup({ signedIn: false });
    expect(await settlesWithin(run("/summary?x=1"))).toBe(false);
    expect(session.ensureSignedIn).toHaveBeenCalledWith("/summary?x=1");
    expect(requests).toHaveLength(0);
  });

  it("loads the user with the bearer token and sends root onward", async () => {
    const { run, requests } = setup({ viewer: { analyzedResponses: false } });
    expect(location(await run("/"))).toBe("/getting-started");
    expect(requests[0]).toMatchObject({ name: "AppShellQuery", authorization: "Bearer test-token" });
  });

  it("reloads the user at most once per second", async () => {
    const { run, requests } = setup();
    await run("/summary");
    await run("/results");
    expect(requests).toHaveLength(1);
  });

  it("sends a locked dashboard to settings", async () => {
    const { run } = setup({ viewer: { dashboardLocked: true } });
    expect(location(await run("/summary"))).toBe("/settings");
    await expect(run("/settings/user")).resolves.toEqual({ signedIn: true });
  });

  it("guards the super-admin area: a member goes to / with the no-access toast, a system admin or impersonator enters", async () => {
    toasts.clear();
    const member = setup();
    expect(location(await member.run("/superadmin/reports"))).toBe("/");
    expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([["error", "No access: the super-admin area is only for system admins"]]);
    toasts.clear();
    await expect(setup({ viewer: { systemAdmin: true } }).run("/superadmin")).resolves.toEqual({ signedIn: true });
    await expect(setup({ viewer: { isImpersonating: true } }).run("/superadmin/reports")).resolves.toEqual({ signedIn: true });
    expect(toasts.list()).toEqual([]);
  });

  it("restarts the sign-in when the API does not know the user", async () => {
    const { run, session } = setup({ viewer: null });
    expect(await settlesWithin(run("/summary"))).toBe(false);
    expect(session.restartSignIn).toHaveBeenCalledWith("/summary");
  });
});
