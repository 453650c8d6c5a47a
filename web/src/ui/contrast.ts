/**
 * WCAG 2 contrast: relative luminance of sRGB colours and the ratio between two of them
 * (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio). Used by the token test and the gallery.
 */

/** Body text needs 4.5:1; large text (≥ 24 px, or ≥ 18.66 px bold) and boundaries of controls 3:1. */
export const MIN_CONTRAST = { text: 4.5, large: 3, ui: 3 } as const;
export type ContrastUse = keyof typeof MIN_CONTRAST;

/** "#rgb" or "#rrggbb" to [r, g, b] in 0…255; anything else is refused. */
export function parseHex(colour: string): [number, number, number] {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) throw new Error(`Not a hex colour: ${colour}`);
  const hex = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

export function relativeLuminance(colour: string): number {
  const [r, g, b] = parseHex(colour).map((v) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The ratio (lighter + 0.05) / (darker + 0.05), from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * The custom properties declared in CSS text (`--name: value;`), later declarations winning,
 * with `var(--other)` references resolved to their final value.
 */
export function customProperties(...cssTexts: string[]): Map<string, string> {
  const raw = new Map<string, string>();
  for (const css of cssTexts) {
    const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
    for (const m of text.matchAll(/(--[\w-]+)\s*:\s*([^;{}]+);/g)) raw.set(m[1]!, m[2]!.trim());
  }
  const resolve = (name: string, seen: Set<string>): string => {
    const value = raw.get(name);
    if (value === undefined) throw new Error(`Undefined custom property ${name}`);
    const ref = /^var\(\s*(--[\w-]+)\s*\)$/.exec(value);
    if (!ref) return value;
    if (seen.has(ref[1]!)) throw new Error(`Circular custom property ${name}`);
    return resolve(ref[1]!, new Set([...seen, name]));
  };
  return new Map([...raw.keys()].map((name) => [name, resolve(name, new Set())]));
}

export interface TokenPair {
  foreground: string;
  background: string;
  use: ContrastUse;
  /** Where the pair appears, for the failure message. */
  where: string;
}

export interface ContrastFailure extends TokenPair {
  ratio: number;
  minimum: number;
}

/** The pairs whose ratio is below their use's minimum (none when the tokens are fine). */
export function contrastFailures(properties: Map<string, string>, pairs: readonly TokenPair[]): ContrastFailure[] {
  const value = (name: string) => {
    const v = properties.get(name);
    if (v === undefined) throw new Error(`Undefined custom property ${name}`);
    return v;
  };
  return pairs
    .map((pair) => ({ ...pair, ratio: contrastRatio(value(pair.foreground), value(pair.background)), minimum: MIN_CONTRAST[pair.use] }))
    .filter((r) => r.ratio < r.minimum);
}
