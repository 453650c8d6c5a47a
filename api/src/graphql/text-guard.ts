// The GraphQL side of domain/text-hygiene.ts: before an operation runs (HTTP, SSE or WebSocket),
// its variables and the string literals of its document are checked; NUL or an unpaired surrogate
// answers BAD_USER_INPUT (HTTP 400) and nothing runs.
import { GraphQLError, Kind, visit, type DocumentNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import { badTextMessage, findBadText, isBadText } from "../domain/text-hygiene.js";

// Documents already looked at: yoga's parser cache hands the same DocumentNode to every request with
// the same query text, so a repeated query is walked once (documents are never changed after parsing).
const literalsChecked = new WeakMap<DocumentNode, boolean>();

function badLiteral(document: DocumentNode): boolean {
  const known = literalsChecked.get(document);
  if (known !== undefined) return known;
  const found = walkLiterals(document);
  literalsChecked.set(document, found);
  return found;
}

function walkLiterals(document: DocumentNode): boolean {
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
