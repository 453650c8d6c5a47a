// Tenancy: the WHERE clauses that keep every read inside the viewer's organisation. Any id a
// client sends is looked up through one of these, never on its own.
import type { Viewer } from "./viewer.js";

/** A row owned by an organisation: visible only in the viewer's current organisation. */
export function inViewerOrganization(viewer: Viewer | null): { organizationId: string } {
  // An impossible id when there is no organisation: the lookup then finds nothing.
  return { organizationId: viewer?.organizationId ?? "-" };
}

/** Organisations the viewer belongs to (the organisation switcher's list). */
export function organizationsOfViewer(viewer: Viewer | null) {
  return { memberships: { some: { userId: viewer?.userId ?? "-" } } };
}

/** Users a viewer may see: themselves and the members of their current organisation. */
export function usersVisibleTo(viewer: Viewer | null) {
  if (!viewer) return { id: "-" };
  return {
    OR: [{ id: viewer.userId }, { memberships: { some: { organizationId: viewer.organizationId ?? "-" } } }],
  };
}
