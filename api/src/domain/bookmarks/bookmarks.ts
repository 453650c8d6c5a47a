// Bookmarks (spec 001 §3 "Bookmark (saved view)", §7 POST, GET /results/bookmarks and DELETE
// /results/bookmarks/{id}): a member's own saved results filters. Each person sees and deletes only
// their own, in their current organisation; any other id is "Bookmark not found". The filters are
// checked with the same parser as every analytics call, so a bookmark always opens.
import { z } from "zod";
import type { DomainContext } from "../context.js";
import { conflict, forbidden, notFound } from "../errors.js";
import { messages, objectIdSchema, parseInput } from "../validation.js";
import { requireOrganization } from "../viewer.js";
import { tenantDb } from "../tenancy.js";
import { anyUnitHasRight } from "../../permissions/rights.js";
import { parseResultsFilters } from "../results-scope/filters.js";

export const bookmarkMessages = {
  saved: "Bookmark saved",
  deleted: "Bookmark deleted",
  notFound: "Bookmark not found",
  nameRequired: "A bookmark needs a name",
  tooMany: (n: number) => `You can keep at most ${n} bookmarks: delete one first`,
  noRights: "You do not have the rights to view results",
} as const;

const maxBookmarksPerUser = 200;
const bookmarkNameMaxLength = 100;

export type BookmarkSummary = { id: string; name: string; filters: Record<string, unknown>; createdAt: Date };

const inputSchema = z.object({
  name: z
    .string({ message: bookmarkMessages.nameRequired })
    .trim()
    .min(1, bookmarkMessages.nameRequired)
    .max(bookmarkNameMaxLength, messages.maxLength(bookmarkNameMaxLength)),
  filters: z.unknown().optional(),
});

function requireResultsViewer(ctx: DomainContext) {
  const o = requireOrganization(ctx.viewer);
  if (!o.viewer.organizationAdmin && !anyUnitHasRight(o.viewer.grants, "viewResults")) throw forbidden(bookmarkMessages.noRights);
  return o;
}

const select = { id: true, name: true, filters: true, createdAt: true } as const;
const toSummary = (b: { id: string; name: string; filters: unknown; createdAt: Date }): BookmarkSummary => ({
  id: b.id,
  name: b.name,
  filters: (b.filters ?? {}) as Record<string, unknown>,
  createdAt: b.createdAt,
});

export async function listBookmarks(ctx: DomainContext): Promise<BookmarkSummary[]> {
  const { viewer } = requireResultsViewer(ctx);
  // own bookmarks; tenantDb keeps them to the current organisation
  const rows = await tenantDb(ctx).bookmark.findMany({
    where: { userId: viewer.userId },
    select,
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: maxBookmarksPerUser,
  });
  return rows.map(toSummary);
}

export async function createBookmark(ctx: DomainContext, input: { name?: unknown; filters?: unknown }): Promise<BookmarkSummary> {
  const { viewer, organizationId } = requireResultsViewer(ctx);
  const { name, filters } = parseInput(inputSchema, input);
  // Refuses unknown filters, reversed or absurd ranges with the analytics messages.
  parseResultsFilters(filters ?? {});
  const stored = (filters ?? {}) as object;
  const count = await tenantDb(ctx).bookmark.count({ where: { userId: viewer.userId } });
  if (count >= maxBookmarksPerUser) throw conflict(bookmarkMessages.tooMany(maxBookmarksPerUser));
  const row = await tenantDb(ctx).bookmark.create({ data: { organizationId, userId: viewer.userId, name, filters: stored }, select });
  return toSummary(row);
}

export async function deleteBookmark(ctx: DomainContext, id: string): Promise<{ id: string }> {
  const { viewer } = requireOrganization(ctx.viewer);
  const removed = objectIdSchema.safeParse(id).success ? await tenantDb(ctx).bookmark.deleteMany({ where: { id, userId: viewer.userId } }) : { count: 0 };
  if (removed.count === 0) throw notFound(bookmarkMessages.notFound);
  return { id };
}
