// The visitor state the targeting rules read (docs/widget.md "Visitor state"), and its pure
// transitions. One state per site (origin), shared by every widget of ours on that site.

export const sessionTimeoutMs = 30 * 60_000;
/** Most URLs kept in the visit's history (the oldest are dropped first). */
export const historyLimit = 100;
/** Longest URL kept in the history. */
export const urlLimit = 500;

export type TouchpointRecord = {
  /** last display (ms since the epoch) */
  shown?: number;
  /** last decline: the visitor closed the widget */
  declined?: number;
  /** last response */
  responded?: number;
};

export type VisitorState = {
  v: 1;
  /** the visitor's first page view */
  firstSeen: number;
  /** visits so far, the current one included; a visit ends after 30 minutes without a page view */
  visits: number;
  session: {
    start: number;
    /** last page view */
    last: number;
    /** the referrer that brought the visitor to the site at the start of this visit ("" when direct) */
    referrer: string;
    /** URLs viewed in this visit, in order, the current page last; immediate repeats kept once */
    urls: string[];
    /** page views in this visit (immediate repeats of the same URL, such as reloads, count once) */
    pages: number;
    /** the sample draw in [0, 100) per touchpoint, drawn once per visit */
    draws: Record<string, number>;
  };
  touchpoints: Record<string, TouchpointRecord>;
  /** the last display of any of our widgets on this site */
  lastShown?: { id: string; at: number };
};

export type PageView = { now: number; url: string; referrer: string };

const strip = (url: string) => url.slice(0, urlLimit);

/** A referrer from the site itself is not an entry referrer. */
function externalReferrer(referrer: string, url: string): string {
  if (!referrer) return "";
  try {
    return new URL(referrer).host === new URL(url).host ? "" : strip(referrer);
  } catch {
    return "";
  }
}

function newSession(view: PageView): VisitorState["session"] {
  return { start: view.now, last: view.now, referrer: externalReferrer(view.referrer, view.url), urls: [], pages: 0, draws: {} };
}

/** The state after a page view: a new visitor, a new visit after 30 idle minutes, or the same visit. */
export function beginPageView(previous: VisitorState | null, view: PageView): VisitorState {
  let state: VisitorState;
  if (!previous) {
    state = { v: 1, firstSeen: view.now, visits: 1, session: newSession(view), touchpoints: {} };
  } else if (view.now - previous.session.last > sessionTimeoutMs) {
    state = { ...previous, visits: previous.visits + 1, session: newSession(view) };
  } else {
    state = { ...previous, session: { ...previous.session, urls: [...previous.session.urls] } };
  }
  const url = strip(view.url);
  const s = state.session;
  if (s.urls[s.urls.length - 1] !== url) {
    s.urls.push(url);
    if (s.urls.length > historyLimit) s.urls.splice(0, s.urls.length - historyLimit);
    s.pages += 1;
  }
  s.last = view.now;
  return state;
}

/** The visit's sample draw for a touchpoint, drawn on first use and then kept for the visit. */
export function sampleDraw(state: VisitorState, touchpointId: string, random: () => number): number {
  const existing = state.session.draws[touchpointId];
  if (typeof existing === "number") return existing;
  const draw = Math.floor(random() * 10_000) / 100; // [0, 100) in hundredths
  state.session.draws[touchpointId] = draw;
  return draw;
}

export function record(state: VisitorState, touchpointId: string, event: "shown" | "declined" | "responded", now: number): VisitorState {
  const touchpoints = { ...state.touchpoints, [touchpointId]: { ...state.touchpoints[touchpointId], [event]: now } };
  return { ...state, touchpoints, ...(event === "shown" ? { lastShown: { id: touchpointId, at: now } } : {}) };
}

/** Checks the shape of stored JSON; anything else starts a new visitor. */
export function isVisitorState(value: unknown): value is VisitorState {
  const v = value as VisitorState | null;
  return (
    !!v &&
    v.v === 1 &&
    typeof v.firstSeen === "number" &&
    typeof v.visits === "number" &&
    !!v.session &&
    typeof v.session.start === "number" &&
    typeof v.session.last === "number" &&
    Array.isArray(v.session.urls) &&
    typeof v.session.pages === "number" &&
    !!v.session.draws &&
    typeof v.session.draws === "object" &&
    !!v.touchpoints &&
    typeof v.touchpoints === "object"
  );
}
