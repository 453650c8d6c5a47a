// CSV injection (issue: "=cmd…" in a cell must be neutralised in every export): the cell rule, and
// the feedback-list CSV and XLSX writers applying it to titles, touchpoint names and metadata.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { neutralizeCell } from "./spreadsheet-cells.js";
import { writeCsv } from "../feedback-list/export-csv.js";
import { writeXlsx } from "../feedback-list/export-xlsx.js";
import type { FeedbackListPlan, RawRow } from "../feedback-list/query.js";

describe("spreadsheet cells", () => {
  it("prefixes text starting with = + - @ tab or CR with an apostrophe; numbers and plain text stay", () => {
    for (const v of ["=cmd|' /C calc'!A0", "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) expect(neutralizeCell(v)).toBe(`'${v}`);
    expect(neutralizeCell("Great service")).toBe("Great service");
    expect(neutralizeCell("a=b")).toBe("a=b");
    expect(neutralizeCell(-5)).toBe(-5);
    expect(neutralizeCell(null)).toBeNull();
  });

  describe("the feedback-list exports", () => {
    let dir = "";
    const plan = {
      organizationId: "o",
      scope: { sql: "", params: [] },
      locale: "en",
      utcOffset: 0,
      hideTimestamps: false,
      blankHiddenAnswers: true,
      questions: [],
      questionById: new Map(),
      metaKeys: ["note"],
      columns: [
        { kind: "fixed", key: "touchpoint", title: "Touchpoint" },
        { kind: "meta", key: "meta_note", title: '=HYPERLINK("http://x")', metaKey: "note" },
      ],
      touchpointNames: new Map([["tp1", "=cmd|' /C calc'!A0"]]),
    } as unknown as FeedbackListPlan;
    const row: RawRow = {
      id: "r1",
      createdAt: new Date("2026-01-01T00:00:00Z"),
      touchpointId: "tp1",
      surveyId: "s1",
      unitId: "u1",
      language: "en",
      status: "submitted",
      hidden: false,
      metadata: { note: "@SUM(1+1)*cmd" },
      answers: [],
    };
    const rows = async (_p: FeedbackListPlan, onBatch: (batch: RawRow[]) => Promise<void>) => {
      await onBatch([row]);
      return 1;
    };

    beforeAll(async () => {
      dir = await mkdtemp(path.join(os.tmpdir(), "cells-"));
    });
    afterAll(async () => rm(dir, { recursive: true, force: true }));

    it("neutralises CSV cells", async () => {
      const file = path.join(dir, "list.csv");
      await writeCsv(plan, rows, file, () => {});
      const text = await readFile(file, "utf8");
      expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
      expect(text.split("\n")[1]).toBe("'=cmd|' /C calc'!A0,'@SUM(1+1)*cmd");
      expect(text).not.toMatch(/(^|,|\n)=/);
    });

    it("neutralises XLSX cells", async () => {
      const file = path.join(dir, "list.xlsx");
      await writeXlsx(plan, rows, file, () => {});
      const { default: ExcelJS } = await import("exceljs");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).getCell(2).value).toBe(`'=HYPERLINK("http://x")`);
      expect(ws.getRow(2).getCell(1).value).toBe("'=cmd|' /C calc'!A0");
      expect(ws.getRow(2).getCell(2).value).toBe("'@SUM(1+1)*cmd");
    });
  });
});
