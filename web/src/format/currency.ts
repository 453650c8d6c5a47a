/**
 * Currency symbols known to the product (spec 000 §9). "AUS" is the product's code for the
 * Australian dollar; the ISO code AUD is accepted too. Unknown codes are shown as the code.
 */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  USD: "$",
  EUR: "€",
  CRC: "₡",
  GBP: "£",
  ILS: "₪",
  INR: "₹",
  JPY: "¥",
  KRW: "₩",
  NGN: "₦",
  PHP: "₱",
  PLN: "zł",
  PYG: "₲",
  THB: "฿",
  UAH: "₴",
  VND: "₫",
  AUS: "A$",
  AUD: "A$",
};

/** Currencies without minor units (amounts are whole numbers). */
const ZERO_DECIMAL = new Set(["JPY", "KRW", "PYG", "VND"]);

export function currencySymbol(code: string): string {
  const upper = code.toUpperCase();
  return CURRENCY_SYMBOLS[upper] ?? upper;
}

export function currencyDecimals(code: string): number {
  return ZERO_DECIMAL.has(code.toUpperCase()) ? 0 : 2;
}

/**
 * An amount in major units with its symbol. English puts the symbol first ("$1,234.50");
 * Spanish and Finnish put it after the number with a space ("1234,50 €", "1 234,50 €").
 */
export function formatMoney(amount: number, code: string, locale: string = "en"): string {
  const digits = currencyDecimals(code);
  const number = new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
  const symbol = currencySymbol(code);
  if (locale === "en") {
    return number.startsWith("-") ? `-${symbol}${number.slice(1)}` : `${symbol}${number}`;
  }
  return `${number}\u00a0${symbol}`;
}

/** Stripe-style amounts come in minor units (cents), except for zero-decimal currencies. */
export function formatMinorUnits(amount: number, code: string, locale: string = "en"): string {
  return formatMoney(amount / 10 ** currencyDecimals(code), code, locale);
}
