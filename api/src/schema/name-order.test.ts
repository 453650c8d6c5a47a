// Names sort as a person expects (migration 20261126140000_natural_name_order): not byte-wise, where
// "alpha" came after "Gamma" and "Émile" after "gamma", but by letter, with case and accents only
// breaking ties and numbers compared as numbers. Through the lists that sort by name (surveys,
// members, touchpoints, both directions, across pages), and the collation kept by every name column
// lists sort by, with its index still used.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";

/** In the order a person expects; created in another order. */
const expected = ["alpha", "Beta", "Émile", "gamma", "Survey 2", "Survey 10"];
const created = ["gamma", "Survey 10", "Émile", "Beta", "Survey 2", "alpha"];

describe.skipIf(noDatabase)("names sort as a person expects", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Collated");
    admin = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    for (const name of created) {
      await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name } });
      await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name, type: "link" } });
    }
    // The fixture's five members, renamed (all but "Survey 2").
    const members = [org.users.editorA, org.users.adminB, org.users.viewerA, org.users.adminA, org.users.admin];
    const memberNames = created.filter((name) => name !== "Survey 2");
    for (const [i, user] of members.entries()) await t.prisma.user.update({ where: { id: user.id }, data: { displayName: memberNames[i]! } });
  });
  afterAll(async () => t?.close());

  /** A connection's names, read `first` at a time through its cursors. */
  async function names(field: string, args: string, first: number, pick: (node: any) => string): Promise<string[]> {
    const all: string[] = [];
    let after: string | null = null;
    for (;;) {
      const result: Awaited<ReturnType<typeof gql>> = await gql(
        t.baseUrl,
        `query ($after: String) { list: ${field}(first: ${first}, after: $after, ${args}) { edges { node { ${field === "members" ? "user { displayName }" : "name"} } } pageInfo { hasNextPage endCursor } } }`,
        { after },
        admin,
      );
      expect(result.errors).toBeUndefined();
      const list: { edges: { node: unknown }[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } = (result.data as any).list;
      all.push(...list.edges.map((e: { node: unknown }) => pick(e.node)));
      if (!list.pageInfo.hasNextPage) return all;
      after = list.pageInfo.endCursor;
    }
  }
  const byName = (direction: string) => `orderBy: { field: name, direction: ${direction} }`;

  it("sorts surveys by name: alpha, Beta, Émile, gamma, Survey 2, Survey 10; reversed descending; the same across pages", async () => {
    expect(await names("surveys", `tab: all, ${byName("asc")}`, 50, (n) => n.name)).toEqual(expected);
    expect(await names("surveys", `tab: all, ${byName("desc")}`, 50, (n) => n.name)).toEqual([...expected].reverse());
    expect(await names("surveys", `tab: all, ${byName("asc")}`, 2, (n) => n.name)).toEqual(expected);
  });

  it("sorts touchpoints by name the same way", async () => {
    expect(await names("touchpoints", `type: link, ${byName("asc")}`, 50, (n) => n.name)).toEqual(expected);
    expect(await names("touchpoints", `type: link, ${byName("desc")}`, 4, (n) => n.name)).toEqual([...expected].reverse());
  });

  it("sorts members by their name the same way", async () => {
    expect(await names("members", byName("asc"), 50, (n) => n.user.displayName)).toEqual(["alpha", "Beta", "Émile", "gamma", "Survey 10"]);
  });

  it("gives every name column that lists sort by the natural collation; equality still finds a row through its index", async () => {
    const columns = await t.prisma.$queryRawUnsafe<{ table: string; column: string; collation: string | null }[]>(
      `SELECT table_name AS "table", column_name AS "column", collation_name AS collation FROM information_schema.columns
        WHERE table_schema = current_schema() AND (table_name, column_name) IN
          (('Organization', 'name'), ('FeatureSet', 'name'), ('User', 'displayName'), ('Unit', 'name'), ('Survey', 'name'),
           ('Touchpoint', 'name'), ('ContactList', 'name'), ('MessageTemplate', 'name'))
        ORDER BY 1`,
    );
    expect(columns).toHaveLength(8);
    for (const c of columns) expect(c, `${c.table}.${c.column}`).toMatchObject({ collation: "natural_name" });

    // The feature sets' unique index on name: still an exact match (deterministic collation), still used.
    const plan = await t.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(`EXPLAIN SELECT id FROM "FeatureSet" WHERE name = 'standard'`);
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toMatch(/Index (Only )?Scan using "FeatureSet_name_key"/);
    const set = await t.prisma.featureSet.create({ data: { name: `Émile ${org.organization.id}`, features: [] } });
    expect(await t.prisma.featureSet.findUnique({ where: { name: `Émile ${org.organization.id}` } })).toMatchObject({ id: set.id });
    expect(await t.prisma.featureSet.findUnique({ where: { name: `émile ${org.organization.id}` } })).toBeNull();
    await t.prisma.featureSet.delete({ where: { id: set.id } });
  });
});
