// The lists' search and sort arguments (domain/list-query.ts) on the surveys and members
// connections: the order asked for, with empty dates last and stable ties, the team's name found by
// the search, and a bad search refused with its message. (Touchpoints: touchpoint.test.ts; what a
// search may see: the permission matrix's "search and orderBy" rows.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";

describe.skipIf(noDatabase)("search and orderBy of the lists", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Sorted");
    admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    const survey = (name: string, unitId: string, responseCount: number, lastFeedbackAt: string | null, createdAt: string) =>
      t.prisma.survey.create({
        data: {
          organizationId: org.organization.id,
          unitId,
          name,
          responseCount,
          lastFeedbackAt: lastFeedbackAt ? new Date(lastFeedbackAt) : null,
          createdAt: new Date(createdAt),
        },
      });
    await survey("Beta", org.units.unitA.id, 5, "2026-03-01T10:00:00Z", "2026-01-02T00:00:00Z");
    await survey("Alpha", org.units.unitB.id, 50, null, "2026-01-03T00:00:00Z");
    await survey("Gamma", org.units.unitA.id, 5, "2026-04-01T10:00:00Z", "2026-01-01T00:00:00Z");
  });
  afterAll(async () => t?.close());

  const surveys = async (args: string) => {
    const result = await gql(t.baseUrl, `{ surveys(tab: all, first: 50, ${args}) { edges { node { name } } } }`, {}, admin);
    expect(result.errors).toBeUndefined();
    return (result.data as any).surveys.edges.map((e: { node: { name: string } }) => e.node.name);
  };

  it("sorts surveys by the column asked for; ties by name; no date last either way; newest first by default", async () => {
    expect(await surveys("")).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(await surveys("orderBy: { field: name, direction: asc }")).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(await surveys("orderBy: { field: name, direction: desc }")).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(await surveys("orderBy: { field: responseCount, direction: asc }")).toEqual(["Beta", "Gamma", "Alpha"]);
    expect(await surveys("orderBy: { field: lastFeedbackAt, direction: desc }")).toEqual(["Gamma", "Beta", "Alpha"]);
    expect(await surveys("orderBy: { field: lastFeedbackAt, direction: asc }")).toEqual(["Beta", "Gamma", "Alpha"]);
  });

  it("searches surveys by their name or their team's name, case-insensitively; a blank search is no search", async () => {
    expect(await surveys(`search: "ALP"`)).toEqual(["Alpha"]);
    expect(await surveys(`search: "stores", orderBy: { field: name, direction: asc }`)).toEqual(["Beta", "Gamma"]);
    expect(await surveys(`search: "   "`)).toEqual(["Alpha", "Beta", "Gamma"]);
    const bad = await gql(t.baseUrl, `{ surveys(first: 5, search: "${"y".repeat(101)}") { edges { node { name } } } }`, {}, admin);
    expect(bad.errors?.[0]).toMatchObject({ message: "Must be at most 100 characters", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("searches members by name or address and sorts them by name", async () => {
    const members = async (args: string) =>
      ((await gql(t.baseUrl, `{ members(first: 50, ${args}) { edges { node { user { email } } } } }`, {}, admin)).data as any).members.edges.map(
        (e: { node: { user: { email: string } } }) => e.node.user.email,
      );
    expect(await members(`search: "${org.users.viewerA.email.toUpperCase()}"`)).toEqual([org.users.viewerA.email]);
    const all = await members("orderBy: { field: email, direction: asc }");
    expect(all).toEqual([...all].sort());
    expect(await members("orderBy: { field: email, direction: desc }")).toEqual([...all].sort().reverse());
  });
});
