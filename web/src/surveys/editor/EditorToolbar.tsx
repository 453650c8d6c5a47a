// The editor's toolbar: the preview of a saved survey (which shows the last saved version).
import { Trans } from "@lingui/react/macro";
import { Link } from "react-router-dom";

type Props = { legacyId: string | null; dirty: boolean };

export function EditorToolbar({ legacyId, dirty }: Props) {
  return (
    <div className="se-toolbar">
      {legacyId ? (
        <>
          <Link className="button button--secondary" to={`/surveys/${legacyId}/preview`}>
            <Trans>Preview</Trans>
          </Link>
          {dirty ? (
            <span className="field__hint">
              <Trans>The preview shows the last saved version.</Trans>
            </span>
          ) : null}
        </>
      ) : (
        <span className="field__hint">
          <Trans>Save the survey to preview it.</Trans>
        </span>
      )}
    </div>
  );
}
