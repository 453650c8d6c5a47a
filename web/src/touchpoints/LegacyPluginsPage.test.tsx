import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { noRights, surveys, units, websiteAnswer } from "../test/fixtures/touchpoints";

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 15_000 });

const settings = (over: Record<string, unknown> = {}) => ({
  domain: "shop.example.com",
  disabled: false,
  display: "popup",
  placement: "bottom-left",
  samplePercent: 50,
  urlRules: ["/checkout", "/cart"],
  urlMode: "single",
  excludeUrls: ["/admin"],
  showAfterVisitedPages: 2,
  showAfterSecondsOnSite: 30,
  showAfterSecondsOnPage: 5,
  scrollPercent: 40,
  exitIntent: true,
  hiddenAfterFeedbackForHours: 48,
  hiddenAfterClosedForHours: 24,
  ...over,
});

const plugin = (
  legacyId: string,
  name: string,
  over: { editRefusal?: string | null; settings?: Record<string, unknown>; unit?: (typeof units)[number] } = {},
) => ({
  id: `VG91Y2hwb2ludDo${legacyId}`,
  legacyId,
  name,
  unit: { id: (over.unit ?? units[0]!).id, name: (over.unit ?? units[0]!).name },
  activeSurveyLegacyId: surveys[1]!.legacyId,
  responseCount: 321,
  editRefusal: over.editRefusal ?? null,
  legacyPlugin: settings(over.settings),
});

const page = (nodes: unknown[], editableUnits = units, next: { endCursor: string; hasNextPage: boolean } | null = null) => ({
  data: {
    legacyPlugins: {
      edges: nodes.map((node, i) => ({ node, cursor: `c${i}` })),
      pageInfo: { endCursor: next?.endCursor ?? null, hasNextPage: next?.hasNextPage ?? false },
    },
    surveys: { edges: surveys.map((s) => ({ node: { id: s.id, legacyId: s.legacyId, name: s.name } })) },
    touchpointUnits: editableUnits.map((u) => ({ legacyId: u.legacyId })),
  },
});

describe("/touchpoints/legacy-plugins", () => {
  beforeEach(() => toasts.clear());

  it("lists each plugin with its team, survey, responses and settings", async () => {
    renderApp("/touchpoints/legacy-plugins", {
      AppShellQuery: () => viewerResponse(),
      LegacyPluginsPageQuery: () => page([plugin("ccccccccccccccccccccccc1", "Shop plugin")]),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Legacy web plugins" })).toBeTruthy();
    const card = screen.getByRole("article", { name: "Shop plugin" });
    expect(within(card).getByText("Team: Stores · Active survey: Web survey · Responses: 321")).toBeTruthy();
    const details = within(card).getByLabelText("Settings of Shop plugin");
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value("Domain")).toBe("shop.example.com");
    expect(value("State")).toBe("Active");
    expect(value("Display")).toBe("Pop-up");
    expect(value("Placement")).toBe("Bottom left");
    expect(value("Share of page loads that may show it")).toBe("50 %");
    expect(value("Shown on pages")).toBe("/checkout/cart");
    expect(value("Page rules")).toBe("The page shown matches one of the rules");
    expect(value("Never on pages")).toBe("/admin");
    expect(value("After visited pages")).toBe("2");
    expect(value("When leaving the page (exit intent)")).toBe("Yes");
    expect(value("Hidden after a response (hours)")).toBe("48");
    expect(within(card).getByRole("button", { name: "Upgrade Shop plugin to a website activation" })).toBeTruthy();
    // No plugin can be created any more.
    expect(screen.queryByRole("link", { name: /New/ })).toBeNull();
  });

  it("upgrades only after a confirmation that says it cannot be undone; cancel changes nothing", async () => {
    const upgrades: unknown[] = [];
    const { router } = renderApp("/touchpoints/legacy-plugins", {
      AppShellQuery: () => viewerResponse(),
      LegacyPluginsPageQuery: () => page([plugin("ccccccccccccccccccccccc1", "Shop plugin")]),
      LegacyPluginCardUpgradeMutation: (vars) => {
        upgrades.push(vars);
        return {
          data: {
            upgradeLegacyPlugin: {
              touchpoint: { id: "VG91Y2hwb2ludDpjY2M=", legacyId: "ccccccccccccccccccccccc1", type: "website", website: websiteAnswer({}), legacyPlugin: null },
            },
          },
        };
      },
    });
    const upgrade = await screen.findByRole("button", { name: "Upgrade Shop plugin to a website activation" });
    fireEvent.click(upgrade);
    let dialog = screen.getByRole("alertdialog", { name: "Upgrade Shop plugin to a website activation?" });
    expect(dialog.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(dialog).getByText(/This cannot be undone/)).toBeTruthy();
    // Keyboard: the focus starts on Cancel, and Escape cancels.
    expect(document.activeElement?.textContent).toBe("Cancel");
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(upgrades).toEqual([]);

    fireEvent.click(upgrade);
    dialog = screen.getByRole("alertdialog");
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Upgrade for good" }));
    });
    await waitFor(() => expect(upgrades).toEqual([{ input: { id: plugin("ccccccccccccccccccccccc1", "").id, domain: null } }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Upgraded to a website activation"));
    await waitFor(() => expect(router.state.location.pathname).toBe("/website/ccccccccccccccccccccccc1/edit"));
  });

  it("a plugin without a recorded site asks for the domain first and sends it", async () => {
    const upgrades: unknown[] = [];
    renderApp("/touchpoints/legacy-plugins", {
      AppShellQuery: () => viewerResponse(),
      LegacyPluginsPageQuery: () =>
        page([plugin("ccccccccccccccccccccccc2", "Old plugin", { settings: { domain: null, disabled: true, display: "embedded" } })]),
      LegacyPluginCardUpgradeMutation: (vars) => {
        upgrades.push(vars);
        return { errors: [{ message: "User has no rights to edit touchpoint", extensions: { code: "FORBIDDEN" } }] };
      },
    });
    const card = await screen.findByRole("article", { name: "Old plugin" });
    const details = within(card).getByLabelText("Settings of Old plugin");
    expect(within(details).getByText("Domain").nextElementSibling?.textContent).toBe("Not recorded");
    expect(within(details).getByText("State").nextElementSibling?.textContent).toBe("Disabled");
    expect(within(details).getByText("Display").nextElementSibling?.textContent).toBe("Embedded");
    const upgrade = within(card).getByRole("button", { name: "Upgrade Old plugin to a website activation" });
    fireEvent.click(upgrade);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    const domain = within(card).getByLabelText("Domain of the site the plugin runs on");
    expect(domain.getAttribute("aria-invalid")).toBe("true");
    expect(within(card).getByText("Give the domain of the site the plugin runs on")).toBeTruthy();
    fireEvent.change(domain, { target: { value: "not a domain" } });
    fireEvent.click(upgrade);
    expect(within(card).getByText("Invalid domain")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    fireEvent.change(domain, { target: { value: "Old.Example.org" } });
    fireEvent.click(upgrade);
    await act(async () => {
      fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Upgrade for good" }));
    });
    await waitFor(() => expect(upgrades).toEqual([{ input: { id: plugin("ccccccccccccccccccccccc2", "").id, domain: "old.example.org" } }]));
    // The server's refusal is shown and the page stays.
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("User has no rights to edit touchpoint"));
    expect(screen.getByRole("article", { name: "Old plugin" })).toBeTruthy();
  });

  it("a viewer sees the settings but no upgrade", async () => {
    renderApp("/touchpoints/legacy-plugins", {
      AppShellQuery: () => viewerResponse({ viewerOnly: true }),
      LegacyPluginsPageQuery: () => page([plugin("ccccccccccccccccccccccc1", "Shop plugin", { editRefusal: noRights })], []),
    });
    const card = await screen.findByRole("article", { name: "Shop plugin" });
    expect(within(card).getByLabelText("Settings of Shop plugin")).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /Upgrade/ })).toBeNull();
    expect(within(card).queryByLabelText("Domain of the site the plugin runs on")).toBeNull();
  });

  it("says when there are none", async () => {
    renderApp("/touchpoints/legacy-plugins", {
      AppShellQuery: () => viewerResponse(),
      LegacyPluginsPageQuery: () => page([]),
    });
    expect(await screen.findByText("No legacy web plugins.")).toBeTruthy();
  });

  it("shows the plugins a page at a time: the next page comes with the load-more button", async () => {
    const asked: Record<string, unknown>[] = [];
    renderApp("/touchpoints/legacy-plugins", {
      AppShellQuery: () => viewerResponse(),
      LegacyPluginsPageQuery: () => page([plugin("ccccccccccccccccccccccc1", "Shop plugin")], units, { endCursor: "page1", hasNextPage: true }),
      LegacyPluginsPageRefetchQuery: (vars) => {
        asked.push(vars);
        return {
          data: {
            legacyPlugins: {
              edges: [{ node: plugin("ccccccccccccccccccccccc2", "Blog plugin"), cursor: "c1" }],
              pageInfo: { endCursor: "page2", hasNextPage: false },
            },
          },
        };
      },
    });
    expect(await screen.findByRole("article", { name: "Shop plugin" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show more legacy web plugins" }));
    });
    expect(await screen.findByRole("article", { name: "Blog plugin" })).toBeTruthy();
    expect(screen.getByRole("article", { name: "Shop plugin" })).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ after: "page1", first: 50 })]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more legacy web plugins" })).toBeNull());
  });
});
