// The permission matrix (docs/permissions.md), executed: every root field of the schema is run as
// each kind of caller and must be allowed or refused as designed. A new query, mutation or
// subscription without a row here fails the coverage test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql, subscribeWs } from "../test/graphql-client.js";
import { signInWithPassword } from "../../../tests/helpers/oidc-login.js";
import { getProtectedSchema } from "../graphql/yoga.js";

const actors = ["anonymous", "viewer", "editor", "adminOfOtherUnit", "adminOfOtherOrganization", "admin"] as const;
type Actor = (typeof actors)[number];
/** allowed: data and no error; refused: an authorisation error (or, for foreign ids, not found) and no data. */
type Outcome = "allowed" | "refused";

type Row = {
  /** Root field under test, "Type.field" */
  field: string;
  kind: "query" | "mutation" | "subscription";
  document: (ids: Ids) => string;
  /** How the answer's data proves the outcome. */
  expected: Record<Actor, Outcome>;
  /** Checks the data of an allowed call. */
  allowedData?: (data: any, actor: Actor, ids: Ids) => void;
};

type Ids = { unitA: string; orgA: string; userViewer: string; apiKeyOfViewer: string; surveyA: string };
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

const everyoneSignedIn = { anonymous: "refused", viewer: "allowed", editor: "allowed", adminOfOtherUnit: "allowed", adminOfOtherOrganization: "allowed", admin: "allowed" } as const;
const ownOrganizationOnly = { anonymous: "refused", viewer: "allowed", editor: "allowed", adminOfOtherUnit: "allowed", adminOfOtherOrganization: "refused", admin: "allowed" } as const;

const matrix: Row[] = [
  {
    field: "Query.viewer",
    kind: "query",
    document: () => "{ viewer { user { email } } }",
    // Anonymous callers get null rather than an error: the web client uses it to decide to sign in.
    expected: { ...everyoneSignedIn, anonymous: "allowed" },
    allowedData: (data, actor) => (actor === "anonymous" ? expect(data.viewer).toBeNull() : expect(data.viewer.user.email).toContain("@")),
  },
  {
    field: "Query.node",
    kind: "query",
    document: (ids) => `{ node(id: "${gid("Unit", ids.unitA)}") { id ... on Unit { name } } }`,
    expected: ownOrganizationOnly,
    allowedData: (data) => expect(data.node.name).toBe("Stores"),
  },
  {
    field: "Query.nodes",
    kind: "query",
    document: (ids) => `{ nodes(ids: ["${gid("Organization", ids.orgA)}", "${gid("User", ids.userViewer)}"]) { id } }`,
    expected: ownOrganizationOnly,
    allowedData: (data) => expect(data.nodes.filter(Boolean)).toHaveLength(2),
  },
  {
    field: "Organization.units",
    kind: "query",
    document: (ids) => `{ node(id: "${gid("Organization", ids.orgA)}") { ... on Organization { units(first: 10) { edges { node { name } } } } } }`,
    expected: ownOrganizationOnly,
    allowedData: (data) => expect(data.node.units.edges).toHaveLength(4),
  },
  {
    field: "Mutation.updateProfile",
    kind: "mutation",
    // Everyone may change their own profile, and only their own.
    document: () => `mutation { updateProfile(input: { receiveDigest: true }) { user { receiveDigest } } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.updateProfile.user.receiveDigest).toBe(true),
  },
  {
    field: "Mutation.changeOrganization",
    kind: "mutation",
    // Only into an organisation the caller is a member of: org 1 for its members, "not found" otherwise.
    document: (ids) => `mutation { changeOrganization(organizationId: "${ids.orgA}") { currentOrganization { legacyId } } }`,
    expected: ownOrganizationOnly,
    allowedData: (data, _actor, ids) => expect(data.changeOrganization.currentOrganization.legacyId).toBe(ids.orgA),
  },
  {
    field: "Mutation.completeOnboardingStep",
    kind: "mutation",
    // Every signed-in user marks their own step; only analyzedResponses exists in the enum.
    document: () => `mutation { completeOnboardingStep(step: analyzedResponses) { onboarding { analyzedResponses } } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.completeOnboardingStep.onboarding.analyzedResponses).toBe(true),
  },
  {
    field: "Mutation.generateApiKey",
    kind: "mutation",
    // Everyone with an organisation whose plan has restApi makes keys for themselves only.
    document: () => `mutation { generateApiKey(name: "matrix") { key apiKey { prefix } } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.generateApiKey.key).toMatch(/^fbk_/),
  },
  {
    field: "Mutation.revokeApiKey",
    kind: "mutation",
    // Only the owner: everyone else, even the organisation admin, gets "not found".
    document: (ids) => `mutation { revokeApiKey(id: "${ids.apiKeyOfViewer}") { apiKey { revokedAt } } }`,
    expected: { anonymous: "refused", viewer: "allowed", editor: "refused", adminOfOtherUnit: "refused", adminOfOtherOrganization: "refused", admin: "refused" },
    allowedData: (data) => expect(data.revokeApiKey.apiKey.revokedAt).toBeTruthy(),
  },
  {
    field: "Mutation.updateOrganizationSettings",
    kind: "mutation",
    // Organisation admins of their current organisation only (the other organisation's admin changes their own).
    document: () => `mutation { updateOrganizationSettings(input: { satisfactionScale: { enabled: true, min: 1, max: 5 } }) { organization { satisfactionScale { enabled } } } }`,
    expected: { anonymous: "refused", viewer: "refused", editor: "refused", adminOfOtherUnit: "refused", adminOfOtherOrganization: "allowed", admin: "allowed" },
    allowedData: (data) => expect(data.updateOrganizationSettings.organization.satisfactionScale.enabled).toBe(true),
  },
  {
    field: "Subscription.userUpdated",
    kind: "subscription",
    document: () => "subscription { userUpdated { id } }",
    expected: everyoneSignedIn,
  },
  {
    field: "Subscription.responseCountChanged",
    kind: "subscription",
    // Members who may view results in the survey's unit (or a parent unit); the other organisation: not found.
    document: (ids) => `subscription { responseCountChanged(surveyId: "${ids.surveyA}") { responseCount } }`,
    expected: { anonymous: "refused", viewer: "allowed", editor: "allowed", adminOfOtherUnit: "refused", adminOfOtherOrganization: "refused", admin: "allowed" },
  },
];

describe("permission matrix coverage", () => {
  it("has a row for every query, mutation and subscription of the schema", () => {
    const schema = getProtectedSchema();
    const rootFields = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].flatMap((type) =>
      type ? Object.keys(type.getFields()).map((f) => `${type.name}.${f}`) : [],
    );
    const covered = new Set(matrix.map((r) => r.field));
    expect(rootFields.filter((f) => !covered.has(f))).toEqual([]);
  });
});

describe.skipIf(noDatabase)("permission matrix", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens = {} as Record<Actor, string | undefined>;
  let ids: Ids;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Acme");
    other = await createOrganizationFixture(t.prisma, "Rival");
    const viewerKey = await t.prisma.apiKey.create({
      data: { organizationId: org.organization.id, userId: org.users.viewerA.id, keyHash: `matrix-${org.organization.id}`, keyPrefix: "fbk_matr" },
    });
    const surveyA = await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Matrix survey" } });
    ids = { unitA: org.units.unitA.id, orgA: org.organization.id, userViewer: org.users.viewerA.id, apiKeyOfViewer: viewerKey.id, surveyA: surveyA.id };
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.anonymous = undefined;
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.adminOfOtherUnit = await signIn(org.users.adminB.email);
    tokens.adminOfOtherOrganization = await signIn(other.users.admin.email);
    tokens.admin = await signIn(org.users.admin.email);
  });
  afterAll(async () => t?.close());

  for (const row of matrix) {
    for (const actor of actors) {
      const outcome = row.expected[actor];
      it(`${row.field} as ${actor}: ${outcome}`, async () => {
        if (row.kind === "subscription") {
          const sub = subscribeWs(t.baseUrl, row.document(ids), tokens[actor]);
          await sub.waitFor(1, 600);
          const refusal = JSON.stringify([...sub.events, ...sub.errors]);
          await sub.close();
          if (outcome === "refused") expect(refusal).toMatch(/Not logged in|rights|not found/);
          else expect(refusal).toBe("[]");
          return;
        }
        const result = await gql(t.baseUrl, row.document(ids), {}, tokens[actor]);
        if (outcome === "refused") {
          expect(result.errors?.length ?? 0).toBeGreaterThan(0);
          const codes = result.errors!.map((e) => e.extensions?.code);
          expect(codes.every((c) => c === "UNAUTHENTICATED" || c === "FORBIDDEN" || c === "NOT_FOUND")).toBe(true);
          // Nothing of the resource leaks next to the refusal.
          expect(JSON.stringify(result.data ?? null)).not.toMatch(/Stores|Acme/);
        } else {
          expect(result.errors).toBeUndefined();
          row.allowedData?.(result.data, actor, ids);
        }
      });
    }
  }

  it("a member of two organisations reads units only of the one they are working in", async () => {
    await t.prisma.membership.create({ data: { userId: org.users.editorA.id, organizationId: other.organization.id } });
    const result = await gql(
      t.baseUrl,
      `{ viewer { availableOrganizations { name units(first: 5) { edges { node { name } } } } } }`,
      {},
      tokens.editor,
    );
    expect(result.errors?.map((e) => e.message)).toEqual(["You do not have the rights to do this"]);
    expect(result.errors?.[0]?.path).toContain("units");
  });
});
