// A page whose query is refused says "No access to this page" with the server's reason, not "Something went wrong".
import { configure, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { GraphQLResponseError } from "../transport/relayEnvironment";
import { renderApp } from "../test/renderApp";
import { viewerResponse } from "../test/relay";
import { pageErrorKind } from "./RouteError";

configure({ asyncUtilTimeout: 15_000 });

describe("PageError", () => {
  it("tells a refusal and a missing object from a failure", () => {
    expect(pageErrorKind(new GraphQLResponseError([{ message: "No", extensions: { code: "FORBIDDEN" } }]))).toBe("refused");
    expect(pageErrorKind(new GraphQLResponseError([{ message: "Gone", extensions: { code: "NOT_FOUND" } }]))).toBe("notFound");
    expect(pageErrorKind(new GraphQLResponseError([{ message: "Bad", extensions: { code: "INTERNAL_SERVER_ERROR" } }]))).toBe("failed");
    expect(pageErrorKind(new Error("boom"))).toBe("failed");
  });

  it("a refused page names the refusal and whom to ask, inside the shell", async () => {
    renderApp("/touchpoints/sms-text", {
      AppShellQuery: () => viewerResponse(),
      MessageTemplatesPanelQuery: () => ({ errors: [{ message: "User has no rights to edit touchpoint", extensions: { code: "FORBIDDEN" } }] }),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "No access to this page" })).toBeTruthy();
    expect(screen.getByText("User has no rights to edit touchpoint")).toBeTruthy();
    expect(screen.getByText(/Ask your organisation admin/)).toBeTruthy();
    expect(screen.queryByText("Something went wrong")).toBeNull();
    expect(screen.getByRole("navigation", { name: "Main menu" })).toBeTruthy();
  });
});
