// Who may watch a survey's response count live (Subscription.responseCountChanged): whoever sees the
// survey (permissions/access.ts, Survey viewResults): viewResults in the survey's unit, a role held
// in a unit above it counting too (sub-team inheritance), organisation admins, and those who see the
// survey through responses in their own teams (its list row shows the count, so the count may follow
// live too). Anyone else: "Survey not found" for a survey of another organisation (tenancy), "no
// rights" within the organisation. The check is made when the subscription opens (here and in the
// permission map) and holds for its life, as every subscription's does.
//
// How the counts reach many watchers (docs/decisions.md "Live counts at scale"): each api process
// listens once per watched survey (not once per watcher) and hands every watcher of it the same event
// object, so the GraphQL layer executes it once per selection (graphql/shared-subscriptions.ts). A
// count is a count: the latest supersedes the earlier ones. So after an event, a survey's further
// events of the next interval are merged into one (latest counts, `created` added up, each
// touchpoint's latest) and delivered when that interval ends: the first event of a quiet moment goes
// out at once, a burst becomes one event per watcher per interval, and every watcher ends with the
// last count. The interval is `liveCountIntervalMs` (200 ms) and doubles, up to
// `liveCountMaxIntervalMs` (1 s), after each interval in which two or more events came (a burst:
// under load the counter flush publishes every 100 ms); an interval with one event or none sets it
// back. So a trickle of responses (one an interval at most) is delivered as soon as it is counted,
// and a sustained burst costs each watcher one event a second (each event is a socket write per
// watcher, the largest cost of the fan-out).
import type { Config } from "../../config.js";
import { logger } from "../../log.js";
import type { DomainContext } from "../context.js";
import { notFound } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import { accessMessages, requireOnObject } from "../../permissions/access.js";
import type { EventBus, ResponseCountsEvent } from "../../pubsub/bus.js";

export async function assertMayWatchSurvey(ctx: DomainContext, surveyId: string): Promise<void> {
  requireOrganization(ctx.viewer);
  // a malformed id names no survey
  if (!/^[0-9a-f]{24}$/.test(surveyId)) throw notFound(accessMessages.surveyNotFound);
  await requireOnObject(ctx, "viewResults", "Survey", surveyId);
}

/** The shortest time between two events of one survey to its watchers on one process (ms). */
export const liveCountIntervalMs = 200;
/** The longest, reached in a sustained burst (ms). */
export const liveCountMaxIntervalMs = 1000;

/**
 * One event saying what `earlier` then `later` said (both of one survey, in the order they were
 * published): the later counts, the responses of both, each touchpoint's latest counts.
 */
export function mergeCountEvents(earlier: ResponseCountsEvent, later: ResponseCountsEvent): ResponseCountsEvent {
  // Tolerant of an event without touchpoints or created (another version's, during a rolling deploy).
  const touchpoints = new Map((earlier.touchpoints ?? []).map((t) => [t.touchpointId, t]));
  for (const t of later.touchpoints ?? []) touchpoints.set(t.touchpointId, t);
  return {
    surveyId: later.surveyId,
    responseCount: later.responseCount,
    lastFeedbackAt: later.lastFeedbackAt ?? earlier.lastFeedbackAt,
    created: (earlier.created ?? 0) + (later.created ?? 0),
    touchpoints: [...touchpoints.values()],
  };
}

/**
 * One watcher's events, read as an async iterator; `return()` stops watching. A watcher that has not
 * taken its last event yet (a slow socket) gets the next one merged into it: at most one waits.
 */
class Watcher implements AsyncIterableIterator<ResponseCountsEvent> {
  private queue: ResponseCountsEvent[] = [];
  private waiting: ((r: IteratorResult<ResponseCountsEvent>) => void) | undefined;
  private done = false;

  constructor(private readonly leave: (w: Watcher) => void) {}

  push(event: ResponseCountsEvent): void {
    if (this.done) return;
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve({ value: event, done: false });
    } else if (this.queue.length > 0) this.queue[0] = mergeCountEvents(this.queue[0]!, event);
    else this.queue.push(event);
  }

  next(): Promise<IteratorResult<ResponseCountsEvent>> {
    const value = this.queue.shift();
    if (value) return Promise.resolve({ value, done: false });
    if (this.done) return Promise.resolve({ value: undefined, done: true });
    return new Promise((resolve) => (this.waiting = resolve));
  }

  return(): Promise<IteratorResult<ResponseCountsEvent>> {
    if (!this.done) {
      this.done = true;
      this.queue = [];
      this.leave(this);
      this.waiting?.({ value: undefined, done: true });
      this.waiting = undefined;
    }
    return Promise.resolve({ value: undefined, done: true });
  }

  [Symbol.asyncIterator]() {
    return this;
  }
}

/** A watched survey on this process: one listener on the bus, its watchers, the interval's merged event. */
class WatchedSurvey {
  readonly watchers = new Set<Watcher>();
  private held: ResponseCountsEvent | undefined;
  /** Events merged into `held` during the current interval. */
  private heldCount = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly source: AsyncIterator<ResponseCountsEvent>;
  private currentMs: number;

  constructor(
    bus: EventBus,
    surveyId: string,
    private readonly intervalMs: number,
    private readonly maxIntervalMs: number,
    /** The listener ended (the bus closed or failed): forget this survey, so that the next watcher listens afresh. */
    private readonly ended: (survey: WatchedSurvey) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.currentMs = intervalMs;
    this.source = bus.subscribe("response:created", surveyId)[Symbol.asyncIterator]();
    void this.listen();
  }

  private async listen(): Promise<void> {
    try {
      for (;;) {
        const r = await this.source.next();
        if (r.done) break;
        // One event that cannot be merged or delivered is skipped, not the end of the feed (nor, as an
        // unhandled rejection, of the process).
        try {
          this.receive(r.value);
        } catch (error) {
          this.onError(error);
        }
      }
    } catch (error) {
      this.onError(error);
    }
    // No more events will come: the watchers end (a client subscribes again) and the survey is forgotten.
    this.ended(this);
    for (const w of [...this.watchers]) void w.return();
    this.close();
  }

  private receive(event: ResponseCountsEvent): void {
    if (this.intervalMs <= 0) {
      this.deliver(event);
      return;
    }
    if (this.timer) {
      this.held = this.held ? mergeCountEvents(this.held, event) : event;
      this.heldCount++;
      return;
    }
    this.deliver(event);
    this.startInterval();
  }

  private startInterval(): void {
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const held = this.held;
      const burst = this.heldCount >= 2;
      this.held = undefined;
      this.heldCount = 0;
      // A burst: the next interval is longer; otherwise back to the shortest.
      this.currentMs = burst ? Math.min(this.maxIntervalMs, this.currentMs * 2) : this.intervalMs;
      if (held) {
        this.deliver(held);
        this.startInterval();
      }
    }, this.currentMs);
  }

  /** Every watcher gets the same object (the GraphQL layer executes it once per selection). */
  private deliver(event: ResponseCountsEvent): void {
    for (const w of this.watchers) w.push(event);
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.source.return?.()?.catch?.(this.onError);
  }
}

/** The response counts watched on one process (one per event bus). */
export class LiveCountFeed {
  private readonly surveys = new Map<string, WatchedSurvey>();

  constructor(
    private readonly bus: EventBus,
    private readonly intervalMs = liveCountIntervalMs,
    private readonly maxIntervalMs = liveCountMaxIntervalMs,
    /** An event that could not be merged or delivered, or a listener that failed (logged by the caller). */
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The survey's count events from now on (the caller has checked the right to watch). */
  watch(surveyId: string): AsyncIterableIterator<ResponseCountsEvent> {
    let survey = this.surveys.get(surveyId);
    if (!survey) {
      const forget = (ended: WatchedSurvey) => {
        if (this.surveys.get(surveyId) === ended) this.surveys.delete(surveyId);
      };
      survey = new WatchedSurvey(this.bus, surveyId, this.intervalMs, Math.max(this.intervalMs, this.maxIntervalMs), forget, this.onError);
      this.surveys.set(surveyId, survey);
    }
    const s = survey;
    const watcher = new Watcher((w) => {
      s.watchers.delete(w);
      if (s.watchers.size === 0 && this.surveys.get(surveyId) === s) {
        this.surveys.delete(surveyId);
        s.close();
      }
    });
    s.watchers.add(watcher);
    return watcher;
  }

  /** Surveys watched on this process (tests). */
  get watchedSurveys(): number {
    return this.surveys.size;
  }
}

const feeds = new WeakMap<EventBus, LiveCountFeed>();

/** This process's feed of the bus (one per bus, made on first use); its failures go to the process's log. */
export function liveCountFeed(bus: EventBus, config: Pick<Config, "logLevel">): LiveCountFeed {
  let feed = feeds.get(bus);
  if (!feed) {
    const log = logger(config, "live-counts");
    feeds.set(
      bus,
      (feed = new LiveCountFeed(bus, liveCountIntervalMs, liveCountMaxIntervalMs, (error) => log.error({ err: error }, "live response counts failed"))),
    );
  }
  return feed;
}
