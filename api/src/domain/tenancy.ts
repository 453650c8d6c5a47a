// Tenancy: every read and write of tenant data stays inside one organisation. Two mechanisms:
//
// - `tenantDb(ctx)`: the Prisma client scoped to the caller's current organisation (a Prisma client
//   extension). On every model with an `organizationId` column, every query gets
//   `organizationId = <the caller's>` added to its filter (find*, count, aggregate, groupBy, update*,
//   delete*, upsert), and every create is checked to carry it (the types make `organizationId`
//   required; a create naming another organisation throws). A domain read or write through it cannot
//   forget the clause; an id of another organisation simply finds nothing ("not found").
//   Models owned through their response (`Answer`, which keeps no copy of its response's
//   organisation: docs/analytics.md) get `response.organizationId = <the caller's>` instead, and a
//   create through the scoped client connects a response and a question of the organisation.
// - The WHERE builders below, for the places that hand a filter to another library (the GraphQL
//   node lookups of Pothos) rather than run the query themselves.
//
// Who may do what *inside* the organisation (rights per unit) is permissions/access.ts's.
import type { PrismaClient } from "../generated/prisma/client.js";
import { samePool } from "../db/client.js";
import { getDatamodel } from "../generated/pothos-types.js";
import type { DomainContext } from "./context.js";
import { memoSlot, perRequest, type RequestMemo } from "./request-memo.js";
import { requireOrganization, type Viewer } from "./viewer.js";

/** The models owned by one organisation: those with a required `organizationId` column. */
export const tenantModels: ReadonlySet<string> = new Set(
  Object.entries(getDatamodel().datamodel.models)
    .filter(([, model]) => model.fields.some((f) => f.name === "organizationId" && f.kind === "scalar" && f.isRequired))
    .map(([name]) => name),
);

/**
 * The models owned through their response: no `organizationId` of their own, a required `responseId`
 * and the `response` relation it names (Answer).
 */
export const responseOwnedModels: ReadonlySet<string> = new Set(
  Object.entries(getDatamodel().datamodel.models)
    .filter(
      ([, model]) =>
        !model.fields.some((f) => f.name === "organizationId") &&
        model.fields.some((f) => f.name === "responseId" && f.kind === "scalar" && f.isRequired) &&
        model.fields.some((f) => f.name === "response" && f.kind === "object" && f.type === "Response"),
    )
    .map(([name]) => name),
);

const filtered = new Set(["findFirst", "findFirstOrThrow", "findMany", "count", "aggregate", "groupBy", "updateMany", "updateManyAndReturn", "deleteMany"]);
const unique = new Set(["findUnique", "findUniqueOrThrow", "update", "delete", "upsert"]);
const creates = new Set(["create", "createMany", "createManyAndReturn"]);

type Data = Record<string, unknown>;

function withOrganization(data: unknown, organizationId: string): Data {
  const row = (data ?? {}) as Data;
  // a nested `organization: { connect }` names it already; anything but this organisation is refused
  if ("organization" in row) throw new Error("tenancy: a scoped create names its organisation by the scope only");
  if (row.organizationId !== undefined && row.organizationId !== organizationId) throw new Error("tenancy: a row of another organisation");
  return { ...row, organizationId };
}

/** The arguments of one query with the organisation's clause added. */
export function scopeArgs(operation: string, args: Data, organizationId: string): Data {
  const out: Data = { ...args };
  if (filtered.has(operation)) out.where = args.where ? { AND: [args.where, { organizationId }] } : { organizationId };
  if (unique.has(operation)) {
    const where = (args.where ?? {}) as Data;
    if (where.organizationId !== undefined && where.organizationId !== organizationId) throw new Error("tenancy: a row of another organisation");
    out.where = { ...where, organizationId };
  }
  if (creates.has(operation)) {
    out.data = Array.isArray(args.data) ? args.data.map((d) => withOrganization(d, organizationId)) : withOrganization(args.data, organizationId);
  }
  if (operation === "upsert") out.create = withOrganization(args.create, organizationId);
  // An update never moves a row to another organisation.
  const updates = operation === "upsert" ? args.update : operation.startsWith("update") ? args.data : undefined;
  if (updates && typeof updates === "object") {
    const row = updates as Data;
    if ("organization" in row || (row.organizationId !== undefined && row.organizationId !== organizationId)) {
      throw new Error("tenancy: an update cannot move a row to another organisation");
    }
  }
  return out;
}

/**
 * The arguments of one query of a model owned through its response (`responseOwnedModels`) with the
 * organisation's clause added: the response's organisation in filters and unique lookups (beside any
 * condition of the caller's own on the response). A create names its response and question by
 * `connect` with the organisation, so the database refuses another organisation's in the caller's own
 * transaction ("No record was found for a nested connect"); `createMany` cannot connect and is
 * refused (nothing creates answers through Prisma; ingestion writes them in SQL). An update never
 * moves a row to another response or question. Writes nested in another model's query (a response's
 * `answers: { connect }`) are not seen here, as for every tenant model.
 */
export function scopeResponseOwnedArgs(operation: string, args: Data, organizationId: string): Data {
  const out: Data = { ...args };
  const ofOrganization = { response: { organizationId } };
  if (filtered.has(operation)) out.where = args.where ? { AND: [args.where, ofOrganization] } : ofOrganization;
  if (unique.has(operation)) {
    const where = (args.where ?? {}) as Data;
    const and = where.AND === undefined ? [] : Array.isArray(where.AND) ? where.AND : [where.AND];
    out.where = { ...where, AND: [...and, ofOrganization] };
  }
  if (operation === "createMany" || operation === "createManyAndReturn")
    throw new Error("tenancy: answers are created one by one, each connected to its response");
  if (operation === "create") out.data = connectedToOrganization(args.data, organizationId);
  if (operation === "upsert") out.create = connectedToOrganization(args.create, organizationId);
  const updates = operation === "upsert" ? args.update : operation.startsWith("update") ? args.data : undefined;
  if (updates && typeof updates === "object" && ["response", "responseId", "question", "questionId"].some((k) => k in (updates as Data))) {
    throw new Error("tenancy: an update cannot move a row to another response or question");
  }
  return out;
}

/** A create's row with its response and question connected within the organisation. */
function connectedToOrganization(data: unknown, organizationId: string): Data {
  const { responseId, questionId, response, question, ...rest } = (data ?? {}) as Data;
  if (response !== undefined || question !== undefined) throw new Error("tenancy: a scoped create names its response and question by id");
  if (typeof responseId !== "string" || typeof questionId !== "string") throw new Error("tenancy: a scoped create names its response and question");
  return {
    ...rest,
    response: { connect: { id: responseId, organizationId } },
    question: { connect: { id: questionId, organizationId } },
  };
}

/**
 * The Prisma client whose every tenant-model query is scoped to one organisation. Typed as the plain
 * client: a query extension changes arguments, not the shapes of models or results, and the extended
 * client's own type is deep enough to exhaust the compiler beside Pothos' query types.
 */
export function scopedToOrganization(prisma: PrismaClient, organizationId: string): PrismaClient {
  const scoped = prisma.$extends({
    name: "tenancy",
    query: {
      $allModels: {
        $allOperations({ model, operation, args, query }) {
          if (responseOwnedModels.has(model)) return query(scopeResponseOwnedArgs(operation, args as Data, organizationId) as typeof args);
          if (!tenantModels.has(model)) return query(args);
          return query(scopeArgs(operation, args as Data, organizationId) as typeof args);
        },
      },
    },
  });
  const client = scoped as unknown as PrismaClient;
  // Its raw reads past Prisma (db/client.ts poolOf) go to the same pool; they name the organisation themselves.
  samePool(client, prisma);
  return client;
}

export type TenantDb = PrismaClient;

// Per request, per client and per organisation: a context spread with the analytics pool's client
// gets its own scoped client.
const dbSlot = memoSlot("tenancy", () => new WeakMap<PrismaClient, Map<string, TenantDb>>());

/**
 * The database scoped to a named organisation, for the calls that legitimately work in an
 * organisation other than the caller's current one: a system admin naming one (permissions/access.ts
 * dbOf), a share link's visitor (the link's organisation: results-scope resultsDb), a job working
 * for its row's organisation. docs/permissions.md lists them. One scoped client per request.
 */
export function organizationDb(ctx: { prisma: PrismaClient; memo?: RequestMemo }, organizationId: string): TenantDb {
  const ofClient = perRequest(ctx, dbSlot);
  let ofOrganization = ofClient.get(ctx.prisma);
  if (!ofOrganization) ofClient.set(ctx.prisma, (ofOrganization = new Map()));
  let db = ofOrganization.get(organizationId);
  if (!db) ofOrganization.set(organizationId, (db = scopedToOrganization(ctx.prisma, organizationId)));
  return db;
}

/**
 * The database as the caller's current organisation sees it (one scoped client per request).
 * "No organization found" for a caller without one.
 */
export function tenantDb(ctx: DomainContext): TenantDb {
  return organizationDb(ctx, requireOrganization(ctx.viewer).organizationId);
}

/** A row owned by an organisation: visible only in the viewer's current organisation. */
export function inViewerOrganization(viewer: Viewer | null): { organizationId: string } {
  // An impossible id when there is no organisation: the lookup then finds nothing.
  return { organizationId: viewer?.organizationId ?? "-" };
}

/** Organisations the viewer belongs to (the organisation switcher's list). */
export function organizationsOfViewer(viewer: Viewer | null) {
  return { memberships: { some: { userId: viewer?.userId ?? "-" } } };
}

/** Users a viewer may see: themselves and the members of their current organisation. */
export function usersVisibleTo(viewer: Viewer | null) {
  if (!viewer) return { id: "-" };
  return {
    OR: [{ id: viewer.userId }, { memberships: { some: { organizationId: viewer.organizationId ?? "-" } } }],
  };
}
