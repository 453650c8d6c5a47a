/** Journeys are edited with manageJourneys in some team (organisation admins: always); docs/permissions.md. */
export function mayManageJourneys(
  viewer: { organizationAdmin: boolean; rolesPerUnit: ReadonlyArray<{ rights: ReadonlyArray<string> }> } | null | undefined,
): boolean {
  if (!viewer) return false;
  return viewer.organizationAdmin || viewer.rolesPerUnit.some((r) => r.rights.includes("manageJourneys"));
}
