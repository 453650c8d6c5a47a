// The /api/v5 facade's route definitions: one object per route carries its validation, its
// authentication rule and its documentation, so the OpenAPI document is generated from the same
// definitions that serve requests. Handlers stay thin: parse, call a domain service, shape.
import { z } from "zod";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DomainContext } from "../../domain/context.js";
import { DomainError, httpStatusOf, unauthenticated } from "../../domain/errors.js";
import type { Authenticator } from "../../auth/authenticate.js";
import { emailNotVerified, isUnverified, restOpenToUnverified } from "../../permissions/unverified.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * - "bearer": a signed-in caller (access token or API key).
 * - "bearerOrQueryToken": also open without a bearer token when the address carries a query token
 *   longer than 10 characters (spec 000 §2: results, invitation acceptance, journey analytics and the
 *   invoice PDF); the handler validates that token.
 * - "none": open.
 */
export type RouteAuth = "bearer" | "bearerOrQueryToken" | "none";

/** Spec 000 §2 and §9: a query token opens its pages when it is longer than 10 characters. */
export const queryTokenMinLength = 11;

export type RouteInput<P, Q, B> = {
  ctx: DomainContext;
  params: P;
  query: Q;
  body: B;
  /** The query token when the route allows one and the caller sent one instead of a bearer token. */
  queryToken: string | undefined;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteDefinition<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> = {
  method: HttpMethod;
  /** OpenAPI-style path under /api/v5, e.g. "/users/{id}". */
  path: string;
  summary: string;
  tag: string;
  auth: RouteAuth;
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  /** HTTP status of a success; 200 unless given. */
  status?: number;
  handler: (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.input<R>>;
};

export function defineRoute<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(
  route: RouteDefinition<P, Q, B, R>,
): RouteDefinition {
  return route as unknown as RouteDefinition;
}

export type ErrorBody = { error: string; field?: string };

export function errorReply(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof DomainError) {
    return { status: httpStatusOf[error.code], body: error.field ? { error: error.message, field: error.field } : { error: error.message } };
  }
  if (error instanceof z.ZodError) {
    const issue = error.issues[0]!;
    const field = issue.path.map(String).join(".");
    return { status: 400, body: field ? { error: issue.message, field } : { error: issue.message } };
  }
  const statusCode = (error as { statusCode?: number } | null)?.statusCode;
  if (typeof statusCode === "number" && statusCode >= 400 && statusCode < 500) {
    // Fastify's own client errors: malformed JSON, body too large, wrong content type.
    return { status: statusCode, body: { error: (error as Error).message } };
  }
  return { status: 500, body: { error: "A generic error occurred" } };
}

const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ":$1");

export function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteDefinition[],
  deps: { prefix: string; authenticate: Authenticator; context: (viewer: DomainContext["viewer"]) => DomainContext },
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: deps.prefix + fastifyPath(route.path),
      handler: async (request, reply) => {
        try {
          const rawQuery = (request.query ?? {}) as Record<string, unknown>;
          const authorization = request.headers.authorization;
          const token = typeof rawQuery.token === "string" ? rawQuery.token : undefined;
          let viewer: DomainContext["viewer"] = null;
          let queryToken: string | undefined;
          if (route.auth !== "none") {
            if (authorization) viewer = await deps.authenticate(authorization);
            else if (route.auth === "bearerOrQueryToken" && token && token.length >= queryTokenMinLength) queryToken = token;
            else throw unauthenticated();
          }
          // Until a self-signup's address is verified, only the verify-email flow's calls (permissions/unverified.ts).
          if (isUnverified(viewer) && !restOpenToUnverified.has(`${route.method} ${route.path}`)) throw emailNotVerified();
          const params = route.params ? route.params.parse(request.params) : request.params;
          const query = route.query ? route.query.parse(rawQuery) : rawQuery;
          const body = route.body ? route.body.parse(request.body ?? {}) : undefined;
          const result = await route.handler({ ctx: deps.context(viewer), params, query, body, queryToken, request, reply });
          if (reply.sent) return reply;
          reply.status(route.status ?? 200);
          return result;
        } catch (error) {
          const { status, body } = errorReply(error);
          if (status >= 500) request.log.error({ err: error }, "request failed");
          return reply.status(status).send(body);
        }
      },
    });
  }
}

/** The OpenAPI 3.1 document of the routes, generated from their zod schemas. */
export function openApiDocument(routes: readonly RouteDefinition[], info: { title: string; version: string; serverUrl: string }) {
  const toSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  const errorSchema = {
    type: "object",
    required: ["error"],
    properties: { error: { type: "string" }, field: { type: "string" } },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const [location, schema] of [
      ["path", route.params],
      ["query", route.query],
    ] as const) {
      if (!schema) continue;
      const json = toSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, property] of Object.entries(json.properties ?? {})) {
        parameters.push({ name, in: location, required: location === "path" || (json.required ?? []).includes(name), schema: property });
      }
    }
    if (route.auth === "bearerOrQueryToken") {
      parameters.push({
        name: "token",
        in: "query",
        required: false,
        description: "A share or invitation token (more than 10 characters) used instead of a bearer token",
        schema: { type: "string", minLength: queryTokenMinLength },
      });
    }
    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[{}]/g, "").replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      parameters,
      security: route.auth === "none" ? [] : route.auth === "bearer" ? [{ bearer: [] }] : [{ bearer: [] }, {}],
      responses: {
        [String(route.status ?? 200)]: { description: "Success", content: { "application/json": { schema: toSchema(route.response) } } },
        "400": { description: "Invalid input", content: { "application/json": { schema: errorSchema } } },
        "401": { description: "Not logged in", content: { "application/json": { schema: errorSchema } } },
        "403": { description: "No rights", content: { "application/json": { schema: errorSchema } } },
      },
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { "application/json": { schema: toSchema(route.body) } } };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: "3.1.0",
    info: { title: info.title, version: info.version },
    servers: [{ url: info.serverUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An access token from the identity provider, or an API key (fbk_…) from /settings/user",
        },
      },
    },
    paths,
  };
}
