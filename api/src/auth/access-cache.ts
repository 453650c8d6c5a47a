// The authenticated caller's access data kept in memory per process (issue 18, item 2; docs/decisions.md
// "API layer"): for each credential (an access token or an API key) the viewer it resolved to (user,
// membership, unit roles, features, impersonation) and what the request reads about them next (the
// current user's answer: organisation, teams, touchpoints, subscription state, the User and
// Organization rows a GraphQL viewer query asks for). A warm request runs no SQL: the rules still
// run on every request, over this data.
//
// Never stale past a change for longer than its message takes:
// - PostgreSQL triggers on every table this data comes from (migration
//   20261126110000_access_changed_notify) send `pg_notify('access_changed', {u, o, g})` after commit
//   to every process listening on the database, whoever wrote (any api process, the worker, a script);
//   each process drops the entries of the users, organisations and sign-in grants named;
// - a write this process sends itself drops everything at once (db/client.ts `onWrite`), so a request
//   that follows its own change never waits for the message;
// - an entry lives at most `ttlMs` (a few seconds) and never past its access token's expiry;
// - while the listening connection is down nothing is cached or served from the cache, and
//   everything is dropped when it comes back (a message may have been missed meanwhile);
// - an entry loaded while any message arrived is not kept (its reads may predate that change).
import pg from "pg";
import type { Viewer } from "../domain/viewer.js";
import { onWrite } from "../db/client.js";

export const accessChangedChannel = "access_changed";

/** What an entry depends on: a message naming any of them drops it. */
export type AccessDependencies = {
  users: readonly string[];
  organizations: readonly (string | null)[];
  /** The identity provider's grant of the access token (claim "gid"); sign-out deletes it. */
  grant?: string;
};

type Entry = {
  viewer: Viewer;
  expiresAt: number;
  users: Set<string>;
  organizations: Set<string>;
  grant: string | undefined;
  /** Reads that follow the viewer, by name (with the organisation in the name): see `AccessData`. */
  data: Map<string, Kept>;
  /** API keys: when the key's use was last written. */
  lastUsedAt?: number;
};

/** A kept read: its promise, and its value once it has arrived. */
type Kept = { loading: Promise<unknown>; arrived: boolean; value?: unknown };

/** The request's cached reads about its viewer (DomainContext.accessData). */
export type AccessData = {
  /**
   * `load()`'s answer, kept with the viewer's entry until the entry is dropped: the value itself once
   * it has arrived (no promise, so a warm request's resolvers answer synchronously), else the load's
   * promise.
   */
  memo<T>(name: string, load: () => Promise<T>): T | Promise<T>;
};

type Message = { all?: boolean; u?: string[]; o?: string[]; g?: string[] };

const live = new Set<AccessCache>();
// A write this process sends to a table behind the cached data (db/client.ts recognises them).
onWrite(() => {
  for (const cache of live) cache.dropAll();
});

export class AccessCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byViewer = new WeakMap<Viewer, Entry>();
  private generation = 0;
  private listening = false;
  private closed = false;
  private client: pg.Client | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string | undefined,
    readonly opts: { ttlMs: number; maxEntries: number; onError?: (error: unknown) => void } = { ttlMs: 5000, maxEntries: 10_000 },
  ) {
    live.add(this);
  }

  /** Listens for changes; resolves once listening (or when it failed: then nothing is cached until it works). */
  async start(): Promise<void> {
    if (!this.databaseUrl) return;
    await this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    this.client = client;
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.listening = false;
      this.dropAll();
      if (error) this.opts.onError?.(error);
      client.end().catch(() => {});
      if (!this.closed) this.retry = setTimeout(() => void this.connect(), 1000);
    };
    client.on("error", lost);
    client.on("end", () => lost());
    client.on("notification", (n) => {
      if (n.channel !== accessChangedChannel) return;
      let message: Message;
      try {
        message = JSON.parse(n.payload ?? "{}") as Message;
      } catch {
        message = { all: true };
      }
      this.drop(message);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${accessChangedChannel}`);
      if (this.client !== client) return;
      // Whatever changed while nobody listened is unknown: start empty.
      this.dropAll();
      this.listening = true;
    } catch (error) {
      lost(error);
    }
  }

  /** Whether the cache serves and keeps entries (it listens for changes). */
  get active(): boolean {
    return this.listening && !this.closed;
  }

  /** A counter that moves with every drop: take it before loading, hand it to `store`. */
  mark(): number {
    return this.generation;
  }

  /** The entry's viewer for a credential, when kept and not expired. */
  lookup(credential: string, now = Date.now()): { viewer: Viewer; lastUsedAt?: number } | undefined {
    if (!this.active) return undefined;
    const entry = this.entries.get(credential);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(credential);
      return undefined;
    }
    return entry;
  }

  /** Records that an API key's use was written at `at`. */
  touched(credential: string, at: number): void {
    const entry = this.entries.get(credential);
    if (entry) entry.lastUsedAt = at;
  }

  /**
   * Keeps a viewer loaded since `mark` for `credential`, unless a change arrived meanwhile. `until`:
   * the credential's own end (an access token's exp), when it has one.
   */
  store(credential: string, viewer: Viewer, deps: AccessDependencies, mark: number, opts: { until?: number; lastUsedAt?: number } = {}): void {
    if (!this.active || mark !== this.generation) return;
    const now = Date.now();
    const expiresAt = Math.min(now + this.opts.ttlMs, opts.until ?? Number.POSITIVE_INFINITY);
    if (expiresAt <= now) return;
    if (this.entries.size >= this.opts.maxEntries) {
      for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
      // Still full: the oldest goes (a Map iterates in insertion order).
      if (this.entries.size >= this.opts.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    const entry: Entry = {
      viewer,
      expiresAt,
      users: new Set(deps.users),
      organizations: new Set(deps.organizations.filter((o): o is string => Boolean(o))),
      grant: deps.grant,
      data: new Map(),
      ...(opts.lastUsedAt !== undefined ? { lastUsedAt: opts.lastUsedAt } : {}),
    };
    this.entries.set(credential, entry);
    this.byViewer.set(viewer, entry);
  }

  /** The cached reads of a request whose viewer came from this cache; undefined otherwise. */
  dataFor(viewer: Viewer | null): AccessData | undefined {
    if (!viewer) return undefined;
    const entry = this.byViewer.get(viewer);
    if (!entry) return undefined;
    const cache = this;
    return {
      memo<T>(name: string, load: () => Promise<T>): T | Promise<T> {
        // The organisation is part of every key: an entry's reads never serve another organisation.
        const key = `${viewer.organizationId ?? "-"}:${name}`;
        const kept = entry.data.get(key);
        if (kept && cache.active && entry.expiresAt > Date.now()) return (kept.arrived ? kept.value : kept.loading) as T | Promise<T>;
        const mark = cache.generation;
        const loading = load();
        const record: Kept = { loading, arrived: false };
        // Kept only when nothing changed while it loaded; a failure is never kept.
        if (cache.active && mark === cache.generation) entry.data.set(key, record);
        loading.then(
          (value) => {
            if (mark !== cache.generation) entry.data.delete(key);
            else {
              record.value = value;
              record.arrived = true;
            }
          },
          () => entry.data.delete(key),
        );
        return loading;
      },
    };
  }

  /** Drops what a change message names. */
  drop(message: Message): void {
    this.generation++;
    if (message.all) {
      this.dropAll();
      return;
    }
    const users = new Set(message.u ?? []);
    const organizations = new Set(message.o ?? []);
    const grants = new Set(message.g ?? []);
    for (const [key, entry] of this.entries) {
      if (
        (entry.grant !== undefined && grants.has(entry.grant)) ||
        [...entry.users].some((u) => users.has(u)) ||
        [...entry.organizations].some((o) => organizations.has(o))
      ) {
        this.entries.delete(key);
        entry.data.clear();
      }
    }
  }

  dropAll(): void {
    this.generation++;
    for (const entry of this.entries.values()) entry.data.clear();
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    live.delete(this);
    if (this.retry) clearTimeout(this.retry);
    this.listening = false;
    this.dropAll();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/** A started cache over `databaseUrl` (ttl: ACCESS_CACHE_TTL_MS, 5 s by default). */
export async function startAccessCache(databaseUrl: string, opts: Partial<AccessCache["opts"]> = {}): Promise<AccessCache> {
  const cache = new AccessCache(databaseUrl, { ttlMs: 5000, maxEntries: 10_000, ...opts });
  await cache.start();
  return cache;
}
