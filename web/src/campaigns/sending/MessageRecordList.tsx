import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { MessageRecordListPageQuery } from "../../__generated__/MessageRecordListPageQuery.graphql";
import { statusLabels, statusOrder } from "./StatusChart";

type Channel = "email" | "sms";

function RecordPage({ channel, touchpointId, page, last, onMore }: { channel: Channel; touchpointId: string; page: number; last: boolean; onMore(): void }) {
  const { t, i18n } = useLingui();
  const data = useLazyLoadQuery<MessageRecordListPageQuery>(
    graphql`
      query MessageRecordListPageQuery($channel: CampaignChannel!, $touchpointId: ID, $page: Int) {
        messageRecords(channel: $channel, touchpointId: $touchpointId, page: $page) {
          page
          totalPages
          total
          records {
            legacyId
            recipient
            deliveryStatus
            error
            segments
            sentAt
          }
        }
      }
    `,
    { channel, touchpointId, page },
    { fetchPolicy: "store-and-network" },
  );
  const result = data.messageRecords;
  const label = (s: string) => ((statusOrder as readonly string[]).includes(s) ? i18n._(statusLabels[s as (typeof statusOrder)[number]]) : s);
  return (
    <>
      {result.records.map((r) => (
        <tr key={r.legacyId}>
          <td>{r.recipient}</td>
          <td>
            {label(r.deliveryStatus)}
            {r.error ? ` (${r.error})` : ""}
          </td>
          {channel === "sms" && <td>{r.segments ?? "–"}</td>}
          <td>{r.sentAt ? i18n.date(r.sentAt, { dateStyle: "short", timeStyle: "short" }) : "–"}</td>
        </tr>
      ))}
      {page === 1 && result.total === 0 && (
        <tr>
          <td colSpan={channel === "sms" ? 4 : 3}>
            <Trans>No messages sent yet.</Trans>
          </td>
        </tr>
      )}
      {last && result.page < result.totalPages && (
        <tr>
          <td colSpan={channel === "sms" ? 4 : 3}>
            <button type="button" onClick={onMore} aria-label={t`Load more messages (page ${result.page} of ${result.totalPages})`}>
              <Trans>Load more</Trans>
            </button>
          </td>
        </tr>
      )}
    </>
  );
}

/** The touchpoint's message records, newest first, page by page: "Load more" until the page equals the total pages. */
export function MessageRecordList({ channel, touchpointId }: { channel: Channel; touchpointId: string }) {
  const { t } = useLingui();
  const [pages, setPages] = useState(1);
  return (
    <table className="campaign-records">
      <caption className="visually-hidden">{t`Messages`}</caption>
      <thead>
        <tr>
          <th scope="col">{channel === "email" ? t`Email address` : t`Phone number`}</th>
          <th scope="col">{t`Delivery status`}</th>
          {channel === "sms" && <th scope="col">{t`Segments`}</th>}
          <th scope="col">{t`Sent`}</th>
        </tr>
      </thead>
      <tbody>
        {Array.from({ length: pages }, (_, i) => (
          <Suspense
            key={i + 1}
            fallback={
              <tr>
                <td>{t`Loading…`}</td>
              </tr>
            }
          >
            <RecordPage channel={channel} touchpointId={touchpointId} page={i + 1} last={i + 1 === pages} onMore={() => setPages((n) => n + 1)} />
          </Suspense>
        ))}
      </tbody>
    </table>
  );
}
