// How a yoga instance answers /graphql over HTTP (and SSE) inside fastify. The API server and the
// bench's bare-yoga baseline both mount through this, so the baseline is mounted the same way.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

/** The server context yoga receives from fastify: the request and the reply. */
export type FastifyServerContext = { req: FastifyRequest; reply: FastifyReply };

/** What mounting needs of a yoga instance (ours has more in its server context: graphql-ws's parameters). */
export interface MountableYoga {
  graphqlEndpoint: string;
  handleNodeRequestAndResponse(req: FastifyRequest, reply: FastifyReply, context: FastifyServerContext): Response | Promise<Response>;
}

/** Routes GET, POST and OPTIONS on the yoga's endpoint to it, copying its status, headers and body (a stream for SSE). */
export function mountGraphQL(app: FastifyInstance, yoga: MountableYoga): void {
  app.route({
    url: yoga.graphqlEndpoint,
    method: ["GET", "POST", "OPTIONS"],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => void reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
