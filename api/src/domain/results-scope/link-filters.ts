// The filters a member may put on a link they share (a share link, or the short-lived link the PDF
// printer opens): never more than the member sees. Used when a link is made; a link's visitor is
// bounded again at every read by the creator's current rights (./request.ts).
import type { DomainContext } from "../context.js";
import { badInput, forbidden } from "../errors.js";
import { subtreeOf } from "../../permissions/access.js";
import { callerVisibility } from "./response-scope.js";

export const linkFilterMessages = {
  chooseTeam: "Choose a team (unitId) to share: you may share only the teams you see",
  teamNotVisible: "You may share only the results of teams you see",
} as const;

/**
 * Pins a non-admin's link to a team they see: their given unitId when visible, their only team when
 * they see one subtree, else refuses. Organisation admins (who see everything) share as they choose.
 */
export async function shareFiltersBoundToCreator(ctx: DomainContext, filters: Record<string, unknown>): Promise<Record<string, unknown>> {
  const visibility = await callerVisibility(ctx, "results");
  if (visibility.unitIds === null) return filters;
  const visible = new Set(visibility.unitIds);
  const unitId = typeof filters.unitId === "string" ? filters.unitId : null;
  if (unitId) {
    if (!visible.has(unitId)) throw forbidden(linkFilterMessages.teamNotVisible);
    return filters;
  }
  // The roots of what the viewer sees: visible units whose parent is not visible.
  const parentOf = new Map(visibility.units.map((u) => [u.id, u.parentId]));
  const roots = [...visible].filter((id) => {
    const parent = parentOf.get(id);
    return !parent || !visible.has(parent);
  });
  if (roots.length !== 1) throw badInput(linkFilterMessages.chooseTeam, "unitId");
  const subtree = subtreeOf(visibility.units, roots[0]!);
  if (subtree.size !== visible.size) throw badInput(linkFilterMessages.chooseTeam, "unitId");
  return { ...filters, unitId: roots[0] };
}
