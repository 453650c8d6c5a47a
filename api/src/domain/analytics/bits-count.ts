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

/** varbit_send's bytes start with the string's length in bits (4 bytes). */
const header = 4;

/** Blocks counted between two turns of the event loop (~0.6–1.1 ms each at 10 M), so other requests wait at most a few ms. */
const blocksPerTurn = 8;

/**
 * The bits of each key in each group (keys and groups as the rows name them; counts of 0 left out),
 * or null when a response is in two groups of one block (the caller then counts in SQL).
 */
export async function countKeysByGroup(rows: readonly StringRow[], bitsPerBlock: number): Promise<KeyCount[] | null> {
  const groups = new Map<string, number>();
  const keys = new Map<string, number>();
  const keyNames: [string, string][] = [];
  const byBlock = new Map<number, { g: StringRow[]; x: { row: StringRow; key: number }[] }>();
  for (const row of rows) {
    let block = byBlock.get(row.block);
    if (!block) byBlock.set(row.block, (block = { g: [], x: [] }));
    if (row.k === "g") {
      if (!groups.has(row.a)) groups.set(row.a, groups.size);
      block.g.push(row);
    } else {
      const name = `${row.a}\u0000${row.b ?? ""}`;
      let key = keys.get(name);
      if (key === undefined) {
        keys.set(name, (key = keyNames.length));
        keyNames.push([row.a, row.b ?? ""]);
      }
      block.x.push({ row, key });
    }
  }
  const groupCount = groups.size;
  // A response in no group counts in an extra column (groupCount), so the loop over the set bits has
  // no branch: with random bits a branch per bit is mispredicted half the time.
  const columns = groupCount + 1;
  const counts = new Float64Array(keyNames.length * columns);
  const groupOf = new Int32Array(bitsPerBlock);
  const length = header + bitsPerBlock / 8;
  if (bitsPerBlock % 32 !== 0 || rows.some((r) => r.bytes.length !== length)) throw new Error(`bit strings of ${bitsPerBlock} bits expected`);
  let turn = 0;
  for (const block of byBlock.values()) {
    if (block.g.length === 0) continue;
    groupOf.fill(groupCount);
    for (const g of block.g) {
      const gi = groups.get(g.a)!;
      const ok = eachSetBit(g.bytes, (at) => {
        if (groupOf[at] !== groupCount) return false;
        groupOf[at] = gi;
        return true;
      });
      if (!ok) return null;
    }
    for (const x of block.x) {
      const row = x.key * columns;
      // The hot loop (~10 M set bits for a 30-day table at 10 M), inline: 32 bits a step, the highest set bit first.
      const bytes = x.row.bytes;
      const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      for (let i = header; i < length; i += 4) {
        let word = view.getUint32(i);
        if (word === 0) continue;
        const at = (i - header) * 8;
        while (word !== 0) {
          const k = Math.clz32(word);
          const cell = row + groupOf[at + k]!;
          counts[cell] = counts[cell]! + 1;
          word = (word ^ (0x80000000 >>> k)) >>> 0;
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
      const n = counts[key * columns + gi]!;
      if (n > 0) out.push({ grp: groupNames[gi]!, field, value, n });
    }
  }
  return out;
}

/** Calls `visit` with the position of each set bit of a string (varbit_send's bytes); stops and answers false when `visit` does. */
function eachSetBit(bytes: Uint8Array, visit: (position: number) => boolean): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = header; i < bytes.length; i += 4) {
    let word = view.getUint32(i);
    const at = (i - header) * 8;
    while (word !== 0) {
      const k = Math.clz32(word);
      if (!visit(at + k)) return false;
      word = (word ^ (0x80000000 >>> k)) >>> 0;
    }
  }
  return true;
}
