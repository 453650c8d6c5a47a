// What a paginated list's search box and sortable columns ask for (surveys, touchpoints, members):
// a search text matched case-insensitively against names, and one sort column with its direction.
// Each feature's domain turns them into its own filter and order, always inside the caller's
// tenant-scoped list filter (the search narrows what the caller may see, never widens it).
import { z } from "zod";
import { messages, parseInput } from "./validation.js";

export const searchMaxLength = 100;
export const sortDirections = ["asc", "desc"] as const;
export type SortDirection = (typeof sortDirections)[number];

const searchSchema = z.string().trim().max(searchMaxLength, messages.maxLength(searchMaxLength));

/** The trimmed search text, or undefined for none (null, empty or blanks); longer than 100 characters: bad input on "search". */
export function parseSearch(search: string | null | undefined): string | undefined {
  if (search == null) return undefined;
  const text = parseInput(z.object({ search: searchSchema }), { search }).search;
  return text === "" ? undefined : text;
}

/** Prisma's case-insensitive "contains" for a search text. */
export function containsText(text: string): { contains: string; mode: "insensitive" } {
  return { contains: text, mode: "insensitive" };
}

/** A sort of a nullable column: rows without a value come last whichever the direction. */
export function nullsLast(direction: SortDirection): { sort: SortDirection; nulls: "last" } {
  return { sort: direction, nulls: "last" };
}
