// The search and sort arguments of the paginated lists (domain/list-query.ts): a SortDirection
// shared by every list's order input, and the search text's description.
import { builder } from "./builder.js";
import { searchMaxLength, sortDirections } from "../domain/list-query.js";

export const SortDirectionEnum = builder.enumType("SortDirection", { values: sortDirections, description: "asc: A to Z, oldest or fewest first" });

export const searchDescription = `Only rows whose name contains this text (case-insensitive, at most ${searchMaxLength} characters); blank: all`;
