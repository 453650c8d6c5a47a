import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useId, useState, useTransition, type FormEvent } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { BookmarksPanelCreateMutation } from "../__generated__/BookmarksPanelCreateMutation.graphql";
import type { BookmarksPanelDeleteMutation } from "../__generated__/BookmarksPanelDeleteMutation.graphql";
import type { BookmarksPanelQuery } from "../__generated__/BookmarksPanelQuery.graphql";
import { runMutation } from "../user-management/runMutation";
import type { WireFilters } from "./filters";

function BookmarkList({
  fetchKey,
  onOpen,
  onDelete,
}: {
  fetchKey: number;
  onOpen: (filtersJson: string) => void;
  onDelete: (id: string, name: string) => void;
}) {
  const { t } = useLingui();
  const data = useLazyLoadQuery<BookmarksPanelQuery>(
    graphql`
      query BookmarksPanelQuery {
        bookmarks {
          id
          name
          filtersJson
          createdAt
        }
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  if (data.bookmarks.length === 0) return <p className="field__hint">{t`No saved views yet.`}</p>;
  return (
    <ul className="bookmark-list" aria-label={t`Saved views`}>
      {data.bookmarks.map((b) => (
        <li key={b.id} className="bookmark-list__item">
          <button type="button" className="button button--ghost" onClick={() => onOpen(b.filtersJson)}>
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

/** Saved views (spec 001 §3 "Bookmark"): save the current filters under a name, open one, delete one. */
export function BookmarksPanel({ filters, onOpen }: { filters: WireFilters; onOpen: (filters: object) => void }) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [fetchKey, setFetchKey] = useState(0);
  const [, startTransition] = useTransition();
  const [commitCreate] = useMutation<BookmarksPanelCreateMutation>(graphql`
    mutation BookmarksPanelCreateMutation($name: String!, $filtersJson: String) {
      createBookmark(name: $name, filtersJson: $filtersJson) {
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
  const refetch = () => startTransition(() => setFetchKey((k) => k + 1));

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
      { name: name.trim(), filtersJson: JSON.stringify(filters) },
      {
        success: t`Bookmark saved`,
        fallbackError: t`Something went wrong`,
      },
    );
    if (result) {
      setName("");
      refetch();
    }
  };

  const remove = async (bookmarkId: string) => {
    const result = await runMutation("deleteBookmark", commitDelete, { id: bookmarkId }, { success: t`Deleted`, fallbackError: t`Something went wrong` });
    if (result) refetch();
  };

  const open = (filtersJson: string) => {
    try {
      onOpen(JSON.parse(filtersJson) as object);
    } catch {
      onOpen({});
    }
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
      <Suspense fallback={<p role="status">{t`Loading saved views…`}</p>}>
        <BookmarkList fetchKey={fetchKey} onOpen={open} onDelete={(bookmarkId) => void remove(bookmarkId)} />
      </Suspense>
    </section>
  );
}
