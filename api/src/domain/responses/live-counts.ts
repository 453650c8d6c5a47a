// Who may watch a survey's response count live (Subscription.responseCountChanged): whoever sees the
// survey (permissions/access.ts, Survey viewResults): viewResults in the survey's unit, a role held
// in a unit above it counting too (sub-team inheritance), organisation admins, and those who see the
// survey through responses in their own teams (its list row shows the count, so the count may follow
// live too). Anyone else: "Survey not found" for a survey of another organisation (tenancy), "no
// rights" within the organisation.
import type { DomainContext } from "../context.js";
import { notFound } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import { accessMessages, requireOnObject } from "../../permissions/access.js";

export async function assertMayWatchSurvey(ctx: DomainContext, surveyId: string): Promise<void> {
  requireOrganization(ctx.viewer);
  // a malformed id names no survey
  if (!/^[0-9a-f]{24}$/.test(surveyId)) throw notFound(accessMessages.surveyNotFound);
  await requireOnObject(ctx, "viewResults", "Survey", surveyId);
}
