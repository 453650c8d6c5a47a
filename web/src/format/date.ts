/**
 * Dates as spec 000 §9 says: day.month.year by default, US style (month/day/year) for the
 * countries US and CA. Zero-padded: 05.03.2024 and 03/05/2024. Times use 24 h (14:05) by
 * default and 12 h (2:05 PM) for US and CA.
 */

const US_STYLE = new Set(["US", "CA"]);

export function usesUsDateStyle(countryCode: string | null | undefined): boolean {
  return US_STYLE.has((countryCode ?? "").toUpperCase());
}

const pad = (n: number) => String(n).padStart(2, "0");

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  // A bare yyyy-MM-dd is a calendar day, not midnight UTC: read it as a local day.
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split("-").map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  return new Date(value);
}

export function formatDate(value: Date | string | number, countryCode?: string | null): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const d = pad(date.getDate());
  const m = pad(date.getMonth() + 1);
  const y = date.getFullYear();
  return usesUsDateStyle(countryCode) ? `${m}/${d}/${y}` : `${d}.${m}.${y}`;
}

export function formatTime(value: Date | string | number, countryCode?: string | null): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "";
  const minutes = pad(date.getMinutes());
  if (usesUsDateStyle(countryCode)) {
    const hours = date.getHours();
    const h12 = hours % 12 === 0 ? 12 : hours % 12;
    return `${h12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
  }
  return `${pad(date.getHours())}:${minutes}`;
}

export function formatDateTime(value: Date | string | number, countryCode?: string | null): string {
  const date = formatDate(value, countryCode);
  return date ? `${date} ${formatTime(value, countryCode)}` : "";
}

/** The placeholder a date input shows, e.g. "dd.mm.yyyy" or "mm/dd/yyyy". */
export function datePattern(countryCode?: string | null): string {
  return usesUsDateStyle(countryCode) ? "mm/dd/yyyy" : "dd.mm.yyyy";
}

/**
 * A chart axis's day: the API's received day ("2026/11/20" or "2026-11-20") as "20.11." (or "11/20"
 * for US and CA); anything else (an hour, a week, a month, a touchpoint) is returned as it is.
 */
export function axisDay(label: string, countryCode?: string | null): string {
  const m = /^(\d{4})[/-](\d{2})[/-](\d{2})$/.exec(label);
  if (!m) return label;
  return usesUsDateStyle(countryCode) ? `${m[2]}/${m[3]}` : `${m[3]}.${m[2]}.`;
}
