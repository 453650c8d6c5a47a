// /api/v5/user/impersonate (spec 000 §4, §7): a system admin acts as another user; the web client
// reloads the root on { status: "ok" }.
import { z } from "zod";
import { defineRoute } from "./route.js";
import { startImpersonation, stopImpersonation } from "../../domain/users/impersonation.js";

export const impersonationRoutes = [
  defineRoute({
    method: "POST",
    path: "/user/impersonate",
    tag: "Session and user",
    summary: "System admins: act as this user in this organisation until DELETE; start and stop are written to the audit log",
    auth: "bearer",
    body: z.object({ userId: z.unknown(), organizationId: z.unknown() }),
    response: z.object({ status: z.literal("ok") }),
    handler: async ({ ctx, body }) => {
      await startImpersonation(ctx, { userId: body.userId, organizationId: body.organizationId });
      return { status: "ok" as const };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/user/impersonate",
    tag: "Session and user",
    summary: "Stop impersonating (404 when there is nothing to stop)",
    auth: "bearer",
    response: z.object({ status: z.literal("ok") }),
    handler: async ({ ctx }) => {
      await stopImpersonation(ctx);
      return { status: "ok" as const };
    },
  }),
];
