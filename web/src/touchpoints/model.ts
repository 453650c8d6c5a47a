// Shared rules of the touchpoint screens: type groups, a terminal's online state, IP validation and
// the terminal settings (spec 001 §3 "Terminal extras") as the form edits them.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export type TouchpointKind = "terminal" | "link" | "qr" | "website" | "emailContactList" | "smsContactList" | "legacyPlugin";

/** The overview's groups, in the menu's order, with the list each links to. */
export const touchpointGroups: { key: string; types: TouchpointKind[]; title: MessageDescriptor; list: string; create?: string }[] = [
  { key: "terminals", types: ["terminal"], title: msg`Terminals`, list: "/touchpoints/terminals", create: "/touchpoints/terminals/new" },
  { key: "linkQr", types: ["link", "qr"], title: msg`Links and QR codes`, list: "/touchpoints/link-qr", create: "/touchpoints/link-qr/new" },
  { key: "website", types: ["website"], title: msg`Web widgets`, list: "/touchpoints/website", create: "/launch-website" },
  { key: "emails", types: ["emailContactList"], title: msg`Email campaigns`, list: "/touchpoints/emails" },
  { key: "sms", types: ["smsContactList"], title: msg`SMS campaigns`, list: "/touchpoints/sms" },
  { key: "legacy", types: ["legacyPlugin"], title: msg`Legacy web plugins`, list: "/touchpoints/legacy-plugins" },
];

export const typeLabels: Record<TouchpointKind, MessageDescriptor> = {
  terminal: msg`Terminal`,
  link: msg`Link`,
  qr: msg`QR code`,
  website: msg`Web widget`,
  emailContactList: msg`Email campaign`,
  smsContactList: msg`SMS campaign`,
  legacyPlugin: msg`Legacy web plugin`,
};

/** Where a touchpoint is edited. */
export function editPathOf(type: string, legacyId: string): string | null {
  if (type === "terminal") return `/touchpoints/terminals/${legacyId}/edit`;
  if (type === "link" || type === "qr") return `/touchpoints/link-qr/${legacyId}/edit`;
  if (type === "website") return `/website/${legacyId}/edit`;
  // Read and upgraded on their own list (no edit form: they can only be upgraded).
  if (type === "legacyPlugin") return "/touchpoints/legacy-plugins";
  return null;
}

/** Online: a heartbeat within the last hour; problem: none for more than two hours (docs/touchpoints.md). */
export const ONLINE_WITHIN_MS = 60 * 60_000;
export const PROBLEM_AFTER_MS = 2 * 60 * 60_000;
export type OnlineState = "online" | "idle" | "problem" | "never";

export function onlineState(lastSeenAt: string | null | undefined, now: number = Date.now()): OnlineState {
  if (!lastSeenAt) return "never";
  const age = now - new Date(lastSeenAt).getTime();
  if (!Number.isFinite(age)) return "never";
  if (age < ONLINE_WITHIN_MS) return "online";
  if (age > PROBLEM_AFTER_MS) return "problem";
  return "idle";
}

export const onlineLabels: Record<OnlineState, MessageDescriptor> = {
  online: msg`Online`,
  idle: msg`Not seen for over an hour`,
  problem: msg`Offline`,
  never: msg`Never seen`,
};

const ipv4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** IPv4 or IPv6, as the API's check (node:net isIP) accepts them. */
export function isIpAddress(value: string): boolean {
  const v = value.trim();
  if (ipv4.test(v)) return true;
  if (!v.includes(":") || /[^0-9a-fA-F:.%]/.test(v.split("%")[0] ?? "")) return false;
  try {
    // The URL parser validates IPv6 literals (compressed forms and an embedded IPv4 included).
    new URL(`http://[${v.split("%")[0]}]/`);
    return true;
  } catch {
    return false;
  }
}

/** A UDID as the API accepts it. */
export const isUdid = (value: string) => /^[A-Za-z0-9_-]{4,64}$/.test(value.trim());

export type KeyValue = { key: string; value: string };

export type TerminalDraft = {
  ipAddress: string;
  udid: string;
  brightness: string;
  rebootEnabled: boolean;
  rebootTime: string;
  limitKind: "none" | "hours" | "expiresAt";
  limitHours: string;
  limitExpiresAt: string;
  metadata: KeyValue[];
  configuration: KeyValue[];
  privacyPolicyOwn: boolean;
  privacyPolicy: string;
  appearanceOwn: boolean;
  primaryColor: string;
  backgroundColor: string;
  textColor: string;
};

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);

const pairs = (v: unknown): KeyValue[] => Object.entries(obj(v)).map(([key, value]) => ({ key, value: String(value) }));
/** "2026-05-01T10:00:00.000Z" → "2026-05-01T13:00" in the browser's time zone (a datetime-local value). */
export function toLocalInput(iso: unknown): string {
  if (typeof iso !== "string" || !iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value → ISO 8601, or null when empty or invalid. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The API's defaults for a new terminal (docs/touchpoints.md "Terminal defaults"). */
export function terminalDraftOf(t: { ipAddress?: string | null; udid?: string | null; settings?: unknown } | null): TerminalDraft {
  const s = obj(t?.settings);
  const reboot = obj(s.rebootSchedule);
  const limit = obj(s.responseTimeLimit);
  const appearance = obj(s.appearance);
  return {
    ipAddress: t?.ipAddress ?? "",
    udid: t?.udid ?? "",
    brightness: String(typeof s.brightness === "number" ? s.brightness : 80),
    rebootEnabled: reboot.enabled === true,
    rebootTime: str(reboot.time, "03:00"),
    limitKind: typeof limit.hours === "number" ? "hours" : typeof limit.expiresAt === "string" ? "expiresAt" : "none",
    limitHours: typeof limit.hours === "number" ? String(limit.hours) : "24",
    limitExpiresAt: toLocalInput(limit.expiresAt),
    metadata: pairs(s.metadata),
    configuration: pairs(s.configuration),
    privacyPolicyOwn: typeof s.privacyPolicy === "string",
    privacyPolicy: str(s.privacyPolicy),
    appearanceOwn: Object.keys(appearance).length > 0,
    primaryColor: str(appearance.primaryColor, "#2563eb"),
    backgroundColor: str(appearance.backgroundColor, "#ffffff"),
    textColor: str(appearance.textColor, "#1f2937"),
  };
}

export type TerminalErrors = Partial<
  Record<
    "ipAddress" | "udid" | "brightness" | "rebootTime" | "limitHours" | "limitExpiresAt" | "metadata" | "configuration" | "privacyPolicy",
    MessageDescriptor
  >
>;

const keysValid = (list: KeyValue[]) => list.every((p) => p.key.trim() !== "") && new Set(list.map((p) => p.key.trim())).size === list.length;

export function validateTerminal(d: TerminalDraft, opts: { udidRequired: boolean }): TerminalErrors {
  const e: TerminalErrors = {};
  // The spec's own message (001 §5).
  if (d.ipAddress.trim() && !isIpAddress(d.ipAddress)) e.ipAddress = msg`Invalid IP address`;
  if ((opts.udidRequired || d.udid.trim()) && !isUdid(d.udid)) e.udid = msg`A UDID has 4 to 64 letters, digits, dashes or underscores`;
  const b = Number(d.brightness);
  if (d.brightness.trim() === "" || !Number.isInteger(b) || b < 0 || b > 100) e.brightness = msg`Brightness must be a whole number from 0 to 100`;
  if (d.rebootEnabled && !/^([01]\d|2[0-3]):[0-5]\d$/.test(d.rebootTime)) e.rebootTime = msg`Time must be HH:MM`;
  const h = Number(d.limitHours);
  if (d.limitKind === "hours" && (!Number.isInteger(h) || h < 1 || h > 8760)) e.limitHours = msg`Hours must be a whole number from 1 to 8760`;
  if (d.limitKind === "expiresAt" && !fromLocalInput(d.limitExpiresAt)) e.limitExpiresAt = msg`Choose the expiration date and time`;
  if (!keysValid(d.metadata)) e.metadata = msg`Every key must be filled in and appear only once`;
  if (!keysValid(d.configuration)) e.configuration = msg`Every key must be filled in and appear only once`;
  if (d.privacyPolicyOwn && d.privacyPolicy.length > 10_000) e.privacyPolicy = msg`Must be at most 10000 characters`;
  return e;
}

/** The settings the API stores (the TerminalSettingsInput of create and update). */
export function terminalSettingsOf(d: TerminalDraft) {
  const toRecord = (list: KeyValue[]) => Object.fromEntries(list.map((p) => [p.key.trim(), p.value]));
  return {
    brightness: Number(d.brightness),
    rebootSchedule: { enabled: d.rebootEnabled, time: d.rebootTime },
    responseTimeLimit:
      d.limitKind === "hours" ? { hours: Number(d.limitHours) } : d.limitKind === "expiresAt" ? { expiresAt: fromLocalInput(d.limitExpiresAt) } : null,
    metadata: toRecord(d.metadata),
    configuration: toRecord(d.configuration),
    privacyPolicy: d.privacyPolicyOwn ? d.privacyPolicy : null,
    appearance: d.appearanceOwn ? { primaryColor: d.primaryColor, backgroundColor: d.backgroundColor, textColor: d.textColor } : {},
  };
}
