import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { noRights, surveys, touchpoint, units } from "../test/fixtures/touchpoints";

vi.setConfig({ testTimeout: 40_000 });
// The first render compiles the lazy screen; with the suite running in parallel on two cores that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const row = (legacyId: string, type: string, name: string, extra: Record<string, unknown> = {}) => ({ ...touchpoint({ legacyId, type, name }), ...extra });
/** A connection page as the API answers it (one page, unless hasNextPage says more follow). */
const connection = (nodes: unknown[], page: { endCursor?: string; hasNextPage?: boolean } = {}) => ({
  edges: nodes.map((node, i) => ({ node, cursor: `c${i}` })),
  pageInfo: { endCursor: page.endCursor ?? null, hasNextPage: page.hasNextPage ?? false },
});
const surveyList = connection(surveys.map((s) => ({ id: s.id, legacyId: s.legacyId, name: s.name })));

describe("/touchpoints", () => {
  afterEach(() => vi.restoreAllMocks());

  it("groups the touchpoints by type with links to each list and to create one", async () => {
    renderApp("/touchpoints", {
      AppShellQuery: () => viewerResponse(),
      TouchpointsPageQuery: () => ({
        data: {
          touchpoints: connection([
            row("aaaaaaaaaaaaaaaaaaaaaa01", "terminal", "Lobby kiosk", { lastSeenAt: new Date().toISOString() }),
            row("aaaaaaaaaaaaaaaaaaaaaa02", "link", "Receipt link"),
            row("aaaaaaaaaaaaaaaaaaaaaa03", "qr", "Table tent", { activeSurveyLegacyId: null }),
            row("aaaaaaaaaaaaaaaaaaaaaa04", "website", "Shop widget", { editRefusal: noRights }),
          ]),
          surveys: surveyList,
          touchpointUnits: units.map((u) => ({ legacyId: u.legacyId })),
        },
      }),
    });
    const terminals = (await screen.findByRole("heading", { name: "Terminals (1)" })).closest("section")!;
    expect(within(terminals).getByRole("link", { name: "Lobby kiosk" }).getAttribute("href")).toBe("/touchpoints/terminals/aaaaaaaaaaaaaaaaaaaaaa01/edit");
    expect(within(terminals).getByText("Online")).toBeTruthy();
    expect(within(terminals).getByText("Store survey")).toBeTruthy();
    const links = screen.getByRole("heading", { name: "Links and QR codes (2)" }).closest("section")!;
    expect(within(links).getByText("QR code")).toBeTruthy();
    expect(within(links).getByText("No active survey")).toBeTruthy();
    expect(within(links).getByRole("link", { name: "New: Links and QR codes" }).getAttribute("href")).toBe("/touchpoints/link-qr/new");
    const widgets = screen.getByRole("heading", { name: "Web widgets (1)" }).closest("section")!;
    // Without rights: view, not edit or delete.
    expect(within(widgets).getByRole("link", { name: "View Shop widget" }).getAttribute("href")).toBe("/website/aaaaaaaaaaaaaaaaaaaaaa04/edit");
    expect(within(widgets).queryByRole("button", { name: "Delete Shop widget" })).toBeNull();
    expect(within(widgets).getByRole("link", { name: "New: Web widgets" }).getAttribute("href")).toBe("/launch-website");
    expect(screen.getByRole("heading", { name: "Email campaigns (0)" })).toBeTruthy();
  });

  it("deletes a terminal from its list after confirmation and reloads the list", async () => {
    let deleted = false;
    const deletes: unknown[] = [];
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp("/touchpoints/terminals", {
      AppShellQuery: () => viewerResponse(),
      TerminalsPageQuery: () => ({
        data: {
          touchpoints: connection(deleted ? [] : [row("aaaaaaaaaaaaaaaaaaaaaa01", "terminal", "Lobby kiosk")]),
          surveys: surveyList,
          touchpointUnits: units.map((u) => ({ legacyId: u.legacyId })),
        },
      }),
      useTouchpointMutationsDeleteMutation: (vars) => {
        deletes.push(vars);
        deleted = true;
        return { data: { deleteTouchpoint: { deletedLegacyId: vars.id } } };
      },
    });
    expect(await screen.findByText("Never seen")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Delete Lobby kiosk" }));
    });
    await waitFor(() => expect(deletes).toEqual([{ id: touchpoint({ legacyId: "aaaaaaaaaaaaaaaaaaaaaa01", type: "terminal" }).id }]));
    expect(window.confirm).toHaveBeenCalledWith("Delete Lobby kiosk? Its responses are kept.");
    await waitFor(() => expect(screen.getByRole("heading", { name: "No touchpoints here yet" })).toBeTruthy());
  });

  it("shows a long list a page at a time: the next page comes with the load-more button", async () => {
    const asked: Record<string, unknown>[] = [];
    renderApp("/touchpoints/terminals", {
      AppShellQuery: () => viewerResponse(),
      TerminalsPageQuery: () => ({
        data: {
          touchpoints: connection([row("aaaaaaaaaaaaaaaaaaaaaa01", "terminal", "Lobby kiosk")], { endCursor: "page1", hasNextPage: true }),
          surveys: surveyList,
          touchpointUnits: units.map((u) => ({ legacyId: u.legacyId })),
        },
      }),
      TerminalsPageRefetchQuery: (vars) => {
        asked.push(vars);
        return { data: { touchpoints: connection([row("aaaaaaaaaaaaaaaaaaaaaa02", "terminal", "Exit kiosk")], { endCursor: "page2" }) } };
      },
    });
    expect(await screen.findByText("Lobby kiosk")).toBeTruthy();
    const more = screen.getByRole("button", { name: "Show more touchpoints" });
    await act(async () => {
      fireEvent.click(more);
    });
    expect(await screen.findByText("Exit kiosk")).toBeTruthy();
    expect(screen.getByText("Lobby kiosk")).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ after: "page1", first: 50 })]);
    // The last page: no button any more.
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more touchpoints" })).toBeNull());
  });

  it("the overview also reads a page at a time: the next page joins its group", async () => {
    const asked: Record<string, unknown>[] = [];
    renderApp("/touchpoints", {
      AppShellQuery: () => viewerResponse(),
      TouchpointsPageQuery: () => ({
        data: {
          touchpoints: connection([row("aaaaaaaaaaaaaaaaaaaaaa01", "terminal", "Lobby kiosk")], { endCursor: "page1", hasNextPage: true }),
          surveys: surveyList,
          touchpointUnits: units.map((u) => ({ legacyId: u.legacyId })),
        },
      }),
      TouchpointsPageRefetchQuery: (vars) => {
        asked.push(vars);
        return { data: { touchpoints: connection([row("aaaaaaaaaaaaaaaaaaaaaa02", "terminal", "Exit kiosk")], { endCursor: "page2" }) } };
      },
    });
    expect(await screen.findByRole("heading", { name: "Terminals (1)" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show more touchpoints" }));
    });
    expect(await screen.findByRole("heading", { name: "Terminals (2)" })).toBeTruthy();
    expect(screen.getByText("Exit kiosk")).toBeTruthy();
    expect(asked).toEqual([expect.objectContaining({ after: "page1", first: 50 })]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more touchpoints" })).toBeNull());
  });
  it("searches and sorts on the server, and deletes the selected terminals through deleteTouchpoint one by one", async () => {
    const asked: Record<string, unknown>[] = [];
    const deletes: unknown[] = [];
    let deleted = false;
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp("/touchpoints/terminals", {
      AppShellQuery: () => viewerResponse(),
      TerminalsPageQuery: (vars) => {
        asked.push(vars);
        const all = [row("aaaaaaaaaaaaaaaaaaaaaa01", "terminal", "Lobby kiosk"), row("aaaaaaaaaaaaaaaaaaaaaa02", "terminal", "Exit kiosk")];
        return {
          data: {
            touchpoints: connection(deleted ? [] : vars.search === "lobby" ? all.slice(0, 1) : all),
            surveys: surveyList,
            touchpointUnits: units.map((u) => ({ legacyId: u.legacyId })),
          },
        };
      },
      useTouchpointMutationsDeleteMutation: (vars) => {
        deletes.push(vars);
        if (deletes.length === 2) deleted = true;
        return { data: { deleteTouchpoint: { deletedLegacyId: vars.id } } };
      },
    });
    await screen.findByRole("link", { name: "Exit kiosk" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search touchpoints by name or team" }), { target: { value: "lobby" } });
    await waitFor(() => expect(screen.queryByRole("link", { name: "Exit kiosk" })).toBeNull());
    expect(asked.at(-1)).toEqual({ search: "lobby", orderBy: null });
    fireEvent.change(screen.getByRole("searchbox"), { target: { value: "" } });
    await screen.findByRole("link", { name: "Exit kiosk" });
    const header = screen.getByRole("columnheader", { name: /Responses/ });
    await act(async () => fireEvent.click(within(header).getByRole("button")));
    await waitFor(() => expect(asked.at(-1)).toEqual({ search: null, orderBy: { field: "responseCount", direction: "desc" } }));
    await waitFor(() => expect(screen.getByRole("columnheader", { name: /Responses/ }).getAttribute("aria-sort")).toBe("descending"));

    fireEvent.click(screen.getByRole("checkbox", { name: "Select all touchpoints of Terminals" }));
    const bulk = screen.getByRole("region", { name: "Bulk actions" });
    await act(async () => fireEvent.click(within(bulk).getByRole("button", { name: "Delete (2)" })));
    expect(window.confirm).toHaveBeenCalledWith("Delete 2 touchpoints? Their responses are kept.");
    await waitFor(() => expect(deletes).toHaveLength(2));
    await waitFor(() => expect(screen.getByRole("heading", { name: "No touchpoints here yet" })).toBeTruthy());
  });
});
