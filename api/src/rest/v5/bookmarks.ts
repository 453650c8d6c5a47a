// /api/v5/results/bookmarks (spec 001 §3 "Bookmark (saved view)", §7): a member's own saved views.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { bookmarkMessages, createBookmark, deleteBookmark, listBookmarks, type BookmarkSummary } from "../../domain/bookmarks/bookmarks.js";

const objectId = z.string().describe("24 hexadecimal characters");

const bookmarkShape = z
  .object({
    _id: objectId,
    name: z.string(),
    filters: z.record(z.string(), z.unknown()).describe("the results filters as saved (spec 001 §3; dates yyyy-MM-dd, to send back as they are)"),
    createdAt: z.string().describe("ISO 8601"),
  })
  .meta({ id: "Bookmark" });

const toJson = (b: BookmarkSummary): z.input<typeof bookmarkShape> => ({ _id: b.id, name: b.name, filters: b.filters, createdAt: b.createdAt.toISOString() });

export const bookmarkRoutes = [
  defineRoute({
    method: "GET",
    path: "/results/bookmarks",
    tag: "Results",
    summary: "The caller's own bookmarks in the current organisation, newest first",
    auth: "bearer",
    response: z.array(bookmarkShape),
    handler: async ({ ctx }) => (await listBookmarks(ctx)).map(toJson),
  }),
  defineRoute({
    method: "POST",
    path: "/results/bookmarks",
    errors: { 409: "the caller has the most bookmarks allowed" },
    tag: "Results",
    summary: "Save the results filters under a name; unknown filters and bad date ranges are refused",
    auth: "bearer",
    body: z.object({
      name: z.string({ message: bookmarkMessages.nameRequired }).describe("at most 100 characters"),
      filters: z.record(z.string(), z.unknown(), { message: "filters must be an object" }).optional().describe("the results filters (spec 001 §3)"),
    }),
    status: 201,
    response: bookmarkShape.extend({ message: z.string().describe("Bookmark saved") }),
    handler: async ({ ctx, body }) => ({ ...toJson(await createBookmark(ctx, body)), message: bookmarkMessages.saved }),
  }),
  defineRoute({
    method: "DELETE",
    path: "/results/bookmarks/{id}",
    tag: "Results",
    summary: "Delete one of the caller's own bookmarks; any other id is not found",
    auth: "bearer",
    params: z.object({ id: z.string() }),
    response: z.object({ status: z.literal("ok"), _id: objectId, message: z.string() }),
    handler: async ({ ctx, params }) => {
      const { id } = await deleteBookmark(ctx, params.id);
      return { status: "ok" as const, _id: id, message: bookmarkMessages.deleted };
    },
  }),
];
