// Every operation the web client ships (Relay's generated artifacts) passes the server's
// validation and every request limit (graphql/limits.ts): a screen must never be refused by our own limits.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { getProtectedSchema, limitPlugins } from "./yoga.js";
import { loadConfig } from "../config.js";

const generated = path.resolve(import.meta.dirname, "../../../web/src/__generated__");

type Operation = { file: string; kind: string; text: string };

function webOperations(): Operation[] {
  if (!existsSync(generated)) return [];
  const operations: Operation[] = [];
  for (const file of readdirSync(generated).filter((f) => f.endsWith(".graphql.ts"))) {
    const source = readFileSync(path.join(generated, file), "utf8");
    const kind = /"operationKind": "(\w+)"/.exec(source)?.[1];
    const text = /"text": ("(?:[^"\\]|\\.)*")/.exec(source)?.[1];
    if (kind && text) operations.push({ file, kind, text: JSON.parse(text) as string });
  }
  return operations;
}

describe("the web client's operations", () => {
  const operations = webOperations();
  // Production's limits: introspection off, suggestions blocked.
  const config = loadConfig({ NODE_ENV: "production", PUBLIC_URL: "https://feedback.example.com" });

  it("are generated (run the Relay compiler first)", () => {
    expect(operations.length).toBeGreaterThan(10);
  });

  it.each(operations.map((o) => [o.file, o] as const))("%s is valid and within every request limit", async (_file, operation) => {
    // The same plugins the server runs, applied through their validation rules.
    const { createYoga } = await import("graphql-yoga");
    const yoga = createYoga({
      schema: getProtectedSchema(),
      logging: false,
      plugins: limitPlugins(config),
      context: () => ({ viewer: null }),
    });
    // Yoga's own parse and validate: the schema's copy of graphql (its ESM and CommonJS builds
    // are both loaded, and a schema cannot cross between them).
    const { parse: parseDocument, validate: validateWithPlugins, schema } = yoga.getEnveloped({});
    const errors = validateWithPlugins(schema, parseDocument(operation.text));
    expect(errors.map((e: { message: string }) => e.message)).toEqual([]);
  });
});
