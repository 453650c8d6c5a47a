// shieldWithSynchronousRules answers exactly what graphql-shield answers, for every kind of rule
// answer, with the same per-request cache; and a warm field through it is no promise.
import { describe, expect, it } from "vitest";
import { createSchema, createYoga } from "graphql-yoga";
import { applyMiddleware } from "graphql-middleware";
import { allow, and, deny, rule, shield } from "graphql-shield";
import { shieldWithSynchronousRules } from "./sync-shield.js";

const typeDefs = `
  type Thing { open: String, closed: String, other: String }
  type Query {
    yes: String, no: String, message: String, error: String, throws: String, later: String, laterNo: String,
    allowed: String, denied: String, resolverThrows: String, resolverRejects: String, both: String, unnamed: String, thing: Thing, again: String
  }
`;

function build(wrap: typeof shield) {
  const calls = { contextual: 0 };
  const yes = rule({ cache: "contextual" })(() => {
    calls.contextual++;
    return true;
  });
  const no = rule()(() => false);
  const message = rule()(() => "not you");
  const error = rule()(() => new Error("custom refusal"));
  const throws = rule()(() => {
    throw new Error("rule failed");
  });
  const later = rule({ cache: "contextual" })(async () => true);
  const laterNo = rule()(async () => "later, no");
  const tree = {
    Query: {
      yes,
      no,
      message,
      error,
      throws,
      later,
      laterNo,
      allowed: allow,
      denied: deny,
      resolverThrows: yes,
      resolverRejects: yes,
      both: and(yes, later),
      thing: yes,
      again: yes,
    },
    Thing: { "*": yes, closed: no },
  };
  const schema = createSchema({
    typeDefs,
    resolvers: {
      Query: {
        yes: () => "y",
        no: () => "n",
        message: () => "m",
        error: () => "e",
        throws: () => "t",
        later: () => "l",
        laterNo: () => "ln",
        allowed: () => "a",
        denied: () => "d",
        resolverThrows: () => {
          throw new Error("resolver failed");
        },
        resolverRejects: async () => {
          throw new Error("resolver rejected");
        },
        both: () => "b",
        unnamed: () => "u",
        thing: () => ({ open: "o", closed: "c", other: "x" }),
        again: () => "again",
      },
    },
  });
  const protectedSchema = applyMiddleware(schema, wrap(tree, { fallbackRule: deny, allowExternalErrors: true, fallbackError: () => new Error("No rights") }));
  return { schema: protectedSchema, calls };
}

const query = `{ yes no message error throws later laterNo allowed denied resolverThrows resolverRejects both unnamed thing { open closed other } again }`;

async function run(wrap: typeof shield) {
  const { schema, calls } = build(wrap);
  // executed by yoga (graphql's ESM and CommonJS builds are both loaded: yoga's matches the schema's)
  const yoga = createYoga({ schema, logging: false, maskedErrors: false });
  const response = await yoga.fetch("http://localhost/graphql", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query }),
  });
  const result = (await response.json()) as { data?: Record<string, unknown>; errors?: { message: string; path?: (string | number)[] }[] };
  const errors = (result.errors ?? []).map((e) => ({ message: e.message, path: e.path?.join(".") })).sort((a, b) => (a.path ?? "").localeCompare(b.path ?? ""));
  return { data: result.data, errors, calls: calls.contextual };
}

describe("shieldWithSynchronousRules", () => {
  it("answers what graphql-shield answers, rule by rule", async () => {
    const expected = await run(shield);
    const actual = await run(shieldWithSynchronousRules as typeof shield);
    expect(actual).toEqual(expected);
    // the answers themselves, so a change in both cannot pass unseen
    expect(actual.data).toMatchObject({ yes: "y", no: null, message: null, later: "l", allowed: "a", denied: null, both: "b", unnamed: null, again: "again" });
    expect(actual.data?.thing).toEqual({ open: "o", closed: null, other: "x" });
    expect(actual.errors).toEqual([
      { message: "No rights", path: "denied" },
      { message: "custom refusal", path: "error" },
      { message: "later, no", path: "laterNo" },
      { message: "not you", path: "message" },
      { message: "No rights", path: "no" },
      { message: "resolver rejected", path: "resolverRejects" },
      { message: "resolver failed", path: "resolverThrows" },
      { message: "No rights", path: "thing.closed" },
      { message: "No rights", path: "throws" },
      { message: "No rights", path: "unnamed" },
    ]);
    // the contextual rule ran once for the whole request, as with shield
    expect(actual.calls).toBe(1);
  });

  it("answers a field whose rule decides at once without a promise", () => {
    const { schema } = build(shieldWithSynchronousRules as typeof shield);
    const field = schema.getQueryType()!.getFields().yes!;
    const answer = field.resolve!({}, {}, {}, {} as never);
    expect(answer).toBe("y");
    const denied = schema.getQueryType()!.getFields().no!.resolve!({}, {}, {}, {} as never);
    expect(denied).toBeInstanceOf(Error);
  });
});
