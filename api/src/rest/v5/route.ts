// The /api/v5 facade's route definitions: one object per route carries its validation, its
// authentication rule and its documentation, so the OpenAPI document is generated from the same
// definitions that serve requests. Handlers stay thin: parse, call a domain service, shape.
import type { ReachedAddress } from "../../http/public-address.js";
import { z } from "zod";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { DomainContext } from "../../domain/context.js";
import { DomainError, httpStatusOf, unauthenticated } from "../../domain/errors.js";
import type { Authenticator } from "../../auth/authenticate.js";
import { emailNotVerified, isUnverified, restOpenToUnverified } from "../../permissions/unverified.js";
import { requireUnlocked, restOpenWhenLocked } from "../../permissions/locked.js";
import { callerKey, runAnalysis, type AnalyticsLimits } from "../../limits/analytics.js";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

/**
 * - "bearer": a signed-in caller (access token or API key).
 * - "bearerOrQueryToken": also open without a bearer token when the address carries a query token
 *   longer than 10 characters (spec 000 §2: results, invitation acceptance, journey analytics and the
 *   invoice PDF), or the same token in the X-Share-Token header (as GraphQL takes it); the handler
 *   validates that token (ctx.shareToken carries it too).
 * - "none": open.
 */
export type RouteAuth = "bearer" | "bearerOrQueryToken" | "none";

/** Spec 000 §2 and §9: a query token opens its pages when it is longer than 10 characters. */
const queryTokenMinLength = 11;

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
  /** Other success statuses the handler itself sets (same body as `response`): status → when. */
  otherSuccess?: Record<number, string>;
  /**
   * Error answers this route gives beyond the ones every route of its kind documents (400 always;
   * 401, 403 and 404 when it needs a caller): status → when it happens. All carry the Error body.
   */
  errors?: Partial<Record<ErrorStatus, string>>;
  /** A multipart/form-data upload of one file (read by the handler itself): the form field's name and what it takes. */
  upload?: { field: string; description: string };
  /**
   * An analysis (results, summary, text analytics, root causes, the feedback list): it runs under the
   * caller's analytics budget on the analytics pool (limits/analytics.ts), as the GraphQL fields do;
   * 429 when the caller has too many running, 503 when PostgreSQL stopped it at the statement timeout.
   */
  analytics?: true;
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
  deps: {
    prefix: string;
    authenticate: Authenticator;
    context: (viewer: DomainContext["viewer"], reached?: ReachedAddress) => DomainContext;
    /** The analytics budget and pool for `analytics` routes; without it they run as any other route. */
    analyticsLimits?: AnalyticsLimits;
  },
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: deps.prefix + fastifyPath(route.path),
      handler: async (request, reply) => {
        try {
          const rawQuery = (request.query ?? {}) as Record<string, unknown>;
          const authorization = request.headers.authorization;
          // A share link's token: `?token=`, else the X-Share-Token header (the GraphQL rule: results-scope/caller.ts).
          const shareHeader = request.headers["x-share-token"];
          const token = typeof rawQuery.token === "string" ? rawQuery.token : typeof shareHeader === "string" && shareHeader ? shareHeader : undefined;
          let viewer: DomainContext["viewer"] = null;
          let queryToken: string | undefined;
          if (route.auth !== "none") {
            if (authorization) viewer = await deps.authenticate(authorization);
            else if (route.auth === "bearerOrQueryToken" && token && token.length >= queryTokenMinLength) queryToken = token;
            else throw unauthenticated();
          }
          // Until a self-signup's address is verified, only the verify-email flow's calls (permissions/unverified.ts).
          if (isUnverified(viewer) && !restOpenToUnverified.has(`${route.method} ${route.path}`)) throw emailNotVerified();
          const ctx: DomainContext = { ...deps.context(viewer, request), shareToken: queryToken ?? null };
          // A locked dashboard leaves only the settings area's calls (permissions/locked.ts).
          if (!restOpenWhenLocked.has(`${route.method} ${route.path}`)) await requireUnlocked(ctx);
          const params = route.params ? route.params.parse(request.params) : request.params;
          const query = route.query ? route.query.parse(rawQuery) : rawQuery;
          const body = route.body ? route.body.parse(request.body ?? {}) : undefined;
          const limits = route.analytics ? deps.analyticsLimits : undefined;
          const result = limits
            ? await runAnalysis(limits, callerKey(viewer, request.ip), () =>
                route.handler({
                  ctx: limits.analyticsPrisma ? { ...ctx, prisma: limits.analyticsPrisma } : ctx,
                  params,
                  query,
                  body,
                  queryToken,
                  request,
                  reply,
                }),
              )
            : await route.handler({ ctx, params, query, body, queryToken, request, reply });
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

// ---------------------------------------------------------------------------------------------
// The OpenAPI 3.1 document (docs/decisions.md "The OpenAPI document"; the contract test
// api/src/rest/v5/openapi-contract.test.ts checks every operation's real answers against it).

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 503;

/** The body of every error answer (spec 000 §8), a named component of the document. */
const errorBodySchema = z
  .object({
    error: z.string().describe("what went wrong, in words for a person"),
    field: z.string().optional().describe("the input field at fault, when there is one"),
  })
  .meta({ id: "Error", description: "An error answer" });

const fileMediaTypesKey = "x-file-media-types";

/**
 * The success answer of a route that sends a file (an image, an export): the document lists these
 * media types instead of a JSON schema.
 */
export function fileResponse(mediaTypes: readonly [string, ...string[]], description: string): z.ZodType<unknown> {
  return z.unknown().meta({ description, [fileMediaTypesKey]: [...mediaTypes] });
}

const fileMediaTypesOf = (schema: z.ZodType): string[] | undefined => z.globalRegistry.get(schema)?.[fileMediaTypesKey] as string[] | undefined;

const defaultErrorText: Record<ErrorStatus, string> = {
  400: "Invalid input",
  401: "Not logged in, or the token is not valid",
  402: "The payment was declined (insufficient funds) or needs the card holder's extra authentication",
  403: "No rights for this, or the plan lacks the feature",
  404: "Not found, or not visible to the caller",
  409: "Conflicts with the current state",
  410: "Gone: expired or closed",
  413: "The request body is larger than the server takes (1 MB)",
  415: "The request body is not JSON",
  429: "Too many requests: try again later",
  503: "The analysis took too long and was stopped: narrow the filters",
};

/** What each tag (the `tag` of a route) groups, for the document's readers. */
const tagDescriptions: Record<string, string> = {
  "Session and user": "The signed-in person: current user, profile, API keys, impersonation, tutorials, location (spec 000 §7)",
  Outbox: "Mail kept instead of sent when no SMTP server is configured (development only)",
  Organisation: "The current organisation's settings and logo",
  Signup: "Creating an account and an organisation, and verifying its e-mail address",
  "Users and teams": "Members, their roles per team, the team tree and invitations",
  Surveys: "Surveys and their questions",
  Channels: "Touchpoints (terminals, links and QR codes, websites), website domains and terminal pings",
  Contacts: "Contact lists of email and SMS campaigns: contacts, file uploads and the block list",
  Results: "Results, the feedback list, share links, bookmarks and exports (spec 001)",
  Responses: "Hiding, editing and deleting single responses",
  Summary: "The overview numbers of the dashboard",
  Campaigns: "Email and SMS campaigns: message templates, test messages and unsubscribing",
  Launches: "Launching surveys to touchpoints now, later or recurring; scheduled launches (spec 001 §7)",
  "Super-admin": "System admins only: organisations, feature sets, people's accounts, SMS costs and top-ups, reports (spec 000 §7)",
  "SMS balance": "The organisation's SMS balance: top-ups and the ledger's history",
  respondents: "What respondents' devices and pages call: the survey, submissions and heartbeats",
};

type JsonSchema = Record<string, unknown>;

/**
 * Converts zod schemas to JSON Schema (2020-12, which OpenAPI 3.1 uses) and gathers the named ones
 * (`.meta({ id })`, and recursive trees, which must be named) as `components.schemas`, so every
 * `$ref` points at `#/components/schemas/<id>` and no `$defs` dangle inside operations.
 */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...json
    } = z.toJSONSchema(schema, {
      io: "input",
      unrepresentable: "any",
      target: "draft-2020-12",
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [name, def] of Object.entries($defs ?? {})) {
      if (name.startsWith("__schema")) {
        throw new Error(`A recursive or reused schema has no name: give it .meta({ id: "SomeName" }) (${JSON.stringify(def).slice(0, 120)})`);
      }
      const rewritten = this.rewriteRefs(def) as JsonSchema;
      const known = this.components[name];
      if (known && JSON.stringify(known) !== JSON.stringify(rewritten)) {
        throw new Error(`Two different schemas are both named ${name}: every .meta({ id }) must be unique`);
      }
      this.components[name] = rewritten;
    }
    return this.rewriteRefs(json) as JsonSchema;
  }

  private rewriteRefs(value: unknown): unknown {
    if (Array.isArray(value)) return value.map((v) => this.rewriteRefs(v));
    if (!value || typeof value !== "object") return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      out[key] = key === "$ref" && typeof v === "string" ? v.replace(/^#\/\$defs\//, "#/components/schemas/") : this.rewriteRefs(v);
    }
    return out;
  }
}

/** get/channels/{id}/qr.png → getChannelsIdQrPng */
const operationIdOf = (method: HttpMethod, path: string) =>
  method.toLowerCase() +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");

/** The OpenAPI 3.1 document of the routes, generated from their zod schemas. */
export function openApiDocument(routes: readonly RouteDefinition[], info: { title: string; version: string; serverUrl: string }) {
  const schemas = new SchemaCollector();
  const errorRef = schemas.convert(errorBodySchema); // { $ref: "#/components/schemas/Error" }
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const [location, schema] of [
      ["path", route.params],
      ["query", route.query],
    ] as const) {
      if (!schema) continue;
      const json = schemas.convert(schema) as { properties?: Record<string, JsonSchema>; required?: string[] };
      for (const [name, property] of Object.entries(json.properties ?? {})) {
        // The query token of a token route is documented once, as the shareToken security scheme.
        if (location === "query" && name === "token" && route.auth === "bearerOrQueryToken") continue;
        const { description, ...propertySchema } = property;
        parameters.push({
          name,
          in: location,
          required: location === "path" || (json.required ?? []).includes(name),
          ...(typeof description === "string" ? { description } : {}),
          schema: propertySchema,
        });
      }
    }

    const successStatus = String(route.status ?? 200);
    const fileTypes = fileMediaTypesOf(route.response);
    const success = fileTypes
      ? {
          description: String(z.globalRegistry.get(route.response)?.description ?? "The file"),
          content: Object.fromEntries(fileTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])),
        }
      : { description: "Success", content: { "application/json": { schema: schemas.convert(route.response) } } };

    const errors: Partial<Record<ErrorStatus, string>> = { 400: defaultErrorText[400] };
    if (route.auth !== "none") {
      errors[401] = defaultErrorText[401];
      errors[403] = defaultErrorText[403];
      errors[404] = defaultErrorText[404];
    }
    if (route.body) {
      errors[413] = defaultErrorText[413];
      errors[415] = defaultErrorText[415];
    }
    if (route.analytics) {
      errors[429] = "Too many analyses running at once for this caller: wait for them, then try again";
      errors[503] = defaultErrorText[503];
    }
    Object.assign(errors, route.errors);
    const responses: Record<string, unknown> = { [successStatus]: success };
    for (const [status, text] of Object.entries(route.otherSuccess ?? {})) responses[status] = { ...success, description: text };
    for (const [status, text] of Object.entries(errors).sort(([a], [b]) => Number(a) - Number(b))) {
      responses[status] = { description: text, content: { "application/json": { schema: errorRef } } };
    }

    const operation: Record<string, unknown> = {
      summary: route.summary,
      tags: [route.tag],
      operationId: operationIdOf(route.method, route.path),
      ...(parameters.length ? { parameters } : {}),
      security: route.auth === "none" ? [] : route.auth === "bearer" ? [{ bearer: [] }] : [{ bearer: [] }, { shareToken: [] }],
      responses,
    };
    if (route.body) {
      operation.requestBody = { required: true, content: { "application/json": { schema: schemas.convert(route.body) } } };
    } else if (route.upload) {
      operation.requestBody = {
        required: true,
        content: {
          "multipart/form-data": {
            schema: {
              type: "object",
              required: [route.upload.field],
              properties: { [route.upload.field]: { type: "string", contentMediaType: "application/octet-stream", description: route.upload.description } },
            },
          },
        },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  const tags = [...new Set(routes.map((r) => r.tag))].map((name) => ({
    name,
    ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}),
  }));
  return {
    openapi: "3.1.0",
    info: {
      title: info.title,
      version: info.version,
      description: "Generated from the route definitions (api/src/rest/v5/route.ts); errors answer the Error schema.",
    },
    servers: [{ url: info.serverUrl }],
    tags,
    components: {
      schemas: Object.fromEntries(Object.entries(schemas.components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An access token from the identity provider, or an API key (fbk_…) from /settings/user",
        },
        shareToken: {
          type: "apiKey",
          in: "query",
          name: "token",
          description: `A share-link or invitation token (at least ${queryTokenMinLength} characters) used instead of a bearer token (spec 000 §2)`,
        },
      },
    },
    paths,
  };
}
