// A self-signup whose address is not verified yet (signup status emailVerification) may use only
// what the verify-email flow needs: read the current user (GET /user, GET /user/profile, GraphQL
// `viewer`, the `userUpdated` subscription) and sign out at the identity provider. Verifying and
// resending are open calls that need no session. Everything else refuses with one clear message:
// GraphQL through every root field's rule (requireVerifiedEmail below), REST through the router
// (rest/v5/route.ts). docs/permissions.md "Unverified sign-ups", docs/decisions.md.
import { chain, rule, type IRule } from "graphql-shield";
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type FragmentDefinitionNode, type SelectionNode } from "graphql";
import type { Plugin } from "graphql-yoga";
import type { GraphQLContext } from "../schema/builder.js";
import type { Viewer } from "../domain/viewer.js";
import { forbidden } from "../domain/errors.js";

export const emailNotVerifiedMessage = "Verify your e-mail address first: open the link in the mail we sent you, or ask for a new one";

/** True when the caller is signed in with an address still waiting for its verification link. */
export function isUnverified(viewer: Viewer | null | undefined): boolean {
  return !!viewer && !viewer.emailVerified;
}

export const emailNotVerified = () => forbidden(emailNotVerifiedMessage);

/** The REST calls an unverified user may make, as "METHOD /path" of the route definitions. */
export const restOpenToUnverified: ReadonlySet<string> = new Set(["GET /user", "GET /user/profile"]);

/**
 * The GraphQL root fields an unverified user may use: their own user (the web's shell routes them
 * to /signup/verify-email from it) and its updates; and the fields whose proof is a token, not the
 * session (an invitation's preview and anonymous acceptance, a share link's view).
 */
const graphqlOpenToUnverified: Readonly<Record<"Query" | "Mutation" | "Subscription", readonly string[]>> = {
  Query: ["viewer", "invitation", "sharedView"],
  Mutation: ["acceptInvitationAsNewUser"],
  Subscription: ["userUpdated"],
};

const hasVerifiedEmail = rule({ cache: "contextual" })((_p, _a, ctx: GraphQLContext) =>
  isUnverified(ctx.viewer) ? new GraphQLError(emailNotVerifiedMessage, { extensions: { code: "FORBIDDEN" } }) : true,
);

// A rule of the map: a rule, or a logic rule built from rules (chain, and, or).
type ShieldRule = IRule | ReturnType<typeof chain>;
type RuleMap = Record<string, ShieldRule | Record<string, ShieldRule>>;

/** The permission map with every root field's rule preceded by the verified-address check (bar the list above). */
export function requireVerifiedEmail<T extends RuleMap>(map: T): T {
  const out: RuleMap = { ...map };
  for (const root of ["Query", "Mutation", "Subscription"] as const) {
    const fields = map[root] as Record<string, ShieldRule> | undefined;
    if (!fields) continue;
    const open = new Set(graphqlOpenToUnverified[root]);
    out[root] = Object.fromEntries(Object.entries(fields).map(([name, fieldRule]) => [name, open.has(name) ? fieldRule : chain(hasVerifiedEmail, fieldRule)]));
  }
  return out as T;
}

/** The root field names an operation selects (through fragments at its top level too). */
export function rootFieldNames(document: DocumentNode, operationName: string | null | undefined): string[] {
  const operation = getOperationAST(document, operationName);
  if (!operation) return [];
  const fragments = new Map(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  const names: string[] = [];
  const walk = (selections: readonly SelectionNode[], seen: Set<string>) => {
    for (const selection of selections) {
      if (selection.kind === Kind.FIELD) names.push(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet.selections, seen);
      else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet.selections, seen);
      }
    }
  };
  walk(operation.selectionSet.selections, new Set());
  return names;
}

/**
 * Subscriptions: shield's rules run per event, and a subscription's own checks run when it is
 * opened, so the same refusal is given there (HTTP/SSE and WebSocket alike) before anything listens.
 */
export function unverifiedSubscriptionGuard(): Plugin<{ viewer?: Viewer | null }> {
  const open = new Set(graphqlOpenToUnverified.Subscription);
  return {
    onSubscribe({ args, setResultAndStopExecution }) {
      if (!isUnverified(args.contextValue.viewer)) return;
      if (rootFieldNames(args.document, args.operationName).every((name) => open.has(name) || name === "__typename")) return;
      setResultAndStopExecution({ errors: [new GraphQLError(emailNotVerifiedMessage, { extensions: { code: "FORBIDDEN" } })] });
    },
  };
}
