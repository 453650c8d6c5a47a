// Fixtures for the touchpoint screen tests: GraphQL answers in the shapes the screens ask for.
import { resolveWebsiteSettings } from "../../../api/src/domain/touchpoints/website-settings";

export const units = [
  { id: "VW5pdDox", legacyId: "aaaaaaaaaaaaaaaaaaaaaaa1", name: "Stores" },
  { id: "VW5pdDoy", legacyId: "aaaaaaaaaaaaaaaaaaaaaaa2", name: "Online" },
];
export const surveys = [
  { id: "U3VydmV5OjE=", legacyId: "bbbbbbbbbbbbbbbbbbbbbbb1", name: "Store survey", archived: false },
  { id: "U3VydmV5OjI=", legacyId: "bbbbbbbbbbbbbbbbbbbbbbb2", name: "Web survey", archived: false },
];

/** The Query-level data every touchpoint form reads (TouchpointBasicsFields_query, FeatureGate_viewer). */
export function formQueryData(o: { editableUnits?: typeof units; features?: string[] } = {}) {
  return {
    viewer: { billingAdmin: false, currentOrganization: { id: "T3JnOjE=", availableFeatures: o.features ?? ["channelCreation"] } },
    touchpointUnits: o.editableUnits ?? units,
    surveys: { edges: surveys.map((node) => ({ node })) },
  };
}

export type TouchpointFixture = {
  id: string;
  legacyId: string;
  name: string;
  type: string;
  unit: { id: string; legacyId: string; name: string };
  unitLegacyId: string;
  activeSurveyLegacyId: string | null;
  ipAddress: string | null;
  udid: string | null;
  settings: ReturnType<typeof terminalSettingsAnswer> | null;
  website: ReturnType<typeof websiteAnswer> | null;
  logoUrl: string | null;
  editRefusal: string | null;
  responseCount: number;
  lastSeenAt: string | null;
  lastFeedbackAt: string | null;
  link: string;
};

/** Touchpoint.settings as the API answers it: a terminal's extras with their defaults. */
export function terminalSettingsAnswer(over: Record<string, unknown> = {}) {
  return {
    brightness: 80,
    rebootSchedule: { enabled: false, time: "03:00" },
    responseTimeLimit: null as { hours: number | null; expiresAt: string | null } | null,
    metadata: {} as Record<string, string>,
    configuration: {} as Record<string, string>,
    privacyPolicy: null as string | null,
    appearance: {} as Record<string, unknown>,
    ...over,
  };
}

/** Touchpoint.website as the API answers it for a stored activation: the widget's reading, with its domain and state. */
export function websiteAnswer(stored: Record<string, unknown>) {
  const w = resolveWebsiteSettings(stored, { touchpointId: "", surveyId: "" }, new Date(0));
  const state = (stored.state ?? {}) as { active?: boolean; responses?: unknown };
  const rule = (r: { host: string } | { url: string }) => ({ host: "host" in r ? r.host : null, url: "url" in r ? r.url : null });
  return {
    domain: typeof stored.domain === "string" ? stored.domain : "",
    state: { active: typeof state.active === "boolean" ? state.active : true, activeTime: w.activeTime, responses: state.responses ?? null },
    displayOptions: w.displayOptions,
    sample: w.sample,
    pages: { whitelist: w.pages.whitelist.map(rule), blacklist: w.pages.blacklist.map(rule) },
    referrer: w.referrer,
    returningVisitors: w.returningVisitors,
    visitedPages: w.visitedPages,
    visitedUrls: w.visitedUrls,
    browsersExcluded: w.browsersExcluded,
    screenSizeExcluded: w.screenSizeExcluded,
    cookies: w.cookies,
    customProperties: w.customProperties,
    displayAfterTimeOnPage: w.displayAfterTimeOnPage,
    displayAfterTimeOnSite: w.displayAfterTimeOnSite,
    scroll: w.scroll,
    exitIntent: w.exitIntent,
    showFrequency: w.showFrequency,
    recurrence: w.recurrence,
    showAfterOtherSurvey: w.showAfterOtherSurvey,
    saveUrlAsMeta: w.saveUrlAsMeta,
  };
}

export function touchpoint(over: Partial<TouchpointFixture> & { legacyId: string; type: string }): TouchpointFixture {
  const unit = over.unit ?? units[0]!;
  return {
    id: `VG91Y2hwb2ludDo${over.legacyId}`,
    name: "Entrance kiosk",
    unit,
    unitLegacyId: unit.legacyId,
    activeSurveyLegacyId: surveys[0]!.legacyId,
    ipAddress: null,
    udid: over.type === "terminal" ? "0123456789abcdef01234567" : null,
    settings: over.type === "terminal" ? terminalSettingsAnswer() : null,
    website: over.type === "website" ? websiteAnswer({}) : null,
    logoUrl: null,
    editRefusal: null,
    responseCount: 12,
    lastSeenAt: null,
    lastFeedbackAt: null,
    link: `http://app.test/s/${over.legacyId}`,
    ...over,
  };
}

export const noRights = "User has no rights to edit touchpoint";
