// Fixtures for the touchpoint screen tests: GraphQL answers in the shapes the screens ask for.

/** The global id the mutations get for a team or survey chosen in a form (the form holds the 24-hex id). */
export const globalIdOf = (type: "Unit" | "Survey", legacyId: string) => btoa(`${type}:${legacyId}`);
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
  settingsJson: string;
  websiteJson: string | null;
  logoUrl: string | null;
  editRefusal: string | null;
  responseCount: number;
  lastSeenAt: string | null;
  lastFeedbackAt: string | null;
  link: string;
};

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
    settingsJson: "{}",
    websiteJson: over.type === "website" ? "{}" : null,
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
