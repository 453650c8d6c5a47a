import { fetchQuery, graphql } from "react-relay";
import type { refreshViewerQuery } from "../__generated__/refreshViewerQuery.graphql";
import { getServices } from "../services";

/**
 * Reads the viewer's subscription status again after a billing change (subscribed, paid), so the
 * trial banner, the menu lock and the warning page follow at once.
 */
export async function refreshViewerSubscription(): Promise<void> {
  await fetchQuery<refreshViewerQuery>(
    getServices().environment,
    graphql`
      query refreshViewerQuery {
        viewer {
          subscriptionStatus {
            billingStatus
            dashboardLocked
            trialDaysLeft
            unpaidDaysLeft
          }
        }
      }
    `,
    {},
  )
    .toPromise()
    .catch(() => undefined);
}
