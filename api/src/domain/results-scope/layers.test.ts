// The results area's folders depend one way (docs/analytics.md "Folders of the results area"):
// answers (where answers are stored, and the SQL that reads them) at the bottom, then results-scope; analytics and text-analytics on it; root-cause on text-analytics;
// exports (the job machinery and the results PDF) on results-scope; feedback-list on exports (and on
// analytics for its total, counted from the roll-ups or the response bit strings); sharing
// (making and removing links) on top. This test reads every import of those folders' source files
// with TypeScript's parser and fails on an import that points up or sideways, and on any cycle.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const domainDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Each folder and the folders it may import (directly). */
const allowedImports: Record<string, readonly string[]> = {
  answers: [],
  "results-scope": ["answers"],
  analytics: ["results-scope", "answers"],
  "text-analytics": ["results-scope", "answers"],
  "root-cause": ["text-analytics", "results-scope", "answers"],
  exports: ["results-scope", "answers"],
  "feedback-list": ["exports", "analytics", "results-scope", "answers"],
  sharing: ["exports", "results-scope", "answers"],
};
const folders = Object.keys(allowedImports);

/** Every module specifier a file imports: import/export … from, import(), require(). */
function importsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === "require")) found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The folder-to-folder edges among `folders`, with the files that make each. */
function folderEdges(): Map<string, Map<string, string[]>> {
  const edges = new Map<string, Map<string, string[]>>();
  for (const folder of folders) {
    const out = new Map<string, string[]>();
    edges.set(folder, out);
    for (const entry of readdirSync(path.join(domainDir, folder))) {
      if (!entry.endsWith(".ts") || entry.endsWith(".test.ts")) continue;
      const file = path.join(domainDir, folder, entry);
      for (const spec of importsOf(file, readFileSync(file, "utf8"))) {
        if (!spec.startsWith(".")) continue;
        const target = path.relative(domainDir, path.resolve(path.dirname(file), spec)).split(path.sep)[0]!;
        if (target === folder || !folders.includes(target)) continue;
        out.set(target, [...(out.get(target) ?? []), `${folder}/${entry} → ${spec}`]);
      }
    }
  }
  return edges;
}

/** A cycle in a directed graph, as the list of its nodes, or null. */
function findCycle(graph: Map<string, Iterable<string>>): string[] | null {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const walk = (node: string): string[] | null => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = walk(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    if (state.has(node)) continue;
    const cycle = walk(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the results area's dependencies", () => {
  it("reads imports of every kind (the check's own parser)", () => {
    const text = `import a from "../x/a.js";\nexport { b } from "./b.js";\nimport type { C } from "../c/c.js";\nconst d = await import("../d/d.js");\n// import "../not/me.js";\n`;
    expect(importsOf("t.ts", text)).toEqual(["../x/a.js", "./b.js", "../c/c.js", "../d/d.js"]);
  });

  it("finds a cycle when there is one, and none in a layered graph", () => {
    const cyclic = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(findCycle(cyclic)).toEqual(["a", "b", "c", "a"]);
    expect(findCycle(new Map(Object.entries(allowedImports)))).toBeNull();
  });

  it("has no import cycle among analytics, sharing, exports, feedback-list, text-analytics, root-cause and results-scope", () => {
    const edges = folderEdges();
    const graph = new Map([...edges].map(([from, out]) => [from, [...out.keys()]]));
    const cycle = findCycle(graph);
    const files = cycle ? cycle.slice(0, -1).flatMap((from, i) => edges.get(from)!.get(cycle[i + 1]!) ?? []) : [];
    expect(cycle ? { cycle, files } : null).toBeNull();
  });

  it("imports only downwards (each folder only the folders allowedImports lists)", () => {
    const wrong: string[] = [];
    for (const [from, out] of folderEdges()) for (const [to, files] of out) if (!allowedImports[from]!.includes(to)) wrong.push(...files);
    expect(wrong).toEqual([]);
  });
});
