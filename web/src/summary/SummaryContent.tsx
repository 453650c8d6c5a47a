import { useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useRef, useState } from "react";
import { graphql, useLazyLoadQuery, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { SummaryContentLiveSubscription } from "../__generated__/SummaryContentLiveSubscription.graphql";
import type { SummaryContentQuery } from "../__generated__/SummaryContentQuery.graphql";
import { formatNumber, formatPercent, formatSigned } from "../analytics/charts/chartTheme";
import { DailySeriesChart } from "../analytics/charts/DailySeriesChart";
import { SatisfactionGauge } from "../analytics/charts/SatisfactionGauge";
import { TouchpointRankingChart, type RankingEntry } from "../analytics/charts/TouchpointRankingChart";
import { browserUtcOffset } from "../results/filters";
import { localToday } from "./summaryFilters";
import { useDates } from "../format/useDates";
import { toGlobalId } from "../util/globalId";

const liveSubscription = graphql`
  subscription SummaryContentLiveSubscription {
    summaryResponsesArrived {
      created
      touchpoints {
        touchpointLegacyId
        surveyLegacyId
        created
      }
    }
  }
`;

function Figure({
  label,
  now,
  earlier,
  org,
  format,
}: {
  label: string;
  now: number | null;
  earlier: number | null;
  org: number | null;
  format: (v: number | null) => string;
}) {
  const { t } = useLingui();
  return (
    <figure className="kpi" aria-label={label}>
      <figcaption className="kpi__label">{label}</figcaption>
      <p className="kpi__value" role="status" aria-label={t`${label} now`}>
        {format(now)}
      </p>
      <p className="kpi__compare">
        {t`Earlier period: ${format(earlier)}`} · {t`Organisation: ${format(org)}`}
      </p>
    </figure>
  );
}

/** The summary's figures and charts (loaded on its own: the charts are large). */
export default function SummaryContent({
  from,
  to,
  surveyIds,
  onPeriod,
}: {
  from: string | null;
  to: string | null;
  surveyIds: string[];
  /** Told the period the summary covers (yyyy-MM-dd), e.g. the default last 7 days, so the filter shows it. */
  onPeriod?: (period: { from: string; to: string }) => void;
}) {
  const { t } = useLingui();
  const dates = useDates();
  const utcOffset = useMemo(() => browserUtcOffset(), []);
  const data = useLazyLoadQuery<SummaryContentQuery>(
    graphql`
      query SummaryContentQuery($input: SummaryInput) {
        summary(input: $input) {
          from
          to
          responseLimitNotice
          average {
            now
            earlier
          }
          orgAverage {
            now
          }
          nps {
            now
            earlier
          }
          orgNPS {
            now
          }
          count {
            now
            earlier
          }
          orgCount {
            now
          }
          ranking {
            now {
              touchpointLegacyId
              name
              position
              average
              count
            }
            earlier {
              touchpointLegacyId
              average
            }
          }
          daily {
            date
            count
            average
            nps
          }
        }
      }
    `,
    { input: { from, to, surveyIds: surveyIds.map((id) => toGlobalId("Survey", id)), utcOffset } },
    { fetchPolicy: "store-and-network" },
  );
  const s = data.summary;
  const appliedFrom = s.from.replace(/\//g, "-");
  const appliedTo = s.to.replace(/\//g, "-");
  useEffect(() => onPeriod?.({ from: appliedFrom, to: appliedTo }), [appliedFrom, appliedTo, onPeriod]);
  // Responses that arrived since the summary was read (summaryResponsesArrived), added to today's figures.
  const [live, setLive] = useState({ count: 0, orgCount: 0 });
  const today = localToday().replace(/-/g, "/");
  const coversToday = s.from <= today && today <= s.to;
  const filterRef = useRef({ surveyIds, coversToday });
  filterRef.current = { surveyIds, coversToday };
  const config = useMemo<GraphQLSubscriptionConfig<SummaryContentLiveSubscription>>(
    () => ({
      subscription: liveSubscription,
      variables: {},
      onNext: (response) => {
        const event = response?.summaryResponsesArrived;
        if (!event || !filterRef.current.coversToday) return;
        const { surveyIds: wanted } = filterRef.current;
        const matching = event.touchpoints.filter((x) => wanted.length === 0 || wanted.includes(x.surveyLegacyId)).reduce((sum, x) => sum + x.created, 0);
        setLive((l) => ({ count: l.count + matching, orgCount: l.orgCount + event.created }));
      },
      onError: () => {},
    }),
    [],
  );
  useSubscription(config);

  const earlierById = new Map(s.ranking.earlier.map((r) => [r.touchpointLegacyId, r.average]));
  const ranking: RankingEntry[] = s.ranking.now.map((r) => ({
    touchpointId: r.touchpointLegacyId,
    name: r.name,
    now: r.average ?? null,
    earlier: earlierById.get(r.touchpointLegacyId) ?? null,
    count: r.count,
  }));
  const lastIndex = s.daily.length - 1;
  const dailyCounts = s.daily.map((d, i) => ({ label: dates.axisDay(d.date), value: d.count + (i === lastIndex && d.date === today ? live.count : 0) }));
  return (
    <>
      <p className="field__hint">{t`From ${dates.date(appliedFrom)} to ${dates.date(appliedTo)}, compared with the same number of days just before.`}</p>
      {s.responseLimitNotice ? (
        <p className="limit-notice" role="status">
          {t`Response limit exceeded (some responses not shown)`}
        </p>
      ) : null}
      <div className="summary-kpis">
        <Figure
          label={t`Responses`}
          now={s.count.now + live.count}
          earlier={s.count.earlier}
          org={s.orgCount.now + live.orgCount}
          format={(v) => formatNumber(v)}
        />
        <Figure
          label={t`Average satisfaction`}
          now={s.average.now ?? null}
          earlier={s.average.earlier ?? null}
          org={s.orgAverage.now ?? null}
          format={(v) => formatPercent(v)}
        />
        <Figure label={t`NPS`} now={s.nps.now ?? null} earlier={s.nps.earlier ?? null} org={s.orgNPS.now ?? null} format={(v) => formatSigned(v)} />
      </div>
      <div className="results-grid">
        <SatisfactionGauge title={t`Satisfaction level`} value={s.average.now ?? null} earlier={s.average.earlier ?? null} />
        <TouchpointRankingChart title={t`Touchpoint ranking`} entries={ranking} />
      </div>
      <div className="results-grid">
        <DailySeriesChart title={t`Responses per day`} metric="responses" points={dailyCounts} />
        <DailySeriesChart
          title={t`Satisfaction per day`}
          metric="satisfaction"
          points={s.daily.map((d) => ({ label: dates.axisDay(d.date), value: d.average ?? null }))}
        />
        <DailySeriesChart title={t`NPS per day`} metric="nps" points={s.daily.map((d) => ({ label: dates.axisDay(d.date), value: d.nps ?? null }))} />
      </div>
    </>
  );
}
