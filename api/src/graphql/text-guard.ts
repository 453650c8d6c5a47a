// The GraphQL side of domain/text-hygiene.ts: before an operation runs (HTTP, SSE or WebSocket),
// its variables and the string literals of its document are checked; NUL or an unpaired surrogate
// answers BAD_USER_INPUT (HTTP 400) and nothing runs.
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { badTextMessage, findBadText, isBadText } from "../domain/text-hygiene.js";

function badLiteral(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    [Kind.STRING]: (node) => {
      if (isBadText(node.value)) found = true;
    },
  });
  return found;
}

/** The error for an operation carrying bad text, or undefined when it carries none. */
function badTextError(document: DocumentNode, variables: unknown): GraphQLError | undefined {
  const variable = findBadText(variables ?? {});
  if (variable === undefined && !badLiteral(document)) return undefined;
  return new GraphQLError(badTextMessage, {
    extensions: { code: "BAD_USER_INPUT", ...(variable ? { field: variable } : {}), http: { status: 400 } },
  });
}

export function textGuardPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const error = badTextError(args.document, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const error = badTextError(args.document, args.variableValues);
      if (error) setResultAndStopExecution({ errors: [error] });
    },
  };
}
