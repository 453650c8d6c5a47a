// The rights a role grants in a team (spec 000 §6), one list for the api (which checks them) and the
// web client (which offers only what they allow). Roles and their rights maps are the api's
// (api/src/permissions/rights.ts); this file holds the names both sides speak.

export const rights = [
  "viewResults",
  "exportResults",
  "manageResponses",
  "editSurveys",
  "launchSurveys",
  "editTouchpoints",
  "manageContacts",
  "manageNotifications",
  "manageJourneys",
  "manageUsers",
  "manageTeams",
] as const;
export type Right = (typeof rights)[number];
