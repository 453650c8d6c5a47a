// Summarises a .cpuprofile (node --cpu-prof): self time by function and by package, heaviest first.
//   npx tsx bench/lib/cpu-profile-summary.ts <file.cpuprofile> [top]
import { readFileSync } from "node:fs";
import { packageOf } from "./cpu-profile.js";

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] };
const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error("usage: cpu-profile-summary.ts <file.cpuprofile> [top]");
const profile = JSON.parse(readFileSync(file, "utf8")) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const total = profile.nodes.reduce((n, node) => n + node.hitCount, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const key = `${functionName || "(anonymous)"} ${url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(api|bench|shared)\//, "$1/")}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
  const pkg = packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
}
const top = Number(topArg ?? 25);
const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
console.log(`samples: ${total}\n\nby package:`);
for (const [k, v] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
console.log("\nby function (self):");
for (const [k, v] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v)}  ${k}`);
