// The GraphQL arguments take an object's global id (its `id`). A screen opened by a route knows only
// the spec's 24-hex id from the address (/surveys/{id}/edit, /settings/user-management/{userId},
// /results?survey={id}), or from a REST answer (an export's cacheId):
// this turns it into the global id of that type, in the server's encoding (base64 of "Type:id",
// Pothos' default, the same as `id` on every node). Everything else passes the `id` it has read.
//
// The results filters keep the spec's ids in the address, the REST bodies and the stored bookmarks;
// web/src/results/filters.ts turns them into global ids for GraphQL and back (docs/analytics.md "Ids").

export type GlobalIdType = "Survey" | "Touchpoint" | "Invite" | "User" | "Unit" | "ExportJob" | "ContactList" | "Question" | "MessageTemplate";

export function toGlobalId(typename: GlobalIdType, legacyId: string): string {
  return btoa(`${typename}:${legacyId}`);
}

/**
 * The spec's id inside a global id of this type; null when the value is not such a global id (another
 * type's, or not one at all).
 */
export function fromGlobalId(typename: GlobalIdType, globalId: string): string | null {
  let decoded: string;
  try {
    decoded = atob(globalId);
  } catch {
    return null;
  }
  const prefix = `${typename}:`;
  return decoded.startsWith(prefix) && decoded.length > prefix.length ? decoded.slice(prefix.length) : null;
}
