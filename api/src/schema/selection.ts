// Which subfields a query asks of the field being resolved, so a resolver can leave out work whose
// result nobody selected (Query.results computes a question's series only when `series` is asked).
// Fragments (named and inline) count, whatever their type condition; a selection under
// @include(if: false) or @skip(if: true) does not, as graphql-js does not execute it either.
import {
  getDirectiveValues,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  Kind,
  type FieldNode,
  type FragmentSpreadNode,
  type GraphQLResolveInfo,
  type InlineFragmentNode,
  type SelectionSetNode,
} from "graphql";

function included(node: FieldNode | FragmentSpreadNode | InlineFragmentNode, variables: GraphQLResolveInfo["variableValues"]): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/** True when any of the resolved field's nodes selects `name` directly under it (through fragments too). */
export function selectsSubfield(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((s) => {
      if (!included(s, info.variableValues)) return false;
      if (s.kind === Kind.FIELD) return s.name.value === name;
      if (s.kind === Kind.INLINE_FRAGMENT) return visit(s.selectionSet);
      const fragment = info.fragments[s.name.value];
      if (!fragment || seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return visit(fragment.selectionSet);
    });
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}
