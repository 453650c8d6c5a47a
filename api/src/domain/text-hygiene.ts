// Text that PostgreSQL cannot store: the NUL character (refused in text and jsonb) and UTF-16
// code units without their pair (lone surrogates, which have no UTF-8 encoding). Such input is
// refused (or, for respondents, cleaned) once, at the edge: REST (rest/text-guard.ts) and GraphQL
// (graphql/text-guard.ts). docs/decisions.md "Text PostgreSQL cannot store".

export const badTextMessage = "Text contains characters that are not allowed (NUL or an unpaired surrogate)";

// Without the `u` flag a regular expression sees UTF-16 code units, so a lone half of a pair matches.
const badText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const nul = /\u0000/g;
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function isBadText(text: string): boolean {
  return badText.test(text);
}

/** The respondent's text kept: NUL removed, each unpaired surrogate replaced by U+FFFD (as a UTF-8 decoder would). */
function cleanText(text: string): string {
  return isBadText(text) ? text.replace(nul, "").replace(loneSurrogate, "\uFFFD") : text;
}

const maxDepth = 64;

/**
 * The path ("answers.0.value", "" for the value itself) of the first string or object key holding
 * bad text in a parsed JSON value, or undefined when there is none.
 */
export function findBadText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === "string") return isBadText(value) ? path.join(".") : undefined;
  if (value === null || typeof value !== "object" || depth > maxDepth) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findBadText(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isBadText(key)) return [...path, cleanText(key)].join(".");
    const found = findBadText(item, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A copy of a parsed JSON value with every string and object key cleaned (cleanText). */
export function cleanJson<T>(value: T, depth = 0): T {
  if (typeof value === "string") return cleanText(value) as T;
  if (value === null || typeof value !== "object" || depth > maxDepth) return value;
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleanText(key), cleanJson(item, depth + 1)])) as T;
}
