// Bookmarks (spec 001 §3 "Bookmark (saved view)"): a member's own saved results filters. Rules live
// in domain/bookmarks.
import { builder } from "./builder.js";
import { filtersArg, ResultsFilterInput, ResultsFilters, storedFilters } from "./results-filter.js";
import { createBookmark, deleteBookmark, listBookmarks, type BookmarkSummary } from "../domain/bookmarks/bookmarks.js";

const BookmarkType = builder.objectRef<BookmarkSummary>("Bookmark");
BookmarkType.implement({
  description: "A saved view of the results filters",
  fields: (t) => ({
    id: t.globalID({ resolve: (b) => ({ type: BookmarkType, id: b.id }) }),
    legacyId: t.exposeString("id", { description: "the bookmark's 24-hex _id (DELETE /results/bookmarks/{id})" }),
    name: t.exposeString("name"),
    filters: t.field({ type: ResultsFilters, description: "the saved results filters (spec 001 §3)", resolve: (b) => storedFilters(b.filters) }),
    createdAt: t.field({ type: "DateTime", resolve: (b) => b.createdAt }),
  }),
});

builder.queryField("bookmarks", (t) =>
  t.field({
    type: [BookmarkType],
    description: "the caller's own bookmarks in the current organisation, newest first",
    resolve: (_root, _args, ctx) => listBookmarks(ctx),
  }),
);

const CreateBookmarkPayload = builder.objectRef<{ bookmark: BookmarkSummary; message: string }>("CreateBookmarkPayload").implement({
  fields: (t) => ({
    bookmark: t.field({ type: BookmarkType, resolve: (p) => p.bookmark }),
    message: t.exposeString("message", { description: "Bookmark saved" }),
  }),
});

builder.mutationField("createBookmark", (t) =>
  t.field({
    type: CreateBookmarkPayload,
    description: "Save the results filters under a name (POST /results/bookmarks)",
    args: {
      name: t.arg.string({ required: true }),
      filters: t.arg({ type: ResultsFilterInput, description: "the results filters (spec 001 §3)" }),
    },
    resolve: async (_root, args, ctx) => {
      return { bookmark: await createBookmark(ctx, { name: args.name, filters: filtersArg(args.filters) }), message: "Bookmark saved" };
    },
  }),
);

const DeleteBookmarkPayload = builder.objectRef<{ id: string }>("DeleteBookmarkPayload").implement({
  fields: (t) => ({
    deletedBookmarkId: t.globalID({ description: "the deleted bookmark's id (for @deleteRecord)", resolve: (p) => ({ type: BookmarkType, id: p.id }) }),
  }),
});

builder.mutationField("deleteBookmark", (t) =>
  t.field({
    type: DeleteBookmarkPayload,
    description: "Delete one of the caller's own bookmarks (DELETE /results/bookmarks/{id})",
    args: { id: t.arg.globalID({ required: true, for: BookmarkType }) },
    resolve: (_root, { id }, ctx) => deleteBookmark(ctx, id.id),
  }),
);
