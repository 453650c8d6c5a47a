import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState, type ReactNode } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { useNavigate } from "react-router-dom";
import type { LegacyPluginCard_touchpoint$key } from "../__generated__/LegacyPluginCard_touchpoint.graphql";
import type { LegacyPluginCardUpgradeMutation } from "../__generated__/LegacyPluginCardUpgradeMutation.graphql";
import { ConfirmDialog } from "../shell/ConfirmDialog";
import { runMutation } from "../user-management/runMutation";
import { isDomain } from "@feedback/shared/website-settings";

/**
 * One legacy web plugin: its team, survey and responses, its settings as the older plugin stored
 * them, and the upgrade to a website activation. The upgrade is irreversible (spec 001 §4): it asks
 * for confirmation first, saying so; a plugin that never recorded its site asks for the domain.
 * Without the right to edit the touchpoint there is no upgrade (the server refuses it too).
 */
export function LegacyPluginCard({
  touchpoint,
  surveyNames,
  onUpgraded,
}: {
  touchpoint: LegacyPluginCard_touchpoint$key;
  surveyNames: ReadonlyMap<string, string>;
  onUpgraded: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const data = useFragment(
    graphql`
      fragment LegacyPluginCard_touchpoint on Touchpoint {
        id
        legacyId
        name
        unit {
          name
        }
        activeSurveyLegacyId
        responseCount
        editRefusal
        legacyPlugin {
          domain
          disabled
          display
          placement
          samplePercent
          urlRules
          urlMode
          excludeUrls
          showAfterVisitedPages
          showAfterSecondsOnSite
          showAfterSecondsOnPage
          scrollPercent
          exitIntent
          hiddenAfterFeedbackForHours
          hiddenAfterClosedForHours
        }
      }
    `,
    touchpoint,
  );
  const [commit] = useMutation<LegacyPluginCardUpgradeMutation>(graphql`
    mutation LegacyPluginCardUpgradeMutation($input: UpgradeLegacyPluginInput!) {
      upgradeLegacyPlugin(input: $input) {
        touchpoint {
          id
          legacyId
          type
          website {
            ...WebsiteActivationForm_website
          }
          legacyPlugin {
            domain
          }
        }
      }
    }
  `);
  const [confirming, setConfirming] = useState(false);
  const [domain, setDomain] = useState("");
  const [domainTouched, setDomainTouched] = useState(false);
  const plugin = data.legacyPlugin;
  if (!plugin) return null;

  const needsDomain = !plugin.domain;
  const domainError = needsDomain && !isDomain(domain) ? (domain.trim() ? t`Invalid domain` : t`Give the domain of the site the plugin runs on`) : null;
  const yesNo = (v: boolean) => (v ? t`Yes` : t`No`);
  const placements: Record<string, string> = {
    "bottom-right": t`Bottom right`,
    "bottom-left": t`Bottom left`,
    "top-right": t`Top right`,
    "top-left": t`Top left`,
  };
  const urlModes: Record<string, string> = {
    single: t`The page shown matches one of the rules`,
    all: t`Every rule matched a page visited`,
    allInOrder: t`The rules matched pages visited in this order`,
  };
  const list = (items: readonly string[]) =>
    items.length === 0 ? (
      t`None`
    ) : (
      <ul className="legacy-plugin__urls">
        {items.map((u) => (
          <li key={u}>
            <code>{u}</code>
          </li>
        ))}
      </ul>
    );
  const rows: [string, ReactNode][] = [
    [t`Domain`, plugin.domain ?? t`Not recorded`],
    [t`State`, plugin.disabled ? t`Disabled` : t`Active`],
    [t`Display`, plugin.display === "embedded" ? t`Embedded` : t`Pop-up`],
    [t`Placement`, placements[plugin.placement] ?? plugin.placement],
    [t`Share of page loads that may show it`, `${plugin.samplePercent} %`],
    [t`Shown on pages`, list(plugin.urlRules)],
    [t`Page rules`, urlModes[plugin.urlMode] ?? plugin.urlMode],
    [t`Never on pages`, list(plugin.excludeUrls)],
    [t`After visited pages`, String(plugin.showAfterVisitedPages)],
    [t`After seconds on the site`, String(plugin.showAfterSecondsOnSite)],
    [t`After seconds on the page`, String(plugin.showAfterSecondsOnPage)],
    [t`After scrolling (%)`, String(plugin.scrollPercent)],
    [t`When leaving the page (exit intent)`, yesNo(plugin.exitIntent)],
    [t`Hidden after a response (hours)`, String(plugin.hiddenAfterFeedbackForHours)],
    [t`Hidden after closing (hours)`, String(plugin.hiddenAfterClosedForHours)],
  ];

  const upgrade = async () => {
    setConfirming(false);
    const answer = await runMutation(
      "upgradeLegacyPlugin",
      commit,
      { input: { id: data.id, domain: needsDomain ? domain.trim().toLowerCase() : null } },
      { success: t`Upgraded to a website activation`, fallbackError: t`Something went wrong` },
    );
    if (!answer) return;
    onUpgraded();
    navigate(`/website/${answer.upgradeLegacyPlugin.touchpoint.legacyId}/edit`);
  };

  const surveyName = data.activeSurveyLegacyId ? (surveyNames.get(data.activeSurveyLegacyId) ?? t`A survey you cannot see`) : t`No active survey`;
  return (
    <article className="legacy-plugin" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className="legacy-plugin__name">
        {data.name}
      </h2>
      <p className="muted">
        <Trans>
          Team: {data.unit.name} · Active survey: {surveyName} · Responses: {data.responseCount}
        </Trans>
      </p>
      <dl className="details legacy-plugin__settings" aria-label={t`Settings of ${data.name}`}>
        {rows.map(([label, value]) => (
          <div key={label} className="legacy-plugin__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {data.editRefusal ? null : (
        <div className="legacy-plugin__upgrade">
          {needsDomain ? (
            <div className="field">
              <label htmlFor={`${id}-domain`}>
                <Trans>Domain of the site the plugin runs on</Trans>
              </label>
              <input
                id={`${id}-domain`}
                type="text"
                inputMode="url"
                placeholder="shop.example.com"
                value={domain}
                aria-invalid={domainTouched && domainError ? true : undefined}
                aria-describedby={domainTouched && domainError ? `${id}-domain-error` : undefined}
                onBlur={() => setDomainTouched(true)}
                onChange={(e) => setDomain(e.target.value)}
              />
              {domainTouched && domainError ? (
                <p className="field__error" id={`${id}-domain-error`}>
                  {domainError}
                </p>
              ) : null}
            </div>
          ) : null}
          <button
            type="button"
            className="button"
            aria-label={t`Upgrade ${data.name} to a website activation`}
            onClick={() => {
              setDomainTouched(true);
              if (!domainError) setConfirming(true);
            }}
          >
            <Trans>Upgrade to a website activation</Trans>
          </button>
        </div>
      )}
      {confirming ? (
        <ConfirmDialog
          title={<Trans>Upgrade {data.name} to a website activation?</Trans>}
          cancelLabel={<Trans>Cancel</Trans>}
          onCancel={() => setConfirming(false)}
          actions={
            <button type="button" className="button button--warning" onClick={() => void upgrade()}>
              <Trans>Upgrade for good</Trans>
            </button>
          }
        >
          <Trans>
            This cannot be undone: the plugin becomes a website activation and its old settings cannot be brought back. It keeps its team, survey and responses.
            Afterwards, replace the plugin's code on the site with the activation's embed code.
          </Trans>
        </ConfirmDialog>
      ) : null}
    </article>
  );
}
