// The event bus behind GraphQL subscriptions: Redis pub/sub when REDIS_URL is set (several api
// processes share events), in-process otherwise (embedded mode).
import { setMaxListeners } from "node:events";
import { createPubSub } from "graphql-yoga";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";

/** The counts after new responses (api/src/domain/respondent/counters.ts). */
export type ResponseCountsEvent = {
  surveyId: string;
  responseCount: number;
  lastFeedbackAt: string | null;
  /** Responses stored since the previous event of this survey. */
  created: number;
  touchpoints: { touchpointId: string; responseCount: number; lastFeedbackAt: string | null }[];
};

/** An export job's state (api/src/domain/exports/jobs.ts), pushed on every stored change. */
export type ExportStatusEvent = {
  id: string;
  kind: "csv" | "xlsx" | "pdf";
  status: "generating" | "finished" | "failed";
  progress: number;
  error: string | null;
  finishedAt: string | null;
};

/**
 * New responses of an organisation since the previous event (api/src/domain/respondent/counters.ts),
 * per touchpoint with its unit, so a summary can add them to what its viewer may see.
 */
export type OrganizationResponsesEvent = {
  organizationId: string;
  created: number;
  touchpoints: { touchpointId: string; unitId: string; surveyId: string; created: number; lastFeedbackAt: string }[];
};

/** A touchpoint was created, changed or deleted (api/src/domain/touchpoints/touchpoints.ts): touchpoint lists reload. */
export type TouchpointChangedEvent = {
  organizationId: string;
  touchpointId: string;
  change: "created" | "updated" | "deleted";
  /** The units the touchpoint is in before and after the change (one unless it moved): who may see the change. */
  unitIds: string[];
};

export type BusEvents = {
  /** A user's own record changed. */
  "user:updated": [userId: string, payload: { userId: string }];
  /** Responses were stored for a survey: its new counts (coalesced per survey, at most every 500 ms). */
  "response:created": [surveyId: string, payload: ResponseCountsEvent];
  /** Responses were stored in an organisation (the summary's live counts; same flush as response:created). */
  "organization:responses": [organizationId: string, payload: OrganizationResponsesEvent];
  /** A touchpoint of the organisation was created, changed or deleted. */
  "touchpoint:changed": [organizationId: string, payload: TouchpointChangedEvent];
  /** An export job's status or progress changed. */
  "export:status": [exportJobId: string, payload: ExportStatusEvent];
};

export type EventBus = ReturnType<typeof createPubSub<BusEvents>> & { close(): Promise<void> };

export function createEventBus(redisUrl: string | undefined): EventBus {
  if (!redisUrl) {
    // One in-process target; every live subscriber of a topic is a listener on it, so many screens
    // open on one organisation are many listeners, not a leak (Node warns past 10 by default).
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    type BusTarget = NonNullable<NonNullable<Parameters<typeof createPubSub<BusEvents>>[0]>["eventTarget"]>;
    const bus = createPubSub<BusEvents>({ eventTarget: eventTarget as unknown as BusTarget });
    return Object.assign(bus, { close: async () => {} });
  }
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: null, lazyConnect: false });
  const bus = createPubSub<BusEvents>({
    eventTarget: createRedisEventTarget({ publishClient, subscribeClient }),
  });
  return Object.assign(bus, {
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  });
}
