import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import type { NewTeamFormMutation } from "../__generated__/NewTeamFormMutation.graphql";
import { runMutation } from "../user-management/runMutation";
import { toGlobalId } from "../util/globalId";

/** Adds a team under a parent (or at the top). */
export function NewTeamForm({ parentId, parentName, onDone }: { parentId: string | null; parentName?: string; onDone: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [name, setName] = useState("");
  const [commit] = useMutation<NewTeamFormMutation>(graphql`
    mutation NewTeamFormMutation($name: String!, $parentId: ID) {
      createUnit(name: $name, parentId: $parentId) {
        unit {
          legacyId
        }
      }
    }
  `);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === "") return;
    const ok = await runMutation(
      "createUnit",
      commit,
      { name: name.trim(), parentId: parentId ? toGlobalId("Unit", parentId) : null },
      { success: t`Saved`, fallbackError: t`Something went wrong` },
    );
    if (ok) {
      setName("");
      onDone();
    }
  };
  const label = parentName ? t`New sub-team of ${parentName}` : t`New top-level team`;
  return (
    <form className="inline-form" onSubmit={(e) => void submit(e)}>
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button button--small" disabled={name.trim() === ""}>
        <Trans>Add</Trans>
      </button>
    </form>
  );
}
