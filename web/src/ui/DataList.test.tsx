import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { ListToolbar, matchesSearch, RowCheckbox, SearchBox, SelectAllCheckbox, type Sort, SortableHeader, sortRows, useSelection } from "./DataList";

if (!i18n.locale) i18n.activate("en");

describe("the list parts", () => {
  it("sorts text by collation and numbers by value, empty values last either way", () => {
    const rows = [
      { n: "b", c: 2 },
      { n: "Ä", c: null },
      { n: "a10", c: 10 },
      { n: "a9", c: 1 },
    ];
    const by = (sort: Sort<"n" | "c">) => sortRows(rows, sort, (r, f) => r[f], "fi").map((r) => r.n);
    expect(by({ field: "n", direction: "asc" })).toEqual(["a9", "a10", "b", "Ä"]);
    expect(by({ field: "c", direction: "desc" })).toEqual(["a10", "b", "a9", "Ä"]);
    expect(by({ field: "c", direction: "asc" })).toEqual(["a9", "b", "a10", "Ä"]);
    expect(sortRows(rows, null, () => 0)).toEqual(rows);
  });

  it("searches case- and accent-insensitively in any of the texts; a blank search matches all", () => {
    expect(matchesSearch("cafe", "Café Helsinki")).toBe(true);
    expect(matchesSearch("  HEL ", null, "helsinki")).toBe(true);
    expect(matchesSearch("oulu", "Helsinki", undefined)).toBe(false);
    expect(matchesSearch(" ", "anything")).toBe(true);
  });

  it("reports a search once after a pause, not per keystroke", async () => {
    const searched: string[] = [];
    render(
      <I18nProvider i18n={i18n}>
        <SearchBox label="Search things" value="" onSearch={(s) => searched.push(s)} delayMs={50} />
      </I18nProvider>,
    );
    const box = screen.getByRole("searchbox", { name: "Search things" });
    fireEvent.change(box, { target: { value: "s" } });
    fireEvent.change(box, { target: { value: "st" } });
    fireEvent.change(box, { target: { value: " sto " } });
    await waitFor(() => expect(searched).toEqual(["sto"]));
  });

  it("sorts by a header: aria-sort follows, the first click takes the header's first direction", () => {
    function Table() {
      const [sort, setSort] = useState<Sort<"name" | "count"> | null>(null);
      return (
        <table>
          <thead>
            <tr>
              <SortableHeader field="name" sort={sort} onSort={setSort}>
                Name
              </SortableHeader>
              <SortableHeader field="count" sort={sort} onSort={setSort} firstDirection="desc">
                Count
              </SortableHeader>
            </tr>
          </thead>
        </table>
      );
    }
    render(<Table />);
    const name = screen.getByRole("columnheader", { name: "Name" });
    const count = screen.getByRole("columnheader", { name: "Count" });
    expect(name.getAttribute("aria-sort")).toBe("none");
    fireEvent.click(screen.getByRole("button", { name: "Count" }));
    expect(count.getAttribute("aria-sort")).toBe("descending");
    fireEvent.click(screen.getByRole("button", { name: "Count" }));
    expect(count.getAttribute("aria-sort")).toBe("ascending");
    fireEvent.click(screen.getByRole("button", { name: "Name" }));
    expect(name.getAttribute("aria-sort")).toBe("ascending");
    expect(count.getAttribute("aria-sort")).toBe("none");
  });

  it("selects rows, all of them, shows the bulk actions with the count, and forgets rows that leave the list", async () => {
    function List({ ids }: { ids: string[] }) {
      const selection = useSelection(ids);
      return (
        <I18nProvider i18n={i18n}>
          <ListToolbar selection={selection} bulkActions={<button type="button">Archive</button>} />
          <table>
            <thead>
              <tr>
                <SelectAllCheckbox selection={selection} label="Select all" />
              </tr>
            </thead>
            <tbody>
              {ids.map((id) => (
                <tr key={id}>
                  <RowCheckbox selection={selection} id={id} label={`Select ${id}`} />
                </tr>
              ))}
            </tbody>
          </table>
        </I18nProvider>
      );
    }
    const { rerender } = render(<List ids={["a", "b", "c"]} />);
    expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select a" }));
    const all = screen.getByRole("checkbox", { name: "Select all" }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(screen.getByRole("region", { name: "Bulk actions" }).textContent).toContain("1 selected");
    fireEvent.click(all);
    expect(screen.getByRole("region", { name: "Bulk actions" }).textContent).toContain("3 selected");
    await act(async () => rerender(<List ids={["b", "c"]} />));
    expect(screen.getByRole("region", { name: "Bulk actions" }).textContent).toContain("2 selected");
    fireEvent.click(screen.getByRole("button", { name: "Clear selection" }));
    expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
  });
});
