// The super-admin area (spec 000 §2 /superadmin, §6 "Super-admin functions", §7 "Super-admin") is for
// system admins only, and for a system admin impersonating someone (spec 000 §6: "System admin (or an
// impersonating user) sees the super-admin menu"). Every other caller is refused before any input is
// read, so a refusal tells nothing about ids. Every action writes an AuditLog row (who, when, what).
import { z } from "zod";
import type { Prisma } from "../../generated/prisma/client.js";
import type { DomainContext } from "../context.js";
import { forbidden } from "../errors.js";
import { requireViewer } from "../viewer.js";

export const onlySystemAdminsMessage = "Only system admins may use the super-admin area";

/** The system admin behind the request (the impersonating admin, or the caller), or the refusal. */
export function requireSystemAdmin(ctx: DomainContext): { adminId: string } {
  const viewer = requireViewer(ctx.viewer);
  const adminId = viewer.impersonatedBy ?? (viewer.systemAdmin ? viewer.userId : null);
  // An API key never acts as a system admin: the super-admin area needs a signed-in person.
  if (!adminId || viewer.authenticatedBy === "apiKey") throw forbidden(onlySystemAdminsMessage);
  return { adminId };
}

/** One audit row of a super-admin action: who (the system admin), when (now), what (action + details). */
export async function auditSuperAdmin(
  db: Pick<Prisma.TransactionClient, "auditLog">,
  entry: { adminId: string; action: string; organizationId?: string | null; targetUserId?: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await db.auditLog.create({
    data: {
      actorUserId: entry.adminId,
      action: `superadmin.${entry.action}`,
      organizationId: entry.organizationId ?? null,
      targetUserId: entry.targetUserId ?? null,
      details: (entry.details ?? {}) as Prisma.InputJsonValue,
    },
  });
}

/** The fields that changed, as { field: { from, to } } (the audit row's "what changed"). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const from = normalise(before[key]);
    const to = normalise(after[key]);
    if (JSON.stringify(from) !== JSON.stringify(to)) out[key] = { from, to };
  }
  return out;
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object" && "toNumber" in value && typeof (value as { toNumber: unknown }).toNumber === "function") {
    return (value as { toNumber: () => number }).toNumber();
  }
  return value ?? null;
}

/** A search text as an ILIKE pattern matching it anywhere, with its own % _ and \\ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A free-text search of the super-admin lists (organisation names). */
export const searchSchema = z
  .string({ message: "search must be text" })
  .max(200, "search can be at most 200 characters")
  .refine((s) => !s.includes("\u0000"), "search contains a character that is not allowed");
