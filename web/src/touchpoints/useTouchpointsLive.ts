// Touchpoint lists update live: a touchpoint created, changed or deleted in another tab or by a
// colleague (touchpointsChanged, only of the units where the person views results) makes the open
// list read itself again, without a reload of the page.
import { useMemo } from "react";
import { graphql, useSubscription } from "react-relay";
import type { GraphQLSubscriptionConfig } from "relay-runtime";
import type { useTouchpointsLiveSubscription } from "../__generated__/useTouchpointsLiveSubscription.graphql";

const subscription = graphql`
  subscription useTouchpointsLiveSubscription {
    touchpointsChanged {
      touchpointLegacyId
      change
    }
  }
`;

export function useTouchpointsLive(reload: () => void): void {
  const config = useMemo<GraphQLSubscriptionConfig<useTouchpointsLiveSubscription>>(
    () => ({
      subscription,
      variables: {},
      onNext: () => reload(),
      // Without the live connection the list stays as read (it still reloads after one's own changes).
      onError: () => {},
    }),
    [reload],
  );
  useSubscription(config);
}
