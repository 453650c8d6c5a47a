// GraphQL subscriptions over WebSocket (graphql-ws) on the same port and path as HTTP.
import { WebSocketServer } from "ws";
import { useServer } from "graphql-ws/use/ws";
import type { Server } from "node:http";
import type { ExecutionArgs } from "graphql";
import type { YogaServerInstance } from "graphql-yoga";
import type { ServerContext } from "./yoga.js";
import type { DomainContext } from "../domain/context.js";

type EnvelopedRoot = { execute: (args: ExecutionArgs) => unknown; subscribe: (args: ExecutionArgs) => unknown };

export function attachGraphQLWebSocket(server: Server, yoga: YogaServerInstance<ServerContext, DomainContext>) {
  const wsServer = new WebSocketServer({ server, path: yoga.graphqlEndpoint });
  const disposable = useServer(
    {
      execute: (args) => (args.rootValue as EnvelopedRoot).execute(args) as never,
      subscribe: (args) => (args.rootValue as EnvelopedRoot).subscribe(args) as never,
      onSubscribe: async (ctx, _id, params) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          connectionParams: ctx.connectionParams,
          params,
        });
        const args = {
          schema,
          operationName: params.operationName,
          document: parse(params.query),
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        if (errors.length) return errors;
        return args;
      },
    },
    wsServer,
  );
  return {
    close: async () => {
      for (const client of wsServer.clients) client.terminate();
      await disposable.dispose();
      await new Promise<void>((resolve) => wsServer.close(() => resolve()));
    },
  };
}
