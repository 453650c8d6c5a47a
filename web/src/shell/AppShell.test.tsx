import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/renderApp";
import { viewerResponse, type ViewerFixture } from "../test/relay";
import { PAGE_VIEW_EVENT } from "./pageView";

vi.mock("../util/hardNavigate", () => ({ hardNavigate: vi.fn() }));

const shell = (path: string, viewer: ViewerFixture = {}, search?: string) => renderApp(path, { AppShellQuery: () => viewerResponse(viewer) }, { search });

describe("application shell", () => {
  afterEach(() => vi.clearAllMocks());

  it("shows the menu with the current item", async () => {
    shell("/notifications/list");
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(within(nav).getByRole("link", { name: "Notifications" }).getAttribute("aria-current")).toBe("page");
    expect(within(nav).getByRole("link", { name: "Summary" }).getAttribute("aria-current")).toBeNull();
    expect(screen.getByRole("link", { name: "Skip to content" }).getAttribute("href")).toBe("#main-content");
  });

  it("draws the page scaffold at /scaffold-2 (every route of the spec has its screen) and switches its states", async () => {
    shell("/scaffold-2");
    expect(await screen.findByRole("heading", { level: 1, name: "Page scaffold" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Edit Lobby terminal" })).toBeTruthy();
    screen.getByRole("radio", { name: "Empty" }).click();
    expect(await screen.findByRole("heading", { name: "Nothing here yet" })).toBeTruthy();
    screen.getByRole("radio", { name: "Loading" }).click();
    expect((await screen.findByText("Loading the list")).closest("[aria-busy='true']")).toBeTruthy();
    screen.getByRole("radio", { name: "Error" }).click();
    expect((await screen.findByRole("alert")).textContent).toContain("could not be loaded");
    expect(screen.queryByText(/not built yet/)).toBeNull();
  });

  it("disables everything but settings when the dashboard is locked", async () => {
    shell("/settings/teams", { dashboardLocked: true });
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(within(nav).getByRole("link", { name: "Settings" }).getAttribute("aria-disabled")).toBeNull();
    for (const name of ["Summary", "Surveys", "Touchpoints", "Results", "Customer journey", "Notifications"]) {
      expect(within(nav).getByRole("link", { name }).getAttribute("aria-disabled")).toBe("true");
    }
  });

  it("shows the super-admin item to system admins only", async () => {
    shell("/pings", { systemAdmin: true });
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(within(nav).getByRole("link", { name: "Super admin" })).toBeTruthy();
  });

  it("hides the menu on a token page", async () => {
    renderApp("/results?token=abcdefghijk", {});
    expect(await screen.findByRole("heading", { name: "Results" })).toBeTruthy();
    expect(screen.queryByRole("navigation")).toBeNull();
  });

  it("shows the trial banner with the upgrade link for billing admins", async () => {
    shell("/summary", { trialDaysLeft: 5, billingAdmin: true });
    expect(await screen.findByText("Your trial ends in 5 days.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/settings/subscription");
  });

  it("shows the trial banner without the link to others, and not at all without a trial", async () => {
    const first = shell("/summary", { trialDaysLeft: 0 });
    expect(await screen.findByText("Your trial ends today.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Upgrade" })).toBeNull();
    first.unmount();
    shell("/summary", { trialDaysLeft: null });
    await screen.findByRole("navigation", { name: "Main menu" });
    expect(screen.queryByText(/Your trial ends/)).toBeNull();
  });

  it("shows the onboarding percentage for self-signup below 100 %", async () => {
    shell("/summary", { segment: "self-signup", progress: 50 });
    expect(await screen.findByLabelText("Getting started 50% done")).toBeTruthy();
  });

  it("remembers the collapsed menu", async () => {
    const first = shell("/summary");
    const toggle = await screen.findByRole("button", { name: "Collapse menu" });
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(toggle);
    expect(window.localStorage.getItem("menuCollapsed")).toBe("true");
    first.unmount();
    shell("/summary");
    expect((await screen.findByRole("button", { name: "Expand menu" })).getAttribute("aria-expanded")).toBe("false");
  });

  it("changes organisation through the REST call and reloads /", async () => {
    const { rest } = shell("/summary");
    const select = await screen.findByLabelText("Organisation");
    await act(async () => {
      fireEvent.change(select, { target: { value: "65a1b2c3d4e5f60718293a4c" } });
    });
    expect(rest.request).toHaveBeenCalledWith(
      "/user/change-organization",
      expect.objectContaining({ method: "POST", body: { id: "65a1b2c3d4e5f60718293a4c" } }),
    );
    const { hardNavigate } = await import("../util/hardNavigate");
    await waitFor(() => expect(hardNavigate).toHaveBeenCalledWith("/"));
  });

  it("copes with no current organisation", async () => {
    shell("/summary", { noOrganization: true });
    const select = (await screen.findByLabelText("Organisation")) as HTMLSelectElement;
    expect(select.value).toBe("");
    expect(within(select).getByRole("option", { name: "Choose an organisation" })).toBeTruthy();
  });

  it("offers to stop impersonating", async () => {
    const { rest } = shell("/summary", { isImpersonating: true });
    const stop = await screen.findByRole("button", { name: "Stop impersonating" });
    await act(async () => {
      fireEvent.click(stop);
    });
    expect(rest.request).toHaveBeenCalledWith("/user/impersonate", expect.objectContaining({ method: "DELETE" }));
  });

  it("logs out through the session", async () => {
    const { session } = shell("/summary");
    fireEvent.click(await screen.findByRole("button", { name: "Log out" }));
    expect(session.logout).toHaveBeenCalled();
  });

  it("sends a page view after every route change and sets the title", async () => {
    const seen: string[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent<{ path: string }>).detail.path);
    window.addEventListener(PAGE_VIEW_EVENT, listener);
    const { router } = shell("/summary");
    await screen.findByRole("heading", { name: "Summary" });
    await act(async () => {
      await router.navigate("/results");
    });
    await screen.findByRole("heading", { name: "Results" });
    window.removeEventListener(PAGE_VIEW_EVENT, listener);
    expect(seen).toEqual(["/summary", "/results"]);
    expect(document.title).toBe("Results · Feedback");
  });

  it("sends root on to getting-started or summary", async () => {
    const { router } = shell("/", { analyzedResponses: false });
    await waitFor(() => expect(router.state.location.pathname).toBe("/getting-started"));
  });
});
