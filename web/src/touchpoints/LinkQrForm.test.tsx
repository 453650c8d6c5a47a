import { act, configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { formQueryData, globalIdOf, noRights, surveys, touchpoint, units } from "../test/fixtures/touchpoints";

vi.setConfig({ testTimeout: 40_000 });
// The first render compiles the lazy screen; with the suite running in parallel on two cores that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const id = "dddddddddddddddddddddd01";
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

describe("link and QR code touchpoints", () => {
  const imageRequests: Array<{ url: string; authorization?: string }> = [];
  const downloads: Array<{ href: string; download: string }> = [];
  const writeText = vi.fn(async (_text: string) => {});

  beforeEach(() => {
    toasts.clear();
    imageRequests.length = 0;
    downloads.length = 0;
    writeText.mockClear();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        imageRequests.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
        const svg = url.endsWith(".svg");
        return new Response(svg ? "<svg/>" : new Uint8Array([0x89, 0x50, 0x4e, 0x47]), { headers: { "content-type": svg ? "image/svg+xml" : "image/png" } });
      }),
    );
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:qr-${++n}`);
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("creates a QR code touchpoint with its name, team and active survey, then shows it", async () => {
    const created: Record<string, unknown>[] = [];
    const { router } = renderApp("/touchpoints/link-qr/new", {
      AppShellQuery: () => viewerResponse(),
      LinkQrEditPageQuery: (vars) =>
        vars.isNew ? { data: formQueryData() } : { data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "qr", name: "Table tent" }) } },
      useTouchpointMutationsCreateMutation: (vars) => {
        created.push(vars.input as Record<string, unknown>);
        return { data: { createTouchpoint: { touchpoint: { id: "VG91Y2hwb2ludDpx", legacyId: id, type: "qr", name: "Table tent" } } } };
      },
    });
    const name = await screen.findByLabelText("Name");
    expect(saveButton().disabled).toBe(true);
    fireEvent.click(screen.getByLabelText("QR code"));
    fireEvent.change(name, { target: { value: "Table tent" } });
    fireEvent.change(screen.getByLabelText("Active survey"), { target: { value: surveys[1]!.legacyId } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() =>
      expect(created).toEqual([
        { name: "Table tent", type: "qr", unitId: globalIdOf("Unit", units[0]!.legacyId), activeSurveyId: globalIdOf("Survey", surveys[1]!.legacyId) },
      ]),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(`/touchpoints/link-qr/${id}/edit`));
    expect(((await screen.findByLabelText("Public link")) as HTMLInputElement).value).toBe(`http://app.test/s/${id}`);
  });

  it("shows the public link with a copy button and the QR image fetched with the bearer token, downloadable as PNG and SVG", async () => {
    renderApp(`/touchpoints/link-qr/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      LinkQrEditPageQuery: () => ({ data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "link", name: "Receipt link" }) } }),
    });
    const link = (await screen.findByLabelText("Public link")) as HTMLInputElement;
    expect(link.value).toBe(`http://app.test/s/${id}`);
    expect(link.readOnly).toBe(true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy link" }));
    });
    expect(writeText).toHaveBeenCalledWith(`http://app.test/s/${id}`);
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Copied"));

    const image = (await screen.findByRole("img", { name: "QR code of the public link" })) as HTMLImageElement;
    expect(image.getAttribute("src")).toBe("blob:qr-1");
    expect(imageRequests[0]).toEqual({ url: `/api/v5/channels/${id}/qr.png`, authorization: "Bearer test-token" });

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Download PNG" }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Download SVG" }));
    });
    await waitFor(() => expect(downloads.map((d) => d.download)).toEqual(["qr-Receipt-link.png", "qr-Receipt-link.svg"]));
    expect(imageRequests.map((r) => r.url)).toEqual([`/api/v5/channels/${id}/qr.png`, `/api/v5/channels/${id}/qr.png`, `/api/v5/channels/${id}/qr.svg`]);
    expect(imageRequests.every((r) => r.authorization === "Bearer test-token")).toBe(true);
  });

  it("shows the server's refusal of a failed download", async () => {
    renderApp(`/touchpoints/link-qr/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      LinkQrEditPageQuery: () => ({ data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "link" }) } }),
    });
    await screen.findByLabelText("Public link");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify({ error: "Touchpoint not found" }), { status: 404 })),
    );
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Download SVG" }));
    });
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Touchpoint not found"]));
    expect(downloads).toEqual([]);
  });

  it("assigns another active survey and sends only what the form edits", async () => {
    const updates: Record<string, unknown>[] = [];
    renderApp(`/touchpoints/link-qr/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      LinkQrEditPageQuery: () => ({ data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "link" }) } }),
      useTouchpointMutationsUpdateMutation: (vars) => {
        updates.push(vars.input as Record<string, unknown>);
        return { data: { updateTouchpoint: { touchpoint: touchpoint({ legacyId: id, type: "link", activeSurveyLegacyId: surveys[1]!.legacyId }) } } };
      },
    });
    fireEvent.change(await screen.findByLabelText("Active survey"), { target: { value: surveys[1]!.legacyId } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() =>
      expect(updates).toEqual([
        { id: touchpoint({ legacyId: id, type: "link" }).id, name: "Entrance kiosk", activeSurveyId: globalIdOf("Survey", surveys[1]!.legacyId) },
      ]),
    );
  });

  it("gives users without rights read-only controls and the server's refusal", async () => {
    renderApp(`/touchpoints/link-qr/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      LinkQrEditPageQuery: () => ({
        data: { ...formQueryData({ editableUnits: [] }), touchpoint: touchpoint({ legacyId: id, type: "link", editRefusal: noRights }) },
      }),
    });
    expect(await screen.findByText(noRights)).toBeTruthy();
    expect(screen.getByLabelText("Active survey").matches(":disabled")).toBe(true);
    expect(screen.getByLabelText("Name").matches(":disabled")).toBe(true);
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect((screen.getByLabelText("Public link") as HTMLInputElement).value).toBe(`http://app.test/s/${id}`);
  });
});

describe("the name of a new link", () => {
  it("is not called missing before the person has typed in it, and is once they empty it", async () => {
    renderApp("/touchpoints/link-qr/new", {
      AppShellQuery: () => viewerResponse(),
      LinkQrEditPageQuery: () => ({ data: formQueryData() }),
    });
    const name = await screen.findByLabelText("Name");
    expect(screen.queryByText("Name is required")).toBeNull();
    expect(name.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(name, { target: { value: "x" } });
    fireEvent.change(name, { target: { value: " " } });
    expect(screen.getByText("Name is required")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
