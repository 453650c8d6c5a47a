import { Plural, Trans } from "@lingui/react/macro";
import { ConfirmDialog } from "../../shell/ConfirmDialog";

/** Asks before a survey is deleted: its questions and responses go with it. Escape or Cancel keeps it. */
export function ConfirmDeleteDialog({
  name,
  responseCount,
  onCancel,
  onConfirm,
}: {
  name: string;
  responseCount: number;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      title={<Trans>Delete the survey “{name}”?</Trans>}
      cancelLabel={<Trans>Cancel</Trans>}
      onCancel={onCancel}
      actions={
        <button type="button" className="button button--danger" onClick={onConfirm}>
          <Trans>Delete survey</Trans>
        </button>
      }
    >
      <Plural
        value={responseCount}
        _0="Its questions are deleted too. This cannot be undone."
        one="Its questions and its # response are deleted too. This cannot be undone."
        other="Its questions and all its # responses are deleted too. This cannot be undone."
      />
    </ConfirmDialog>
  );
}
