import { describe, expect, it } from "vitest";
import { currencySymbol, formatMinorUnits, formatMoney } from "./currency";

describe("currency symbols (spec 000 §9)", () => {
  it.each([
    ["USD", "$"],
    ["EUR", "€"],
    ["CRC", "₡"],
    ["GBP", "£"],
    ["ILS", "₪"],
    ["INR", "₹"],
    ["JPY", "¥"],
    ["KRW", "₩"],
    ["NGN", "₦"],
    ["PHP", "₱"],
    ["PLN", "zł"],
    ["PYG", "₲"],
    ["THB", "฿"],
    ["UAH", "₴"],
    ["VND", "₫"],
    ["AUS", "A$"],
  ])("%s is %s", (code, symbol) => {
    expect(currencySymbol(code)).toBe(symbol);
  });
  it("accepts lower case and the ISO code AUD for the Australian dollar", () => {
    expect(currencySymbol("eur")).toBe("€");
    expect(currencySymbol("AUD")).toBe("A$");
  });
  it("shows an unknown code as the code", () => {
    expect(currencySymbol("SEK")).toBe("SEK");
  });
});

describe("money", () => {
  it("puts the symbol first in English", () => {
    expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
    expect(formatMoney(-5, "GBP")).toBe("-£5.00");
  });
  it("puts the symbol after the number in Spanish and Finnish", () => {
    expect(formatMoney(12.5, "EUR", "fi")).toBe("12,50\u00a0€");
    expect(formatMoney(12.5, "EUR", "es")).toBe("12,50\u00a0€");
  });
  it("has no decimals for zero-decimal currencies", () => {
    expect(formatMoney(1500, "JPY")).toBe("¥1,500");
    expect(formatMinorUnits(1500, "JPY")).toBe("¥1,500");
  });
  it("turns minor units into major units", () => {
    expect(formatMinorUnits(1999, "USD")).toBe("$19.99");
    expect(formatMinorUnits(4900, "AUS")).toBe("A$49.00");
  });
});
