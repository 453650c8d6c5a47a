// SMS segments: how many parts a text is sent in, and in which encoding (GSM 03.38 7-bit or UCS-2).
// GSM-7: 160 septets in one part, 153 per part when concatenated (the rest is the UDH); the extension
// characters (| ^ € { } [ ] ~ \ and form feed) take two septets and never straddle two parts.
// UCS-2: 70 UTF-16 code units in one part, 67 per part; a surrogate pair is not split between parts.

const gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const gsmExtension = "\f^{}\\[~]|€";
const basic = new Set(Array.from(gsmBasic));
const extension = new Set(Array.from(gsmExtension));

export type SmsEncoding = "GSM-7" | "UCS-2";
export type SmsSegments = { encoding: SmsEncoding; segments: number; units: number };

export function isGsm7(text: string): boolean {
  for (const ch of text) if (!basic.has(ch) && !extension.has(ch)) return false;
  return true;
}

/** Splits units into parts of `perPart`, never splitting an element of width 2 (escape + char, or a surrogate pair). */
function countParts(widths: readonly number[], single: number, perPart: number): { units: number; segments: number } {
  const units = widths.reduce((a, b) => a + b, 0);
  if (units === 0) return { units, segments: 0 };
  if (units <= single) return { units, segments: 1 };
  let segments = 1;
  let used = 0;
  for (const w of widths) {
    if (used + w > perPart) {
      segments++;
      used = 0;
    }
    used += w;
  }
  return { units, segments };
}

export function smsSegments(text: string): SmsSegments {
  if (isGsm7(text)) {
    const widths = Array.from(text, (ch) => (extension.has(ch) ? 2 : 1));
    return { encoding: "GSM-7", ...countParts(widths, 160, 153) };
  }
  const widths = Array.from(text, (ch) => ch.length);
  return { encoding: "UCS-2", ...countParts(widths, 70, 67) };
}
