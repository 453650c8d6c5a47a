// The REST side of domain/text-hygiene.ts: one hook before validation refuses a parsed body, query
// string or path parameter holding NUL or an unpaired surrogate with a 400 (a client does not retry
// a 400), so no handler ever hands such text to PostgreSQL. Routes whose config says
// `textPolicy: "clean"` (the respondents' /r calls: nothing a respondent sends is lost) get the
// text cleaned instead. /graphql answers in GraphQL's own shape (graphql/text-guard.ts).
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badTextMessage, cleanJson, findBadText } from "../domain/text-hygiene.js";

export type TextPolicy = "reject" | "clean";

function policyOf(request: FastifyRequest): TextPolicy {
  return (request.routeOptions.config as { textPolicy?: TextPolicy } | undefined)?.textPolicy ?? "reject";
}

export function registerTextGuard(app: FastifyInstance, opts: { skip: (url: string) => boolean }): void {
  // Synchronous (callback style): an async hook would cost every request a promise for work that never waits.
  app.addHook("preValidation", (request, reply, done) => {
    if (opts.skip(request.url)) return done();
    try {
      if (policyOf(request) === "clean") {
        if (request.body !== undefined) request.body = cleanJson(request.body);
        request.query = cleanJson(request.query);
        request.params = cleanJson(request.params);
        return done();
      }
      for (const [part, value] of [
        ["body", request.body],
        ["query", request.query],
        ["params", request.params],
      ] as const) {
        const field = findBadText(value);
        if (field === undefined) continue;
        // answered here: the request goes no further (fastify: a hook that sends does not call done)
        reply.status(400).send(field ? { error: badTextMessage, field } : { error: `${badTextMessage} in the ${part}` });
        return;
      }
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
}
