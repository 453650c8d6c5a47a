import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import { Link } from "react-router-dom";
import type { CampaignMessagesScreenQuery } from "../../__generated__/CampaignMessagesScreenQuery.graphql";
import { StatusChart } from "./StatusChart";
import { MessageRecordList } from "./MessageRecordList";
import { Button, Card, EmptyState, Skeleton } from "../../ui";

/**
 * /touchpoints/emails and /touchpoints/sms: the email or SMS campaign touchpoints the person may see,
 * each with its messages' delivery statuses as a stacked bar, its launches' and, on request, the
 * paged list of its messages.
 */
export function CampaignMessagesScreen({ channel }: { channel: "email" | "sms" }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const data = useLazyLoadQuery<CampaignMessagesScreenQuery>(
    graphql`
      query CampaignMessagesScreenQuery($channel: CampaignChannel!) {
        campaignTouchpoints(channel: $channel) {
          id
          name
          statusCounts {
            status
            count
          }
          launches {
            launchId
            createdAt
            status
            statusCounts {
              status
              count
            }
          }
        }
      }
    `,
    { channel },
    { fetchPolicy: "store-and-network" },
  );
  const title = channel === "email" ? t`Email campaigns` : t`SMS campaigns`;
  return (
    <section aria-labelledby="campaign-messages-title">
      <h1 id="campaign-messages-title">{title}</h1>
      <p>
        <Link to="/touchpoints">
          <Trans>All touchpoints</Trans>
        </Link>
      </p>
      {data.campaignTouchpoints.length === 0 && (
        <EmptyState title={channel === "email" ? t`No email campaigns yet.` : t`No SMS campaigns yet.`}>
          <Trans>A campaign starts from a survey's Launch action, with a contact list and a message template.</Trans>
        </EmptyState>
      )}
      {data.campaignTouchpoints.map((c) => {
        const headingId = `campaign-${c.id}`;
        return (
          <article key={c.id} aria-labelledby={headingId} className="campaign-touchpoint">
            <Card>
              <h2 id={headingId}>{c.name}</h2>
              <StatusChart counts={c.statusCounts} label={t`Delivery statuses of ${c.name}`} />
              {c.launches.length > 0 && (
                <details>
                  <summary>
                    <Trans>Launches ({c.launches.length})</Trans>
                  </summary>
                  <ul>
                    {c.launches.map((l) => {
                      const when = i18n.date(l.createdAt, { dateStyle: "medium", timeStyle: "short" });
                      return (
                        <li key={l.launchId}>
                          <span>{when}</span>
                          <StatusChart counts={l.statusCounts} label={t`Delivery statuses of the launch of ${when}`} />
                        </li>
                      );
                    })}
                  </ul>
                </details>
              )}
              <Button aria-expanded={open === c.id} onClick={() => setOpen(open === c.id ? null : c.id)}>
                {open === c.id ? <Trans>Hide messages</Trans> : <Trans>Show messages</Trans>}
              </Button>
              {open === c.id && (
                <Suspense fallback={<Skeleton label={t`Loading…`} shape="block" height="8rem" />}>
                  <MessageRecordList channel={channel} touchpointId={c.id} />
                </Suspense>
              )}
            </Card>
          </article>
        );
      })}
    </section>
  );
}
