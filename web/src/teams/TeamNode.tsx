import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { TeamNodeUpdateMutation } from "../__generated__/TeamNodeUpdateMutation.graphql";
import type { TeamNodeDeleteMutation } from "../__generated__/TeamNodeDeleteMutation.graphql";
import { ROLE_LABELS } from "../user-management/roleLabels";
import { runMutation } from "../user-management/runMutation";
import { NewTeamForm } from "./NewTeamForm";
import { toGlobalId } from "../util/globalId";

export type TeamUnit = { id: string; name: string; parentId: string | null; members: { id: string; name: string; role: string }[] };

const TOP = "__top__";

/** One team: its people, rename, move, add a sub-team, delete; then its sub-teams. */
export function TeamNode({
  unit,
  units,
  editable,
  mayEditTopLevel,
  onChanged,
}: {
  unit: TeamUnit;
  units: TeamUnit[];
  editable: Set<string>;
  mayEditTopLevel: boolean;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [mode, setMode] = useState<"none" | "rename" | "move" | "add">("none");
  const [name, setName] = useState(unit.name);
  const [parent, setParent] = useState(unit.parentId ?? TOP);
  const [commitUpdate] = useMutation<TeamNodeUpdateMutation>(graphql`
    mutation TeamNodeUpdateMutation($id: ID!, $name: String, $parentId: ID, $moveToTop: Boolean) {
      updateUnit(id: $id, name: $name, parentId: $parentId, moveToTop: $moveToTop) {
        unit {
          legacyId
          name
          parentLegacyId
        }
      }
    }
  `);
  const [commitDelete] = useMutation<TeamNodeDeleteMutation>(graphql`
    mutation TeamNodeDeleteMutation($id: ID!) {
      deleteUnit(id: $id) {
        legacyId
      }
    }
  `);
  const children = units.filter((u) => u.parentId === unit.id);
  const canEdit = editable.has(unit.id);
  const canMoveOrDelete = unit.parentId ? editable.has(unit.parentId) : mayEditTopLevel;
  // Not under itself or its own sub-teams.
  const below = new Set<string>([unit.id]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const u of units) {
      if (u.parentId && below.has(u.parentId) && !below.has(u.id)) {
        below.add(u.id);
        grew = true;
      }
    }
  }
  const targets = units.filter((u) => !below.has(u.id) && editable.has(u.id));
  const messages = { success: t`Saved`, fallbackError: t`Something went wrong` };
  // The tree is keyed by the units' 24-hex ids (editableUnitIds names them so); the mutations take global ids.
  const unitId = toGlobalId("Unit", unit.id);

  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (await runMutation("updateUnit", commitUpdate, { id: unitId, name: name.trim() }, messages)) {
      setMode("none");
      onChanged();
    }
  };
  const move = async (e: FormEvent) => {
    e.preventDefault();
    const variables = parent === TOP ? { id: unitId, moveToTop: true } : { id: unitId, parentId: toGlobalId("Unit", parent) };
    if (await runMutation("updateUnit", commitUpdate, variables, messages)) {
      setMode("none");
      onChanged();
    }
  };
  const remove = async () => {
    if (!window.confirm(t`Delete the team ${unit.name}?`)) return;
    if (await runMutation("deleteUnit", commitDelete, { id: unitId }, { success: t`Deleted`, fallbackError: messages.fallbackError })) onChanged();
  };

  return (
    <li className="tree__item">
      <div className="tree__row">
        <strong>{unit.name}</strong>{" "}
        {canEdit ? (
          <>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t`Rename ${unit.name}`}
              onClick={() => setMode(mode === "rename" ? "none" : "rename")}
            >
              <Trans>Rename</Trans>
            </button>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t`Add sub-team to ${unit.name}`}
              onClick={() => setMode(mode === "add" ? "none" : "add")}
            >
              <Trans>Add sub-team</Trans>
            </button>
          </>
        ) : null}
        {canMoveOrDelete ? (
          <>
            <button
              type="button"
              className="button button--ghost button--small"
              aria-label={t`Move ${unit.name}`}
              onClick={() => setMode(mode === "move" ? "none" : "move")}
            >
              <Trans>Move</Trans>
            </button>
            <button type="button" className="button button--ghost button--small" aria-label={t`Delete ${unit.name}`} onClick={() => void remove()}>
              <Trans>Delete</Trans>
            </button>
          </>
        ) : null}
      </div>
      {mode === "rename" ? (
        <form className="inline-form" onSubmit={(e) => void rename(e)}>
          <label htmlFor={`${id}-name`}>
            <Trans>New name</Trans>
          </label>
          <input id={`${id}-name`} type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          <button type="submit" className="button button--small" disabled={name.trim() === ""}>
            <Trans>Save</Trans>
          </button>
        </form>
      ) : null}
      {mode === "move" ? (
        <form className="inline-form" onSubmit={(e) => void move(e)}>
          <label htmlFor={`${id}-parent`}>
            <Trans>Move under</Trans>
          </label>
          <select id={`${id}-parent`} value={parent} onChange={(e) => setParent(e.target.value)}>
            {mayEditTopLevel ? <option value={TOP}>{t`(top level)`}</option> : null}
            {targets.map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--small">
            <Trans>Move</Trans>
          </button>
        </form>
      ) : null}
      {mode === "add" ? (
        <NewTeamForm
          parentId={unit.id}
          parentName={unit.name}
          onDone={() => {
            setMode("none");
            onChanged();
          }}
        />
      ) : null}
      {unit.members.length > 0 ? (
        <ul className="tree__members" aria-label={t`People in ${unit.name}`}>
          {unit.members.map((m) => (
            <li key={m.id}>
              {m.name} ({i18n._(ROLE_LABELS[m.role as keyof typeof ROLE_LABELS] ?? ROLE_LABELS.viewer)})
            </li>
          ))}
        </ul>
      ) : null}
      {children.length > 0 ? (
        <ul className="tree">
          {children.map((c) => (
            <TeamNode key={c.id} unit={c} units={units} editable={editable} mayEditTopLevel={mayEditTopLevel} onChanged={onChanged} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
