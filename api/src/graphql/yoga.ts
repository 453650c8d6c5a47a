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
import { textGuardPlugin } from "./text-guard.js";
import { unverifiedSubscriptionGuard } from "../permissions/unverified.js";

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

type GraphQLErrorLike = Error & { name: "GraphQLError"; originalError?: unknown; extensions?: Record<string, unknown>; nodes?: unknown; path?: unknown };

// graphql's ESM and CommonJS builds are both loaded (yoga and shield pick different ones), so
// `instanceof GraphQLError` is unreliable across them: recognise GraphQL errors by name.
function isGraphQLError(error: unknown): error is GraphQLErrorLike {
  return error instanceof Error && error.name === "GraphQLError";
}

function toGraphQLError(error: unknown): GraphQLError | undefined {
  const original = isGraphQLError(error) ? (error.originalError ?? error) : error;
  // Prisma's "record not found" (a lookup scoped to the viewer's organisation found nothing).
  if ((original as { code?: unknown } | null)?.code === "P2025" && (original as Error).name === "PrismaClientKnownRequestError") {
    return new GraphQLError("Not found", {
      extensions: { code: "NOT_FOUND" },
      ...(isGraphQLError(error) ? { nodes: error.nodes as never, path: error.path as never } : {}),
    });
  }
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) },
      ...(isGraphQLError(error) ? { nodes: error.nodes as never, path: error.path as never } : {}),
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
      textGuardPlugin(),
      unverifiedSubscriptionGuard(),
    ],
    context: async (initial) => {
      const header =
        initial.req?.headers.authorization ??
        (typeof initial.connectionParams?.authorization === "string" ? initial.connectionParams.authorization : undefined);
      // A share link's visitor (docs/sharing-and-exports.md): the token rides in a header, never a bearer.
      const shareHeader = initial.req?.headers["x-share-token"];
      const shareParam = initial.connectionParams?.shareToken;
      const shareToken = typeof shareHeader === "string" && shareHeader ? shareHeader : typeof shareParam === "string" && shareParam ? shareParam : null;
      try {
        return { ...deps.context(await authenticate(header)), shareToken };
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
        // Errors the schema, the validation rules and the permission rules raise on purpose.
        if (isGraphQLError(error) && !error.originalError) return error;
        if (isGraphQLError(error) && isGraphQLError(error.originalError)) {
          // A rule's error returned from a resolver: keep its message and code, and the location.
          return new GraphQLError(error.originalError.message, {
            nodes: error.nodes as never,
            path: error.path as never,
            extensions: error.originalError.extensions,
          });
        }
        console.error("graphql: unexpected error", error);
        return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
      },
    },
  });
}
