import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { contrastRatio, validateAppearance, validateLogoFile, validateScale } from "@feedback/shared/organization-settings";

// Whole-app renders load lazy screens; on a busy machine the first one takes seconds.
vi.setConfig({ testTimeout: 20_000 });

const org = (features: string[]) => ({
  id: "T3JnOjE=",
  availableFeatures: features,
  privacyPolicy: "Old text",
  satisfactionScale: { enabled: false, min: 1, max: 5 },
  surveyAppearance: { primaryColor: "#2563eb", backgroundColor: "#ffffff", textColor: "#1f2937", font: "system", buttonStyle: "rounded" },
  logo: null,
});
const viewer = (o: { admin?: boolean; billingAdmin?: boolean; features?: string[] } = {}) => ({
  organizationAdmin: o.admin ?? true,
  billingAdmin: o.billingAdmin ?? false,
  currentOrganization: org(o.features ?? ["surveyAppearance", "organizationLogo"]),
});
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;

describe("organisation settings rules", () => {
  it("validates the scale, colours, contrast and logo files like the API", () => {
    expect(validateScale({ enabled: true, min: "1", max: "5" })).toEqual({});
    expect(validateScale({ enabled: true, min: "5", max: "5" })).toEqual({ min: "order" });
    expect(validateScale({ enabled: true, min: "1.5", max: "11" })).toEqual({ min: "whole", max: "whole" });
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21);
    expect(validateAppearance({ primaryColor: "red", backgroundColor: "#ffffff", textColor: "#eeeeee", font: "system", buttonStyle: "pill" })).toEqual({
      primaryColor: "color",
      textColor: "contrast",
    });
    expect(validateLogoFile({ name: "a.png", type: "image/png", size: 10 })).toBeNull();
    expect(validateLogoFile({ name: "a.gif", type: "image/gif", size: 10 })).toBe("type");
    expect(validateLogoFile({ name: "a.png", type: "image/png", size: 2_000_000 })).toBe("size");
  });
});

describe("/settings/satisfaction-scale", () => {
  beforeEach(() => toasts.clear());

  it("disables save while min ≥ max and saves a valid scale with 'Organization details updated'", async () => {
    const calls: Record<string, unknown>[] = [];
    renderApp("/settings/satisfaction-scale", {
      AppShellQuery: () => viewerResponse(),
      SatisfactionScalePageQuery: () => ({ data: { viewer: viewer() } }),
      useOrganizationSettingsMutation: (vars) => {
        calls.push(vars);
        const s = (vars.input as { satisfactionScale: object }).satisfactionScale;
        return { data: { updateOrganizationSettings: { organization: { ...org([]), satisfactionScale: s } } } };
      },
    });
    const min = await screen.findByLabelText("Minimum");
    fireEvent.change(min, { target: { value: "5" } });
    // The form re-renders after the change; on a loaded machine that can come after the next line runs.
    expect(await screen.findByText("The minimum must be smaller than the maximum")).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    fireEvent.change(min, { target: { value: "0" } });
    fireEvent.click(screen.getByLabelText("Use a satisfaction scale"));
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(calls).toEqual([{ input: { satisfactionScale: { enabled: true, min: 0, max: 5 } } }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Organization details updated"]));
  });

  it("shows non-admins the settings read-only", async () => {
    renderApp("/settings/satisfaction-scale", {
      AppShellQuery: () => viewerResponse(),
      SatisfactionScalePageQuery: () => ({ data: { viewer: viewer({ admin: false }) } }),
    });
    expect(await screen.findByText(/Only organisation admins can change these settings/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
  });
});

describe("/settings/privacy-policy", () => {
  beforeEach(() => toasts.clear());
  it("saves the text and guards unsaved changes", async () => {
    const calls: Record<string, unknown>[] = [];
    const { router } = renderApp("/settings/privacy-policy", {
      AppShellQuery: () => viewerResponse(),
      PrivacyPolicyPageQuery: () => ({ data: { viewer: viewer() } }),
      useOrganizationSettingsMutation: (vars) => {
        calls.push(vars);
        return { data: { updateOrganizationSettings: { organization: { ...org([]), privacyPolicy: "New text" } } } };
      },
    });
    const text = await screen.findByLabelText("Privacy policy shown to respondents");
    fireEvent.change(text, { target: { value: "Changed" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("link", { name: "Summary" }));
    });
    expect(await screen.findByRole("alertdialog")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/settings/privacy-policy");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(calls).toEqual([{ input: { privacyPolicy: "Changed" } }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Organization details updated"]));
  });
});

describe("feature gating", () => {
  it("shows the no-access message with the upgrade link to billing admins", async () => {
    renderApp("/settings/survey-appearance", {
      AppShellQuery: () => viewerResponse({ billingAdmin: true }),
      SurveyAppearancePageQuery: () => ({ data: { viewer: viewer({ billingAdmin: true, features: [] }) } }),
    });
    expect(await screen.findByText("No access to the feature: upgrade or contact support")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade your plan" }).getAttribute("href")).toBe("/settings/subscription");
    expect(screen.queryByLabelText("Font")).toBeNull();
  });

  it("tells other members to contact their organisation admin", async () => {
    renderApp("/settings/logo", {
      AppShellQuery: () => viewerResponse(),
      LogoPageQuery: () => ({ data: { viewer: viewer({ admin: false, features: [] }) } }),
    });
    expect(await screen.findByText("Contact your organisation admin to upgrade the plan.")).toBeTruthy();
  });

  it("shows the appearance form with a contrast check when the plan has the feature", async () => {
    renderApp("/settings/survey-appearance", {
      AppShellQuery: () => viewerResponse(),
      SurveyAppearancePageQuery: () => ({ data: { viewer: viewer() } }),
    });
    const textColour = await screen.findByLabelText("Text colour");
    fireEvent.change(textColour, { target: { value: "#eeeeee" } });
    expect(screen.getByText("The text and background colours need a contrast ratio of at least 4.5:1")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});

describe("/settings/logo", () => {
  it("refuses a file of the wrong type before uploading", async () => {
    renderApp("/settings/logo", {
      AppShellQuery: () => viewerResponse(),
      LogoPageQuery: () => ({ data: { viewer: viewer() } }),
    });
    const input = await screen.findByLabelText("New logo");
    fireEvent.change(input, { target: { files: [new File(["GIF89a"], "logo.gif", { type: "image/gif" })] } });
    expect(screen.getByText("The logo must be a PNG, JPEG, SVG or WebP image")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
  });
});

describe("/settings/time-zone", () => {
  beforeEach(() => toasts.clear());

  it("saves the organisation's time zone; non-admins read it", async () => {
    const calls: Record<string, unknown>[] = [];
    renderApp("/settings/time-zone", {
      AppShellQuery: () => viewerResponse(),
      TimeZonePageQuery: () => ({ data: { viewer: { organizationAdmin: true, currentOrganization: { id: "T3JnOjE=", timeZone: "Europe/Helsinki" } } } }),
      useOrganizationSettingsMutation: (vars) => {
        calls.push(vars);
        return { data: { updateOrganizationSettings: { organization: { ...org([]), timeZone: (vars.input as { timeZone: string }).timeZone } } } };
      },
    });
    const select = (await screen.findByLabelText("The organisation's time zone")) as HTMLSelectElement;
    expect(select.value).toBe("Europe/Helsinki");
    fireEvent.change(select, { target: { value: "America/New_York" } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(calls).toEqual([{ input: { timeZone: "America/New_York" } }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toEqual(["Organization details updated"]));
  });
});
