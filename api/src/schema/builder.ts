// The Pothos schema builder, and nothing else (Pothos' "complex app" layout).
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import { DateTimeISOResolver } from "graphql-scalars";
import type PrismaTypes from "../generated/pothos-types.js";
import { getDatamodel } from "../generated/pothos-types.js";
import type { DomainContext } from "../domain/context.js";

export type GraphQLContext = DomainContext;

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  DefaultInputFieldRequiredness: false;
  Scalars: {
    // an instant; a string is accepted on output when it is already ISO 8601
    DateTime: { Input: Date; Output: Date | string };
    // a JSON value whose shape is open by design (schema/json.ts)
    JSON: { Input: unknown; Output: unknown };
  };
}>({
  plugins: [PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    // node and nodes are schema/node.ts's: a malformed or unknown id answers null with a client error.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
    onUnusedQuery: null,
  },
});

// graphql-scalars' DateTimeISO under the name DateTime: it parses RFC 3339 into a Date and always
// serialises to an ISO 8601 string (its DateTime would hand a Date object to in-process callers).
builder.addScalarType("DateTime", DateTimeISOResolver, {
  description: "An instant as an RFC 3339 / ISO 8601 date-time string in UTC, such as 2026-03-01T09:30:00.000Z",
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
