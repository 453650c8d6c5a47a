// CSV (formula) injection: a spreadsheet program opening an export runs a cell that starts with
// = + - @ (or a tab or carriage return before one) as a formula, so a respondent's "=cmd|…" answer
// could run on the reader's machine. Every text cell the product writes into a CSV or XLSX file
// goes through here and gets a leading apostrophe, which spreadsheets show as text. Numbers stay
// numbers (a negative number is a number cell, not text).
const formulaStart = /^[=+\-@\t\r]/;

export function neutralizeCell<T extends string | number | boolean | null | undefined>(value: T): T | string {
  return typeof value === "string" && formulaStart.test(value) ? `'${value}` : value;
}

export const neutralizeRow = <T extends string | number | boolean | null | undefined>(cells: readonly T[]): (T | string)[] => cells.map(neutralizeCell);
