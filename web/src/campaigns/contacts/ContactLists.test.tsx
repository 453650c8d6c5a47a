import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { configure, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../test/renderApp";
import { viewerResponse } from "../../test/relay";
import { UploadReport } from "./UploadReport";

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 15_000 });

describe("the upload report", () => {
  it("shows the counts and a table of the skipped lines with the server's messages", () => {
    i18n.activate("en");
    render(
      <I18nProvider i18n={i18n}>
        <UploadReport
          report={{
            imported: 2,
            skipped: 2,
            duplicates: 1,
            emailsSuppressed: 1,
            errors: [
              { line: 3, message: "invalid email on line 3", kind: "invalidEmail" },
              { line: 4, message: "missing required field on line 4", kind: "missingField" },
              { line: 5, message: "duplicate value on line 5", kind: "duplicate" },
            ],
            errorsTruncated: false,
            variableNames: ["name"],
            message: "contacts saved",
          }}
        />
      </I18nProvider>,
    );
    expect(screen.getByText("2 contacts imported")).toBeTruthy();
    expect(screen.getByText("2 invalid lines skipped")).toBeTruthy();
    expect(screen.getByText("1 duplicate ignored")).toBeTruthy();
    expect(screen.getByText("1 address not loaded because it unsubscribed earlier")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Skipped lines" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["3", "invalid email on line 3"],
      ["4", "missing required field on line 4"],
      ["5", "duplicate value on line 5"],
    ]);
  });
});

describe("/touchpoints/contactLists/{id}/pagination", () => {
  it("loads more contacts until the page equals the total pages", async () => {
    const contact = (i: number) => ({ id: btoa(`Contact:${i}`), email: `p${i}@example.com`, phone: null, variables: [{ name: "city", value: `C${i}` }] });
    const asked: number[] = [];
    renderApp("/touchpoints/contactLists/aaaaaaaaaaaaaaaaaaaaaa01/pagination", {
      AppShellQuery: () => viewerResponse(),
      ContactListContactsPageQuery: (vars) => {
        const first = vars.first as number;
        asked.push(first);
        expect(vars.id).toBe(btoa("ContactList:aaaaaaaaaaaaaaaaaaaaaa01"));
        return {
          data: {
            contactList: {
              legacyId: "aaaaaaaaaaaaaaaaaaaaaa01",
              name: "Newsletter",
              channel: "email",
              variableNames: ["city"],
              contacts: {
                totalCount: 60,
                edges: Array.from({ length: Math.min(first, 60) }, (_, i) => ({ node: contact(i) })),
              },
            },
          },
        };
      },
    });
    expect(await screen.findByText("Page 1 of 2 (60 contacts)")).toBeTruthy();
    expect(screen.getByText("p0@example.com")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Page 2 of 2 (60 contacts)")).toBeTruthy();
    expect(await screen.findByText("p59@example.com")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(asked).toEqual([50, 100]);
  });
});

describe("/touchpoints/contactLists/blockList", () => {
  it("shows a viewer an in-page 'no rights' state inside the app (no block list query, no actions)", async () => {
    let asked = false;
    renderApp("/touchpoints/contactLists/blockList", {
      AppShellQuery: () => viewerResponse({ viewerOnly: true }),
      BlockListPageRightsQuery: () => ({ data: { viewer: { organizationAdmin: false, rolesPerUnit: [{ rights: ["viewResults"] }] } } }),
      BlockListPageQuery: () => {
        asked = true;
        return { errors: [{ message: "You do not have the rights to see the block list" }] };
      },
    });
    expect(await screen.findByRole("heading", { name: "You do not have the rights to see the block list" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1, name: "Block list" })).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(asked).toBe(false);
  });

  it("lists the addresses to an editor without the remove action, which is for organisation admins", async () => {
    renderApp("/touchpoints/contactLists/blockList", {
      AppShellQuery: () => viewerResponse(),
      BlockListPageRightsQuery: () => ({ data: { viewer: { organizationAdmin: false, rolesPerUnit: [{ rights: ["viewResults", "manageContacts"] }] } } }),
      BlockListPageQuery: () => ({ data: { blockList: { total: 1, addresses: [{ email: "gone@example.com", createdAt: "2026-01-01T00:00:00.000Z" }] } } }),
    });
    expect(await screen.findByText("gone@example.com")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  });
});

describe("/touchpoints/contactLists/{id}/edit", () => {
  it("reads the list again after an upload, so the contact count is current", async () => {
    // The browser's upload (XMLHttpRequest) answering the import report.
    class FakeUpload {
      status = 200;
      statusText = "OK";
      responseText = JSON.stringify({
        imported: 2,
        skipped: 0,
        duplicates: 0,
        emailsSuppressed: 0,
        errors: [],
        errorsTruncated: false,
        variableNames: [],
        message: "contacts saved",
      });
      upload: { onprogress?: unknown } = {};
      onload?: () => void;
      onerror?: () => void;
      open() {}
      setRequestHeader() {}
      send() {
        setTimeout(() => this.onload?.(), 0);
      }
    }
    vi.stubGlobal("XMLHttpRequest", FakeUpload);
    let reads = 0;
    try {
      renderApp("/touchpoints/contactLists/aaaaaaaaaaaaaaaaaaaaaa01/edit", {
        AppShellQuery: () => viewerResponse(),
        ContactListEditPageQuery: () => {
          reads++;
          return {
            data: {
              contactList: {
                id: btoa("ContactList:aaaaaaaaaaaaaaaaaaaaaa01"),
                legacyId: "aaaaaaaaaaaaaaaaaaaaaa01",
                name: "Newsletter",
                channel: "email",
                variableNames: [],
                contactCount: reads === 1 ? 0 : 2,
                editRefusal: null,
              },
              touchpointUnits: [{ id: btoa("Unit:1"), name: "Team" }],
            },
          };
        },
      });
      expect(await screen.findByRole("link", { name: "Show the 0 contacts" })).toBeTruthy();
      const input = screen.getByLabelText(/A \.csv or \.xlsx file/) as HTMLInputElement;
      fireEvent.change(input, { target: { files: [new File(["email\na@b.fi\nc@d.fi\n"], "list.csv", { type: "text/csv" })] } });
      expect(await screen.findByText("2 contacts imported")).toBeTruthy();
      expect(await screen.findByRole("link", { name: "Show the 2 contacts" })).toBeTruthy();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
