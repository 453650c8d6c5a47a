// graphql-shield's field middleware with the same answers, without its promises where a rule decides
// at once (issue 18, item 2; docs/decisions.md "API layer").
//
// Shield wraps every field's resolver in an async function that awaits the rule and then the
// resolver, so every field of every query answers through a promise and graphql's executor takes
// its slow path for every object. Most of our rules (isAuthenticated, isMember, allow, deny…) decide
// synchronously from the context. Here each field is given the rule shield itself would apply (the
// field's rule, else its type's "*", else the fallback rule; a type's single rule for all its fields),
// and where that rule is a plain `rule()` with the "contextual" or "no_cache" cache, or `allow` or
// `deny`, the field gets a middleware that decides as shield does, sharing shield's per-request
// cache (`ctx._shield.cache`, the same keys): a rule's error or message is the answer, `true` runs
// the resolver (an error it throws is the answer: allowExternalErrors), anything else is the
// fallback error; a rule that throws or rejects counts as false. A rule that answers a promise is
// awaited exactly as shield awaits it. Every other rule (and/chain/or, "strict" caches, fragments)
// keeps shield's own middleware. Only for shield's options as we use them (debug off,
// allowExternalErrors on, a fallback error function); other options keep shield's middleware everywhere.
import { allow, deny, shield } from "graphql-shield";
import { middleware } from "graphql-middleware";
import type { GraphQLSchema } from "graphql";

type ShieldArgs = Parameters<typeof shield>;
type RuleTree = ShieldArgs[0];
type ShieldOptions = NonNullable<ShieldArgs[1]>;
type Resolve = (parent: unknown, args: unknown, ctx: unknown, info: unknown) => unknown;
type FieldMiddleware = (resolve: Resolve, parent: unknown, args: unknown, ctx: unknown, info: unknown) => unknown;

/** A plain rule made by shield's `rule()`: its name, function and cache option. */
type PlainRule = { name: string; func: (...a: unknown[]) => unknown; cache: unknown; extractFragment(): unknown };

const isPlainRule = (r: unknown): r is PlainRule =>
  typeof r === "object" &&
  r !== null &&
  typeof (r as PlainRule).func === "function" &&
  typeof (r as PlainRule).name === "string" &&
  typeof (r as PlainRule).extractFragment === "function" &&
  !(r as PlainRule).extractFragment() &&
  ((r as PlainRule).cache === "contextual" || (r as PlainRule).cache === "no_cache");

const isRuleObject = (r: unknown): boolean =>
  typeof r === "object" &&
  r !== null &&
  (typeof (r as { resolve?: unknown }).resolve === "function" || typeof (r as { getRules?: unknown }).getRules === "function");

const isThenable = (v: unknown): v is PromiseLike<unknown> => typeof (v as { then?: unknown } | null)?.then === "function";

/** The rule shield applies to a type's field (generator.js: applyRuleToType). */
function ruleFor(tree: Record<string, unknown>, typeName: string, field: string, fallbackRule: unknown): unknown {
  const rules = tree[typeName];
  if (rules === undefined) return fallbackRule;
  if (isRuleObject(rules)) return rules;
  const map = rules as Record<string, unknown>;
  const own = map[field];
  return own === undefined ? (map["*"] ?? fallbackRule) : own;
}

/** shield's `Rule.resolve` on a rule's answer: an Error or message denies with it, true allows, anything else is false. */
function normalized(answer: unknown): true | false | Error {
  if (answer instanceof Error) return answer;
  if (typeof answer === "string") return new Error(answer);
  return answer === true;
}

function synchronousMiddleware(rule: PlainRule | typeof allow | typeof deny, fallbackError: ShieldOptions["fallbackError"]): FieldMiddleware {
  const decide = (decision: true | false | Error, resolve: Resolve, parent: unknown, args: unknown, ctx: unknown, info: unknown): unknown => {
    try {
      if (decision === true) return resolve(parent, args, ctx, info);
      if (decision === false)
        return typeof fallbackError === "function" ? fallbackError(null, parent as never, args as never, ctx as never, info as never) : fallbackError;
      return decision;
    } catch (error) {
      // allowExternalErrors: the resolver's (or fallback's) error is the field's answer
      return error;
    }
  };
  if (rule === allow) return (resolve, parent, args, ctx, info) => decide(true, resolve, parent, args, ctx, info);
  if (rule === deny) return (resolve, parent, args, ctx, info) => decide(false, resolve, parent, args, ctx, info);
  const plain = rule as PlainRule;
  const contextual = plain.cache === "contextual";
  const key = plain.name;
  return (resolve, parent, args, ctx, info) => {
    const c = ctx as { _shield?: { cache: Record<string, unknown> } };
    if (!c._shield) c._shield = { cache: {} };
    let answer: unknown;
    try {
      if (contextual) {
        const cache = c._shield.cache;
        // shield's writeToCache: a falsy answer is asked again
        if (!cache[key]) cache[key] = plain.func(parent, args, ctx, info);
        answer = cache[key];
      } else answer = plain.func(parent, args, ctx, info);
    } catch {
      answer = false;
    }
    if (isThenable(answer))
      return Promise.resolve(answer).then(
        (a) => decide(normalized(a), resolve, parent, args, ctx, info),
        () => decide(false, resolve, parent, args, ctx, info),
      );
    return decide(normalized(answer), resolve, parent, args, ctx, info);
  };
}

/** `shield(tree, options)`, with the synchronous middleware above wherever the field's rule allows it. */
export function shieldWithSynchronousRules(tree: RuleTree, options: ShieldOptions) {
  const shielded = shield(tree, options);
  if (options.debug || !options.allowExternalErrors || typeof options.fallbackError !== "function" || isRuleObject(tree)) return shielded;
  const fallbackRule = options.fallbackRule ?? allow;
  return middleware((schema: GraphQLSchema) => {
    const generated = shielded.generate(schema) as Record<string, Record<string, unknown>>;
    // Shield's own map names the object types (introspection's left out) and their fields. (Not
    // graphql's isObjectType: its ESM and CommonJS builds are both loaded, and the schema may be
    // the other build's.)
    for (const [typeName, fields] of Object.entries(generated)) {
      for (const field of Object.keys(fields)) {
        const rule = ruleFor(tree as Record<string, unknown>, typeName, field, fallbackRule);
        if (!(rule === allow || rule === deny || isPlainRule(rule))) continue;
        const generatedField = fields[field];
        const fast = synchronousMiddleware(rule as PlainRule, options.fallbackError);
        if (typeof generatedField === "function") fields[field] = fast;
        // allow and deny are logic rules: shield hands their middleware over with their (empty) fragments
        else if (typeof generatedField === "object" && generatedField !== null && "resolve" in generatedField)
          fields[field] = { ...generatedField, resolve: fast };
      }
    }
    return generated as never;
  });
}
