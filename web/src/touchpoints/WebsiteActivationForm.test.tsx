import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
// The shared activation rules (the api's too): the form must save a new activation as their default one.
import { defaultWebsiteSettings, resolveWebsiteSettings } from "@feedback/shared/website-settings";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { formQueryData, globalIdOf, noRights, surveys, touchpoint, units, websiteAnswer } from "../test/fixtures/touchpoints";
import { newWebsiteDraft, storedWebsiteOf, validateWebsite, websiteDraftOf } from "./websiteSettings";

vi.setConfig({ testTimeout: 40_000 });
// The first render compiles the lazy screen; with the suite running in parallel on two cores that takes seconds.
configure({ asyncUtilTimeout: 15_000 });

const id = "eeeeeeeeeeeeeeeeeeeeee01";
const saveButton = () => screen.getByRole("button", { name: "Save" }) as HTMLButtonElement;
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
const checked = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).checked;

function domainsRest(rest: { request: ReturnType<typeof vi.fn> }, calls: Array<{ path: string; body?: unknown }> = []) {
  rest.request.mockImplementation(async (path: string, options?: { method?: string; body?: { domain: string } }) => {
    calls.push({ path, body: options?.body });
    if (path === "/website-domains" && options?.method === "POST") return { _id: "ffffffffffffffffffffff02", domain: options.body!.domain };
    if (path === "/website-domains") return [{ _id: "ffffffffffffffffffffff01", domain: "shop.example" }];
    return null;
  });
  return calls;
}

describe("website activation rules", () => {
  it("the form starts from the shared default activation and saves it, and a stored one, unchanged", () => {
    expect(storedWebsiteOf(newWebsiteDraft("shop.example"))).toEqual(defaultWebsiteSettings("shop.example"));
    const stored = {
      ...defaultWebsiteSettings("shop.example"),
      state: { active: false, activeTime: { from: "2026-05-01T10:00:00.000Z", to: "2026-06-01T10:00:00.000Z" }, responses: 40 },
      displayOptions: { type: "popover", placement: "top-left" },
      sample: 25,
      pages: { whitelist: [{ host: "shop.example" }, { url: "/products/*" }], blacklist: [{ url: "/checkout" }] },
      referrer: { source: "specific", urls: ["google.com"] },
      visitedPages: { min: 2, max: 5 },
      visitedUrls: { urls: ["/a", "/b"], mode: "allInOrder", blacklist: ["/thanks"], blacklistMode: "allVisited" },
      browsersExcluded: ["ie", "opera"],
      screenSizeExcluded: ["mobile"],
      cookies: { mode: "all", values: ["consent=yes", "member"] },
      customProperties: { mode: "none", values: ["plan=free"] },
      displayAfterTimeOnPage: 5,
      displayAfterTimeOnSite: 60,
      scroll: 50,
      exitIntent: true,
      showFrequency: "once",
      recurrence: { declined: 30, responded: 90 },
      showAfterOtherSurvey: 0,
      saveUrlAsMeta: true,
    };
    expect(storedWebsiteOf(websiteDraftOf(stored))).toEqual(stored);
    // What the widget receives from the saved shape: the rules as set.
    const settings = resolveWebsiteSettings(storedWebsiteOf(websiteDraftOf(stored)), { touchpointId: id, surveyId: surveys[0]!.legacyId }, new Date());
    expect(settings.cookies.values).toEqual([
      { name: "consent", value: "yes" },
      { name: "member", value: null },
    ]);
    expect(settings.pages.whitelist).toEqual([{ host: "shop.example" }, { url: "/products/*" }]);
  });

  it("refuses values the widget could not use", () => {
    const d = {
      ...newWebsiteDraft("shop.example"),
      sample: "101",
      visitedMin: "5",
      visitedMax: "2",
      activeFrom: "2026-06-01T10:00",
      activeTo: "2026-06-01T10:00",
      scroll: "-1",
    };
    expect(Object.keys(validateWebsite(d)).sort()).toEqual(["activeTo", "sample", "scroll", "visitedMax"]);
    expect(Object.keys(validateWebsite({ ...newWebsiteDraft(""), referrerSource: "specific" })).sort()).toEqual(["domain", "referrerUrls"]);
    expect(validateWebsite({ ...newWebsiteDraft("shop.example") })).toEqual({});
  });
});

describe("/launch-website", () => {
  beforeEach(() => toasts.clear());

  it("shows every default of spec 001 §3/§9 and saves the default activation for the chosen domain", async () => {
    const created: Record<string, unknown>[] = [];
    const { rest, router } = renderApp(`/launch-website?surveyId=${surveys[1]!.legacyId}`, {
      AppShellQuery: () => viewerResponse(),
      WebsiteActivationPageQuery: (vars) =>
        vars.isNew
          ? { data: formQueryData() }
          : {
              data: {
                ...formQueryData(),
                touchpoint: touchpoint({
                  legacyId: id,
                  type: "website",
                  website: websiteAnswer((created[0]?.website ?? {}) as Record<string, unknown>),
                }),
              },
            },
      useTouchpointMutationsCreateMutation: (vars) => {
        created.push(vars.input as Record<string, unknown>);
        return { data: { createTouchpoint: { touchpoint: { id: "VG91Y2hwb2ludDp3", legacyId: id, type: "website", name: "Shop widget" } } } };
      },
    });
    domainsRest(rest);
    await screen.findByLabelText("Name");
    // The survey chosen in the launch wizard is preselected.
    expect(value("Active survey")).toBe(surveys[1]!.legacyId);
    // Defaults (spec 001 §9 and §3).
    expect(checked("Active: the widget may show on the site")).toBe(true);
    expect(value("Active from")).toBe("");
    expect(value("Active until")).toBe("");
    expect(checked("Corner window")).toBe(true);
    expect(checked("Bottom right")).toBe(true);
    expect(value("Sample (% of visitors)")).toBe("100");
    expect(checked("Visitors from anywhere")).toBe(true);
    expect(checked("Only returning visitors")).toBe(false);
    expect(value("Pages visited in the visit, at least")).toBe("");
    expect(value("Visited addresses rule")).toBe("anyVisited");
    expect(value("Hiding rule for visited addresses")).toBe("anyVisited");
    expect(value("Cookies rule")).toBe("any");
    expect(value("Custom properties rule")).toBe("any");
    expect(value("Show after time on the page (seconds)")).toBe("0");
    expect(value("Show after time on the site (seconds)")).toBe("0");
    expect(value("Show after scrolling (% of the page)")).toBe("0");
    expect(checked("Show when the visitor is about to leave (exit intent)")).toBe(false);
    expect(value("Show frequency")).toBe("untilDeclineOrResponse");
    expect(value("Show again after a decline (days)")).toBe("7");
    expect(value("Show again after a response (days)")).toBe("7");
    expect(value("Wait after another survey was shown (hours)")).toBe("12");
    expect(checked("Save the page address with each response (as metadata)")).toBe(false);
    expect(checked("Internet Explorer")).toBe(false);
    // Placement applies to the corner window only.
    fireEvent.click(screen.getByLabelText("Popover"));
    expect(screen.getByLabelText("Top left").matches(":disabled")).toBe(true);
    fireEvent.click(screen.getByLabelText("Corner window"));
    expect(screen.getByLabelText("Top left").matches(":disabled")).toBe(false);

    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Shop widget" } });
    expect(saveButton().disabled).toBe(true); // no domain yet
    await waitFor(() => expect(within(screen.getByLabelText("Website domain")).getByRole("option", { name: "shop.example" })).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Website domain"), { target: { value: "shop.example" } });
    // The whitelist follows the domain: the whole site.
    expect(value("Show on these pages: rule 1")).toBe("shop.example");
    expect(value("Show on these pages: rule 1 kind")).toBe("host");
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({
      name: "Shop widget",
      type: "website",
      unitId: globalIdOf("Unit", units[0]!.legacyId),
      activeSurveyId: globalIdOf("Survey", surveys[1]!.legacyId),
    });
    expect(created[0]!.website).toEqual(defaultWebsiteSettings("shop.example"));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/website/${id}/edit`));
    // The saved activation shows its one-script-tag embed code.
    const embed = (await screen.findByLabelText("Embed code")) as HTMLTextAreaElement;
    expect(embed.value).toBe(`<script async src="http://app.test/widget.js" data-touchpoint="${id}"></script>`);
  });

  it("adds a new website domain and uses it", async () => {
    const { rest } = renderApp("/launch-website", {
      AppShellQuery: () => viewerResponse(),
      WebsiteActivationPageQuery: () => ({ data: formQueryData() }),
    });
    const calls = domainsRest(rest);
    fireEvent.change(await screen.findByLabelText("New website domain"), { target: { value: "not a domain" } });
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    expect(screen.getByText("Invalid domain")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("New website domain"), { target: { value: "Blog.Example.org" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    });
    await waitFor(() => expect(value("Website domain")).toBe("blog.example.org"));
    expect(calls).toContainEqual({ path: "/website-domains", body: { domain: "blog.example.org" } });
  });
});

describe("/website/{channelId}/edit", () => {
  beforeEach(() => toasts.clear());
  const stored = { ...defaultWebsiteSettings("shop.example"), sample: 40, displayOptions: { type: "embedded", placement: "bottom-right" } };

  it("edits targeting rules and saves the whole activation", async () => {
    const updates: Record<string, unknown>[] = [];
    const { rest } = renderApp(`/website/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      WebsiteActivationPageQuery: () => ({
        data: { ...formQueryData(), touchpoint: touchpoint({ legacyId: id, type: "website", name: "Shop", website: websiteAnswer(stored) }) },
      }),
      useTouchpointMutationsUpdateMutation: (vars) => {
        updates.push(vars.input as Record<string, unknown>);
        const input = vars.input as { website: Record<string, unknown> };
        return {
          data: { updateTouchpoint: { touchpoint: touchpoint({ legacyId: id, type: "website", name: "Shop", website: websiteAnswer(input.website) }) } },
        };
      },
    });
    domainsRest(rest);
    expect(await screen.findByLabelText("Sample (% of visitors)")).toBeTruthy();
    expect(value("Sample (% of visitors)")).toBe("40");
    expect(checked("Embedded in the page")).toBe(true);
    expect(value("Embed code")).toContain(`<div data-feedback-widget="${id}"></div>`);
    fireEvent.change(screen.getByLabelText("Sample (% of visitors)"), { target: { value: "150" } });
    expect(screen.getByText("Enter a percentage from 0 to 100")).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Sample (% of visitors)"), { target: { value: "50" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a rule: Never show on these pages" }));
    fireEvent.change(screen.getByLabelText("Never show on these pages: rule 1"), { target: { value: "/checkout" } });
    fireEvent.click(screen.getByLabelText("Only visitors referred by these addresses"));
    fireEvent.change(screen.getByLabelText("Referring addresses (one per line)"), { target: { value: "google.com\n\nbing.com " } });
    fireEvent.click(screen.getByLabelText("Mobile (narrower than 768 px)"));
    fireEvent.change(screen.getByLabelText("Cookies (name or name=value, one per line)"), { target: { value: "consent=yes" } });
    fireEvent.change(screen.getByLabelText("Show frequency"), { target: { value: "always" } });
    fireEvent.change(screen.getByLabelText("Active from"), { target: { value: "2026-07-01T09:00" } });
    fireEvent.change(screen.getByLabelText("Active until"), { target: { value: "2026-06-01T09:00" } });
    expect(screen.getByText("The active period must end after it starts")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Active until"), { target: { value: "2026-08-01T09:00" } });
    await act(async () => {
      fireEvent.click(saveButton());
    });
    await waitFor(() => expect(updates).toHaveLength(1));
    const saved = updates[0]!.website;
    expect(saved).toEqual({
      ...stored,
      sample: 50,
      pages: { whitelist: [{ host: "shop.example" }], blacklist: [{ url: "/checkout" }] },
      referrer: { source: "specific", urls: ["google.com", "bing.com"] },
      screenSizeExcluded: ["mobile"],
      cookies: { mode: "any", values: ["consent=yes"] },
      showFrequency: "always",
      state: {
        active: true,
        activeTime: { from: new Date("2026-07-01T09:00").toISOString(), to: new Date("2026-08-01T09:00").toISOString() },
        responses: null,
      },
    });
    await waitFor(() => expect(toasts.list().map((t) => t.message)).toContain("Channel saved"));
    await waitFor(() => expect(saveButton().disabled).toBe(true));
  });

  it("gives users without rights the server's refusal and read-only controls", async () => {
    const { rest } = renderApp(`/website/${id}/edit`, {
      AppShellQuery: () => viewerResponse(),
      WebsiteActivationPageQuery: () => ({
        data: {
          ...formQueryData({ editableUnits: [] }),
          touchpoint: touchpoint({ legacyId: id, type: "website", website: websiteAnswer(stored), editRefusal: noRights }),
        },
      }),
    });
    domainsRest(rest);
    expect(await screen.findByText(noRights)).toBeTruthy();
    for (const label of ["Name", "Website domain", "Sample (% of visitors)", "Corner window", "Show frequency", "Cookies rule"]) {
      expect(screen.getByLabelText(label).matches(":disabled"), label).toBe(true);
    }
    expect(screen.queryByLabelText("New website domain")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Delete/ })).toBeNull();
  });
});
