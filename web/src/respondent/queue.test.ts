import { describe, expect, it, vi } from "vitest";
import { backoffMs, queueKey, rejectedKey, ResponseQueue, type Sender, type SendResult } from "./queue";
import type { Submission } from "./types";

const submission = (key: string): Submission => ({
  idempotencyKey: key,
  surveyId: "0123456789abcdef01234567",
  language: "en",
  answers: [{ questionId: "q1", value: 9 }],
  startedAt: "2026-01-01T10:00:00Z",
  submittedAt: "2026-01-01T10:01:00Z",
});

/** A fake server that stores each idempotency key once, and a switch for the network. */
function fakeServer() {
  const stored = new Map<string, number>();
  const state = { online: true, calls: 0 };
  const send: Sender = async (_tp, s) => {
    state.calls++;
    if (!state.online) throw new TypeError("Failed to fetch");
    stored.set(s.idempotencyKey, (stored.get(s.idempotencyKey) ?? 0) + 1);
    return { kind: "stored", responseId: `r-${s.idempotencyKey}` };
  };
  return { stored, state, send };
}

describe("offline response queue", () => {
  it("keeps responses while offline and sends each once when the network returns", async () => {
    const server = fakeServer();
    let now = 1_000_000;
    const queue = new ResponseQueue({ storage: localStorage, send: server.send, now: () => now });
    server.state.online = false;
    await queue.enqueue("tp", submission("key-aaaa-1"));
    await queue.enqueue("tp", submission("key-aaaa-2"));
    expect(queue.pending().map((i) => i.submission.idempotencyKey)).toEqual(["key-aaaa-1", "key-aaaa-2"]);
    expect(server.stored.size).toBe(0);
    // A periodic check before the backoff has passed sends nothing.
    const calls = server.state.calls;
    await queue.flush();
    expect(server.state.calls).toBe(calls);
    server.state.online = true;
    now += backoffMs(1) + 1;
    await queue.flush();
    expect(queue.pending()).toEqual([]);
    expect([...server.stored.entries()]).toEqual([
      ["key-aaaa-1", 1],
      ["key-aaaa-2", 1],
    ]);
  });

  it("survives a reload: a new queue over the same storage sends what the old one kept", async () => {
    const server = fakeServer();
    server.state.online = false;
    await new ResponseQueue({ storage: localStorage, send: server.send }).enqueue("tp", submission("key-reload-1"));
    expect(JSON.parse(localStorage.getItem(queueKey)!)).toHaveLength(1);
    server.state.online = true;
    const afterReload = new ResponseQueue({ storage: localStorage, send: server.send });
    await afterReload.flush(true);
    expect(server.stored.get("key-reload-1")).toBe(1);
    expect(afterReload.pending()).toEqual([]);
  });

  it("removes a response only after the server confirms it; a lost answer is retried with the same key", async () => {
    const results: SendResult[] = [
      { kind: "retry", error: "502 Bad Gateway" },
      { kind: "retry", error: "Too many requests", retryAfterMs: 30_000 },
      { kind: "stored", responseId: "r1" },
    ];
    const keys: string[] = [];
    let now = 0;
    const queue = new ResponseQueue({
      storage: localStorage,
      now: () => now,
      send: async (_tp, s) => {
        keys.push(s.idempotencyKey);
        return results.shift()!;
      },
    });
    await queue.enqueue("tp", submission("key-retry-1"));
    expect(queue.pending()[0]).toMatchObject({ attempts: 1, nextAttemptAt: 5_000, lastError: "502 Bad Gateway" });
    now = 5_000;
    await queue.flush();
    expect(queue.pending()[0]).toMatchObject({ attempts: 2, nextAttemptAt: 35_000 });
    now = 35_000;
    await queue.flush();
    expect(queue.pending()).toEqual([]);
    expect(keys).toEqual(["key-retry-1", "key-retry-1", "key-retry-1"]);
  });

  it("never sends one response twice at the same time, even when flushes overlap", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = vi.fn(async (): Promise<SendResult> => {
      await gate;
      return { kind: "stored", responseId: "r" };
    });
    const queue = new ResponseQueue({ storage: localStorage, send });
    const first = queue.enqueue("tp", submission("key-overlap-1"));
    const second = queue.flush(true);
    const third = queue.enqueue("tp", submission("key-overlap-1"));
    release();
    await Promise.all([first, second, third]);
    await queue.flush(true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(queue.pending()).toEqual([]);
  });

  it("moves a response the server refuses for good aside instead of blocking the queue", async () => {
    const queue = new ResponseQueue({
      storage: localStorage,
      send: async (_tp, s) =>
        s.idempotencyKey === "key-bad-0001" ? { kind: "rejected", status: 410, error: "This survey is closed" } : { kind: "stored", responseId: "r" },
    });
    await queue.enqueue("tp", submission("key-bad-0001"));
    await queue.enqueue("tp", submission("key-good-001"));
    expect(queue.pending()).toEqual([]);
    expect(JSON.parse(localStorage.getItem(rejectedKey)!)[0]).toMatchObject({ lastError: "410 This survey is closed" });
  });

  it("sends when the browser comes back online", async () => {
    const server = fakeServer();
    server.state.online = false;
    const queue = new ResponseQueue({ storage: localStorage, send: server.send });
    const stop = queue.start(window, 60_000);
    await queue.enqueue("tp", submission("key-online-1"));
    server.state.online = true;
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(() => expect(server.stored.get("key-online-1")).toBe(1));
    stop();
  });

  it("backs off 5 s, 10 s, 20 s … up to 5 minutes", () => {
    expect([1, 2, 3, 4, 10].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 40_000, 300_000]);
  });
});
