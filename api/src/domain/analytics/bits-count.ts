// Counting answer keys by group in the server, from the response bit strings (response-bits.ts):
// what `bit_count(g.m & x.bits)` over every group and key of every block computes in SQL, in one
// pass over each key's set bits instead of one AND per group. For a table grouped by a metadata key
// at 10 M responses (26 groups, 135 keys, 100 blocks of a 30-day window) SQL ANDs 337,500 pairs of
// 1 KiB strings (~300 ms on two cores); here each block's groups become one group number per response,
// then each key's set bits add one to their response's group (docs/analytics.md "Counting in the
// server"). Only for groups no response is in twice (a metadata key's values: one per response).

/** A string of `bitsAnswerStringsSql`: a group's match ("g": a = group) or a key's ("x": a = field, b = value). */
export type StringRow = { k: "g" | "x"; block: number; a: string; b: string | null; bytes: Uint8Array };

/** The bits of a key (field, value) in a group. */
export type KeyCount = { grp: string; field: string; value: string; n: number };

/** The positions of the set bits of each byte value, the high bit first (as varbit_send orders them). */
const setBits: readonly Uint8Array[] = Array.from({ length: 256 }, (_, byte) => Uint8Array.from([0, 1, 2, 3, 4, 5, 6, 7].filter((k) => byte & (0x80 >> k))));

/** varbit_send's bytes start with the string's length in bits (4 bytes). */
const header = 4;

/** Blocks counted between two turns of the event loop (~0.3 ms each at 10 M), so other requests are not held up. */
const blocksPerTurn = 8;

/**
 * The bits of each key in each group (keys and groups as the rows name them; counts of 0 left out),
 * or null when a response is in two groups of one block (the caller then counts in SQL).
 */
export async function countKeysByGroup(rows: readonly StringRow[], bitsPerBlock: number): Promise<KeyCount[] | null> {
  const groups = new Map<string, number>();
  const keys = new Map<string, number>();
  const keyNames: [string, string][] = [];
  const byBlock = new Map<number, { g: StringRow[]; x: StringRow[] }>();
  for (const row of rows) {
    let block = byBlock.get(row.block);
    if (!block) byBlock.set(row.block, (block = { g: [], x: [] }));
    if (row.k === "g") {
      if (!groups.has(row.a)) groups.set(row.a, groups.size);
      block.g.push(row);
    } else {
      const name = `${row.a}\u0000${row.b ?? ""}`;
      if (!keys.has(name)) {
        keys.set(name, keyNames.length);
        keyNames.push([row.a, row.b ?? ""]);
      }
      block.x.push(row);
    }
  }
  const groupCount = groups.size;
  const counts = new Float64Array(keyNames.length * groupCount);
  const groupOf = new Int32Array(bitsPerBlock);
  let turn = 0;
  const length = header + bitsPerBlock / 8;
  if (rows.some((r) => r.bytes.length !== length)) throw new Error(`bit strings of ${bitsPerBlock} bits expected`);
  for (const block of byBlock.values()) {
    if (block.g.length === 0) continue;
    groupOf.fill(-1);
    for (const g of block.g) {
      const gi = groups.get(g.a)!;
      const bytes = g.bytes;
      for (let i = header; i < bytes.length; i++) {
        const byte = bytes[i]!;
        if (byte === 0) continue;
        const at = (i - header) * 8;
        for (const k of setBits[byte]!) {
          if (groupOf[at + k] !== -1) return null;
          groupOf[at + k] = gi;
        }
      }
    }
    for (const x of block.x) {
      const row = keys.get(`${x.a}\u0000${x.b ?? ""}`)! * groupCount;
      const bytes = x.bytes;
      for (let i = header; i < bytes.length; i++) {
        const byte = bytes[i]!;
        if (byte === 0) continue;
        const at = (i - header) * 8;
        for (const k of setBits[byte]!) {
          const gi = groupOf[at + k]!;
          if (gi >= 0) counts[row + gi] = counts[row + gi]! + 1;
        }
      }
    }
    if (++turn % blocksPerTurn === 0) await new Promise((resolve) => setImmediate(resolve));
  }
  const groupNames = [...groups.keys()];
  const out: KeyCount[] = [];
  for (let key = 0; key < keyNames.length; key++) {
    const [field, value] = keyNames[key]!;
    for (let gi = 0; gi < groupCount; gi++) {
      const n = counts[key * groupCount + gi]!;
      if (n > 0) out.push({ grp: groupNames[gi]!, field, value, n });
    }
  }
  return out;
}
