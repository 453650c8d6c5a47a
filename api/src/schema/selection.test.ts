import { buildSchema, graphql, type GraphQLResolveInfo } from "graphql";
import { describe, expect, it } from "vitest";
import { selectsSubfield } from "./selection.js";

// A schema of its own: the resolver of Query.results records what selectsSubfield saw.
const schema = buildSchema(`
  type Point { group: String }
  type Result { count: Int, series: [Point], earlier: Result }
  type Query { results: [Result] }
`);

async function seriesAsked(source: string, variableValues?: Record<string, unknown>): Promise<boolean> {
  let seen: boolean | null = null;
  const rootValue = {
    results: (_args: unknown, _ctx: unknown, info: GraphQLResolveInfo) => {
      seen = selectsSubfield(info, "series");
      return [{ count: 1, series: [], earlier: null }];
    },
  };
  const out = await graphql({ schema, source, rootValue, variableValues });
  expect(out.errors).toBeUndefined();
  expect(seen).not.toBeNull();
  return seen!;
}

describe("selectsSubfield", () => {
  it("sees a field selected directly, aliased, or in a named or inline fragment", async () => {
    expect(await seriesAsked("{ results { count series { group } } }")).toBe(true);
    expect(await seriesAsked("{ results { count s: series { group } } }")).toBe(true);
    expect(await seriesAsked("{ results { ...F } } fragment F on Result { count series { group } }")).toBe(true);
    expect(await seriesAsked("{ results { ... on Result { series { group } } } }")).toBe(true);
    expect(await seriesAsked("{ results { ...A } } fragment A on Result { ...B } fragment B on Result { series { group } }")).toBe(true);
  });

  it("does not see a field that is not asked, asked deeper down, or asked only of another field", async () => {
    expect(await seriesAsked("{ results { count } }")).toBe(false);
    expect(await seriesAsked("{ results { earlier { series { group } } } }")).toBe(false);
    expect(await seriesAsked("{ results { ...F } } fragment F on Result { count }")).toBe(false);
  });

  it("follows @include and @skip, with literals and with variables", async () => {
    expect(await seriesAsked("{ results { count series @include(if: false) { group } } }")).toBe(false);
    expect(await seriesAsked("{ results { count series @skip(if: true) { group } } }")).toBe(false);
    const q = "query Q($on: Boolean!) { results { count ...F @include(if: $on) } } fragment F on Result { series { group } }";
    expect(await seriesAsked(q, { on: false })).toBe(false);
    expect(await seriesAsked(q, { on: true })).toBe(true);
    const inline = "query Q($off: Boolean!) { results { ... @skip(if: $off) { series { group } } } }";
    expect(await seriesAsked(inline, { off: true })).toBe(false);
    expect(await seriesAsked(inline, { off: false })).toBe(true);
    // Selected twice, once skipped: still asked.
    expect(await seriesAsked("{ results { series @skip(if: true) { group } series { group } } }")).toBe(true);
    // One fragment spread twice, the first spread left out: the second still counts.
    expect(await seriesAsked("{ results { ...F @include(if: false) ...F } } fragment F on Result { series { group } }")).toBe(true);
    expect(await seriesAsked("{ results { ...F @include(if: false) ...F @skip(if: true) } } fragment F on Result { series { group } }")).toBe(false);
    // A spread left out further down.
    expect(await seriesAsked("{ results { ...A } } fragment A on Result { count ...B @skip(if: true) } fragment B on Result { series { group } }")).toBe(false);
  });

  it("reads every node of the resolved field, and each alias of it apart", async () => {
    // The same response key twice: graphql-js merges the nodes, and one of them asks.
    expect(await seriesAsked("{ results { count } results { series { group } } }")).toBe(true);
    const seen: boolean[] = [];
    const rootValue = {
      results: (_args: unknown, _ctx: unknown, info: GraphQLResolveInfo) => {
        seen.push(selectsSubfield(info, "series"));
        return [];
      },
    };
    const out = await graphql({ schema, source: "{ a: results { count } b: results { series { group } } }", rootValue });
    expect(out.errors).toBeUndefined();
    expect(seen).toEqual([false, true]);
  });
});
