import { Trans, useLingui } from "@lingui/react/macro";
import { useDates } from "../format/useDates";
import { useId, useMemo, useState } from "react";
import { graphql, useLazyLoadQuery, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import type { PingsPageQuery } from "../__generated__/PingsPageQuery.graphql";
import type { PingsPageVisibilityMutation } from "../__generated__/PingsPageVisibilityMutation.graphql";
import { SelectField } from "../forms/SelectField";
import { runMutation } from "../user-management/runMutation";
import { onlineLabels, onlineState } from "./model";
import "./touchpoints.css";

const ranges = { day: 24 * 3600_000, week: 7 * 24 * 3600_000 } as const;
type Range = keyof typeof ranges;
const BUCKETS = 24;

/** Which of the range's equal parts hold at least one ping. */
export function uptimeBuckets(pings: readonly { at: string }[], from: string, to: string, buckets = BUCKETS): boolean[] {
  const start = Date.parse(from);
  const size = (Date.parse(to) - start) / buckets;
  const up = new Array<boolean>(buckets).fill(false);
  for (const p of pings) {
    const i = Math.floor((Date.parse(p.at) - start) / size);
    if (i >= 0 && i < buckets) up[i] = true;
  }
  return up;
}

/** /pings: each terminal's heartbeats over the last day or week (GET /pings' data), and the person's own show/hide choice. */
export default function PingsPage() {
  const { t, i18n } = useLingui();
  const dates = useDates();
  const formId = useId();
  const [range, setRange] = useState<Range>("day");
  const [showHidden, setShowHidden] = useState(false);
  const [fetchKey, setFetchKey] = useState(0);
  // The range ends now (rounded to the minute, so a re-render does not ask again).
  const to = useMemo(() => new Date(Math.ceil(Date.now() / 60_000) * 60_000).toISOString(), [range, fetchKey]);
  const from = new Date(Date.parse(to) - ranges[range]).toISOString();
  const data = useLazyLoadQuery<PingsPageQuery>(
    graphql`
      query PingsPageQuery($from: DateTime, $to: DateTime) {
        pings(from: $from, to: $to) {
          from
          to
          organizationCount
          series {
            touchpointId
            touchpointLegacyId
            name
            lastSeenAt
            hidden
            pings {
              at
              battery
            }
          }
        }
      }
    `,
    { from, to },
    { fetchPolicy: "store-and-network", fetchKey },
  );
  const [commitVisibility] = useMutation<PingsPageVisibilityMutation>(graphql`
    mutation PingsPageVisibilityMutation($touchpointId: ID!, $visibility: Boolean!) {
      setTouchpointVisibility(touchpointId: $touchpointId, visibility: $visibility) {
        touchpointLegacyId
        visibility
      }
    }
  `);
  const setVisible = async (touchpointId: string, visibility: boolean) => {
    const ok = await runMutation("setTouchpointVisibility", commitVisibility, { touchpointId, visibility }, { fallbackError: t`Something went wrong` });
    if (ok) setFetchKey((k) => k + 1);
  };
  const p = data.pings;
  const series = p.series.filter((s) => showHidden || !s.hidden);
  const hiddenCount = p.series.length - p.series.filter((s) => !s.hidden).length;
  const date = (iso: string | null | undefined) => dates.dateTime(iso);

  return (
    <section className="page">
      <h1 className="page__title">
        <Trans>Touchpoint pings</Trans>
      </h1>
      <div className="tp-toolbar">
        <SelectField<Range>
          id={`${formId}-range`}
          label={t`Period`}
          value={range}
          onChange={setRange}
          options={[
            ["day", t`Last 24 hours`],
            ["week", t`Last 7 days`],
          ]}
        />
        <div className="field field--checkbox">
          <input id={`${formId}-hidden`} type="checkbox" checked={showHidden} onChange={(e) => setShowHidden(e.target.checked)} />
          <label htmlFor={`${formId}-hidden`}>
            <Trans>Show hidden terminals ({hiddenCount})</Trans>
          </label>
        </div>
        <Link to="/touchpoints/terminals">
          <Trans>Terminals</Trans>
        </Link>
      </div>
      <p className="muted">
        <Trans>
          {date(p.from)} – {date(p.to)}. Pings of all the organisation's terminals in this period: {p.organizationCount}.
        </Trans>
      </p>
      {series.length === 0 ? (
        <p className="muted">
          <Trans>No terminals to show.</Trans>
        </p>
      ) : (
        <table className="tp-table">
          <caption className="visually-hidden">{t`Pings per terminal`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Terminal</Trans>
              </th>
              <th scope="col">
                <Trans>State</Trans>
              </th>
              <th scope="col">
                <Trans>Last ping</Trans>
              </th>
              <th scope="col">
                <Trans>Pings</Trans>
              </th>
              <th scope="col">
                <Trans>Battery</Trans>
              </th>
              <th scope="col">
                <Trans>Reporting</Trans>
              </th>
              <th scope="col">
                <Trans>In my overview</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {series.map((s) => {
              const state = onlineState(s.lastSeenAt);
              const up = uptimeBuckets(s.pings, p.from, p.to);
              const upCount = up.filter(Boolean).length;
              const battery = [...s.pings].reverse().find((x) => x.battery !== null)?.battery;
              return (
                <tr key={s.touchpointLegacyId}>
                  <td>
                    <Link to={`/touchpoints/terminals/${s.touchpointLegacyId}/edit`}>{s.name}</Link>
                  </td>
                  <td>
                    <span className={`tp-state tp-state--${state}`}>{i18n._(onlineLabels[state])}</span>
                  </td>
                  <td>{date(s.lastSeenAt)}</td>
                  <td>{s.pings.length}</td>
                  <td>{battery === undefined || battery === null ? "—" : `${Math.round(battery * 100)} %`}</td>
                  <td>
                    <span className="visually-hidden">
                      <Trans>
                        Reporting in {upCount} of {BUCKETS} parts of the period
                      </Trans>
                    </span>
                    <div className="tp-strip" aria-hidden="true">
                      {up.map((u, i) => (
                        <span key={i} className={u ? "is-up" : undefined} />
                      ))}
                    </div>
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t`Show ${s.name} in my overview`}
                      checked={!s.hidden}
                      onChange={(e) => void setVisible(s.touchpointId, e.target.checked)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
