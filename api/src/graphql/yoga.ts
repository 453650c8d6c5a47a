// GraphQL over HTTP (and SSE for subscriptions) through graphql-yoga, with the permission map
// applied, query depth and cost limits, and domain errors turned into GraphQL errors.
import { createYoga, type YogaServerInstance } from "graphql-yoga";
import { GraphQLError, type GraphQLSchema } from "graphql";
import { applyMiddleware } from "graphql-middleware";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import { buildSchema } from "../schema/index.js";
import { permissions } from "../permissions/index.js";
import { DomainError } from "../domain/errors.js";
import type { DomainContext } from "../domain/context.js";
import type { Authenticator } from "../auth/authenticate.js";
import type { Config } from "../config.js";

export type ServerContext = {
  req?: FastifyRequest;
  reply?: FastifyReply;
  /** graphql-ws passes the connection parameters here */
  connectionParams?: Record<string, unknown>;
};

let protectedSchema: GraphQLSchema | undefined;
/** The schema with the permission map applied; built once per process. */
export function getProtectedSchema(): GraphQLSchema {
  return (protectedSchema ??= applyMiddleware(buildSchema(), permissions));
}

function toGraphQLError(error: unknown): GraphQLError | undefined {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
    });
  }
  return undefined;
}

export function createGraphQL(deps: {
  config: Config;
  authenticate: Authenticator;
  context: (viewer: DomainContext["viewer"]) => DomainContext;
}): YogaServerInstance<ServerContext, DomainContext> {
  const { config, authenticate } = deps;
  return createYoga<ServerContext, DomainContext>({
    schema: getProtectedSchema(),
    graphqlEndpoint: "/graphql",
    graphiql: config.env !== "production",
    logging: config.logLevel === "silent" ? false : "warn",
    landingPage: false,
    plugins: [
      maxDepthPlugin({ n: config.graphql.maxDepth, ignoreIntrospection: true, exposeLimits: true }),
      costLimitPlugin({ maxCost: config.graphql.maxCost, ignoreIntrospection: true, exposeLimits: true }),
    ],
    context: async (initial) => {
      const header =
        initial.req?.headers.authorization ??
        (typeof initial.connectionParams?.authorization === "string" ? initial.connectionParams.authorization : undefined);
      try {
        return deps.context(await authenticate(header));
      } catch (error) {
        const converted = toGraphQLError(error);
        throw converted
          ? new GraphQLError(converted.message, { extensions: { ...converted.extensions, http: { status: 401 } } })
          : error;
      }
    },
    maskedErrors: {
      maskError: (error, message) => {
        const converted = toGraphQLError(error);
        if (converted) return converted;
        if (error instanceof GraphQLError && !error.originalError) return error;
        if (error instanceof GraphQLError && error.originalError instanceof GraphQLError) return error.originalError;
        return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
      },
    },
  });
}
