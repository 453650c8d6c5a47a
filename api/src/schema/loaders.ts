// Batch loaders for fields a list would otherwise fetch one row at a time: a survey list asks
// every Survey for `hidden` and `questionCount`, user management every Member for `unitRoles`.
// Each loader collects the keys its field is asked for while GraphQL resolves one level of the
// list and answers them all with one query.
//
// One set of loaders per GraphQL operation (keyed by its context object, so the context type
// stays as it is). They batch but do not cache (`cache: false`): a subscription reuses its context
// for every event, and a mutation may change what an earlier field read.
import DataLoader from "dataloader";
import type { Role } from "../permissions/rights.js";
import type { GraphQLContext } from "./builder.js";

export type MemberKey = { userId: string; organizationId: string };
export type MemberUnitRole = { unitId: string; role: Role };

export type Loaders = {
  /** Whether the caller has hidden the survey (per user); false for an anonymous caller. */
  surveyHidden: DataLoader<string, boolean>;
  /** The survey's questions that are not hidden. */
  questionCount: DataLoader<string, number>;
  /** The member's roles in the organisation's units, by unit name. */
  unitRoles: DataLoader<MemberKey, MemberUnitRole[], string>;
};

const perOperation = new WeakMap<GraphQLContext, Loaders>();

export function loaders(ctx: GraphQLContext): Loaders {
  let found = perOperation.get(ctx);
  if (!found) {
    found = createLoaders(ctx);
    perOperation.set(ctx, found);
  }
  return found;
}

function createLoaders(ctx: GraphQLContext): Loaders {
  return {
    surveyHidden: new DataLoader(
      async (surveyIds) => {
        const userId = ctx.viewer?.userId;
        if (!userId) return surveyIds.map(() => false);
        const rows = await ctx.prisma.surveyHidden.findMany({ where: { userId, surveyId: { in: [...surveyIds] } }, select: { surveyId: true } });
        const hidden = new Set(rows.map((r) => r.surveyId));
        return surveyIds.map((id) => hidden.has(id));
      },
      { cache: false },
    ),
    questionCount: new DataLoader(
      async (surveyIds) => {
        const rows = await ctx.prisma.question.groupBy({
          by: ["surveyId"],
          where: { surveyId: { in: [...surveyIds] }, hidden: false },
          _count: { _all: true },
        });
        const counts = new Map(rows.map((r) => [r.surveyId, r._count._all]));
        return surveyIds.map((id) => counts.get(id) ?? 0);
      },
      { cache: false },
    ),
    unitRoles: new DataLoader(
      async (members) => {
        const usersByOrganization = new Map<string, string[]>();
        for (const m of members) usersByOrganization.set(m.organizationId, [...(usersByOrganization.get(m.organizationId) ?? []), m.userId]);
        const rows = await ctx.prisma.unitRole.findMany({
          where: { OR: [...usersByOrganization].map(([organizationId, userIds]) => ({ organizationId, userId: { in: userIds } })) },
          select: { userId: true, organizationId: true, unitId: true, role: true, unit: { select: { name: true } } },
        });
        rows.sort((a, b) => a.unit.name.localeCompare(b.unit.name));
        const byMember = new Map<string, MemberUnitRole[]>();
        for (const r of rows) {
          const key = memberKey(r);
          byMember.set(key, [...(byMember.get(key) ?? []), { unitId: r.unitId, role: r.role as Role }]);
        }
        return members.map((m) => byMember.get(memberKey(m)) ?? []);
      },
      { cache: false, cacheKeyFn: memberKey },
    ),
  };
}

function memberKey(m: MemberKey): string {
  return `${m.organizationId}:${m.userId}`;
}
