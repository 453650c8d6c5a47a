import { Trans, useLingui } from "@lingui/react/macro";
import { CopyField } from "../../forms/CopyField";
import { type DisplayType, embedSnippet } from "../websiteSettings";

/** The code to paste into the site, for a saved activation; before saving, a note that it comes later. */
export function WebsiteEmbedCode({
  touchpoint,
  displayType,
  id,
}: {
  /** The saved touchpoint (its public link's origin serves the widget); null while creating one. */
  touchpoint: { legacyId: string; link: string } | null;
  /** The saved display type (not the edited one): the snippet matches what the site gets. */
  displayType: DisplayType;
  id: (name: string) => string;
}) {
  const { t } = useLingui();
  if (!touchpoint) {
    return (
      <p className="field__hint">
        <Trans>The embed code appears when the activation is saved.</Trans>
      </p>
    );
  }
  return (
    <section className="fieldset" aria-labelledby={id("embed-title")}>
      <h2 id={id("embed-title")} style={{ margin: 0, fontSize: "1.1rem" }}>
        <Trans>Add the widget to your site</Trans>
      </h2>
      <p className="field__hint">
        <Trans>Paste this code into every page of the site, before the closing body tag.</Trans>
        {displayType === "embedded" ? (
          <>
            {" "}
            <Trans>The embedded survey appears in the element with the data-feedback-widget attribute.</Trans>
          </>
        ) : null}
      </p>
      <CopyField
        id={id("embed")}
        label={t`Embed code`}
        value={embedSnippet(new URL(touchpoint.link).origin, touchpoint.legacyId, displayType)}
        multiline
        copyLabel={t`Copy embed code`}
      />
    </section>
  );
}
