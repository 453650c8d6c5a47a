import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { noRights, surveys, touchpoint, units } from "../test/fixtures/touchpoints";

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 15_000 });

/** A connection page as the API answers it (one page, unless hasNextPage says more follow). */
const connection = (nodes: unknown[], page: { endCursor?: string; hasNextPage?: boolean } = {}) => ({
  edges: nodes.map((node, i) => ({ node, cursor: `c${i}` })),
  pageInfo: { endCursor: page.endCursor ?? null, hasNextPage: page.hasNextPage ?? false },
});
const surveyList = connection(surveys.map((s) => ({ id: s.id, legacyId: s.legacyId, name: s.name })));
const creatable = (may: boolean) => (may ? units.map((u) => ({ legacyId: u.legacyId })) : []);

/** The rows of the list's table, as the cells' text (without the selection checkboxes). */
function rows(caption: string) {
  const table = screen.getByRole("table", { name: caption });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .filter((cell) => !cell.classList.contains("ui-select-cell") && cell.textContent !== "")
        .map((cell) => cell.textContent),
    );
}

describe("/touchpoints/link-qr", () => {
  beforeEach(() => toasts.clear());
  afterEach(() => vi.restoreAllMocks());

  const linkQrAnswer = (o: { may: boolean; refusal?: string | null; gone?: boolean }) => () => ({
    data: {
      links: connection(
        o.gone
          ? []
          : [touchpoint({ legacyId: "aaaaaaaaaaaaaaaaaaaaaa02", type: "link", name: "Receipt link", responseCount: 42, editRefusal: o.refusal ?? null })],
      ),
      qrs: connection([
        touchpoint({
          legacyId: "aaaaaaaaaaaaaaaaaaaaaa03",
          type: "qr",
          name: "Table tent",
          unit: units[1],
          activeSurveyLegacyId: null,
          responseCount: 0,
          editRefusal: o.refusal ?? null,
        }),
      ]),
      surveys: surveyList,
      touchpointUnits: creatable(o.may),
    },
  });

  it("lists links and QR codes with type, team, survey and responses; an editor may create, edit and delete", async () => {
    renderApp("/touchpoints/link-qr", { AppShellQuery: () => viewerResponse(), LinkQrPageQuery: linkQrAnswer({ may: true }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Links and QR codes" })).toBeTruthy();
    expect(rows("Links and QR codes")).toEqual([
      ["Receipt link", "Link", "Stores", "Store survey", "—", "42", "EditDelete"],
      ["Table tent", "QR code", "Online", "No active survey", "—", "0", "EditDelete"],
    ]);
    expect(screen.getByRole("link", { name: "New link or QR code" }).getAttribute("href")).toBe("/touchpoints/link-qr/new");
    expect(screen.getByRole("link", { name: "Edit Receipt link" }).getAttribute("href")).toBe("/touchpoints/link-qr/aaaaaaaaaaaaaaaaaaaaaa02/edit");
    expect(screen.getByRole("link", { name: "Table tent" }).getAttribute("href")).toBe("/touchpoints/link-qr/aaaaaaaaaaaaaaaaaaaaaa03/edit");
    expect(screen.getByRole("button", { name: "Delete Table tent" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All touchpoints" }).getAttribute("href")).toBe("/touchpoints");
  });

  it("deletes after confirmation with 'Channel deleted' and reads the list again", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const deletes: unknown[] = [];
    let gone = false;
    renderApp("/touchpoints/link-qr", {
      AppShellQuery: () => viewerResponse(),
      LinkQrPageQuery: () => linkQrAnswer({ may: true, gone })(),
      useTouchpointMutationsDeleteMutation: (vars) => {
        deletes.push(vars);
        gone = true;
        return { data: { deleteTouchpoint: { deletedLegacyId: vars.id } } };
      },
    });
    const remove = await screen.findByRole("button", { name: "Delete Receipt link" });
    await act(async () => {
      fireEvent.click(remove);
    });
    expect(confirm).toHaveBeenCalledWith("Delete Receipt link? Its responses are kept.");
    await waitFor(() => expect(deletes).toEqual([{ id: touchpoint({ legacyId: "aaaaaaaaaaaaaaaaaaaaaa02", type: "link" }).id }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Channel deleted"));
    await waitFor(() => expect(screen.queryByText("Receipt link")).toBeNull());
    expect(screen.getByText("Table tent")).toBeTruthy();
  });

  it("a viewer sees the rows with View, and no create, edit or delete", async () => {
    renderApp("/touchpoints/link-qr", {
      AppShellQuery: () => viewerResponse({ viewerOnly: true }),
      LinkQrPageQuery: linkQrAnswer({ may: false, refusal: noRights }),
    });
    await screen.findByRole("table", { name: "Links and QR codes" });
    expect(rows("Links and QR codes").map((r) => r[0])).toEqual(["Receipt link", "Table tent"]);
    expect(screen.getByRole("link", { name: "View Receipt link" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit Receipt link" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "New link or QR code" })).toBeNull();
  });

  it("reads links and QR codes a page at a time, each with its own load-more button", async () => {
    const asked: Record<string, unknown>[] = [];
    renderApp("/touchpoints/link-qr", {
      AppShellQuery: () => viewerResponse(),
      LinkQrPageQuery: () => ({
        data: {
          links: connection([touchpoint({ legacyId: "aaaaaaaaaaaaaaaaaaaaaa02", type: "link", name: "Receipt link" })], {
            endCursor: "links1",
            hasNextPage: true,
          }),
          qrs: connection([touchpoint({ legacyId: "aaaaaaaaaaaaaaaaaaaaaa03", type: "qr", name: "Table tent" })]),
          surveys: surveyList,
          touchpointUnits: creatable(true),
        },
      }),
      LinkQrPage_linksRefetchQuery: (vars) => {
        asked.push(vars);
        return {
          data: { links: connection([touchpoint({ legacyId: "aaaaaaaaaaaaaaaaaaaaaa06", type: "link", name: "Invoice link" })], { endCursor: "links2" }) },
        };
      },
    });
    await screen.findByRole("table", { name: "Links and QR codes" });
    expect(screen.queryByRole("button", { name: "Show more QR codes" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show more links" }));
    });
    expect(await screen.findByText("Invoice link")).toBeTruthy();
    expect(rows("Links and QR codes").map((r) => r[0])).toEqual(["Receipt link", "Invoice link", "Table tent"]);
    expect(asked).toEqual([expect.objectContaining({ after: "links1", first: 50 })]);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Show more links" })).toBeNull());
  });
});

describe("/touchpoints/website", () => {
  const websitesAnswer = (o: { may: boolean; refusal?: string | null; none?: boolean }) => () => ({
    data: {
      touchpoints: connection(
        o.none
          ? []
          : [
              touchpoint({
                legacyId: "aaaaaaaaaaaaaaaaaaaaaa04",
                type: "website",
                name: "Shop widget",
                activeSurveyLegacyId: surveys[1]!.legacyId,
                responseCount: 7,
                lastFeedbackAt: "2026-03-02T10:15:00.000Z",
                editRefusal: o.refusal ?? null,
              }),
              touchpoint({
                legacyId: "aaaaaaaaaaaaaaaaaaaaaa05",
                type: "website",
                name: "Blog widget",
                activeSurveyLegacyId: "bbbbbbbbbbbbbbbbbbbbbbb9",
                editRefusal: o.refusal ?? null,
              }),
            ],
      ),
      surveys: surveyList,
      touchpointUnits: creatable(o.may),
    },
  });

  it("lists the web widget activations; an editor may open, delete and create one", async () => {
    renderApp("/touchpoints/website", { AppShellQuery: () => viewerResponse(), WebsitesPageQuery: websitesAnswer({ may: true }) });
    expect(await screen.findByRole("heading", { level: 1, name: "Web widgets" })).toBeTruthy();
    const list = rows("Web widgets");
    expect(list).toEqual([
      ["Shop widget", "Stores", "Web survey", list[0]![3], "7", "EditDelete"],
      ["Blog widget", "Stores", "A survey you cannot see", "—", "12", "EditDelete"],
    ]);
    // The last response is shown as a date, not left empty.
    expect(list[0]![3]).toMatch(/2026/);
    expect(screen.getByRole("link", { name: "Edit Shop widget" }).getAttribute("href")).toBe("/website/aaaaaaaaaaaaaaaaaaaaaa04/edit");
    expect(screen.getByRole("button", { name: "Delete Blog widget" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "New web widget activation" }).getAttribute("href")).toBe("/launch-website");
  });

  it("a viewer gets View links only", async () => {
    renderApp("/touchpoints/website", {
      AppShellQuery: () => viewerResponse({ viewerOnly: true }),
      WebsitesPageQuery: websitesAnswer({ may: false, refusal: noRights }),
    });
    expect((await screen.findByRole("link", { name: "View Shop widget" })).getAttribute("href")).toBe("/website/aaaaaaaaaaaaaaaaaaaaaa04/edit");
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
    expect(screen.queryByRole("link", { name: "New web widget activation" })).toBeNull();
  });

  it("says when there are none", async () => {
    renderApp("/touchpoints/website", { AppShellQuery: () => viewerResponse(), WebsitesPageQuery: websitesAnswer({ may: true, none: true }) });
    const empty = await screen.findByRole("region", { name: "No touchpoints here yet" });
    // the empty state's next step: create one
    expect(within(empty).getByRole("link", { name: "New web widget activation" }).getAttribute("href")).toBe("/launch-website");
  });
});
