/** A journey's 24-hex id (spec 001 §5: ids are checked before anything is fetched). */
export const isJourneyId = (id: string) => /^[0-9a-f]{24}$/.test(id);
/** The journey's global id (base64 "CustomerJourney:<id>", as every node id). */
export const journeyGlobalId = (legacyId: string) => btoa(`CustomerJourney:${legacyId}`);

export type JourneyKpi = "nps" | "average" | "count" | "evi";
/** The question types eligible for each KPI (as the API's domain/journeys/journeys.ts eligibleTypes). */
export const eligibleTypes: Record<JourneyKpi, readonly string[]> = {
  nps: ["nps"],
  average: ["smiley", "slider", "nps"],
  count: ["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion"],
  evi: ["emotion"],
};
