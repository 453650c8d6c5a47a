// The GraphQL arguments take an object's global id (its `id`). A screen opened by a route knows only
// the spec's 24-hex id from the address (/surveys/{id}/edit, /settings/user-management/{userId}),
// or from a REST answer (an export's cacheId):
// this turns it into the global id of that type, in the server's encoding (base64 of "Type:id",
// Pothos' default, the same as `id` on every node). Everything else passes the `id` it has read.

export type GlobalIdType = "Survey" | "Touchpoint" | "Invite" | "User" | "Unit" | "ExportJob" | "ContactList";

export function toGlobalId(typename: GlobalIdType, legacyId: string): string {
  return btoa(`${typename}:${legacyId}`);
}
