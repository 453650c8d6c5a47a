import { act, fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { toasts } from "../../shell/toastStore";
import { eventually } from "../../test/eventually";
import { renderSurveyScreen, type Handler } from "../../test/surveyScreen";
import SurveyListPage from "./SurveyListPage";

type SurveyFixture = {
  n: number;
  name: string;
  archived?: boolean;
  hidden?: boolean;
  responseCount?: number;
  lastFeedbackAt?: string | null;
  canEdit?: boolean;
};

const legacy = (n: number) => `65a1b2c3d4e5f607182930${String(n).padStart(2, "0")}`;
/** the survey's global id, which the mutations and the subscription take */
const gid = (n: number) => `U3VydmV5OjE${n}`;
const node = (s: SurveyFixture) => ({
  __typename: "Survey",
  id: gid(s.n),
  legacyId: legacy(s.n),
  name: s.name,
  archived: s.archived ?? false,
  hidden: s.hidden ?? false,
  responseCount: s.responseCount ?? 0,
  lastFeedbackAt: s.lastFeedbackAt ?? null,
  createdAt: "2026-11-01T10:00:00.000Z",
  viewerMayEdit: s.canEdit ?? true,
  unit: { id: `VW5pdDox`, name: "Stores" },
});
const listAnswer = (surveys: SurveyFixture[], opts: { admin?: boolean; mayCreate?: boolean; hasNextPage?: boolean } = {}) => ({
  data: {
    viewer: {
      organizationAdmin: opts.admin ?? false,
      mayCreateSurveys: opts.mayCreate ?? true,
      rights: (opts.mayCreate ?? true) ? ["viewResults", "editSurveys"] : ["viewResults"],
      countryCode: "FI",
    },
    surveys: {
      edges: surveys.map((s) => ({ cursor: `c${s.n}`, node: node(s) })),
      pageInfo: { endCursor: surveys.length ? `c${surveys[surveys.length - 1]!.n}` : null, hasNextPage: opts.hasNextPage ?? false },
    },
  },
});

const render = (handlers: Record<string, Handler>, path = "/surveys/list") =>
  renderSurveyScreen({ path, pattern: "/surveys/list", element: <SurveyListPage />, handlers });

const row = (name: string) => screen.getByRole("row", { name });
const count = (name: string) => within(row(name)).getByRole("status", { name: "Responses" }).textContent;

describe("/surveys/list", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());

  it("asks the API for the selected tab; the tabs are keyboard usable and kept in the address", async () => {
    const { requests, router } = render({
      SurveyListPageQuery: (v) => listAnswer(v.tab === "archived" ? [{ n: 2, name: "Old survey", archived: true }] : [{ n: 1, name: "Store visit" }]),
    });
    await eventually(() => row("Store visit"));
    expect(requests.find((r) => r.name === "SurveyListPageQuery")?.variables).toEqual({ tab: "all", search: null, orderBy: null });
    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["Recent", "All", "Active", "Archived", "Hidden", "My surveys"]);
    expect(screen.getByRole("tab", { name: "All" }).getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Every survey you can see")).toBeTruthy();

    // Arrow keys move along the tabs (All → Active → Archived) and select them.
    fireEvent.keyDown(screen.getByRole("tab", { name: "All" }), { key: "ArrowRight" });
    await eventually(() => expect(screen.getByRole("tab", { name: "Active" }).getAttribute("aria-selected")).toBe("true"));
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Active" }));
    fireEvent.keyDown(screen.getByRole("tab", { name: "Active" }), { key: "ArrowRight" });
    await eventually(() => row("Old survey"));
    expect(router.state.location.search).toBe("?tab=archived");
    expect(requests.filter((r) => r.name === "SurveyListPageQuery").map((r) => r.variables.tab)).toEqual(["all", "active", "archived"]);
    expect(within(row("Old survey")).getByText("Archived")).toBeTruthy();
    expect(within(row("Old survey")).getByRole("button", { name: "Unarchive Old survey" })).toBeTruthy();

    fireEvent.click(screen.getByRole("tab", { name: "Recent" }));
    await eventually(() => expect(requests.at(-1)?.variables).toEqual({ tab: "recent", search: null, orderBy: null }));
    await eventually(() => screen.getByText("Created within the last 14 days"));
  });

  it("opens on the tab named in the address (hidden) and shows hidden surveys with Unhide", async () => {
    const { requests } = render({ SurveyListPageQuery: () => listAnswer([{ n: 3, name: "Secret", hidden: true }]) }, "/surveys/list?tab=hidden");
    await eventually(() => row("Secret"));
    expect(requests[0]?.variables).toEqual({ tab: "hidden", search: null, orderBy: null });
    expect(screen.getByRole("tab", { name: "Hidden" }).getAttribute("aria-selected")).toBe("true");
    expect(within(row("Secret")).getByRole("button", { name: "Unhide Secret" })).toBeTruthy();
  });

  it("updates a survey's response count live from responseCountChanged, without reading the list again", async () => {
    const { emit, subscriptions, requests } = render({
      SurveyListPageQuery: () =>
        listAnswer([
          { n: 1, name: "Store visit", responseCount: 41, lastFeedbackAt: "2026-11-20T08:00:00.000Z" },
          { n: 2, name: "Web shop", responseCount: 7 },
        ]),
    });
    await eventually(() => row("Store visit"));
    expect(count("Store visit")).toBe("41");
    await eventually(() => expect(subscriptions.map((s) => s.variables.surveyId).sort()).toEqual([gid(1), gid(2)]));
    expect(subscriptions.every((s) => s.name === "SurveyRowResponseCountSubscription")).toBe(true);

    emit(
      "SurveyRowResponseCountSubscription",
      { surveyId: gid(1) },
      {
        data: { responseCountChanged: { surveyId: legacy(1), responseCount: 42, lastFeedbackAt: "2026-11-22T09:30:00.000Z" } },
      },
    );
    await eventually(() => expect(count("Store visit")).toBe("42"));
    expect(within(row("Store visit")).getByText(/22\.11\.2026/)).toBeTruthy();
    expect(count("Web shop")).toBe("7");
    emit(
      "SurveyRowResponseCountSubscription",
      { surveyId: gid(1) },
      {
        data: { responseCountChanged: { surveyId: legacy(1), responseCount: 45, lastFeedbackAt: "2026-11-22T09:31:00.000Z" } },
      },
    );
    await eventually(() => expect(count("Store visit")).toBe("45"));
    expect(requests.filter((r) => r.name === "SurveyListPageQuery")).toHaveLength(1);
  });

  it("copies, archives and hides with the right mutations, toasts and a fresh list", async () => {
    const calls: Array<{ name: string; variables: Record<string, unknown> }> = [];
    const record = (name: string, answer: unknown) => (variables: Record<string, unknown>) => {
      calls.push({ name, variables });
      return answer;
    };
    const { requests } = render({
      SurveyListPageQuery: () => listAnswer([{ n: 1, name: "Store visit" }]),
      SurveyRowCopyMutation: record("copy", { data: { copySurvey: { survey: { legacyId: legacy(9) } } } }),
      SurveyRowArchiveMutation: record("archive", { data: { archiveSurvey: { survey: { id: "U3VydmV5OjE1", archived: true } } } }),
      SurveyRowHideMutation: record("hide", { data: { hideSurvey: { survey: { id: "U3VydmV5OjE1", hidden: true } } } }),
    });
    await eventually(() => row("Store visit"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy Store visit" })));
    await eventually(() => expect(calls).toEqual([{ name: "copy", variables: { id: gid(1) } }]));
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("Survey copied"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Archive Store visit" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Hide Store visit" })));
    await eventually(() =>
      expect(calls.slice(1)).toEqual([
        { name: "archive", variables: { id: gid(1), archived: true } },
        { name: "hide", variables: { id: gid(1), hidden: true } },
      ]),
    );
    await eventually(() => expect(toasts.list().map((t) => t.message)).toEqual(expect.arrayContaining(["Survey archived", "Survey hidden"])));
    // Each write reads the list again.
    await eventually(() => expect(requests.filter((r) => r.name === "SurveyListPageQuery").length).toBeGreaterThanOrEqual(4));
  });

  it("deletes only after the confirmation dialog; Escape keeps the survey", async () => {
    const deleted: unknown[] = [];
    render({
      SurveyListPageQuery: () => listAnswer([{ n: 1, name: "Store visit", responseCount: 12 }]),
      SurveyRowDeleteMutation: (v) => {
        deleted.push(v);
        return { data: { deleteSurvey: { legacyId: legacy(1) } } };
      },
    });
    await eventually(() => row("Store visit"));
    fireEvent.click(screen.getByRole("button", { name: "Delete Store visit" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete the survey “Store visit”?" });
    expect(dialog.textContent).toContain("all its 12 responses are deleted too");
    expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" }));
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(deleted).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Delete Store visit" }));
    await act(async () => fireEvent.click(within(screen.getByRole("alertdialog")).getByRole("button", { name: "Delete survey" })));
    await eventually(() => expect(deleted).toEqual([{ id: gid(1) }]));
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("Survey removed"));
  });

  it("shows the server's refusal as a toast", async () => {
    render({
      SurveyListPageQuery: () => listAnswer([{ n: 1, name: "Store visit" }]),
      SurveyRowArchiveMutation: () => ({
        data: null,
        errors: [{ message: "You do not have the rights to edit this survey", extensions: { code: "FORBIDDEN" } }],
      }),
    });
    await eventually(() => row("Store visit"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Archive Store visit" })));
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("You do not have the rights to edit this survey"));
  });

  it("links each survey to its editor and preview; New survey opens the editor of an unsaved survey (nothing stored)", async () => {
    render({ SurveyListPageQuery: () => listAnswer([{ n: 1, name: "Store visit" }]) });
    await eventually(() => row("Store visit"));
    expect(screen.getByRole("link", { name: "Edit Store visit" }).getAttribute("href")).toBe(`/surveys/${legacy(1)}/edit`);
    expect(screen.getByRole("link", { name: "Preview Store visit" }).getAttribute("href")).toBe(`/surveys/${legacy(1)}/preview`);
    expect(screen.getByRole("link", { name: "Start from a template" }).getAttribute("href")).toBe("/surveys/templates");
    expect(screen.getByRole("link", { name: "New survey" }).getAttribute("href")).toBe("/surveys/new/edit");
  });

  it("offers a viewer only what they may do: preview and hide, no new survey, copy, edit, archive or delete", async () => {
    render({ SurveyListPageQuery: () => listAnswer([{ n: 1, name: "Store visit", canEdit: false }], { mayCreate: false }) });
    await eventually(() => row("Store visit"));
    expect(screen.queryByRole("link", { name: "New survey" })).toBeNull();
    const links = within(row("Store visit"))
      .getAllByRole("link")
      .map((l) => l.getAttribute("aria-label") ?? l.textContent);
    const buttons = within(row("Store visit"))
      .getAllByRole("button")
      .map((b) => b.getAttribute("aria-label"));
    const actions = [...links, ...buttons];
    expect(actions).toEqual(["Store visit", "Preview Store visit", "Hide Store visit"]);
    // The title opens the preview instead of the editor.
    expect(within(row("Store visit")).getByRole("link", { name: "Store visit" }).getAttribute("href")).toBe(`/surveys/${legacy(1)}/preview`);
  });

  it("offers demo data to an organisation admin on an empty list, then shows the new survey", async () => {
    let generated = false;
    const demo: unknown[] = [];
    render({
      SurveyListPageQuery: () => listAnswer(generated ? [{ n: 7, name: "Demo survey", responseCount: 500 }] : [], { admin: true }),
      DemoDataButtonMutation: (v) => {
        demo.push(v);
        generated = true;
        return { data: { generateDemoData: { responses: 500, responseCount: 500, survey: { id: "U3VydmV5OjE3", legacyId: legacy(7), name: "Demo survey" } } } };
      },
    });
    await eventually(() => screen.getByRole("heading", { name: "No surveys here yet" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Generate demo data" })));
    await eventually(() => row("Demo survey"));
    expect(demo).toEqual([{ responses: 500 }]);
    expect(count("Demo survey")).toBe("500");
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("Data generated"));
  });

  it("does not offer demo data to members who are not organisation admins", async () => {
    render({ SurveyListPageQuery: () => listAnswer([]) });
    await eventually(() => screen.getByRole("heading", { name: "No surveys here yet" }));
    expect(screen.queryByRole("button", { name: "Generate demo data" })).toBeNull();
  });

  it("pages through the connection with Show more surveys", async () => {
    const { requests } = render({
      SurveyListPageQuery: () => listAnswer([{ n: 1, name: "First" }], { hasNextPage: true }),
      SurveyListPaginationQuery: (v) => {
        const answer = listAnswer([{ n: 2, name: "Second" }]);
        return { data: { surveys: answer.data.surveys }, _v: v };
      },
    });
    await eventually(() => row("First"));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show more surveys" })));
    await eventually(() => row("Second"));
    expect(requests.find((r) => r.name === "SurveyListPaginationQuery")?.variables).toMatchObject({ tab: "all", after: "c1", first: 25 });
    expect(screen.getByRole("row", { name: "First" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show more surveys" })).toBeNull();
  });
  it("searches on the server after a pause in typing, sorts by a column header (aria-sort), and keeps both in the address", async () => {
    const { requests, router } = render({
      SurveyListPageQuery: (v) =>
        listAnswer(
          v.search === "store"
            ? [{ n: 1, name: "Store visit" }]
            : v.search === "nothing"
              ? []
              : [
                  { n: 1, name: "Store visit", responseCount: 3 },
                  { n: 2, name: "Online shop", responseCount: 9 },
                ],
        ),
    });
    await eventually(() => row("Online shop"));
    const box = screen.getByRole("searchbox", { name: "Search surveys by name or team" });
    fireEvent.change(box, { target: { value: "st" } });
    fireEvent.change(box, { target: { value: "store" } });
    await eventually(() => expect(screen.queryByRole("row", { name: "Online shop" })).toBeNull());
    const searched = requests.filter((r) => r.name === "SurveyListPageQuery").map((r) => r.variables.search);
    // one request for the pause, none per keystroke
    expect(searched).toEqual([null, "store"]);
    expect(router.state.location.search).toBe("?q=store");

    const header = () => screen.getByRole("columnheader", { name: /Responses/ });
    expect(header().getAttribute("aria-sort")).toBe("none");
    await act(async () => fireEvent.click(within(header()).getByRole("button")));
    await eventually(() => expect(header().getAttribute("aria-sort")).toBe("descending"));
    expect(requests.at(-1)?.variables).toEqual({ tab: "all", search: "store", orderBy: { field: "responseCount", direction: "desc" } });
    await act(async () => fireEvent.click(within(header()).getByRole("button")));
    await eventually(() => expect(header().getAttribute("aria-sort")).toBe("ascending"));
    expect(router.state.location.search).toBe("?q=store&sort=responseCount&dir=asc");

    // nothing found: an empty state that says so and clears the search
    fireEvent.change(box, { target: { value: "nothing" } });
    await eventually(() => screen.getByRole("heading", { name: "No surveys match “nothing”" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Clear the search" })));
    await eventually(() => row("Online shop"));
    expect((screen.getByRole("searchbox") as HTMLInputElement).value).toBe("");
  });

  it("archives and deletes the selected surveys one by one with the single actions' mutations", async () => {
    const calls: Array<{ name: string; variables: Record<string, unknown> }> = [];
    const record = (name: string, answer: (v: Record<string, unknown>) => unknown) => (variables: Record<string, unknown>) => {
      calls.push({ name, variables });
      return answer(variables);
    };
    const { requests } = render({
      SurveyListPageQuery: () =>
        listAnswer([
          { n: 1, name: "Store visit" },
          { n: 2, name: "Online shop" },
          { n: 3, name: "Old one", archived: true },
        ]),
      useSurveyBulkActionsArchiveMutation: record("archive", (v) => ({ data: { archiveSurvey: { survey: { id: v.id, archived: true } } } })),
      useSurveyBulkActionsDeleteMutation: record("delete", () => ({ data: { deleteSurvey: { legacyId: legacy(1) } } })),
    });
    await eventually(() => row("Store visit"));
    expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Store visit" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Online shop" }));
    const bulk = screen.getByRole("region", { name: "Bulk actions" });
    expect(within(bulk).getByText("2 selected")).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: "Select all surveys shown" }) as HTMLInputElement).indeterminate).toBe(true);
    // nothing archived among the selected: no Unarchive
    expect(within(bulk).queryByRole("button", { name: /Unarchive/ })).toBeNull();
    await act(async () => fireEvent.click(within(bulk).getByRole("button", { name: "Archive (2)" })));
    await eventually(() => expect(toasts.list().map((t) => t.message)).toContain("2 of 2 surveys archived"));
    expect(calls).toEqual([
      { name: "archive", variables: { id: gid(1), archived: true } },
      { name: "archive", variables: { id: gid(2), archived: true } },
    ]);
    await eventually(() => expect(requests.filter((r) => r.name === "SurveyListPageQuery").length).toBeGreaterThanOrEqual(2));
    await eventually(() => expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull());

    fireEvent.click(screen.getByRole("checkbox", { name: "Select all surveys shown" }));
    expect(within(bulk).getByText("3 selected")).toBeTruthy();
    const confirm = window.confirm;
    window.confirm = () => false;
    fireEvent.click(within(bulk).getByRole("button", { name: "Delete (3)" }));
    window.confirm = confirm;
    expect(calls.filter((c) => c.name === "delete")).toEqual([]);
  });

  it("offers a viewer's selection only Hide, the one bulk action their rights allow", async () => {
    render({ SurveyListPageQuery: () => listAnswer([{ n: 1, name: "Store visit", canEdit: false }], { mayCreate: false }) });
    await eventually(() => row("Store visit"));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Store visit" }));
    const bulk = screen.getByRole("region", { name: "Bulk actions" });
    expect(
      within(bulk)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["Hide (1)", "Clear selection"]);
  });
});
