// The live count feed of one process (live-counts.ts): one bus listener per watched survey, a burst
// merged into one event per interval, the same event object for every watcher.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createEventBus, type ResponseCountsEvent } from "../../pubsub/bus.js";
import { LiveCountFeed, mergeCountEvents } from "./live-counts.js";

const event = (responseCount: number, created: number, touchpoints: [string, number][], at: string | null = null): ResponseCountsEvent => ({
  surveyId: "s1",
  responseCount,
  lastFeedbackAt: at,
  created,
  touchpoints: touchpoints.map(([touchpointId, n]) => ({ touchpointId, responseCount: n, lastFeedbackAt: at })),
});
/** Time passes (fake timers: the test decides what is "at once" and what "after the interval"). */
const sleep = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe("mergeCountEvents", () => {
  it("keeps the later counts, adds up the responses, keeps each touchpoint's latest", () => {
    const merged = mergeCountEvents(
      event(
        10,
        2,
        [
          ["a", 6],
          ["b", 4],
        ],
        "2026-11-02T12:00:00.000Z",
      ),
      event(13, 3, [["b", 7]], "2026-11-02T12:00:01.000Z"),
    );
    expect(merged).toEqual({
      surveyId: "s1",
      responseCount: 13,
      lastFeedbackAt: "2026-11-02T12:00:01.000Z",
      created: 5,
      touchpoints: [
        { touchpointId: "a", responseCount: 6, lastFeedbackAt: "2026-11-02T12:00:00.000Z" },
        { touchpointId: "b", responseCount: 7, lastFeedbackAt: "2026-11-02T12:00:01.000Z" },
      ],
    });
    // A deletion after arrivals: the count goes down, created nets out.
    expect(mergeCountEvents(event(13, 3, [["a", 9]]), event(12, -1, [["a", 8]]))).toMatchObject({
      responseCount: 12,
      created: 2,
      touchpoints: [{ touchpointId: "a", responseCount: 8 }],
    });
  });
});

describe("LiveCountFeed", () => {
  const bus = createEventBus(undefined);
  const errors: unknown[] = [];
  const feed = new LiveCountFeed(bus, 100, 400, (error) => errors.push(error));
  const stops: (() => unknown)[] = [];
  beforeEach(() => void vi.useFakeTimers());
  afterEach(async () => {
    for (const stop of stops.splice(0)) await stop();
    vi.useRealTimers();
  });
  /** Collects a watcher's events. */
  const collect = (surveyId: string) => {
    const it = feed.watch(surveyId);
    const got: ResponseCountsEvent[] = [];
    const at: number[] = [];
    void (async () => {
      for await (const e of { [Symbol.asyncIterator]: () => it }) {
        got.push(e);
        at.push(Date.now());
      }
    })();
    stops.push(() => it.return?.());
    return { got, at, stop: () => it.return?.() };
  };

  it("delivers the first event at once and a burst after it as one merged event; every watcher gets the same object", async () => {
    const a = collect("s1");
    const b = collect("s1");
    const other = collect("s2");
    await sleep(20);
    bus.publish("response:created", "s1", event(1, 1, [["a", 1]]));
    await sleep(10);
    expect(a.got.map((e) => e.responseCount)).toEqual([1]);
    for (let n = 2; n <= 6; n++) bus.publish("response:created", "s1", event(n, 1, [[n % 2 ? "a" : "b", n]]));
    await sleep(10);
    expect(a.got).toHaveLength(1);
    await sleep(150);
    expect(a.got.map((e) => [e.responseCount, e.created])).toEqual([
      [1, 1],
      [6, 5],
    ]);
    expect(a.got[1]!.touchpoints).toEqual([
      { touchpointId: "b", responseCount: 6, lastFeedbackAt: null },
      { touchpointId: "a", responseCount: 5, lastFeedbackAt: null },
    ]);
    expect(b.got[0]).toBe(a.got[0]);
    expect(b.got[1]).toBe(a.got[1]);
    expect(other.got).toEqual([]);
    // Quiet again after an interval without events: the next goes out at once.
    await sleep(150);
    bus.publish("response:created", "s1", event(7, 1, [["a", 7]]));
    await sleep(10);
    expect(a.got.map((e) => e.responseCount)).toEqual([1, 6, 7]);
  });

  it("a sustained burst stretches the interval up to the longest; a quiet interval sets it back", async () => {
    const a = collect("s4");
    await sleep(5);
    const start = Date.now();
    // An event every 20 ms for 1.6 s.
    for (let n = 1; n <= 80; n++) {
      bus.publish("response:created", "s4", event(n, 1, [["a", n]]));
      await sleep(20);
    }
    await sleep(1000);
    const times = a.at.map((t) => t - start);
    // At once, then after 100, 200, 400, 400, … ms; the last count and every response arrive.
    expect(times.slice(0, 5)).toEqual([0, 100, 300, 700, 1100]);
    expect(a.got.at(-1)!.responseCount).toBe(80);
    expect(a.got.reduce((n, e) => n + e.created, 0)).toBe(80);
    // Quiet since: the next event goes out at once, and one after it 100 ms later again.
    const before = a.got.length;
    bus.publish("response:created", "s4", event(81, 1, []));
    await sleep(1);
    bus.publish("response:created", "s4", event(82, 1, []));
    await sleep(90);
    expect(a.got.slice(before).map((e) => e.responseCount)).toEqual([81]);
    await sleep(10);
    expect(a.got.slice(before).map((e) => e.responseCount)).toEqual([81, 82]);
  });

  it("a trickle (one event an interval) is delivered as it comes, the interval staying the shortest", async () => {
    const a = collect("s5");
    await sleep(5);
    const start = Date.now();
    // An event every 90 ms: each lands in the interval after the previous delivery, alone.
    for (let n = 1; n <= 10; n++) {
      bus.publish("response:created", "s5", event(n, 1, []));
      await sleep(90);
    }
    await sleep(200);
    // Held at most to the end of a 100 ms interval, never longer.
    expect(a.got.map((e) => e.responseCount)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    a.at.forEach((t, i) => expect(t - start - i * 90).toBeLessThanOrEqual(100));
  });

  it("a watcher that has not taken its event yet gets the next ones merged into it", async () => {
    const it = feed.watch("s6");
    stops.push(() => it.return?.());
    await sleep(5);
    for (let n = 1; n <= 3; n++) {
      bus.publish("response:created", "s6", event(n, 1, [["a", n]]));
      await sleep(150);
    }
    const first = await it.next();
    expect(first.value).toMatchObject({ responseCount: 3, created: 3, touchpoints: [{ touchpointId: "a", responseCount: 3 }] });
  });

  it("an event without touchpoints or created (another version's, in a rolling deploy) is merged, and the feed goes on", async () => {
    const w = collect("s7");
    await sleep(5);
    bus.publish("response:created", "s7", event(1, 1, [["a", 1]]));
    await sleep(10);
    // A burst of events as an older process might publish them: no touchpoints, no created.
    bus.publish("response:created", "s7", { surveyId: "s7", responseCount: 2, lastFeedbackAt: null } as unknown as ResponseCountsEvent);
    bus.publish("response:created", "s7", { surveyId: "s7", responseCount: 3, lastFeedbackAt: null } as unknown as ResponseCountsEvent);
    await sleep(150);
    expect(w.got.map((e) => e.responseCount)).toEqual([1, 3]);
    expect(w.got[1]).toMatchObject({ created: 0, touchpoints: [] });
    // Still listening afterwards.
    await sleep(400);
    bus.publish("response:created", "s7", event(4, 1, [["a", 4]]));
    await sleep(10);
    expect(w.got.map((e) => e.responseCount)).toEqual([1, 3, 4]);
    expect(errors).toEqual([]);
  });

  it("listens while someone watches: the last watcher leaving ends the survey's listener", async () => {
    const a = collect("s3");
    const b = collect("s3");
    expect(feed.watchedSurveys).toBe(1);
    await a.stop();
    expect(feed.watchedSurveys).toBe(1);
    await sleep(20);
    bus.publish("response:created", "s3", event(1, 1, []));
    await sleep(10);
    expect(a.got).toEqual([]);
    expect(b.got.map((e) => e.responseCount)).toEqual([1]);
    await b.stop();
    expect(feed.watchedSurveys).toBe(0);
  });
});
