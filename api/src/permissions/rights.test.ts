import { describe, expect, it } from "vitest";
import { adminInAnyUnit, allUnitsHaveRight, anyUnitHasRight, rightsMap, unitHasRight, viewerOnly } from "./rights.js";

const grants = [
  { unitId: "u1", role: "editor" as const },
  { unitId: "u2", role: "viewer" as const },
];

describe("per-unit rights", () => {
  it("any unit: true when one unit grants the right", () => {
    expect(anyUnitHasRight(grants, "editSurveys")).toBe(true);
    expect(anyUnitHasRight(grants, "manageUsers")).toBe(false);
  });
  it("all units: false when one unit lacks it, and false for no units at all", () => {
    expect(allUnitsHaveRight(grants, "viewResults")).toBe(true);
    expect(allUnitsHaveRight(grants, "editSurveys")).toBe(false);
    expect(allUnitsHaveRight([], "viewResults")).toBe(false);
  });
  it("one unit: only that unit's role counts", () => {
    expect(unitHasRight(grants, "u1", "editSurveys")).toBe(true);
    expect(unitHasRight(grants, "u2", "editSurveys")).toBe(false);
    expect(unitHasRight(grants, "u3", "viewResults")).toBe(false);
  });
  it("admin in any unit", () => {
    expect(adminInAnyUnit(grants)).toBe(false);
    expect(adminInAnyUnit([...grants, { unitId: "u3", role: "admin" }])).toBe(true);
  });
  it("viewer-only users: at least one team role, all viewer, and not an organisation admin", () => {
    const member = { organizationAdmin: false };
    expect(viewerOnly([{ unitId: "u2", role: "viewer" }], member)).toBe(true);
    expect(viewerOnly(grants, member)).toBe(false);
    // No team role at all is not "every role is viewer": an empty list is not vacuously all-viewer.
    expect(viewerOnly([], member)).toBe(false);
    // An organisation admin is not routed as a viewer, with or without team roles.
    expect(viewerOnly([], { organizationAdmin: true })).toBe(false);
    expect(viewerOnly([{ unitId: "u2", role: "viewer" }], { organizationAdmin: true })).toBe(false);
  });
  it("rights map: viewer may only view, admin everything", () => {
    expect(
      Object.entries(rightsMap("viewer"))
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual(["viewResults"]);
    expect(Object.values(rightsMap("admin")).every(Boolean)).toBe(true);
    expect(rightsMap("editor").manageUsers).toBe(false);
  });
});
