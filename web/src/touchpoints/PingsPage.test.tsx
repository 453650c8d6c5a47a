import { act, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { uptimeBuckets } from "./PingsPage";

vi.setConfig({ testTimeout: 40_000 });
// The first render compiles the lazy screen; with the suite running in parallel on two cores that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

describe("/pings", () => {
  it("splits the period into parts that held a ping", () => {
    const from = "2026-05-01T00:00:00.000Z";
    const to = "2026-05-02T00:00:00.000Z";
    const up = uptimeBuckets([{ at: "2026-05-01T00:10:00.000Z" }, { at: "2026-05-01T23:59:00.000Z" }, { at: "2026-05-02T00:00:00.000Z" }], from, to);
    expect(up.map((u, i) => (u ? i : -1)).filter((i) => i >= 0)).toEqual([0, 23]);
  });

  it("lists each terminal's pings in the period, hides the hidden ones until asked, and saves the show/hide choice", async () => {
    const now = Date.now();
    const ago = (min: number) => new Date(now - min * 60_000).toISOString();
    const requests: Record<string, unknown>[] = [];
    let hidden = true;
    const visibility: Record<string, unknown>[] = [];
    renderApp("/pings", {
      AppShellQuery: () => viewerResponse(),
      PingsPageQuery: (vars) => {
        requests.push(vars);
        return {
          data: {
            pings: {
              from: vars.from,
              to: vars.to,
              organizationCount: 9,
              series: [
                {
                  touchpointId: "VG91Y2hwb2ludDox",
                  touchpointLegacyId: "aaaaaaaaaaaaaaaaaaaaaa01",
                  name: "Lobby",
                  lastSeenAt: ago(5),
                  hidden: false,
                  pings: [
                    { at: ago(65), battery: 0.9 },
                    { at: ago(5), battery: 0.84 },
                  ],
                },
                {
                  touchpointId: "VG91Y2hwb2ludDoy",
                  touchpointLegacyId: "aaaaaaaaaaaaaaaaaaaaaa02",
                  name: "Back door",
                  lastSeenAt: ago(300),
                  hidden,
                  pings: [],
                },
              ],
            },
          },
        };
      },
      PingsPageVisibilityMutation: (vars) => {
        visibility.push(vars);
        hidden = !(vars.visibility as boolean);
        return { data: { setTouchpointVisibility: { touchpointLegacyId: vars.touchpointId, visibility: vars.visibility } } };
      },
    });
    expect(await screen.findByRole("link", { name: "Lobby" })).toBeTruthy();
    expect(screen.getByText("84 %")).toBeTruthy();
    expect(screen.getByText(/Pings of all the organisation's terminals in this period: 9/)).toBeTruthy();
    expect(Date.parse(requests[0]!.to as string) - Date.parse(requests[0]!.from as string)).toBe(24 * 3600_000);
    expect(screen.queryByRole("link", { name: "Back door" })).toBeNull();
    fireEvent.click(screen.getByLabelText("Show hidden terminals (1)"));
    expect(screen.getByRole("link", { name: "Back door" })).toBeTruthy();
    expect(screen.getByText("Offline")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByLabelText("Show Back door in my overview"));
    });
    await waitFor(() => expect(visibility).toEqual([{ touchpointId: "VG91Y2hwb2ludDoy", visibility: true }]));
    await waitFor(() => expect((screen.getByLabelText("Show Back door in my overview") as HTMLInputElement).checked).toBe(true));
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "week" } });
    await waitFor(() => expect(requests.some((r) => Date.parse(r.to as string) - Date.parse(r.from as string) === 7 * 24 * 3600_000)).toBe(true));
  });
});
