import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useId, useState, type FormEvent } from "react";
import { graphql, useMutation, usePreloadedQuery, type PreloadedQuery } from "react-relay";
import type { BookmarksPanelCreateMutation } from "../__generated__/BookmarksPanelCreateMutation.graphql";
import type { BookmarksPanelDeleteMutation } from "../__generated__/BookmarksPanelDeleteMutation.graphql";
import type { BookmarksPanelQuery } from "../__generated__/BookmarksPanelQuery.graphql";
import { runMutation } from "../user-management/runMutation";
import type { WireFilters } from "./filters";
import type { SavedFiltersRef } from "./savedFilters";
import { Skeleton } from "../ui/Skeleton";

/**
 * The member's saved views. The results page loads this query when it opens, with its other sections;
 * `bookmarks` is a short list of one member's own views (no connection in the API).
 */
export const bookmarksPanelQuery = graphql`
  query BookmarksPanelQuery {
    bookmarks {
      id
      name
      filters {
        ...savedFilters_filters
      }
      createdAt
    }
  }
`;

function BookmarkList({
  queryRef,
  onOpen,
  onDelete,
}: {
  queryRef: PreloadedQuery<BookmarksPanelQuery>;
  onOpen: (filters: SavedFiltersRef) => void;
  onDelete: (id: string, name: string) => void;
}) {
  const { t } = useLingui();
  const data = usePreloadedQuery<BookmarksPanelQuery>(bookmarksPanelQuery, queryRef);
  if (data.bookmarks.length === 0) return <p className="field__hint">{t`No saved views yet.`}</p>;
  return (
    <ul className="bookmark-list" aria-label={t`Saved views`}>
      {data.bookmarks.map((b) => (
        <li key={b.id} className="bookmark-list__item">
          <button type="button" className="button button--ghost" onClick={() => onOpen(b.filters)}>
            {t`Open saved view ${b.name}`}
          </button>
          <button type="button" className="button button--ghost button--small" onClick={() => onDelete(b.id, b.name)}>
            {t`Delete saved view ${b.name}`}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * Saved views (spec 001 §3 "Bookmark"): save the current filters under a name, open one, delete one.
 * The list comes preloaded (`queryRef`); after a save or delete, `onReload` loads it again.
 */
export function BookmarksPanel({
  filters,
  queryRef,
  onReload,
  onOpen,
}: {
  filters: WireFilters;
  queryRef: PreloadedQuery<BookmarksPanelQuery> | null | undefined;
  onReload: () => void;
  onOpen: (filters: SavedFiltersRef) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [commitCreate] = useMutation<BookmarksPanelCreateMutation>(graphql`
    mutation BookmarksPanelCreateMutation($name: String!, $filters: ResultsFilterInput) {
      createBookmark(name: $name, filters: $filters) {
        message
        bookmark {
          id
          name
        }
      }
    }
  `);
  const [commitDelete] = useMutation<BookmarksPanelDeleteMutation>(graphql`
    mutation BookmarksPanelDeleteMutation($id: ID!) {
      deleteBookmark(id: $id) {
        deletedBookmarkId
      }
    }
  `);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === "") {
      setError(t`Give the saved view a name`);
      return;
    }
    setError(null);
    const result = await runMutation(
      "createBookmark",
      commitCreate,
      { name: name.trim(), filters },
      {
        success: t`Bookmark saved`,
        fallbackError: t`Something went wrong`,
      },
    );
    if (result) {
      setName("");
      onReload();
    }
  };

  const remove = async (bookmarkId: string) => {
    const result = await runMutation("deleteBookmark", commitDelete, { id: bookmarkId }, { success: t`Deleted`, fallbackError: t`Something went wrong` });
    if (result) onReload();
  };

  return (
    <section className="bookmarks-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="results-section__title">
        <Trans>Saved views</Trans>
      </h2>
      <form className="bookmarks-panel__form" onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>
            <Trans>Bookmark name</Trans>
          </label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={200}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {error ? (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button">
          <Trans>Save bookmark</Trans>
        </button>
      </form>
      {queryRef ? (
        <Suspense fallback={<Skeleton label={t`Loading saved views…`} lines={2} />}>
          <BookmarkList queryRef={queryRef} onOpen={onOpen} onDelete={(bookmarkId) => void remove(bookmarkId)} />
        </Suspense>
      ) : (
        <Skeleton label={t`Loading saved views…`} lines={2} />
      )}
    </section>
  );
}
