import { Trans, useLingui } from "@lingui/react/macro";
import { graphql, useLazyLoadQuery, usePaginationFragment } from "react-relay";
import { Link } from "react-router-dom";
import type { LegacyPluginsPage_query$key } from "../__generated__/LegacyPluginsPage_query.graphql";
import type { LegacyPluginsPageQuery } from "../__generated__/LegacyPluginsPageQuery.graphql";
import type { LegacyPluginsPageRefetchQuery } from "../__generated__/LegacyPluginsPageRefetchQuery.graphql";
import { LegacyPluginCard } from "./LegacyPluginCard";
import { LoadMoreButton, useReloadKey, useSurveyNames } from "./TouchpointListShell";
import "./touchpoints.css";

/**
 * /touchpoints/legacy-plugins: the legacy web plugins (spec 001 §1, §2 "legacy plugins"), each with
 * its settings and, for those who may edit it, the irreversible upgrade to a website activation
 * (§4 "Legacy plugin upgrade: irreversible"), a page at a time. No one can create a legacy plugin any more.
 */
export default function LegacyPluginsPage() {
  const { t } = useLingui();
  const [fetchKey, reload] = useReloadKey();
  const data = useLazyLoadQuery<LegacyPluginsPageQuery>(
    graphql`
      query LegacyPluginsPageQuery {
        ...LegacyPluginsPage_query
        ...TouchpointListShell_query
      }
    `,
    {},
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const list = usePaginationFragment<LegacyPluginsPageRefetchQuery, LegacyPluginsPage_query$key>(
    graphql`
      fragment LegacyPluginsPage_query on Query
      @refetchable(queryName: "LegacyPluginsPageRefetchQuery")
      @argumentDefinitions(first: { type: "Int", defaultValue: 50 }, after: { type: "String" }) {
        legacyPlugins(first: $first, after: $after) @connection(key: "LegacyPluginsPage_legacyPlugins") {
          edges {
            node {
              id
              ...LegacyPluginCard_touchpoint
            }
          }
        }
      }
    `,
    data,
  );
  const surveyNames = useSurveyNames(data);
  const plugins = list.data.legacyPlugins.edges.map((e) => e.node);
  return (
    <section className="page" aria-labelledby="legacy-plugins-title">
      <h1 id="legacy-plugins-title" className="page__title">
        {t`Legacy web plugins`}
      </h1>
      <div className="tp-toolbar">
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </div>
      <p className="field__hint">
        <Trans>
          Web widgets of the older plugin generation. They keep collecting responses as they are; new ones cannot be made. Upgrade one to a website activation
          to use the current widget's settings.
        </Trans>
      </p>
      {plugins.length === 0 ? (
        <p className="muted">
          <Trans>No legacy web plugins.</Trans>
        </p>
      ) : (
        <ul className="legacy-plugins" aria-label={t`Legacy web plugins`}>
          {plugins.map((p) => (
            <li key={p.id}>
              <LegacyPluginCard touchpoint={p} surveyNames={surveyNames} onUpgraded={reload} />
            </li>
          ))}
        </ul>
      )}
      <LoadMoreButton more={list} label={<Trans>Show more legacy web plugins</Trans>} />
    </section>
  );
}
