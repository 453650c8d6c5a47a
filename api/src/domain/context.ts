// What every domain service receives: the database, the event bus and who is asking.
import type { PrismaClient } from "../generated/prisma/client.js";
import type { Config } from "../config.js";
import type { EventBus } from "../pubsub/bus.js";
import type { JobRunner } from "../jobs/runner.js";
import type { Viewer } from "./viewer.js";
import type { LimiterStore } from "../limits/store.js";
import type { ShareLinkMemo } from "./results-scope/caller.js";
import type { RequestMemo } from "./request-memo.js";
import type { AccessData } from "../auth/access-cache.js";

export type DomainContext = {
  prisma: PrismaClient;
  bus: EventBus;
  /** Queued work (mail, exports…): BullMQ on Redis, or in process in embedded mode. */
  jobs: JobRunner;
  config: Config;
  /** null for anonymous callers */
  viewer: Viewer | null;
  /**
   * A share link's token sent with a request instead of a bearer token (header `X-Share-Token`,
   * graphql-ws connection parameter `shareToken`, REST `?token=`); domain/results-scope/caller.ts reads it.
   */
  shareToken?: string | null;
  /** The links this request's tokens opened, so a token is looked up once per request (results-scope/caller.ts). */
  shareLinks?: ShareLinkMemo;
  /**
   * What this request has already read (the caller's access, objects' units, the scoped database…):
   * domain/request-memo.ts. One per request; a context spread with another field shares it.
   */
  memo?: RequestMemo;
  /**
   * Reads about the viewer kept across requests with their credential (auth/access-cache.ts), present
   * when the viewer came from the access cache: dropped with the cache's entry on any change.
   */
  accessData?: AccessData;
  /** Where rate limits count (Redis with REDIS_URL: one limit for all api processes); memory when absent. */
  limits?: LimiterStore;
};
