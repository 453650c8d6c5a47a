// Counting keys by group in the server (bits-count.ts) against a count bit by bit: random blocks of a
// small size, groups that split the responses (some in none), keys of every density, bytes laid out
// as varbit_send sends them. The database path (engine.ts countedInServer) is compared with the raw
// rows in response-bits.test.ts.
import { describe, expect, it } from "vitest";
import { countKeysByGroup, type StringRow } from "./bits-count.js";
import { seeded } from "../../test/seeded-responses.js";

/**
 * varbit_send's bytes of `bits` (a 0/1 per position): the length in bits (4 bytes, big-endian), then
 * the bits, high bit first; at an odd offset of a larger buffer, as pg's rows slice one socket buffer.
 */
function sent(bits: number[]): Uint8Array {
  const buffer = new Uint8Array(4 + Math.ceil(bits.length / 8) + 8);
  const out = buffer.subarray(3, 3 + 4 + Math.ceil(bits.length / 8));
  buffer.fill(0xff);
  out.fill(0);
  new DataView(out.buffer, out.byteOffset).setUint32(0, bits.length);
  bits.forEach((b, i) => {
    if (b) out[4 + (i >> 3)]! |= 0x80 >> (i & 7);
  });
  return out;
}

describe("countKeysByGroup", () => {
  const size = 64;

  it("counts each key's bits in each group as a count bit by bit does, over blocks and densities", async () => {
    const rnd = seeded(2711);
    const rows: StringRow[] = [];
    const expected = new Map<string, number>();
    const groups = ["", "S1", "S2", "a longer value"];
    const keys = [
      ["a:q1", "*"],
      ["a:q1", "n:3"],
      ["a:q2", "c:x"],
      ["a:q2", "cn:y:0.5"],
    ] as const;
    for (const block of [0, 3, 7]) {
      // Each response in at most one group (a fifth in none: outside the filters' match).
      const groupOf = Array.from({ length: size }, () => (rnd() < 0.2 ? -1 : Math.floor(rnd() * groups.length)));
      groups.forEach((g, gi) => {
        // A group with no response in a block has no row (bits_g leaves it out), except in block 7.
        if (block !== 7 && !groupOf.includes(gi)) return;
        rows.push({ k: "g", block, a: g, b: null, bytes: sent(groupOf.map((x) => (x === gi ? 1 : 0))) });
      });
      keys.forEach(([field, value], ki) => {
        const density = [0.9, 0.3, 0.05, 0][ki]!;
        const bits = Array.from({ length: size }, () => (rnd() < density ? 1 : 0));
        rows.push({ k: "x", block, a: field, b: value, bytes: sent(bits) });
        bits.forEach((bit, i) => {
          const gi = groupOf[i]!;
          if (!bit || gi < 0) return;
          const name = `${groups[gi]}|${field}|${value}`;
          expected.set(name, (expected.get(name) ?? 0) + 1);
        });
      });
    }
    // Rows in any order: a block's keys before its groups.
    rows.reverse();
    const counted = await countKeysByGroup(rows, size);
    expect(counted).not.toBeNull();
    const got = new Map(counted!.map((c) => [`${c.grp}|${c.field}|${c.value}`, c.n]));
    expect(got).toEqual(expected);
    expect(expected.size).toBeGreaterThan(8);
    // A key no response has (density 0) gives no row.
    expect(counted!.some((c) => c.value === "cn:y:0.5")).toBe(false);
  });

  it("answers null when a response is in two groups of a block, and refuses strings of another length", async () => {
    const one = Array.from({ length: size }, (_, i) => (i === 9 ? 1 : 0));
    const twice: StringRow[] = [
      { k: "g", block: 1, a: "S1", b: null, bytes: sent(one) },
      { k: "g", block: 1, a: "S2", b: null, bytes: sent(one) },
      { k: "x", block: 1, a: "a:q1", b: "*", bytes: sent(one) },
    ];
    expect(await countKeysByGroup(twice, size)).toBeNull();
    // The same response in two blocks is two responses.
    expect(await countKeysByGroup([twice[0]!, { ...twice[1]!, block: 2 }, twice[2]!, { ...twice[2]!, block: 2 }], size)).toEqual([
      { grp: "S1", field: "a:q1", value: "*", n: 1 },
      { grp: "S2", field: "a:q1", value: "*", n: 1 },
    ]);
    await expect(countKeysByGroup([{ ...twice[0]!, bytes: sent([...one, 0, 0, 0, 0, 0, 0, 0, 0]) }], size)).rejects.toThrow(/64 bits/);
  });
});
