// The JSON scalar: a value whose shape is open by design (free view options, free metadata).
// Every value with a known shape has its own input and object types instead.
import { valueFromASTUntyped } from "graphql";
import { builder } from "./builder.js";

export const JSONScalar = builder.scalarType("JSON", {
  description: "A JSON value whose shape is open by design (free options or metadata)",
  serialize: (v) => v,
  parseValue: (v) => v,
  parseLiteral: (node, variables) => valueFromASTUntyped(node, variables ?? undefined),
});
