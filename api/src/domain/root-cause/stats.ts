// The statistics of root-cause analysis, pure: significance of a correlation (Student's t from
// @stdlib), scores on a common 0–100 performance scale, and the importance–performance quadrants.
import tCdf from "@stdlib/stats-base-dists-t-cdf";

/** Below this many responses answering both, an item is reported as insufficient. */
export const DEFAULT_MIN_SAMPLE = 30;
/** The smallest minimum a caller may ask for (fewer makes every p-value meaningless). */
export const MIN_MIN_SAMPLE = 10;
const SIGNIFICANCE_LEVEL = 0.05;
/** An item is "important" only when its |r| is at least this, whatever the others' mean is. */
const IMPORTANCE_FLOOR = 0.1;

/**
 * Two-sided p-value of a Pearson (or point-biserial) correlation r over n pairs:
 * t = r·√((n−2)/(1−r²)) with n−2 degrees of freedom. null when n < 3 or r is not a number.
 */
export function correlationPValue(r: number | null, n: number): number | null {
  if (r === null || !Number.isFinite(r) || n < 3) return null;
  const rr = Math.min(1, Math.max(-1, r));
  if (Math.abs(rr) >= 1) return 0;
  const df = n - 2;
  const t = rr * Math.sqrt(df / (1 - rr * rr));
  const p = 2 * (1 - tCdf(Math.abs(t), df));
  return Math.min(1, Math.max(0, p));
}

export type ScoredQuestionType = "smiley" | "nps" | "slider" | "emotion";

/**
 * A stored mean on the 0–100 performance scale: smiley and slider answers are stored 0..1,
 * NPS answers 0..10, emotion answers as their cluster value −1..1 (DESIGN.md).
 */
export function performanceOfMean(type: ScoredQuestionType, mean: number): number {
  switch (type) {
    case "nps":
      return mean * 10;
    case "emotion":
      return ((mean + 1) / 2) * 100;
    default:
      return mean * 100;
  }
}

export type Quadrant = "fixFirst" | "strength" | "monitor" | "maintain";
export type ItemStatus = "ok" | "insufficient" | "noVariance";

export type ClassifiableItem = {
  kind: "question" | "option";
  /** the correlation with the outcome, −1..1 (null without variance) */
  importance: number | null;
  /** 0–100 */
  performance: number | null;
  n: number;
  pValue: number | null;
};

export type Classified = {
  status: ItemStatus;
  significant: boolean;
  quadrant: Quadrant | null;
};

/**
 * Importance–performance quadrants, centred on the data (the usual IPA cross-hairs):
 * - important = significant (p < 0.05) and |r| ≥ max(IMPORTANCE_FLOOR, mean |r| of the items
 *   with enough answers);
 * - performing = favourable performance ≥ the mean favourable performance of the items of the
 *   same kind (questions and options are on different scales: mean score vs share choosing).
 *   Favourable performance is the performance, or 100 − it for an item that pulls the outcome
 *   down (r < 0): many people choosing "long wait" is bad performance.
 * fixFirst: important and not performing; strength: important and performing; monitor: not
 * important, not performing; maintain: not important, performing. Items under the minimum sample
 * or without variance get no quadrant.
 */
export function classifyItems<T extends ClassifiableItem>(items: T[], minSample: number): (T & Classified)[] {
  const statusOf = (it: T): ItemStatus => (it.n < minSample ? "insufficient" : it.importance === null || it.performance === null ? "noVariance" : "ok");
  const ok = items.filter((it) => statusOf(it) === "ok");
  const meanAbs = ok.length ? ok.reduce((s, it) => s + Math.abs(it.importance!), 0) / ok.length : 0;
  const importanceCut = Math.max(IMPORTANCE_FLOOR, meanAbs);
  const favourable = (it: T) => (it.importance! < 0 ? 100 - it.performance! : it.performance!);
  const performanceCut = new Map<string, number>();
  for (const kind of ["question", "option"] as const) {
    const same = ok.filter((it) => it.kind === kind);
    if (same.length) performanceCut.set(kind, same.reduce((s, it) => s + favourable(it), 0) / same.length);
  }
  return items.map((it) => {
    const status = statusOf(it);
    const significant = status === "ok" && it.pValue !== null && it.pValue < SIGNIFICANCE_LEVEL;
    if (status !== "ok") return { ...it, status, significant: false, quadrant: null };
    const important = significant && Math.abs(it.importance!) >= importanceCut;
    const performing = favourable(it) >= (performanceCut.get(it.kind) ?? 0);
    const quadrant: Quadrant = important ? (performing ? "strength" : "fixFirst") : performing ? "maintain" : "monitor";
    return { ...it, status, significant, quadrant };
  });
}
