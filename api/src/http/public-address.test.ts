import { describe, expect, it } from "vitest";
import { publicUrlFor } from "./public-address.js";

const reached = { protocol: "http", host: "192.168.1.20:8080" };

describe("publicUrlFor", () => {
  it("follows the address a request came to in development", () => {
    expect(publicUrlFor({ env: "development", publicUrl: "http://localhost:8080" }, reached)).toBe("http://192.168.1.20:8080");
    expect(publicUrlFor({ env: "development", publicUrl: "http://localhost:8080/app" }, reached)).toBe("http://192.168.1.20:8080/app");
  });

  it("is PUBLIC_URL in production and in tests, whatever the request says", () => {
    expect(publicUrlFor({ env: "production", publicUrl: "https://feedback.example.com" }, reached)).toBe("https://feedback.example.com");
    expect(publicUrlFor({ env: "test", publicUrl: "http://127.0.0.1:1" }, reached)).toBe("http://127.0.0.1:1");
  });

  it("ignores a Host that is not a host and port", () => {
    expect(publicUrlFor({ env: "development", publicUrl: "http://localhost:8080" }, { protocol: "http", host: "evil.example/path?x" })).toBe(
      "http://localhost:8080",
    );
    expect(publicUrlFor({ env: "development", publicUrl: "http://localhost:8080" }, undefined)).toBe("http://localhost:8080");
  });
});
