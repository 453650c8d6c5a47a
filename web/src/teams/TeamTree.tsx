import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import type { TeamTreeQuery } from "../__generated__/TeamTreeQuery.graphql";
import type { TeamTreeRestrictMutation } from "../__generated__/TeamTreeRestrictMutation.graphql";
import { runMutation } from "../user-management/runMutation";
import { TeamNode, type TeamUnit } from "./TeamNode";
import { NewTeamForm } from "./NewTeamForm";

export function TeamTree({ withMembers }: { withMembers: boolean }) {
  const { t } = useLingui();
  const [fetchKey, setFetchKey] = useState(0);
  const data = useLazyLoadQuery<TeamTreeQuery>(
    graphql`
      query TeamTreeQuery($withMembers: Boolean!) {
        unitTree {
          restrictSummaryToTeam
          mayEditTopLevel
          editableUnitIds
          units {
            legacyId
            name
            parentLegacyId
            members @include(if: $withMembers) {
              role
              user {
                id
                displayName
                email
              }
            }
          }
        }
      }
    `,
    { withMembers },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [commitRestrict] = useMutation<TeamTreeRestrictMutation>(graphql`
    mutation TeamTreeRestrictMutation($enabled: Boolean!) {
      setRestrictSummaryToTeam(enabled: $enabled) {
        restrictSummaryToTeam
      }
    }
  `);
  const tree = data.unitTree;
  const reload = () => setFetchKey((k) => k + 1);
  const units: TeamUnit[] = tree.units.map((u) => ({
    id: u.legacyId,
    name: u.name,
    parentId: u.parentLegacyId ?? null,
    members: (u.members ?? []).map((m) => ({ id: m.user.id, name: m.user.displayName || m.user.email, role: m.role })),
  }));
  const ids = new Set(units.map((u) => u.id));
  const roots = units.filter((u) => !u.parentId || !ids.has(u.parentId));
  const editable = new Set(tree.editableUnitIds);
  return (
    <>
      <div className="field field--checkbox">
        <input
          id="restrict-summary"
          type="checkbox"
          checked={tree.restrictSummaryToTeam}
          disabled={!tree.mayEditTopLevel}
          onChange={(e) =>
            void runMutation(
              "setRestrictSummaryToTeam",
              commitRestrict,
              { enabled: e.target.checked },
              { success: t`Saved`, fallbackError: t`Something went wrong` },
            ).then(reload)
          }
        />
        <label htmlFor="restrict-summary">
          <Trans>Restrict ranking and summary to a user's teams and their sub-teams</Trans>
        </label>
      </div>
      <ul className="tree" aria-label={t`Teams`}>
        {roots.map((u) => (
          <TeamNode key={u.id} unit={u} units={units} editable={editable} mayEditTopLevel={tree.mayEditTopLevel} onChanged={reload} />
        ))}
      </ul>
      {tree.mayEditTopLevel ? <NewTeamForm parentId={null} onDone={reload} /> : null}
    </>
  );
}
