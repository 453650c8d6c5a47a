import { Trans, useLingui } from "@lingui/react/macro";
import { useDates } from "../format/useDates";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { TouchpointTable_touchpoints$key } from "../__generated__/TouchpointTable_touchpoints.graphql";
import { DeleteTouchpointButton } from "./DeleteTouchpointButton";
import { editPathOf, onlineLabels, onlineState, typeLabels, type TouchpointKind } from "./model";

/** A table of touchpoints: name, team, active survey, last response and count; terminals add the last ping. */
export function TouchpointTable({
  touchpoints,
  surveyNames,
  caption,
  showType = false,
  terminal = false,
  onDeleted,
}: {
  touchpoints: TouchpointTable_touchpoints$key;
  surveyNames: ReadonlyMap<string, string>;
  caption: string;
  showType?: boolean;
  terminal?: boolean;
  onDeleted: () => void;
}) {
  const { t, i18n } = useLingui();
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
  if (rows.length === 0) {
    return (
      <p className="muted">
        <Trans>No touchpoints yet.</Trans>
      </p>
    );
  }
  return (
    <table className="tp-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Name</Trans>
          </th>
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
          <th scope="col">
            <Trans>Last response</Trans>
          </th>
          <th scope="col">
            <Trans>Responses</Trans>
          </th>
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
  );
}
