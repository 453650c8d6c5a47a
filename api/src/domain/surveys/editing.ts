// Whether the caller may save a survey (editSurveys in its unit, a right held in a parent unit
// covers it; organisation admins everywhere), so the editor can show a survey read-only instead of
// failing on save. The same rule updateSurvey enforces (domain/surveys/surveys.ts).
import type { DomainContext } from "../context.js";
import { canInUnit, loadAccess } from "../../permissions/access.js";

export async function mayEditSurveyInUnit(ctx: DomainContext, unitId: string): Promise<boolean> {
  if (!ctx.viewer?.organizationId) return false;
  // loadAccess reads once per request, so a list of surveys asks the database once
  return canInUnit(await loadAccess(ctx), "editSurveys", unitId);
}
