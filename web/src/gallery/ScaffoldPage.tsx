import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { RadioGroup } from "../forms/RadioGroup";
import { Button } from "../ui/Button";
import { Card } from "../ui/Card";
import { EmptyState } from "../ui/EmptyState";
import { IconButton } from "../ui/IconButton";
import { AddIcon, DeleteIcon, EditIcon, SearchIcon, WarningIcon } from "../ui/icons";
import { PageHeader } from "../ui/PageHeader";
import { Skeleton } from "../ui/Skeleton";
import "./gallery.css";

type ScaffoldState = "content" | "empty" | "loading" | "error";

/**
 * /scaffold-2 (spec 000 §2: an internal page, hidden from the menu): the frame a new screen starts
 * from, drawn with the visual system's parts. A page header (one h1, what the screen is for, the
 * actions), a toolbar, the content in cards, and the three other states every screen has: empty
 * (what to do next), loading (a busy region in the content's shape) and an error kept inside the
 * page. The state switch shows each. /components shows the parts one by one (docs/design-system.md).
 */
export default function ScaffoldPage() {
  const { t } = useLingui();
  const [state, setState] = useState<ScaffoldState>("content");
  const [search, setSearch] = useState("");
  const rows = [t`Lobby terminal`, t`Web shop widget`, t`Receipt QR code`].filter((r) => r.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <section className="page gallery scaffold">
      <PageHeader
        title={t`Page scaffold`}
        description={
          <Trans>
            The frame every screen is built from: a header with the screen's actions, a toolbar, the content, and its empty, loading and error states.
          </Trans>
        }
        actions={
          <>
            <Button variant="secondary">{t`Secondary action`}</Button>
            <Button variant="primary" icon={AddIcon}>
              {t`Primary action`}
            </Button>
          </>
        }
      />
      <RadioGroup<ScaffoldState>
        name="scaffold-state"
        legend={t`Show the state`}
        value={state}
        onChange={setState}
        options={[
          ["content", t`Content`],
          ["empty", t`Empty`],
          ["loading", t`Loading`],
          ["error", t`Error`],
        ]}
      />
      <div className="scaffold__toolbar" role="search" aria-label={t`Search the items`}>
        <label className="scaffold__search">
          <SearchIcon size={16} />
          <span className="visually-hidden">{t`Search`}</span>
          <input type="search" value={search} placeholder={t`Search`} onChange={(e) => setSearch(e.currentTarget.value)} />
        </label>
      </div>
      <div className="scaffold__content" aria-live="polite">
        {state === "loading" ? (
          <Skeleton label={t`Loading the list`} shape="block" height="12rem" />
        ) : state === "empty" || (state === "content" && rows.length === 0) ? (
          <EmptyState
            title={search ? t`Nothing matches the search` : t`Nothing here yet`}
            action={
              <Button variant="primary" icon={AddIcon} onClick={() => setState("content")}>
                {t`Create the first one`}
              </Button>
            }
          >
            <Trans>Say why the screen is empty and offer the next step.</Trans>
          </EmptyState>
        ) : state === "error" ? (
          <div role="alert" className="scaffold__error">
            <WarningIcon size={20} />
            <p className="scaffold__error-text">
              <Trans>The list could not be loaded. The menu and the rest of the page still work.</Trans>
            </p>
            <Button variant="secondary" onClick={() => setState("content")}>
              {t`Try again`}
            </Button>
          </div>
        ) : (
          <Card title={t`Items`}>
            <ul className="scaffold__list">
              {rows.map((row) => (
                <li key={row}>
                  <span>{row}</span>
                  <span className="scaffold__row-actions">
                    <IconButton icon={EditIcon} label={t`Edit ${row}`} />
                    <IconButton icon={DeleteIcon} label={t`Delete ${row}`} variant="danger" />
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </div>
    </section>
  );
}
