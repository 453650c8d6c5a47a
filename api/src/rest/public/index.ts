// The respondents' public calls under /r (no sign-in): the survey of a touchpoint, submissions and
// terminal heartbeats (docs/respondent-api.md). Open to any origin (the website widget calls them
// from customers' pages); `text/plain` bodies are read as JSON so a page can use sendBeacon or a
// simple request without a CORS preflight. Rate-limited per client address and per touchpoint.
import type { ReachedAddress } from "../../http/public-address.js";
import { z } from "zod";
import type { FastifyInstance } from "fastify";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { EventBus } from "../../pubsub/bus.js";
import type { DomainContext } from "../../domain/context.js";
import type { Authenticator } from "../../auth/authenticate.js";
import { createRespondentRuntime, RateLimitedError, submissionLimits, type RespondentRuntimeOptions } from "../../domain/respondent/runtime.js";
import { defineRoute, errorReply, openApiDocument, registerRoutes, type RouteDefinition } from "../v5/route.js";

export const publicPrefix = "/r";

const params = z.object({ touchpointId: z.string().max(100) });

const localized = z.record(z.string(), z.string());
const questionSchema = z.object({
  id: z.string(),
  type: z.enum(["smiley", "nps", "slider", "singleChoice", "multipleChoice", "openText", "emotion", "contactDetails"]),
  title: localized,
  subtitle: localized.nullable(),
  options: z.record(z.string(), z.unknown()),
  choices: z.array(z.object({ id: z.string(), text: localized, cluster: z.string().optional() })),
  required: z.boolean(),
  logic: z.record(z.string(), z.string()).nullable(),
});

const surveyAnswer = z.object({
  touchpoint: z.object({ id: z.string(), type: z.string(), name: z.string() }),
  survey: z.object({
    id: z.string(),
    name: z.string(),
    languages: z.array(z.string()),
    appearance: z.record(z.string(), z.unknown()),
    endScreenText: localized.nullable(),
    privacyPolicy: z.string().nullable(),
    logoUrl: z.string().nullable(),
  }),
  questions: z.array(questionSchema),
  kiosk: z.object({ questionTimeoutSeconds: z.number(), endScreenSeconds: z.number(), heartbeatSeconds: z.number() }),
  loadedAt: z.string(),
});

type Runtime = ReturnType<typeof createRespondentRuntime>;

/**
 * A body the runtime validates itself (with its own messages and against the survey): the route
 * accepts any JSON and the schema below only documents it in the OpenAPI document.
 */
function documented(schema: z.ZodType) {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return z.unknown().meta(json);
}

const submissionDoc = z.object({
  idempotencyKey: z.string().min(submissionLimits.idempotencyKeyMin).max(submissionLimits.idempotencyKeyMax),
  surveyId: z.string(),
  language: z.string().optional(),
  answers: z.array(z.object({ questionId: z.string(), value: z.unknown() })),
  metadata: z.record(z.string(), z.string()).optional(),
  startedAt: z.string().optional(),
  submittedAt: z.string().optional(),
  messageToken: z.string().optional().describe("the `m` of a campaign message's personal link (the response records the message)"),
});

function publicRoutes(runtime: Runtime): RouteDefinition[] {
  const withRetryAfter = async <T>(reply: { header(k: string, v: string): unknown }, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof RateLimitedError) reply.header("retry-after", String(error.retryAfterSeconds));
      throw error;
    }
  };
  return [
    defineRoute({
      method: "GET",
      path: "/{touchpointId}/survey",
      errors: { 404: "unknown touchpoint, or no active survey", 410: "the survey is closed", 429: "too many requests from this address" },
      tag: "respondents",
      summary: "The touchpoint's active survey for respondents (404 unknown touchpoint, 410 closed)",
      auth: "none",
      params,
      response: surveyAnswer,
      handler: async ({ params: p, request, reply }) => {
        reply.header("cache-control", "no-store");
        return withRetryAfter(reply, () => runtime.survey(p.touchpointId, request.ip));
      },
    }),
    defineRoute({
      method: "POST",
      path: "/{touchpointId}/responses",
      errors: { 404: "unknown touchpoint", 410: "the survey is closed", 429: "too many submissions from this address or to this touchpoint" },
      tag: "respondents",
      summary: "Submit a response: 201 { responseId }, or 200 with the same id for a retry with the same idempotencyKey",
      auth: "none",
      params,
      body: documented(submissionDoc),
      response: z.object({ responseId: z.string() }),
      status: 201,
      otherSuccess: { 200: "a retry with an idempotencyKey already stored: the same responseId, nothing stored twice" },
      handler: async ({ params: p, request, reply }) => {
        const result = await withRetryAfter(reply, () => runtime.submit(p.touchpointId, request.ip, request.body));
        reply.status(result.created ? 201 : 200).send({ responseId: result.responseId });
        return { responseId: result.responseId };
      },
    }),
    defineRoute({
      method: "GET",
      path: "/{touchpointId}/logo",
      tag: "respondents",
      summary: "A terminal's own logo image (404 \"No logo\" when it has none: the kiosk then shows the organisation's)",
      auth: "none",
      params,
      response: z.custom<Buffer>().describe("image/png, image/jpeg, image/svg+xml or image/webp"),
      handler: async ({ params: p, request, reply }) => {
        const logo = await withRetryAfter(reply, () => runtime.logo(p.touchpointId, request.ip));
        reply
          .header("content-type", logo.contentType)
          .header("cache-control", "public, max-age=300")
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
        return Buffer.from(logo.data);
      },
    }),
    defineRoute({
      method: "POST",
      path: "/{touchpointId}/ping",
      errors: { 404: "unknown touchpoint", 429: "too many requests from this address" },
      tag: "respondents",
      summary: "A terminal's heartbeat; refresh is true when the survey or touchpoint changed after loadedAt",
      auth: "none",
      params,
      body: documented(z.object({ battery: z.number().min(0).max(1).nullish(), loadedAt: z.string() })),
      response: z.object({ refresh: z.boolean() }),
      handler: async ({ params: p, request, reply }) => withRetryAfter(reply, () => runtime.ping(p.touchpointId, request.ip, request.body)),
    }),
  ];
}

export type PublicRoutesDeps = {
  prisma: PrismaClient;
  bus: EventBus;
  authenticate: Authenticator;
  context: (viewer: DomainContext["viewer"], reached?: ReachedAddress) => DomainContext;
  publicUrl: string;
  options?: RespondentRuntimeOptions;
};

/** Registers /r/* on a fastify instance mounted at `publicPrefix`; closes the runtime with the server. */
export async function registerPublicRoutes(app: FastifyInstance, deps: PublicRoutesDeps): Promise<Runtime> {
  const runtime = createRespondentRuntime(
    { prisma: deps.prisma, bus: deps.bus },
    { onError: (e) => app.log.error({ err: e }, "respondent runtime (response counters or roll-up applier)"), ...deps.options },
  );
  const routes = publicRoutes(runtime);

  // Our own body limit, below the server's 1 MB; and nothing a respondent sends is lost: NUL and
  // unpaired surrogates are cleaned out of their text, not refused (rest/text-guard.ts).
  app.addHook("onRoute", (route) => {
    route.bodyLimit = submissionLimits.bodyBytes;
    route.config = { ...(route.config as object), textPolicy: "clean" } as typeof route.config;
  });
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(Object.assign(new Error("The body is not valid JSON"), { statusCode: 400 }), undefined);
    }
  });
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("access-control-allow-origin", "*");
    reply.header("access-control-allow-methods", "GET, POST, OPTIONS");
    reply.header("access-control-allow-headers", "content-type");
    reply.header("access-control-max-age", "86400");
    reply.header("access-control-expose-headers", "retry-after");
  });
  app.setErrorHandler((error, _request, reply) => {
    if ((error as { code?: string }).code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      return reply.status(413).send({ error: `The submission is too large: at most ${submissionLimits.bodyBytes / 1024} KB` });
    }
    const { status, body } = errorReply(error);
    return reply.status(status).send(body);
  });
  registerRoutes(app, routes, { prefix: "", authenticate: deps.authenticate, context: deps.context });
  app.options("/*", async (_request, reply) => reply.status(204).send());
  app.get("/openapi.json", async () =>
    openApiDocument(routes, { title: "Feedback platform respondent API", version: "1", serverUrl: `${deps.publicUrl}${publicPrefix}` }),
  );
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ error: `No such call: ${request.method} ${request.url.split("?")[0]}` }));
  app.addHook("onClose", async () => runtime.close());
  return runtime;
}
