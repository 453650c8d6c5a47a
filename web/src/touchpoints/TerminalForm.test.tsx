import { act, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { eventually } from "../test/eventually";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { isIpAddress, onlineState } from "./model";
import { formQueryData, globalIdOf, noRights, surveys, touchpoint, units } from "../test/fixtures/touchpoints";

vi.setConfig({ testTimeout: 40_000 });
// The first render compiles the lazy screen; with the suite running in parallel on two cores that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

describe("terminal rules", () => {
  it("accepts the IPv4 and IPv6 addresses the API accepts and nothing else", () => {
    for (const ok of ["10.0.0.5", "255.255.255.255", "fe80::1", "::1", "2001:db8::8a2e:370:7334", "::ffff:192.0.2.1"]) expect(isIpAddress(ok)).toBe(true);
    for (const bad of ["300.1.1.1", "1.2.3", "01.2.3.4", "not-an-ip", "fe80:::1", "1.2.3.4.5", "", "gggg::1"]) expect(isIpAddress(bad)).toBe(false);
  });
  it("calls a terminal online within an hour of its last ping and offline after two", () => {
    const now = Date.parse("2026-05-01T12:00:00Z");
    expect(onlineState(null, now)).toBe("never");
    expect(onlineState("2026-05-01T11:30:00Z", now)).toBe("online");
    expect(onlineState("2026-05-01T10:30:00Z", now)).toBe("idle");
    expect(onlineState("2026-05-01T09:30:00Z", now)).toBe("problem");
  });
});

describe("/touchpoints/terminals/new", () => {
  beforeEach(() => toasts.clear());

  it("refuses an invalid IP address with the spec's message, then creates the terminal with its settings and opens it", async () => {
    const created: Record<string, unknown>[] = [];
    const { router } = renderApp("/touchpoints/terminals/new", {
      AppShellQuery: () => viewerResponse(),
      TerminalEditPageQuery: (vars) =>
        vars.isNew
          ? { data: formQueryData() }
          : {
              data: {
                ...formQueryData(),
                touchpoint: touchpoint({ legacyId: "cccccccccccccccccccccc01", type: "terminal", name: "Lobby", ipAddress: "10.0.0.5" }),
              },
            },
      useTouchpointMutationsCreateMutation: (vars) => {
        created.push(vars.input as Record<string, unknown>);
        return {
          data: { createTouchpoint: { touchpoint: { id: "VG91Y2hwb2ludDox", legacyId: "cccccccccccccccccccccc01", type: "terminal", name: "Lobby" } } },
        };
      },
    });
    fireEvent.change(await screen.findByLabelText("Name"), { target: { value: "Lobby" } });
    fireEvent.change(screen.getByLabelText("Active survey"), { target: { value: surveys[0]!.legacyId } });
    fireEvent.change(screen.getByLabelText("Team"), { target: { value: units[1]!.legacyId } });
    const ip = screen.getByLabelText("IP address");
    fireEvent.change(ip, { target: { value: "300.1.1.1" } });
    expect(screen.getByRole("alert").textContent).toBe("Invalid IP address");
    expect(ip.getAttribute("aria-invalid")).toBe("true");
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(ip, { target: { value: "10.0.0.5" } });
    expect(screen.queryByText("Invalid IP address")).toBeNull();
    fireEvent.change(screen.getByLabelText("Screen brightness (%)"), { target: { value: "65" } });
    fireEvent.click(screen.getByLabelText("Reboot every day"));
    fireEvent.click(screen.getByLabelText("Hours after the survey starts"));
    fireEvent.change(screen.getByLabelText("Response time limit (hours)"), { target: { value: "48" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a row: Emitted metadata" }));
    fireEvent.change(screen.getByLabelText("Emitted metadata: key 1"), { target: { value: "store" } });
    fireEvent.change(screen.getByLabelText("Emitted metadata: value 1"), { target: { value: "Helsinki" } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(created).toHaveLength(1));
    const input = created[0]!;
    expect(input).toMatchObject({
      name: "Lobby",
      type: "terminal",
      unitId: globalIdOf("Unit", units[1]!.legacyId),
      activeSurveyId: globalIdOf("Survey", surveys[0]!.legacyId),
      ipAddress: "10.0.0.5",
    });
    expect(input.settings).toEqual({
      brightness: 65,
      rebootSchedule: { enabled: true, time: "03:00" },
      responseTimeLimit: { hours: 48 },
      metadata: { store: "Helsinki" },
      configuration: {},
      privacyPolicy: null,
      appearance: {},
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/touchpoints/terminals/cccccccccccccccccccccc01/edit"));
    expect(toasts.list().map((t) => t.message)).toContain("Channel saved");
  });
});

describe("/touchpoints/terminals/{id}/edit", () => {
  beforeEach(() => toasts.clear());
  const id = "cccccccccccccccccccccc02";

  it("edits the IP address, pairs a UDID, and shows the server's refusal of an address it rejects", async () => {
    const updates: Record<string, unknown>[] = [];
    let answer: "ok" | "invalid" = "invalid";
    renderApp(`/touchpoints/terminals/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      TerminalEditPageQuery: () => ({
        data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "terminal", ipAddress: "10.0.0.1", lastSeenAt: new Date().toISOString() }) },
      }),
      useTouchpointMutationsUpdateMutation: (vars) => {
        updates.push(vars.input as Record<string, unknown>);
        if (answer === "invalid") return { data: null, errors: [{ message: "Invalid IP address" }] };
        const input = vars.input as { ipAddress: string; udid?: string };
        return {
          data: {
            updateTouchpoint: { touchpoint: { ...touchpoint({ legacyId: id, type: "terminal", ipAddress: input.ipAddress, udid: input.udid ?? null }) } },
          },
        };
      },
    });
    expect(await screen.findByText("Online", { selector: ".tp-state" })).toBeTruthy();
    expect((screen.getByLabelText("Kiosk address") as HTMLInputElement).value).toBe(`http://app.test/t/${id}`);
    fireEvent.change(screen.getByLabelText("IP address"), { target: { value: "fe80::1" } });
    fireEvent.change(screen.getByLabelText("Device UDID"), { target: { value: "bad udid" } });
    expect(screen.getByText("A UDID has 4 to 64 letters, digits, dashes or underscores")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Device UDID"), { target: { value: "ipad-lobby-1" } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    // The server's refusal is shown and the form keeps the person's input.
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Invalid IP address"]));
    expect((screen.getByLabelText("IP address") as HTMLInputElement).value).toBe("fe80::1");
    expect(updates[0]).toMatchObject({
      id: touchpoint({ legacyId: id, type: "terminal" }).id,
      ipAddress: "fe80::1",
      udid: "ipad-lobby-1",
      activeSurveyId: globalIdOf("Survey", surveys[0]!.legacyId),
    });
    expect(updates[0]).not.toHaveProperty("unitId");
    answer = "ok";
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Channel saved"));
    await eventually(() => expect(saveButton().disabled).toBe(true));
  });

  it("moving to another team asks whether the existing responses move, and sends the choice", async () => {
    const updates: Record<string, unknown>[] = [];
    renderApp(`/touchpoints/terminals/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      TerminalEditPageQuery: () => ({ data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "terminal" }) } }),
      useTouchpointMutationsUpdateMutation: (vars) => {
        updates.push(vars.input as Record<string, unknown>);
        return {
          data: { updateTouchpoint: { touchpoint: touchpoint({ legacyId: id, type: "terminal", unit: units[1]!, unitLegacyId: units[1]!.legacyId }) } },
        };
      },
    });
    fireEvent.change(await screen.findByLabelText("Team"), { target: { value: units[1]!.legacyId } });
    expect(screen.getByRole("group", { name: "Existing responses (12)" })).toBeTruthy();
    expect(screen.getByText("Choose whether the existing responses move to the new team")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("Keep the existing responses with Stores"));
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(screen.getByLabelText("Move the existing responses to the new team"));
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toMatchObject({
      id: touchpoint({ legacyId: id, type: "terminal" }).id,
      unitId: globalIdOf("Unit", units[1]!.legacyId),
      moveResponses: true,
    });
  });

  it("shows users without rights the server's refusal and read-only controls without save or delete", async () => {
    renderApp(`/touchpoints/terminals/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      TerminalEditPageQuery: () => ({
        data: { ...formQueryData({ editableUnits: [] }), touchpoint: touchpoint({ legacyId: id, type: "terminal", editRefusal: noRights }) },
      }),
    });
    expect(await screen.findByText(noRights)).toBeTruthy();
    for (const label of ["Name", "Active survey", "Team", "IP address", "Device UDID", "Screen brightness (%)"]) {
      expect(screen.getByLabelText(label).matches(":disabled"), label).toBe(true);
    }
    // The team the terminal is in is still shown, though the person may not pick teams.
    expect((screen.getByLabelText("Team") as HTMLSelectElement).value).toBe(units[0]!.legacyId);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
  });
});

describe("creating without any team to create in", () => {
  it("shows the refusal instead of a form that could never be saved", async () => {
    renderApp("/touchpoints/terminals/new", {
      AppShellQuery: () => viewerResponse(),
      TerminalEditPageQuery: () => ({ data: formQueryData({ editableUnits: [] }) }),
    });
    expect(await screen.findByText(noRights)).toBeTruthy();
    expect(screen.queryByLabelText("Name")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});
