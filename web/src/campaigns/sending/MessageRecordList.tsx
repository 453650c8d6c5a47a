import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import type { MessageRecordListPageQuery } from "../../__generated__/MessageRecordListPageQuery.graphql";
import { Button, DELIVERY_STATUSES, type DeliveryStatus, DeliveryStatusPill, Skeleton } from "../../ui";

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
  return (
    <>
      {result.records.map((r) => (
        <tr key={r.legacyId}>
          <td>{r.recipient}</td>
          <td>
            {(DELIVERY_STATUSES as readonly string[]).includes(r.deliveryStatus) ? (
              <DeliveryStatusPill status={r.deliveryStatus as DeliveryStatus} />
            ) : (
              r.deliveryStatus
            )}
            {r.error ? <span className="campaign-records__reason"> {r.error}</span> : null}
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
            <Button onClick={onMore} aria-label={t`Load more messages (page ${result.page} of ${result.totalPages})`}>
              <Trans>Load more</Trans>
            </Button>
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
                <td colSpan={channel === "sms" ? 4 : 3} aria-busy="true">
                  <Skeleton label={t`Loading…`} lines={2} />
                </td>
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
