import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";

// Whole-app renders load lazy screens; on a busy machine the first one takes seconds.
vi.setConfig({ testTimeout: 20_000 });

const profile = { id: "VXNlcjox", displayName: "Ada Lovelace", email: "ada@example.org", locale: "en", receiveDigest: true };
const key = (n: number, revoked = false) => ({
  id: `QXBpS2V5OiR7bn0=${n}`,
  legacyId: `0123456789abcdef0123456${n}`,
  name: null,
  prefix: `fbk_abc${n}`,
  createdAt: "2025-01-02T10:00:00.000Z",
  lastUsedAt: null,
  revokedAt: revoked ? "2025-01-03T10:00:00.000Z" : null,
});
const page = (keys: unknown[], features = ["restApi"]) => ({
  data: {
    viewer: {
      user: profile,
      countryCode: "FI",
      billingAdmin: false,
      apiKeys: keys,
      currentOrganization: { id: "T3JnOjE=", availableFeatures: features },
    },
  },
});

describe("API keys in /settings/user", () => {
  beforeEach(() => toasts.clear());

  it("lists keys without values, generates one and shows it once with a warning", async () => {
    let keys = [key(1)];
    renderApp("/settings/user", {
      AppShellQuery: () => viewerResponse(),
      SettingsUserPageQuery: () => page(keys),
      ApiKeysSectionRefetchQuery: () => page(keys),
      ApiKeysSectionGenerateMutation: () => {
        keys = [key(2), ...keys];
        return { data: { generateApiKey: { key: "fbk_secretvalue", apiKey: { id: key(2).id } } } };
      },
    });
    expect(await screen.findByText("fbk_abc1…")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Generate API key" }));
    });
    expect(((await screen.findByLabelText("Your new API key")) as HTMLInputElement).value).toBe("fbk_secretvalue");
    expect(screen.getByText(/It will not be shown again/)).toBeTruthy();
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("API key generated"));
    await waitFor(() => expect(screen.getByText("fbk_abc2…")).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "I have stored the key" }));
    expect(screen.queryByLabelText("Your new API key")).toBeNull();
  });

  it("revokes a key after confirmation", async () => {
    const calls: Record<string, unknown>[] = [];
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderApp("/settings/user", {
      AppShellQuery: () => viewerResponse(),
      SettingsUserPageQuery: () => page([key(1)]),
      ApiKeysSectionRefetchQuery: () => page([key(1, true)]),
      ApiKeyRowRevokeMutation: (vars) => {
        calls.push(vars);
        return { data: { revokeApiKey: { apiKey: { id: key(1).id, revokedAt: "2025-01-03T10:00:00.000Z" }, deletedApiKeyId: null } } };
      },
    });
    const revoke = await screen.findByRole("button", { name: "Revoke fbk_abc1…" });
    await act(async () => {
      fireEvent.click(revoke);
    });
    await waitFor(() => expect(calls).toEqual([{ id: key(1).id, delete: false }]));
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("API key revoked"));
  });

  it("without the restApi feature shows the no-access message instead of the generate button", async () => {
    renderApp("/settings/user", {
      AppShellQuery: () => viewerResponse(),
      SettingsUserPageQuery: () => page([], []),
    });
    expect(await screen.findByText("No access to the feature: upgrade or contact support")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Generate API key" })).toBeNull();
  });
});

describe("impersonation in the menu", () => {
  it("an impersonating admin keeps the super-admin menu", async () => {
    renderApp("/settings/user", {
      AppShellQuery: () => viewerResponse({ isImpersonating: true }),
      SettingsUserPageQuery: () => page([]),
    });
    expect(await screen.findByRole("link", { name: "Super admin" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Stop impersonating" })).toBeTruthy();
  });
});
