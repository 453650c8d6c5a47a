// The offline queue of completed responses (terminal kiosk and public page alike). A response is
// written to localStorage, with its idempotency key, before anything is sent, and removed only when
// the server confirms it (201 stored, or 200: stored before). So a response survives a lost
// network, a reload or a crash, and a retry can never store it twice (the server keeps one response
// per touchpoint and idempotency key).
//
// Sending: one at a time in queue order, on demand (after each response), when the browser comes
// back online, and by a periodic check; a failed attempt waits 5 s, 10 s, 20 s … up to 5 min
// (or the server's Retry-After). A response the server refuses for good (400, 404, 410, 413: it can
// never be stored) is moved aside to a short "rejected" list instead of blocking the queue.
import type { Submission } from "./types";

export type QueueItem = { touchpointId: string; submission: Submission; attempts: number; nextAttemptAt: number; lastError?: string };

export type SendResult =
  | { kind: "stored"; responseId: string }
  | { kind: "rejected"; status: number; error: string }
  | { kind: "retry"; error: string; retryAfterMs?: number };

export type Sender = (touchpointId: string, submission: Submission) => Promise<SendResult>;

export const queueKey = "respondent.queue.v1";
export const rejectedKey = "respondent.rejected.v1";
const maxRejected = 50;

export function backoffMs(attempts: number): number {
  return Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

export class ResponseQueue {
  private flushing: Promise<void> | undefined;
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly listeners = new Set<(pending: number) => void>();

  constructor(private readonly opts: { storage: Storage; send: Sender; now?: () => number }) {}

  private now(): number {
    return this.opts.now?.() ?? Date.now();
  }

  private read(key: string): QueueItem[] {
    try {
      const parsed: unknown = JSON.parse(this.opts.storage.getItem(key) ?? "[]");
      return Array.isArray(parsed) ? (parsed as QueueItem[]) : [];
    } catch {
      return [];
    }
  }

  private write(key: string, items: QueueItem[]): void {
    this.opts.storage.setItem(key, JSON.stringify(items));
    if (key === queueKey) for (const l of this.listeners) l(items.length);
  }

  pending(): QueueItem[] {
    return this.read(queueKey);
  }

  rejected(): QueueItem[] {
    return this.read(rejectedKey);
  }

  /** Calls `listener` with the number of unsent responses whenever it changes. */
  subscribe(listener: (pending: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Stores the response for sending (synchronously, before any network) and tries to send now. */
  enqueue(touchpointId: string, submission: Submission): Promise<void> {
    const items = this.pending();
    if (!items.some((i) => i.submission.idempotencyKey === submission.idempotencyKey)) {
      items.push({ touchpointId, submission, attempts: 0, nextAttemptAt: 0 });
      this.write(queueKey, items);
    }
    return this.flush();
  }

  /** Sends every due response, one at a time; `force` ignores the backoff (the network came back). */
  flush(force = false): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.sendDue(force).finally(() => (this.flushing = undefined));
    return this.flushing;
  }

  private async sendDue(force: boolean): Promise<void> {
    const tried = new Set<string>();
    for (;;) {
      const now = this.now();
      const next = this.pending().find((i) => !tried.has(i.submission.idempotencyKey) && (force || i.nextAttemptAt <= now));
      if (!next) return;
      const key = next.submission.idempotencyKey;
      tried.add(key);
      let result: SendResult;
      try {
        result = await this.opts.send(next.touchpointId, next.submission);
      } catch (error) {
        result = { kind: "retry", error: error instanceof Error ? error.message : String(error) };
      }
      // Re-read: the list may have grown while the request was out.
      const items = this.pending();
      const index = items.findIndex((i) => i.submission.idempotencyKey === key);
      if (index < 0) continue;
      const item = items[index]!;
      if (result.kind === "stored") {
        items.splice(index, 1);
        this.write(queueKey, items);
      } else if (result.kind === "rejected") {
        items.splice(index, 1);
        this.write(queueKey, items);
        this.write(rejectedKey, [...this.rejected(), { ...item, lastError: `${result.status} ${result.error}` }].slice(-maxRejected));
      } else {
        item.attempts++;
        item.lastError = result.error;
        item.nextAttemptAt = this.now() + (result.retryAfterMs ?? backoffMs(item.attempts));
        this.write(queueKey, items);
        // The network is likely down: leave the rest for the next round.
        return;
      }
    }
  }

  /** Sends when the browser comes online and checks every `intervalMs` for due responses. */
  start(target: Pick<Window, "addEventListener" | "removeEventListener">, intervalMs = 15_000): () => void {
    const online = () => void this.flush(true);
    target.addEventListener("online", online);
    this.timer = setInterval(() => void this.flush(), intervalMs);
    void this.flush();
    return () => {
      target.removeEventListener("online", online);
      if (this.timer) clearInterval(this.timer);
    };
  }
}

/** The sender over fetch: POST /r/{touchpointId}/responses with a 10 s time limit. */
export function fetchSender(baseUrl = "", fetchImpl: typeof fetch = (...args) => fetch(...args)): Sender {
  return async (touchpointId, submission) => {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), 10_000);
    try {
      const response = await fetchImpl(`${baseUrl}/r/${encodeURIComponent(touchpointId)}/responses`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(submission),
        signal: controller.signal,
      });
      const body = (await response.json().catch(() => ({}))) as { responseId?: string; error?: string };
      if (response.status === 200 || response.status === 201) return { kind: "stored", responseId: body.responseId ?? "" };
      const error = body.error ?? response.statusText;
      if ([400, 404, 410, 413].includes(response.status)) return { kind: "rejected", status: response.status, error };
      const retryAfter = Number(response.headers.get("retry-after"));
      return { kind: "retry", error, ...(retryAfter > 0 ? { retryAfterMs: retryAfter * 1000 } : {}) };
    } finally {
      clearTimeout(timeout);
    }
  };
}

/** A random idempotency key (made once per response, kept with it in the queue). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
