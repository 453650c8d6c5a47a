// The Pothos schema builder, and nothing else (Pothos' "complex app" layout).
import SchemaBuilder from "@pothos/core";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
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
    // a survey or question as stored (schema/survey.ts)
    SurveyData: { Input: unknown; Output: unknown };
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

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
