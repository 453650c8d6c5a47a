// Whether the caller may save a survey (editSurveys in its unit, a right held in a parent unit
// covers it; organisation admins everywhere), so the editor can show a survey read-only instead of
// failing on save. The same rule updateSurvey enforces (domain/surveys/surveys.ts).
import type { DomainContext } from "../context.js";
import { loadManager, unitsWithRight } from "../user-management/manager.js";

const editableOfRequest = new WeakMap<DomainContext, Promise<Set<string>>>();

export async function mayEditSurveyInUnit(ctx: DomainContext, unitId: string): Promise<boolean> {
  if (!ctx.viewer?.organizationId) return false;
  let editable = editableOfRequest.get(ctx);
  if (!editable) editableOfRequest.set(ctx, (editable = loadManager(ctx).then((m) => unitsWithRight(m, "editSurveys"))));
  return (await editable).has(unitId);
}
