import { Trans, useLingui } from "@lingui/react/macro";
import { useRouteMeta } from "./routeMeta";

/** The one placeholder: a route whose screen belongs to later work. */
export function NotBuiltPage() {
  const { i18n } = useLingui();
  const meta = useRouteMeta();
  return (
    <section className="page page--placeholder">
      <h1 className="page__title">{meta ? i18n._(meta.title) : null}</h1>
      <p className="placeholder-note">
        <Trans>This screen is not built yet.</Trans>
      </p>
    </section>
  );
}
