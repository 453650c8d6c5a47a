import { Trans, useLingui } from "@lingui/react/macro";
import { useTouchpointMutations } from "./useTouchpointMutations";

/** Deletes a touchpoint after a confirmation (its responses stay: a soft delete). */
export function DeleteTouchpointButton({
  id,
  name,
  onDeleted,
  small = false,
}: {
  /** the touchpoint's global id */
  id: string;
  name: string;
  onDeleted: () => void;
  small?: boolean;
}) {
  const { t } = useLingui();
  const { remove } = useTouchpointMutations();
  const onClick = async () => {
    if (!window.confirm(t`Delete ${name}? Its responses are kept.`)) return;
    if (await remove(id)) onDeleted();
  };
  return (
    <button
      type="button"
      className={small ? "button button--ghost button--small" : "button button--secondary"}
      aria-label={t`Delete ${name}`}
      onClick={() => void onClick()}
    >
      <Trans>Delete</Trans>
    </button>
  );
}
