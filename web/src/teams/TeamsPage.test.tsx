import { configure, act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";

// The first render compiles the lazy screen; on a loaded machine that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const HQ = "65a1b2c3d4e5f60718290001";
const STORES = "65a1b2c3d4e5f60718290002";
const HELSINKI = "65a1b2c3d4e5f60718290003";
const ONLINE = "65a1b2c3d4e5f60718290004";

const member = (id: string, displayName: string, role: string) => ({ role, user: { id, displayName, email: `${displayName.toLowerCase()}@example.org` } });

/** The tree HQ → (Stores → Helsinki store, Online); members only when asked for. */
function tree(opts: {
  editable: string[];
  top: boolean;
  restrict?: boolean;
  withMembers: boolean;
  extra?: { legacyId: string; name: string; parentLegacyId: string }[];
}) {
  const units = [
    { legacyId: HQ, name: "Acme HQ", parentLegacyId: null, members: [member("VXNlcjox", "Ada", "admin")] },
    { legacyId: ONLINE, name: "Online", parentLegacyId: HQ, members: [] },
    { legacyId: STORES, name: "Stores", parentLegacyId: HQ, members: [member("VXNlcjoy", "Edith", "editor"), member("VXNlcjoz", "Vera", "viewer")] },
    { legacyId: HELSINKI, name: "Helsinki store", parentLegacyId: STORES, members: [] },
    ...(opts.extra ?? []).map((u) => ({ ...u, members: [] })),
  ].map(({ members, ...u }) => (opts.withMembers ? { ...u, members } : u));
  return { data: { unitTree: { restrictSummaryToTeam: opts.restrict ?? false, mayEditTopLevel: opts.top, editableUnitIds: opts.editable, units } } };
}

const teamsPage = (organizationAdmin: boolean, roles: string[]) => ({ data: { viewer: { organizationAdmin, rolesPerUnit: roles.map((role) => ({ role })) } } });

describe("/settings/teams", { timeout: 30_000 }, () => {
  beforeEach(() => toasts.clear());
  afterEach(() => vi.restoreAllMocks());

  it("an organisation admin sees the whole tree with its people and every action", async () => {
    const { requests } = renderApp("/settings/teams", {
      AppShellQuery: () => viewerResponse(),
      TeamsPageQuery: () => teamsPage(true, ["admin"]),
      TeamTreeQuery: (vars) => tree({ editable: [HQ, STORES, HELSINKI, ONLINE], top: true, withMembers: Boolean(vars.withMembers) }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Structure and teams" })).toBeTruthy();
    await screen.findByText("Acme HQ");
    expect(requests.find((r) => r.name === "TeamTreeQuery")?.variables).toEqual({ withMembers: true });
    const teams = screen.getByRole("list", { name: "Teams" });
    // Helsinki store sits under Stores, which sits under Acme HQ.
    const hq = within(teams).getByText("Acme HQ").closest("li")!;
    const stores = within(hq).getByText("Stores").closest("li")!;
    expect(within(stores).getByText("Helsinki store")).toBeTruthy();
    expect(
      within(screen.getByRole("list", { name: "People in Stores" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Edith (Editor)", "Vera (Viewer)"]);
    for (const name of ["Acme HQ", "Stores", "Helsinki store", "Online"]) {
      expect(screen.getByRole("button", { name: `Rename ${name}` })).toBeTruthy();
      expect(screen.getByRole("button", { name: `Add sub-team to ${name}` })).toBeTruthy();
      expect(screen.getByRole("button", { name: `Move ${name}` })).toBeTruthy();
      expect(screen.getByRole("button", { name: `Delete ${name}` })).toBeTruthy();
    }
    expect(screen.getByLabelText("New top-level team")).toBeTruthy();
    expect((screen.getByLabelText("Restrict ranking and summary to a user's teams and their sub-teams") as HTMLInputElement).disabled).toBe(false);
  });

  it("adds a sub-team with 'Saved' and shows it after reading the tree again", async () => {
    const created: unknown[] = [];
    let added = false;
    renderApp("/settings/teams", {
      AppShellQuery: () => viewerResponse(),
      TeamsPageQuery: () => teamsPage(true, ["admin"]),
      TeamTreeQuery: () =>
        tree({
          editable: [HQ, STORES, HELSINKI, ONLINE],
          top: true,
          withMembers: true,
          extra: added ? [{ legacyId: "65a1b2c3d4e5f60718290005", name: "Tampere store", parentLegacyId: STORES }] : [],
        }),
      NewTeamFormMutation: (vars) => {
        created.push(vars);
        added = true;
        return { data: { createUnit: { unit: { legacyId: "65a1b2c3d4e5f60718290005" } } } };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add sub-team to Stores" }));
    const name = screen.getByLabelText("New sub-team of Stores");
    const add = within(name.closest("form")!).getByRole("button", { name: "Add" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.change(name, { target: { value: "  Tampere store " } });
    await act(async () => {
      fireEvent.click(add);
    });
    await waitFor(() => expect(created).toEqual([{ name: "Tampere store", parentId: btoa(`Unit:${STORES}`) }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Saved"));
    const stores = (await screen.findByText("Tampere store")).closest("li")!.parentElement!.closest("li")!;
    expect(within(stores).getByText("Stores")).toBeTruthy();
  });

  it("a team admin edits only their own branch: no top-level actions, none on other teams", async () => {
    renderApp("/settings/teams", {
      AppShellQuery: () => viewerResponse(),
      TeamsPageQuery: () => teamsPage(false, ["admin"]),
      TeamTreeQuery: (vars) => tree({ editable: [STORES, HELSINKI], top: false, withMembers: Boolean(vars.withMembers) }),
    });
    await screen.findByText("Acme HQ");
    expect(screen.queryByRole("button", { name: "Rename Acme HQ" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete Acme HQ" })).toBeNull();
    // Stores is theirs to rename and fill, but it hangs under HQ, which they may not edit.
    expect(screen.getByRole("button", { name: "Rename Stores" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Move Stores" })).toBeNull();
    expect(screen.getByRole("button", { name: "Delete Helsinki store" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Rename Online" })).toBeNull();
    expect(screen.queryByLabelText("New top-level team")).toBeNull();
    expect((screen.getByLabelText("Restrict ranking and summary to a user's teams and their sub-teams") as HTMLInputElement).disabled).toBe(true);
  });

  it("a viewer sees the teams but no people and no actions", async () => {
    const { requests } = renderApp("/settings/teams", {
      AppShellQuery: () => viewerResponse({ viewerOnly: true }),
      TeamsPageQuery: () => teamsPage(false, ["viewer"]),
      TeamTreeQuery: (vars) => tree({ editable: [], top: false, restrict: true, withMembers: Boolean(vars.withMembers) }),
    });
    await screen.findByText("Helsinki store");
    expect(requests.find((r) => r.name === "TeamTreeQuery")?.variables).toEqual({ withMembers: false });
    expect(screen.queryByRole("list", { name: "People in Stores" })).toBeNull();
    // Outside the menu there is nothing to press.
    expect(screen.queryAllByRole("button").filter((b) => !b.closest("nav"))).toEqual([]);
    expect(screen.queryByLabelText("New top-level team")).toBeNull();
    const restrict = screen.getByLabelText("Restrict ranking and summary to a user's teams and their sub-teams") as HTMLInputElement;
    expect(restrict.checked).toBe(true);
    expect(restrict.disabled).toBe(true);
  });
});
