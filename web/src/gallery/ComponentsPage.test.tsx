import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { i18n } from "@lingui/core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { activateLocale } from "../i18n/i18n";
import { findRouteMeta } from "../routes";
import { toasts } from "../shell/toastStore";
import { renderApp } from "../test/renderApp";
import { icons as iconSet } from "../ui/icons";
import { GALLERY_SECTION_IDS } from "./ComponentsPage";

const SECTIONS = [
  "Design tokens",
  "Buttons",
  "Icon buttons",
  "Form fields",
  "Icons",
  "Badges and status pills",
  "Cards",
  "Lists",
  "Empty states",
  "Loading states",
  "Toasts",
  "Charts",
];

/** The first render compiles the page's lazy chunk (with the charts): give it time. */
const FIRST_RENDER = { timeout: 20_000 };

describe("/components gallery", () => {
  beforeEach(() => toasts.clear());
  afterEach(() => i18n.loadAndActivate({ locale: "en", messages: {} }));

  it("is an open component page without the menu", () => {
    const meta = findRouteMeta("/components");
    expect(meta).toMatchObject({ access: "open", hideMenu: true, componentPage: true });
  });

  it("renders every section signed out, asks no GraphQL and no sign-in, and indexes the sections", async () => {
    const { requests, session } = renderApp("/components", {});
    expect(await screen.findByRole("heading", { level: 1, name: "Components" }, FIRST_RENDER)).toBeTruthy();
    expect(session.ensureSignedIn).not.toHaveBeenCalled();
    expect(requests).toHaveLength(0);
    expect(screen.queryByRole("navigation", { name: "Main menu" })).toBeNull();

    const index = screen.getByRole("navigation", { name: "On this page" });
    const links = within(index).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(SECTIONS);
    expect(links.map((a) => a.getAttribute("href"))).toEqual(GALLERY_SECTION_IDS.map((id) => `#${id}`));
    for (const [i, name] of SECTIONS.entries()) {
      const section = screen.getByRole("region", { name });
      expect(section.id).toBe(GALLERY_SECTION_IDS[i]);
      expect(within(section).getByRole("heading", { level: 2, name })).toBeTruthy();
    }
  });

  it("shows each button variant and state, the fields with hint and error, icons, badges and loading regions", async () => {
    renderApp("/components", {});
    const buttons = await screen.findByRole("region", { name: "Buttons" }, FIRST_RENDER);
    for (const variant of ["primary", "secondary", "quiet", "danger"]) {
      expect(buttons.querySelectorAll(`.ui-button--${variant}:not(:disabled)`).length, variant).toBeGreaterThan(0);
      expect(buttons.querySelectorAll(`.ui-button--${variant}:disabled`).length, variant).toBe(1);
    }
    expect(within(buttons).getByRole("button", { name: "Saving…" }).getAttribute("aria-busy")).toBe("true");
    expect(within(buttons).getByRole("link", { name: "See the empty states" }).getAttribute("href")).toBe("/components#empty-states");
    const tryLoading = within(buttons).getByRole("button", { name: "Try loading" });
    fireEvent.click(tryLoading);
    expect(tryLoading.getAttribute("aria-busy")).toBe("true");

    const iconButtons = screen.getByRole("region", { name: "Icon buttons" });
    expect(within(iconButtons).getByRole("button", { name: "Delete response" }).textContent).toBe("");

    const fields = screen.getByRole("region", { name: "Form fields" });
    const email = within(fields).getByLabelText("E-mail address");
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe("Please provide a valid e-mail address");
    expect(within(fields).getByLabelText("Reminders").getAttribute("aria-describedby")).toBe("gallery-count-hint");
    expect(within(fields).getByLabelText("Score threshold").getAttribute("aria-invalid")).toBe("true");
    expect(within(fields).getByRole("combobox", { name: "Language" })).toBeTruthy();
    expect(within(fields).getByLabelText("Message text").getAttribute("aria-invalid")).toBe("true");
    expect(within(fields).getByRole("group", { name: "Send by" })).toBeTruthy();
    fireEvent.click(within(fields).getByRole("checkbox", { name: "Friday" }));
    expect((within(fields).getByRole("checkbox", { name: "Friday" }) as HTMLInputElement).checked).toBe(true);

    const icons = screen.getByRole("region", { name: "Icons" });
    // Every icon of the set, each shown once (decorative: hidden from screen readers).
    expect(icons.querySelectorAll("svg[aria-hidden='true']")).toHaveLength(Object.keys(iconSet).length);

    const badges = screen.getByRole("region", { name: "Badges and status pills" });
    expect(within(badges).getByText("Not delivered").className).toContain("ui-badge--danger");

    expect(within(screen.getByRole("region", { name: "No surveys yet" })).getByRole("button", { name: "Create a survey" })).toBeTruthy();
    const loading = screen.getByRole("region", { name: "Loading states" });
    const busy = within(loading).getAllByRole("status");
    expect(busy.length).toBe(4);
    for (const region of busy) expect(region.getAttribute("aria-busy")).toBe("true");
  });

  it("raises toasts through the shell's toast area", async () => {
    renderApp("/components", {});
    const section = await screen.findByRole("region", { name: "Toasts" }, FIRST_RENDER);
    fireEvent.click(within(section).getByRole("button", { name: "Error" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("The survey could not be saved."));
    fireEvent.click(within(section).getByRole("button", { name: "Success" }));
    expect(toasts.list().map((t) => [t.kind, t.message])).toEqual([
      ["error", "The survey could not be saved."],
      ["success", "Survey saved"],
    ]);
  });

  it("draws each chart of the summary and results screens from sample data", async () => {
    renderApp("/components", {});
    const charts = await screen.findByRole("region", { name: "Charts" }, FIRST_RENDER);
    for (const name of [
      "Net Promoter Score",
      "Average satisfaction",
      "Responses per day",
      "Satisfaction per day",
      "NPS per week",
      "How was your visit?",
      "How was your visit? By week",
      "Emotional value index",
      "Touchpoint ranking",
      "Root causes",
      "Sentiment of comments",
      "Word cloud",
    ]) {
      const figure = within(charts).getByRole("figure", { name });
      expect(within(figure).getByRole("img").getAttribute("aria-label"), name).not.toMatch(/no (answers|responses)/);
    }
    const nps = within(charts).getByRole("figure", { name: "Net Promoter Score" });
    expect(within(nps).getByRole("img").getAttribute("aria-label")).toMatch(/^Net Promoter Score: NPS \+37\./);
  });

  it.each([["fi", "Komponentit", "Tällä sivulla", "Painikkeet"] as const, ["es", "Componentes", "En esta página", "Botones"] as const])(
    "speaks %s: the title, the index and every section heading are translated",
    async (locale, title, onThisPage, buttons) => {
      await activateLocale(locale);
      renderApp("/components", {});
      expect(await screen.findByRole("heading", { level: 1, name: title }, FIRST_RENDER)).toBeTruthy();
      const index = screen.getByRole("navigation", { name: onThisPage });
      const names = within(index)
        .getAllByRole("link")
        .map((a) => a.textContent);
      expect(names).toContain(buttons);
      expect(names.filter((name) => SECTIONS.includes(name ?? ""))).toEqual([]);
    },
  );
  it("shows the list parts: the search narrows the sample, headers sort with aria-sort, selection opens the bulk actions", async () => {
    renderApp("/components", {});
    const lists = await screen.findByRole("region", { name: "Lists" }, FIRST_RENDER);
    const names = () =>
      within(lists)
        .getAllByRole("row")
        .slice(1)
        .map((r) => within(r).getAllByRole("cell")[1]?.textContent);
    fireEvent.click(within(lists).getByRole("button", { name: "Responses" }));
    expect(within(lists).getByRole("columnheader", { name: "Responses" }).getAttribute("aria-sort")).toBe("descending");
    expect(names()).toEqual(["Store visit", "Web shop experience", "Customer support follow-up"]);
    fireEvent.change(within(lists).getByRole("searchbox", { name: "Search surveys by name or team" }), { target: { value: "support" } });
    await waitFor(() => expect(names()).toEqual(["Customer support follow-up"]));
    fireEvent.click(within(lists).getByRole("checkbox", { name: "Select Customer support follow-up" }));
    expect(within(lists).getByRole("region", { name: "Bulk actions" }).textContent).toContain("1 selected");
  });
});
