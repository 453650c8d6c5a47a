// Relay's `node(id)` and `nodes(ids)`. A malformed global id, an id of a type that is not a node, or
// an id the caller cannot see answers null with a client error (BAD_USER_INPUT, NOT_FOUND, or the
// FORBIDDEN the type's own query answers), never an internal error; in `nodes` each id stands alone,
// so one bad id nulls only its own entry. Each type is read under the same access rule as its own
// query (permissions/access.ts nodeRefusal), then through its tenancy-scoped lookup.
import { GraphQLError, type GraphQLResolveInfo } from "graphql";
import { decodeGlobalID, resolveNodes } from "@pothos/plugin-relay";
import { builder } from "./builder.js";
import type { GraphQLContext } from "./builder.js";
import { nodeRefusal } from "../permissions/access.js";
import { DomainError } from "../domain/errors.js";

/** The most ids one `nodes` call takes. */
export const maxNodeIds = 100;

const invalidId = (id: string) => new GraphQLError(`Invalid global ID: ${id.slice(0, 100)}`, { extensions: { code: "BAD_USER_INPUT" } });
const notFound = () => new GraphQLError("Not found", { extensions: { code: "NOT_FOUND" } });

function isNodeType(info: GraphQLResolveInfo, typename: string): boolean {
  const type = info.schema.getType(typename) as { getInterfaces?: () => readonly { name: string }[] } | undefined;
  return !!type?.getInterfaces?.().some((i) => i.name === "Node");
}

function isRecordNotFound(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "P2025" && (error as Error).name === "PrismaClientKnownRequestError";
}

/** One global id to its object, or the client error to answer in its place. */
async function loadNode(ctx: GraphQLContext, info: GraphQLResolveInfo, id: string): Promise<unknown> {
  let decoded: { typename: string; id: string };
  try {
    decoded = decodeGlobalID(id);
  } catch {
    return invalidId(id);
  }
  if (!isNodeType(info, decoded.typename)) return notFound();
  try {
    // the type's own access rule (permissions/access.ts): node(id) reaches no more than the type's query
    const refusal = await nodeRefusal(ctx, decoded.typename, decoded.id);
    if (refusal) return new GraphQLError(refusal.message, { extensions: { code: refusal.code } });
  } catch (error) {
    // a malformed id inside a well-formed global id: nothing has it
    if (error instanceof DomainError) return notFound();
    throw error;
  }
  try {
    const [found] = await resolveNodes(builder, ctx, info, [decoded]);
    return found ?? notFound();
  } catch (error) {
    if (isRecordNotFound(error)) return notFound();
    throw error;
  }
}

builder.queryField("node", (t) =>
  t.field({
    type: builder.nodeInterfaceRef(),
    nullable: true,
    description: "The object with this global id; null with BAD_USER_INPUT (malformed id) or NOT_FOUND (unknown, or not the caller's)",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx, info) => {
      const found = await loadNode(ctx, info, String(args.id));
      if (found instanceof Error) throw found;
      return found as never;
    },
  }),
);

builder.queryField("nodes", (t) =>
  t.field({
    type: [builder.nodeInterfaceRef()],
    nullable: { list: false, items: true },
    description: `The objects with these global ids (at most ${maxNodeIds}), in order; an entry is null with its own error when its id is malformed or unknown`,
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, ctx, info) => {
      if (args.ids.length > maxNodeIds) {
        throw new GraphQLError(`At most ${maxNodeIds} ids per call`, { extensions: { code: "BAD_USER_INPUT", field: "ids" } });
      }
      // An Error in a list entry becomes that entry's null and error (graphql-js completes each item on its own).
      return Promise.all(args.ids.map((id) => loadNode(ctx, info, String(id)))) as never;
    },
  }),
);
