// Prints figure rows as a plain-text table a person can read.
import type { FigureRow } from "./suite.js";

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const abs = Math.abs(value);
  const digits = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
  return value.toLocaleString("en", { minimumFractionDigits: 0, maximumFractionDigits: digits });
}

const cell = (v: string | number | undefined): string => (v === undefined ? "" : typeof v === "number" ? formatNumber(v) : v);

export function formatTable(title: string, rows: FigureRow[]): string {
  const extraKeys: string[] = [];
  for (const row of rows) for (const key of Object.keys(row.extra ?? {})) if (!extraKeys.includes(key)) extraKeys.push(key);
  const header = ["figure", "value", "unit", ...extraKeys, "note"];
  const body = rows.map((r) => [r.figure, cell(r.value), r.unit, ...extraKeys.map((k) => cell(r.extra?.[k])), r.note ?? ""]);
  const hasNote = body.some((r) => r[r.length - 1] !== "");
  const columns = hasNote ? header.length : header.length - 1;
  const widths = Array.from({ length: columns }, (_, i) => Math.max(...[header, ...body].map((r) => (r[i] ?? "").length)));
  const numeric = (i: number) => i > 0 && i !== 2 && i < header.length - 1;
  const line = (r: string[]) =>
    r
      .slice(0, columns)
      .map((c, i) => (numeric(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [`== ${title} ==`, line(header), rule, ...body.map(line)].join("\n");
}
