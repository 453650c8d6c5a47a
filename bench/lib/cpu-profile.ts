// Reading V8 CPU profiles (.cpuprofile, as `node --cpu-prof` or node:inspector's Profiler writes them).

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount: number; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
};

/** Where a frame's code lives: a package, node core, one of our folders, or native (GC, idle, program). */
export function packageOf(url: string): string {
  if (!url) return "(native/gc/idle)";
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith("node:")) return "node core";
  const own = /\/(api|bench|shared)\/src\/([^/]+)/.exec(url) ?? /\/(api|bench|shared)\/([^/]+)/.exec(url);
  return own ? `ours: ${own[1]}/${own[2]}` : url;
}

/** A frame's name for a table: function, file (from the package or our folder) and line. */
export function frameName(frame: CpuProfile["nodes"][number]["callFrame"]): string {
  const file = frame.url.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*?\/(api|bench|shared)\//, "$1/");
  return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
}

/**
 * Self time (µs) of the thread's busy samples (all but "(idle)"), by `group` of the sampled frame;
 * the native frames keep their own names ("(garbage collector)", "(program)", "writev").
 */
export function selfTime(profile: CpuProfile, group: (frame: CpuProfile["nodes"][number]["callFrame"]) => string): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    const key = node.callFrame.url ? group(node.callFrame) : node.callFrame.functionName || "(native)";
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  return out;
}
