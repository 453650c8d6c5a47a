// Every /api/v5 route, in one list: the router serves it and the OpenAPI document describes it.
import type { RouteDefinition } from "./route.js";
import { userRoutes } from "./user.js";
import { signupRoutes } from "./signup.js";

export const v5Routes: readonly RouteDefinition[] = [...userRoutes, ...signupRoutes];
