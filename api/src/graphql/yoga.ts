// GraphQL over HTTP (and SSE for subscriptions) through graphql-yoga, with the permission map
// applied, the request limits (graphql/limits.ts: depth, cost, aliases, tokens, directives, the
// expensive fields' budget, the per-caller budget), CORS for PUBLIC_URL's origin, and domain errors
// turned into GraphQL errors.
import type { ReachedAddress } from "../http/public-address.js";
import { createYoga, type Plugin, type YogaServerInstance } from "graphql-yoga";
import { GraphQLError, type GraphQLSchema, type ValidationRule } from "graphql";
import { applyMiddleware } from "graphql-middleware";
import { maxDepthPlugin } from "@escape.tech/graphql-armor-max-depth";
import { costLimitPlugin } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesPlugin } from "@escape.tech/graphql-armor-max-aliases";
import { maxTokensPlugin } from "@escape.tech/graphql-armor-max-tokens";
import { maxDirectivesPlugin } from "@escape.tech/graphql-armor-max-directives";
import { blockFieldSuggestionsPlugin } from "@escape.tech/graphql-armor-block-field-suggestions";
import { analysisTimedOut, callerKey, isStatementTimeout, type AnalyticsLimits } from "../limits/analytics.js";
import { analyticsMiddleware, expensiveFieldsRule, maxNesting, nestingDepth, tooDeeplyNested, noIntrospectionRule, type RequestLimits } from "./limits.js";
import type { FastifyReply, FastifyRequest } from "fastify";
import { buildSchema } from "../schema/index.js";
import { permissions } from "../permissions/index.js";
import { DomainError } from "../domain/errors.js";
import type { DomainContext } from "../domain/context.js";
import type { Authenticator } from "../auth/authenticate.js";
import type { Config } from "../config.js";
import { logger, type Log } from "../log.js";
import { textGuardPlugin } from "./text-guard.js";
import { unverifiedSubscriptionGuard } from "../permissions/unverified.js";
import { lockedSubscriptionGuard } from "../permissions/locked.js";
import { sharedSubscriptionExecution } from "./shared-subscriptions.js";

export type ServerContext = {
  req?: FastifyRequest;
  reply?: FastifyReply;
  /** graphql-ws passes the connection parameters here */
  connectionParams?: Record<string, unknown>;
  /** graphql-ws: the upgrade request */
  extra?: { request?: { socket?: { remoteAddress?: string } } };
};

let protectedSchema: GraphQLSchema | undefined;
/** The schema with the permission map applied; built once per process. */
export function getProtectedSchema(): GraphQLSchema {
  // The permission map first (outermost), then the analytics fields' pool and caller budget.
  return (protectedSchema ??= applyMiddleware(buildSchema(), permissions, analyticsMiddleware));
}

type GraphQLErrorLike = Error & { name: "GraphQLError"; originalError?: unknown; extensions?: Record<string, unknown>; nodes?: unknown; path?: unknown };

// graphql's ESM and CommonJS builds are both loaded (yoga and shield pick different ones), so
// `instanceof GraphQLError` is unreliable across them: recognise GraphQL errors by name.
function isGraphQLError(error: unknown): error is GraphQLErrorLike {
  return error instanceof Error && error.name === "GraphQLError";
}

/** A domain error's code in GraphQL: the same word, bar RATE_LIMITED, which GraphQL clients know as TOO_MANY_REQUESTS. */
function graphqlCodeOf(code: DomainError["code"]): string {
  return code === "RATE_LIMITED" ? "TOO_MANY_REQUESTS" : code;
}

function toGraphQLError(error: unknown): GraphQLError | undefined {
  const raised = isGraphQLError(error) ? (error.originalError ?? error) : error;
  const original = isStatementTimeout(raised) ? analysisTimedOut() : raised;
  // Prisma's "record not found" (a lookup scoped to the viewer's organisation found nothing).
  if ((original as { code?: unknown } | null)?.code === "P2025" && (original as Error).name === "PrismaClientKnownRequestError") {
    return new GraphQLError("Not found", {
      extensions: { code: "NOT_FOUND" },
      ...(isGraphQLError(error) ? { nodes: error.nodes as never, path: error.path as never } : {}),
    });
  }
  // Pothos' checks of arguments (a negative `first`, a malformed cursor): the client's mistake.
  if (original instanceof Error && original.name === "PothosValidationError") {
    return new GraphQLError(original.message, {
      extensions: { code: "BAD_USER_INPUT" },
      ...(isGraphQLError(error) ? { nodes: error.nodes as never, path: error.path as never } : {}),
    });
  }
  if (original instanceof DomainError) {
    return new GraphQLError(original.message, {
      extensions: { code: graphqlCodeOf(original.code), ...(original.field ? { field: original.field } : {}) },
      ...(isGraphQLError(error) ? { nodes: error.nodes as never, path: error.path as never } : {}),
    });
  }
  return undefined;
}

/**
 * Yoga's own messages through the process logger (yoga's default writes with console.*): its
 * warnings and errors; its debug and info lines were never shown and are not now.
 */
function yogaLogger(log: Log) {
  const write =
    (level: "warn" | "error") =>
    (...args: unknown[]) => {
      const [first, ...rest] = args;
      if (first instanceof Error) log[level]({ err: first, ...(rest.length ? { details: rest } : {}) }, first.message);
      else log[level](rest.length ? { details: rest } : {}, String(first));
    };
  return { debug: () => {}, info: () => {}, warn: write("warn"), error: write("error") };
}

/** Adds validation rules of our own (yoga's plugin hook; the rules read only the document). */
function validationRulesPlugin(rules: ValidationRule[]): Plugin {
  return { onValidate: ({ addValidationRule }) => rules.forEach((rule) => addValidationRule(rule)) };
}

/**
 * The request limits as yoga plugins, in the order they run: tokens at parsing, then the rules
 * over the document. The server and the web-operations test use the same list.
 */
export function limitPlugins(config: Config): Plugin[] {
  const g = config.graphql;
  return [
    // Before the parser, which would overflow the stack on deeply nested literals.
    {
      onParse: ({ params }) => {
        const source = typeof params.source === "string" ? params.source : (params.source?.body ?? "");
        if ((nestingDepth(source) ?? 0) > maxNesting) throw tooDeeplyNested();
      },
    },
    maxTokensPlugin({ n: g.maxTokens, exposeLimits: true }),
    maxDepthPlugin({ n: g.maxDepth, ignoreIntrospection: true, exposeLimits: true }),
    costLimitPlugin({ maxCost: g.maxCost, ignoreIntrospection: true, exposeLimits: true }),
    maxAliasesPlugin({ n: g.maxAliases, exposeLimits: true }),
    maxDirectivesPlugin({ n: g.maxDirectives, exposeLimits: true }),
    validationRulesPlugin([expensiveFieldsRule(g.maxExpensiveCost), ...(g.introspection ? [] : [noIntrospectionRule])]),
    // Without introspection, "did you mean …" would still tell the schema field by field.
    ...(g.introspection ? [] : [blockFieldSuggestionsPlugin()]),
  ] as Plugin[];
}

export function createGraphQL(deps: {
  config: Config;
  authenticate: Authenticator;
  context: (viewer: DomainContext["viewer"], reached?: ReachedAddress) => DomainContext;
  analyticsLimits: AnalyticsLimits;
}): YogaServerInstance<ServerContext, DomainContext> {
  const { config, authenticate } = deps;
  const log = logger(config, "graphql");
  // The analytics reads' budget and pool, shared with the REST routes (limits/analytics.ts).
  const { budget, analyticsPrisma } = deps.analyticsLimits;
  const allowedOrigins = new Set(config.corsOrigins);
  // The request's context once its viewer is known (functions made once, not per request).
  const contextOf = (initial: ServerContext, shareToken: string | null, viewer: DomainContext["viewer"]) => {
    const address = initial.req?.ip ?? initial.extra?.request?.socket?.remoteAddress;
    const requestLimits: RequestLimits = { budget, analyticsPrisma, caller: callerKey(viewer, address) };
    // deps.context answers a new object per call: completed in place rather than copied
    return Object.assign(deps.context(viewer, initial.req), { shareToken, requestLimits });
  };
  // A credential refused: 401, with the domain error's message and code.
  const refused = (error: unknown): never => {
    const converted = toGraphQLError(error);
    throw converted ? new GraphQLError(converted.message, { extensions: { ...converted.extensions, http: { status: 401 } } }) : error;
  };
  return createYoga<ServerContext, DomainContext>({
    schema: getProtectedSchema(),
    graphqlEndpoint: "/graphql",
    graphiql: config.env !== "production",
    logging: yogaLogger(log),
    landingPage: false,
    // Browsers may call with credentials only from PUBLIC_URL's origin and CORS_ORIGINS; any other
    // origin gets no CORS headers at all (so the browser keeps the answer from that page).
    cors: (request) => {
      const origin = request.headers.get("origin");
      if (!origin || !allowedOrigins.has(origin)) return false;
      return {
        origin,
        credentials: true,
        methods: ["GET", "POST", "OPTIONS"],
        allowedHeaders: ["authorization", "content-type", "x-share-token", "accept"],
        maxAge: 600,
      };
    },
    // The shared execution of live events last: the guards above refuse before anything subscribes.
    plugins: [...limitPlugins(config), textGuardPlugin(), unverifiedSubscriptionGuard(), lockedSubscriptionGuard(), sharedSubscriptionExecution()],
    // Synchronous when the caller's credential is kept in memory (auth/access-cache.ts): a warm
    // request's context costs no promise.
    context: (initial) => {
      const header =
        initial.req?.headers.authorization ??
        (typeof initial.connectionParams?.authorization === "string" ? initial.connectionParams.authorization : undefined);
      // A share link's visitor (docs/sharing-and-exports.md): the token rides in a header, never a bearer.
      const shareHeader = initial.req?.headers["x-share-token"];
      const shareParam = initial.connectionParams?.shareToken;
      const shareToken = typeof shareHeader === "string" && shareHeader ? shareHeader : typeof shareParam === "string" && shareParam ? shareParam : null;
      try {
        const viewer = authenticate(header);
        return viewer instanceof Promise ? viewer.then((v) => contextOf(initial, shareToken, v)).catch(refused) : contextOf(initial, shareToken, viewer);
      } catch (error) {
        return refused(error);
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
        log.error({ err: error }, "unexpected error (answered as INTERNAL_SERVER_ERROR)");
        return new GraphQLError(message, { extensions: { code: "INTERNAL_SERVER_ERROR" } });
      },
    },
  });
}
