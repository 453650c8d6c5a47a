// Who may watch a survey's response count live (Subscription.responseCountChanged): members of the
// survey's organisation who may view results in the survey's unit, a role held on one of its parent
// units counting too, organisation admins, and those who see the survey through responses in their
// own teams (domain/surveys maySeeSurvey). Anyone else: "Not found" for a survey of another
// organisation (tenancy), "no rights" within the organisation.
import type { DomainContext } from "../context.js";
import { forbidden, notFound } from "../errors.js";
import { requireOrganization } from "../viewer.js";
import { unitHasRight } from "../../permissions/rights.js";
import { maySeeSurvey } from "../surveys/surveys.js";

export async function assertMayWatchSurvey(ctx: DomainContext, surveyId: string): Promise<void> {
  const { viewer, organizationId } = requireOrganization(ctx.viewer);
  const survey = /^[0-9a-f]{24}$/.test(surveyId)
    ? await ctx.prisma.survey.findFirst({ where: { id: surveyId, organizationId }, select: { unitId: true } })
    : null;
  if (!survey) throw notFound("Survey not found");
  if (viewer.organizationAdmin) return;
  const units = await ctx.prisma.unit.findMany({ where: { organizationId }, select: { id: true, parentId: true } });
  const parentOf = new Map(units.map((u) => [u.id, u.parentId]));
  const seen = new Set<string>();
  for (let unit: string | null | undefined = survey.unitId; unit && !seen.has(unit); unit = parentOf.get(unit)) {
    seen.add(unit);
    if (unitHasRight(viewer.grants, unit, "viewResults")) return;
  }
  // A survey of another team that the caller sees through responses in their own teams (spec 001 §2):
  // its list row shows the count, so the count may follow live too.
  if (await maySeeSurvey(ctx, surveyId)) return;
  throw forbidden();
}
