// Subscriptions whose events are the same for many subscribers, executed once per event and
// selection instead of once per subscriber (docs/decisions.md "Live counts at scale").
//
// Each subscriber still opens its subscription as before: the guards (unverified e-mail, locked
// account) and the field's own check (`subscribe`: for responseCountChanged assertMayWatchSurvey, the
// same decision as its rule in the permission map) run when it subscribes, with its own context, and
// a refusal ends it there. The permission map's rules wrap the field's `resolve`, so they run when an
// event is executed. What is shared is that execution: subscribers whose field, document, operation,
// variables and scope (below) are equal get the result computed for the first of them to take the
// event, rules included. A result with errors is not shared: each subscriber then executes the event
// with its own context, so one subscriber's refusal or failed read reaches only that subscriber. That
// is right only where the result depends on nothing else, so a field is shared only when listed here
// with what its payload may depend on.
import { createRequire } from "node:module";
import * as graphqlEsm from "graphql";
import { print, type ExecutionArgs, type ExecutionResult } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { DomainContext } from "../domain/context.js";
import { rootFieldNames } from "../permissions/unverified.js";

/**
 * Root subscription fields that may share an execution, and the scope of a subscriber: what, beside
 * the event and the selection, its payload depends on (null: this subscriber does not share).
 *
 * responseCountChanged: the payload is the survey's counts, the same for everyone allowed to watch
 * the survey (checked when subscribing); the organisation keeps every execution within one tenant.
 */
export const sharedSubscriptionScopes: Readonly<Record<string, (ctx: DomainContext) => string | null>> = {
  responseCountChanged: (ctx) => ctx.viewer?.organizationId ?? null,
};

// graphql's ESM and CommonJS builds are both loaded (graphql/yoga.ts): the schema's objects belong to
// one of them, and graphql's functions refuse objects of the other, so use the schema's own build.
const graphqlCjs = createRequire(import.meta.url)("graphql") as typeof graphqlEsm;
const graphqlOf = (args: ExecutionArgs) => (args.schema instanceof graphqlEsm.GraphQLSchema ? graphqlEsm : graphqlCjs);
type Executed = ReturnType<typeof graphqlEsm.execute>;

/** The results of an event, by selection and scope, while the event object lives. */
const executions = new WeakMap<object, Map<string, Executed>>();

async function executeShared(args: ExecutionArgs, key: string, event: unknown): Promise<Awaited<Executed>> {
  const { execute } = graphqlOf(args);
  const own = () => execute({ ...args, rootValue: event });
  if (typeof event !== "object" || event === null) return own();
  let byKey = executions.get(event);
  if (!byKey) executions.set(event, (byKey = new Map()));
  const taken = byKey.get(key);
  if (!taken) {
    const result = own();
    byKey.set(key, result);
    return result;
  }
  const shared = await taken;
  // Errors (a refusal, a failed read) belong to the subscriber whose context met them.
  return shared.errors?.length ? own() : shared;
}

/** The source stream's events, each executed (shared), as graphql's own subscribe maps them. */
function mapEvents(source: AsyncIterator<unknown>, args: ExecutionArgs, key: string): AsyncIterableIterator<ExecutionResult> {
  return {
    async next() {
      const r = await source.next();
      if (r.done) return { value: undefined, done: true };
      return { value: await executeShared(args, key, r.value), done: false };
    },
    async return() {
      await source.return?.();
      return { value: undefined, done: true };
    },
    async throw(error: unknown) {
      if (source.throw) await source.throw(error);
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}

async function subscribeShared(args: ExecutionArgs, key: string) {
  // The subscriber's own subscribe: the field's subscribe function behind the permission map.
  const source = await graphqlOf(args).createSourceEventStream(args);
  if (!(Symbol.asyncIterator in source)) return source;
  return mapEvents((source as AsyncIterable<unknown>)[Symbol.asyncIterator](), args, key);
}

/** The yoga plugin: a listed field's subscription executes its events shared (HTTP/SSE and WebSocket). */
export function sharedSubscriptionExecution(): Plugin<DomainContext> {
  return {
    onSubscribe({ args, setSubscribeFn }) {
      const names = rootFieldNames(args.document, args.operationName);
      if (names.length !== 1) return;
      const scopeOf = sharedSubscriptionScopes[names[0]!];
      const scope = scopeOf?.(args.contextValue);
      if (scope == null) return;
      const key = JSON.stringify([names[0], scope, args.operationName ?? null, args.variableValues ?? null, print(args.document)]);
      setSubscribeFn((a) => subscribeShared(a as ExecutionArgs, key) as never);
    },
  };
}
