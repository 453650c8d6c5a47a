import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { toasts } from "../shell/toastStore";
import { Button } from "../ui";
import { ListToolbar, RowCheckbox, runForEach, SelectAllCheckbox, type Sort, SortableHeader, useSelection } from "../ui/DataList";
import type { TouchpointSortField } from "./TouchpointListShell";
import { useTouchpointMutations } from "./useTouchpointMutations";
import { useDates } from "../format/useDates";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointTable_touchpoints$key } from "../__generated__/TouchpointTable_touchpoints.graphql";
import { DeleteTouchpointButton } from "./DeleteTouchpointButton";
import { editPathOf, onlineLabels, onlineState, typeLabels, type TouchpointKind } from "./model";

/**
 * A table of touchpoints: name, team, active survey, last response and count; terminals add the last
 * ping. Columns sort (the server's order, TouchpointOrder); rows the person may edit can be selected
 * and deleted together, each through deleteTouchpoint as the row's own Delete.
 */
export function TouchpointTable({
  touchpoints,
  surveyNames,
  caption,
  showType = false,
  terminal = false,
  onDeleted,
  sort = null,
  onSort,
  empty,
}: {
  touchpoints: TouchpointTable_touchpoints$key;
  surveyNames: ReadonlyMap<string, string>;
  caption: string;
  showType?: boolean;
  terminal?: boolean;
  onDeleted: () => void;
  sort?: Sort<TouchpointSortField> | null;
  /** Without it the headers do not sort. */
  onSort?: (sort: Sort<TouchpointSortField>) => void;
  /** What shows when there are no touchpoints (default: a short sentence). */
  empty?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const { remove } = useTouchpointMutations();
  const dates = useDates();
  const rows = useFragment(
    graphql`
      fragment TouchpointTable_touchpoints on Touchpoint @relay(plural: true) {
        id
        legacyId
        name
        type
        unit {
          name
        }
        activeSurveyLegacyId
        lastFeedbackAt
        responseCount
        lastSeenAt
        editRefusal
      }
    `,
    touchpoints,
  );
  const date = (iso: string | null | undefined) => dates.dateTime(iso);
  // Only what the person may delete can be selected (a legacy plugin has no edit form: not deletable here).
  const deletable = rows.filter((r) => !r.editRefusal && editPathOf(r.type, r.legacyId));
  const selection = useSelection(deletable.map((r) => r.id));
  if (rows.length === 0) {
    return (
      empty ?? (
        <p className="muted">
          <Trans>No touchpoints yet.</Trans>
        </p>
      )
    );
  }
  const chosen = deletable.filter((r) => selection.isSelected(r.id));
  const removeSelected = async () => {
    if (!window.confirm(t`Delete ${chosen.length} touchpoints? Their responses are kept.`)) return;
    const { done } = await runForEach(chosen, (r) => remove(r.id, { quiet: true }));
    const total = chosen.length;
    if (done > 0) {
      toasts.success(t`${done} of ${total} touchpoints deleted`);
      selection.clear();
      onDeleted();
    }
  };
  const header = (field: TouchpointSortField, label: ReactNode, firstDirection: "asc" | "desc" = "asc") =>
    onSort ? (
      <SortableHeader field={field} sort={sort} onSort={onSort} firstDirection={firstDirection}>
        {label}
      </SortableHeader>
    ) : (
      <th scope="col">{label}</th>
    );
  const selectable = deletable.length > 0;
  return (
    <>
      {selectable ? (
        <ListToolbar
          selection={selection}
          bulkActions={
            <Button size="sm" variant="danger" onClick={() => void removeSelected()}>
              <Trans>Delete ({chosen.length})</Trans>
            </Button>
          }
        />
      ) : null}
      <table className="tp-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selectable ? <SelectAllCheckbox selection={selection} label={t`Select all touchpoints of ${caption}`} /> : null}
            {header("name", <Trans>Name</Trans>)}
            {showType ? (
              <th scope="col">
                <Trans>Type</Trans>
              </th>
            ) : null}
            <th scope="col">
              <Trans>Team</Trans>
            </th>
            <th scope="col">
              <Trans>Active survey</Trans>
            </th>
            {terminal ? (
              <>
                <th scope="col">
                  <Trans>State</Trans>
                </th>
                <th scope="col">
                  <Trans>Last ping</Trans>
                </th>
              </>
            ) : null}
            {header("lastFeedbackAt", <Trans>Last response</Trans>, "desc")}
            {header("responseCount", <Trans>Responses</Trans>, "desc")}
            <th scope="col">
              <span className="visually-hidden">
                <Trans>Actions</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => {
            const edit = editPathOf(r.type, r.legacyId);
            // A legacy plugin has no edit form: its list shows it and offers the upgrade.
            const viewOnly = Boolean(r.editRefusal) || r.type === "legacyPlugin";
            const state = onlineState(r.lastSeenAt);
            return (
              <tr key={r.id}>
                {selectable ? r.editRefusal || !edit ? <td /> : <RowCheckbox selection={selection} id={r.id} label={t`Select ${r.name}`} /> : null}
                <td>{edit ? <Link to={edit}>{r.name}</Link> : r.name}</td>
                {showType ? <td>{i18n._(typeLabels[r.type as TouchpointKind] ?? typeLabels.link)}</td> : null}
                <td>{r.unit.name}</td>
                <td>{r.activeSurveyLegacyId ? (surveyNames.get(r.activeSurveyLegacyId) ?? t`A survey you cannot see`) : t`No active survey`}</td>
                {terminal ? (
                  <>
                    <td>
                      <span className={`tp-state tp-state--${state}`}>{i18n._(onlineLabels[state])}</span>
                    </td>
                    <td>{date(r.lastSeenAt)}</td>
                  </>
                ) : null}
                <td>{date(r.lastFeedbackAt)}</td>
                <td>{r.responseCount}</td>
                <td>
                  <div className="tp-actions">
                    {edit ? (
                      <Link className="button button--ghost button--small" to={edit} aria-label={viewOnly ? t`View ${r.name}` : t`Edit ${r.name}`}>
                        {viewOnly ? <Trans>View</Trans> : <Trans>Edit</Trans>}
                      </Link>
                    ) : null}
                    {!r.editRefusal && edit ? <DeleteTouchpointButton small id={r.id} name={r.name} onDeleted={onDeleted} /> : null}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
