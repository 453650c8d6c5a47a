// The OpenAPI document of /api/v5 is a valid OpenAPI 3.1 document: docs/openapi.json (written by
// codegen/print-schema.ts) and the one the server serves at /api/v5/openapi.json both pass
// @apidevtools/swagger-parser's validation and `redocly lint` (redocly.yaml) with no error, and the
// file is what the generator prints today. docs/decisions.md "The OpenAPI document".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import SwaggerParser from "@apidevtools/swagger-parser";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { printedOpenApi } from "../../../../codegen/print-schema.js";
import { z } from "zod";
import { defineRoute, fileResponse, openApiDocument } from "./route.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const documentFile = path.join(root, "docs/openapi.json");

type LintReport = { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: unknown }[] };

/** Runs the project's own redocly CLI (node_modules/.bin) on a file with redocly.yaml; never reaches the network. */
async function redoclyLint(file: string): Promise<LintReport> {
  const bin = path.join(root, "node_modules/.bin/redocly");
  const run = await promisify(execFile)(bin, ["lint", file, "--config", path.join(root, "redocly.yaml"), "--format", "json"], {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout?: string; stderr?: string }) => {
    // redocly exits 1 when it finds errors; the report is on stdout either way.
    if (error.stdout) return { stdout: error.stdout, stderr: error.stderr ?? "" };
    throw error;
  });
  return JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as LintReport;
}

const errorsOf = (report: LintReport) => report.problems.filter((p) => p.severity === "error");

describe("docs/openapi.json", () => {
  it("is what codegen/print-schema.ts prints from the route definitions today", async () => {
    expect(await readFile(documentFile, "utf8")).toBe(printedOpenApi());
  });

  it("passes swagger-parser's OpenAPI 3.1 validation, with every $ref resolving", async () => {
    const doc = JSON.parse(await readFile(documentFile, "utf8"));
    await expect(SwaggerParser.validate(doc)).resolves.toMatchObject({ openapi: "3.1.0" });
    // Every reference points into components: none dangles in an operation.
    const refs = [...(await readFile(documentFile, "utf8")).matchAll(/"\$ref": "([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) {
      expect(ref).toMatch(/^#\/components\/schemas\/\w+$/);
      expect(doc.components.schemas).toHaveProperty(ref.split("/").pop()!);
    }
  });

  it("passes redocly lint (recommended rules) with 0 errors", async () => {
    const report = await redoclyLint(documentFile);
    expect(errorsOf(report)).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);
});

describe("the generator (openApiDocument)", () => {
  const info = { title: "t", version: "1", serverUrl: "/x" };
  const route = (response: z.ZodType, extra: Record<string, unknown> = {}) =>
    defineRoute({
      method: "GET",
      path: "/things/{id}",
      tag: "T",
      summary: "s",
      auth: "bearer",
      params: z.object({ id: z.string() }),
      response,
      handler: async () => ({}),
      ...extra,
    });
  type Node = { name: string; children: Node[] };

  it("hoists a named recursive schema into components and points every $ref there", () => {
    const tree: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(tree) })).meta({ id: "TestTree" });
    const doc = openApiDocument([route(z.object({ roots: z.array(tree) }))], info);
    const text = JSON.stringify(doc);
    expect(text).not.toContain("$defs");
    expect(doc.components.schemas.TestTree).toMatchObject({ properties: { children: { items: { $ref: "#/components/schemas/TestTree" } } } });
    const success = (doc.paths["/things/{id}"]!.get as any).responses["200"].content["application/json"].schema;
    expect(success.properties.roots.items).toEqual({ $ref: "#/components/schemas/TestTree" });
  });

  it("refuses an unnamed recursive schema, and two different schemas with one name", () => {
    const anonymous: z.ZodType<Node> = z.lazy(() => z.object({ name: z.string(), children: z.array(anonymous) }));
    expect(() => openApiDocument([route(z.array(anonymous))], info)).toThrow(/has no name/);
    const a = z.object({ a: z.string() }).meta({ id: "Twice" });
    const b = z.object({ b: z.number() }).meta({ id: "Twice" });
    expect(() => openApiDocument([route(a), { ...route(b), path: "/other" }], info)).toThrow(/both named Twice/);
  });

  it("documents a file answer by its media types, errors with the Error body, and the query token as a security scheme", () => {
    const doc = openApiDocument(
      [
        route(fileResponse(["image/png", "image/svg+xml"], "a picture"), {
          auth: "bearerOrQueryToken",
          query: z.object({ token: z.string().optional() }),
          errors: { 410: "gone" },
        }),
      ],
      info,
    );
    const op = doc.paths["/things/{id}"]!.get as any;
    expect(Object.keys(op.responses["200"].content)).toEqual(["image/png", "image/svg+xml"]);
    expect(op.responses["200"].content["image/png"].schema).toEqual({ type: "string", contentMediaType: "image/png" });
    expect(Object.keys(op.responses)).toEqual(["200", "400", "401", "403", "404", "410"]);
    for (const status of ["400", "401", "403", "404", "410"]) {
      expect(op.responses[status].content["application/json"].schema).toEqual({ $ref: "#/components/schemas/Error" });
    }
    expect(op.security).toEqual([{ bearer: [] }, { shareToken: [] }]);
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(["id"]);
  });
});

describe.skipIf(noDatabase)("the served /api/v5/openapi.json", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = await mkdtemp(path.join(tmpdir(), "openapi-"));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("is the committed document with this server's address, and passes swagger-parser and redocly lint", async () => {
    const response = await fetch(`${t.baseUrl}/api/v5/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const served = await response.json();
    const committed = JSON.parse(await readFile(documentFile, "utf8"));
    expect(served.servers).toEqual([{ url: `${t.baseUrl}/api/v5` }]);
    expect({ ...served, servers: committed.servers }).toEqual(committed);

    await expect(SwaggerParser.validate(structuredClone(served))).resolves.toMatchObject({ openapi: "3.1.0" });
    const file = path.join(dir, "served.json");
    await writeFile(file, JSON.stringify(served));
    const report = await redoclyLint(file);
    expect(errorsOf(report)).toEqual([]);
  }, 60_000);

  it("the respondent API's /r/openapi.json, made by the same generator, passes swagger-parser and redocly lint too", async () => {
    const served = await (await fetch(`${t.baseUrl}/r/openapi.json`)).json();
    await expect(SwaggerParser.validate(structuredClone(served))).resolves.toMatchObject({ openapi: "3.1.0" });
    const file = path.join(dir, "respondent.json");
    await writeFile(file, JSON.stringify(served));
    expect(errorsOf(await redoclyLint(file))).toEqual([]);
  }, 60_000);
});
