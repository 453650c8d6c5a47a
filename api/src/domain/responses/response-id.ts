// A response's id: 24 hexadecimal characters like every other id, the first 10 the low 40 bits of the
// instant it arrived in milliseconds (they wrap every 34.8 years), the other 14 random (56 bits).
// Ids given in order of arrival append to the end of the primary key's b-tree, whose pages then stay
// full; random ids land anywhere and leave pages a third empty: 49 B a response instead of 65.6 at
// 1 M (docs/analytics.md "Response ids in order of arrival"). 56 random bits keep an id unguessable
// and make two ids of the same millisecond differ but for a chance of about 1 in 10¹⁶ per pair.
import { randomBytes } from "node:crypto";

const timeBits = 2 ** 40;

/** A new response's id, for a response arriving at `at`. */
export function responseIdAt(at: Date | number): string {
  const ms = Math.floor(typeof at === "number" ? at : at.getTime());
  const time = (((ms % timeBits) + timeBits) % timeBits).toString(16).padStart(10, "0");
  return time + randomBytes(7).toString("hex");
}

/**
 * The same as an SQL text expression, for an SQL timestamptz expression `at` and a text expression
 * `seed` that is distinct per response (the benchmarks' generated responses).
 */
export const responseIdSql = (at: string, seed: string) =>
  `lpad(to_hex(floor(extract(epoch FROM ${at}) * 1000)::bigint % ${timeBits}), 10, '0') || substr(md5(${seed}), 1, 14)`;
