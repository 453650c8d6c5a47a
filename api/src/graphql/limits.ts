// What one GraphQL request may cost, so that one caller cannot stall the others (docs/decisions.md "GraphQL"):
// - the expensive fields' weights (analytics reads, mutations with side effects) and the
//   per-operation budget over them, checked at validation, before anything runs;
// - the per-caller budget: each caller (a user, or an address without a session) runs at most
//   `concurrency` analytics fields at once, keeps at most `queue` more waiting, and is refused
//   (TOO_MANY_REQUESTS) beyond that;
// - the analytics reads run on their own small pool whose statements PostgreSQL cancels after
//   ANALYTICS_STATEMENT_TIMEOUT_MS, so the main pool stays free for respondents and everyone else;
// - introspection (and with it "did you mean" suggestions) only where configured.
// docs/decisions.md "GraphQL limits" explains the numbers.
import { GraphQLError, Kind, Lexer, Source, TokenKind, type ASTVisitor, type SelectionSetNode, type ValidationContext } from "graphql";
import type { IMiddlewareFunction } from "graphql-middleware";
import type { PrismaClient } from "../generated/prisma/client.js";
import type { CallerBudget } from "../limits/analytics.js";

/** Fields that read many responses: they run on the analytics pool under the caller's budget. */
const analyticsFields = [
  "textAnalytics",
  "rootCause",
  "summary",
  "results",
  "feedbackList",
  "questionResult",
  "resultsFilterOptions",
  "journeyResult",
] as const;

/**
 * The weight of each expensive root field ("Type.field"); an operation's weights must add up to at
 * most GRAPHQL_MAX_EXPENSIVE_COST (default 100). A mutation not named here weighs `defaultMutationCost`.
 */
export const expensiveFieldCosts: Readonly<Record<string, number>> = {
  "Query.textAnalytics": 25,
  "Query.rootCause": 25,
  "Query.summary": 20,
  "Query.results": 20,
  "Query.feedbackList": 20,
  "Query.questionResult": 10,
  "Query.resultsFilterOptions": 5,
  "Query.journeyResult": 20, // two engine reads per stage (docs/customer-journeys.md)
  "Query.nodes": 10, // up to 100 lookups each (schema/node.ts)
  "Mutation.generateApiKey": 25,
  "Mutation.startPdfExport": 25,
  "Mutation.createShareLink": 10,
  "Mutation.inviteUser": 10,
  "Mutation.resendInvite": 10,
  "Mutation.createUser": 10,
  "Mutation.generateDemoData": 100,
};
const defaultMutationCost = 5;

/** The weight of one operation's root fields, fragments expanded (each spread counted each time). */
export function operationCost(
  operation: { operation: string; selectionSet: SelectionSetNode },
  rootTypeName: string,
  fragment: (name: string) => { selectionSet: SelectionSetNode } | null | undefined,
): number {
  const walk = (selectionSet: SelectionSetNode, seen: Set<string>): number => {
    let cost = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const weight = expensiveFieldCosts[`${rootTypeName}.${selection.name.value}`];
        cost += weight ?? (operation.operation === "mutation" && !selection.name.value.startsWith("__") ? defaultMutationCost : 0);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        cost += walk(selection.selectionSet, seen);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const definition = fragment(name);
        // A fragment cycle is refused by graphql's own rule; here it is only not followed.
        if (definition && !seen.has(name)) cost += walk(definition.selectionSet, new Set([...seen, name]));
      }
    }
    return cost;
  };
  return walk(operation.selectionSet, new Set());
}

/** Refuses an operation whose expensive fields weigh more than `maxCost` (at validation: nothing runs). */
export function expensiveFieldsRule(maxCost: number) {
  return (context: ValidationContext): ASTVisitor => ({
    OperationDefinition(node) {
      const schema = context.getSchema();
      const root =
        node.operation === "mutation" ? schema.getMutationType() : node.operation === "subscription" ? schema.getSubscriptionType() : schema.getQueryType();
      if (!root) return;
      const cost = operationCost(node, root.name, (name) => context.getFragment(name));
      if (cost > maxCost) {
        context.reportError(
          new GraphQLError(
            `This operation asks too much at once: its analytics fields and mutations weigh ${cost}, at most ${maxCost} are allowed. Split it into several requests.`,
            { nodes: [node], extensions: { code: "OPERATION_TOO_EXPENSIVE", cost, maxCost } },
          ),
        );
      }
    },
  });
}

/**
 * The deepest nesting of braces and brackets a document may have (selections and literals
 * together). graphql's parser recurses per level and overflows the stack near 2,000 levels, which
 * would answer an internal error; the selections' own depth limit is GRAPHQL_MAX_DEPTH.
 */
export const maxNesting = 100;

/**
 * The document's nesting depth, read with graphql's lexer (which does not recurse), stopping as soon
 * as it passes `limit`; undefined when the lexer finds a syntax error (the parser then reports it).
 */
export function nestingDepth(source: string, limit = maxNesting): number | undefined {
  const lexer = new Lexer(new Source(source));
  let depth = 0;
  let deepest = 0;
  try {
    for (let token = lexer.advance(); token.kind !== TokenKind.EOF; token = lexer.advance()) {
      if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L) {
        deepest = Math.max(deepest, ++depth);
        if (deepest > limit) return deepest;
      } else if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R) {
        depth--;
      }
    }
  } catch {
    return undefined;
  }
  return deepest;
}

export const tooDeeplyNested = () =>
  new GraphQLError(`Syntax Error: the document nests braces and brackets more than ${maxNesting} levels deep.`, {
    extensions: { code: "GRAPHQL_PARSE_FAILED", http: { status: 400 } },
  });

/** Refuses `__schema` and `__type` (introspection); `__typename` stays allowed. */
export function noIntrospectionRule(context: ValidationContext): ASTVisitor {
  return {
    Field(node) {
      if (node.name.value === "__schema" || node.name.value === "__type") {
        context.reportError(
          new GraphQLError(`GraphQL introspection is disabled on this server, but the query asked for "${node.name.value}".`, {
            nodes: [node],
            extensions: { code: "INTROSPECTION_DISABLED" },
          }),
        );
      }
    },
  };
}

/** What the GraphQL context carries for the analytics middleware (set in graphql/yoga.ts). */
export type RequestLimits = {
  budget: CallerBudget;
  /** the analytics pool's client; undefined: the request's own (embedded mode) */
  analyticsPrisma: PrismaClient | undefined;
  /** the caller's budget key */
  caller: string;
};

const runUnderBudget: IMiddlewareFunction = (resolve, root, args, context, info) => {
  const limits = (context as { requestLimits?: RequestLimits }).requestLimits;
  if (!limits) return resolve(root, args, context, info);
  const ctx = limits.analyticsPrisma ? { ...(context as object), prisma: limits.analyticsPrisma } : context;
  return limits.budget.run(limits.caller, async () => resolve(root, args, ctx, info));
};

/** graphql-middleware map: every analytics field runs on the analytics pool under the caller's budget. */
export const analyticsMiddleware = { Query: Object.fromEntries(analyticsFields.map((field) => [field, runUnderBudget])) };
