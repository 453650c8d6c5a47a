import { describe, expect, it } from "vitest";
import { matchHost, matchPageRule, matchUrl } from "./url-pattern.js";

describe("matchUrl", () => {
  it("without * matches a substring anywhere, ignoring case", () => {
    expect(matchUrl("/products", "https://shop.test/Products/42")).toBe(true);
    expect(matchUrl("/products", "https://shop.test/checkout")).toBe(false);
    expect(matchUrl("SHOP.test/check", "https://shop.test/checkout?x=1")).toBe(true);
    expect(matchUrl("  ", "https://shop.test/")).toBe(false);
  });
  it("with * and a leading / matches the whole path, query and fragment", () => {
    expect(matchUrl("/products/*", "https://shop.test/products/42")).toBe(true);
    expect(matchUrl("/products/*", "https://shop.test/products")).toBe(false);
    expect(matchUrl("/*/cart", "https://shop.test/fi/cart")).toBe(true);
    expect(matchUrl("/*/cart", "https://shop.test/fi/cart?step=2")).toBe(false);
    expect(matchUrl("/*", "https://shop.test")).toBe(true);
    expect(matchUrl("/a.b*", "https://shop.test/aXb")).toBe(false); // "." is literal
  });
  it("with * and a scheme matches the full URL; without one the URL minus its scheme", () => {
    expect(matchUrl("https://*.shop.test/*", "https://fi.shop.test/x")).toBe(true);
    expect(matchUrl("https://*.shop.test/*", "http://fi.shop.test/x")).toBe(false);
    expect(matchUrl("shop.test/p/*", "http://shop.test/p/1")).toBe(true);
    expect(matchUrl("shop.test/p/*", "http://other.test/shop.test/p/1")).toBe(false);
  });
});

describe("host rules", () => {
  it("match the host and its subdomains only", () => {
    expect(matchHost("shop.test", "https://shop.test/a")).toBe(true);
    expect(matchHost("shop.test", "https://www.SHOP.test/a")).toBe(true);
    expect(matchHost("shop.test", "https://myshop.test/a")).toBe(false);
    expect(matchHost("shop.test", "not a url")).toBe(false);
    expect(matchPageRule({ host: "shop.test" }, "http://shop.test:8080/")).toBe(true);
    expect(matchPageRule({ url: "/a" }, "http://shop.test/a")).toBe(true);
  });
});
