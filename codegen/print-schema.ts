// Prints schema.graphql from the Pothos schema (the Relay compiler reads it) and docs/openapi.json
// from the REST route definitions. `--check` exits 1 when either committed file is stale (CI).
import { lexicographicSortSchema, printSchema } from "graphql";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildSchema } from "../api/src/schema/index.js";
import { openApiDocument } from "../api/src/rest/v5/route.js";
import { v5Routes } from "../api/src/rest/v5/index.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function printedGraphQLSchema(): string {
  return `${printSchema(lexicographicSortSchema(buildSchema()))}\n`;
}

export function printedOpenApi(): string {
  const doc = openApiDocument(v5Routes, { title: "Feedback platform REST API", version: "5", serverUrl: "/api/v5" });
  return `${JSON.stringify(doc, null, 2)}\n`;
}

async function main() {
  const check = process.argv.includes("--check");
  const outputs = [
    { file: path.join(root, "schema.graphql"), text: printedGraphQLSchema() },
    { file: path.join(root, "docs/openapi.json"), text: printedOpenApi() },
  ];
  let stale = false;
  for (const { file, text } of outputs) {
    const current = await readFile(file, "utf8").catch(() => "");
    if (current === text) continue;
    if (check) {
      console.error(`${path.relative(root, file)} is stale: run \`npm run generate\` and commit it.`);
      stale = true;
    } else {
      await writeFile(file, text);
      console.log(`wrote ${path.relative(root, file)}`);
    }
  }
  if (stale) process.exit(1);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
