// Who a bearer token is, with an external OpenID provider (OIDC_ISSUER): its subjects are not our
// user ids, so a user is found by the token's e-mail, and only by one the provider vouches for
// (email_verified true in the token or in its userinfo answer). Real PostgreSQL; real tokens signed
// with RS256 keys, and a real provider (our embedded one, run as "the external provider") answering
// userinfo over HTTP.
import { generateKeyPair } from "node:crypto";
import { promisify } from "node:util";
import { exportJWK, SignJWT, type JWK, type KeyObject } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPrisma } from "../db/client.js";
import type { PrismaClient } from "../generated/prisma/client.js";
import { databaseUrl, noDatabase } from "../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../test/fixtures.js";
import { createTestDatabase, createUser, startOidcApp, type RunningOidc, type TestDb } from "../test/oidc-app.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { createAccessTokenVerifier } from "./access-tokens.js";
import { createAuthenticator } from "./authenticate.js";

const issuer = "https://id.example.test";
const audience = "https://feedback.example.test/api";
const externalPassword = "external provider password";

describe.skipIf(noDatabase)("access tokens of an external provider: e-mail matching needs email_verified", () => {
  let prisma: PrismaClient;
  let org: OrganizationFixture;
  let signingKey: KeyObject;
  let publicJwk: JWK;

  beforeAll(async () => {
    prisma = createPrisma(databaseUrl!, { max: 3 });
    org = await createOrganizationFixture(prisma, "ExternalIdP");
    const pair = await promisify(generateKeyPair)("rsa", { modulusLength: 2048 });
    signingKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: "external-1", alg: "RS256", use: "sig" };
  });
  afterAll(async () => prisma?.$disconnect());

  /** An access token of the external provider for a subject we do not know. */
  const externalToken = (claims: Record<string, unknown>) =>
    new SignJWT({ client_id: "feedback-web", ...claims })
      .setProtectedHeader({ alg: "RS256", typ: "at+jwt", kid: "external-1" })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject("external|4711")
      .setIssuedAt()
      .setExpirationTime("10m")
      .sign(signingKey);

  const authenticator = () =>
    createAuthenticator({ prisma, verifyAccessToken: createAccessTokenVerifier({ issuer, audience, jwks: async () => ({ keys: [publicJwk] }) }) });

  it("links the subject to the user with that e-mail when the token says email_verified: true", async () => {
    const viewer = await authenticator()(`Bearer ${await externalToken({ email: org.users.editorA.email.toUpperCase(), email_verified: true })}`);
    expect(viewer?.userId).toBe(org.users.editorA.id);
  });

  it("refuses the same e-mail when the token says email_verified: false, or nothing (and no userinfo is configured)", async () => {
    const authenticate = authenticator();
    for (const claims of [{ email: org.users.editorA.email, email_verified: false }, { email: org.users.editorA.email }]) {
      await expect(authenticate(`Bearer ${await externalToken(claims)}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    }
  });

  describe("the provider's userinfo decides when the token does not say", () => {
    let externalDb: TestDb;
    let external: RunningOidc;

    beforeAll(async () => {
      externalDb = await createTestDatabase("external_idp");
      // The external provider's accounts carry the e-mails of our users; one is verified there, one is not.
      await createUser(externalDb.prisma, org.users.viewerA.email, externalPassword);
      await createUser(externalDb.prisma, org.users.adminB.email, externalPassword, { unverified: true });
      external = await startOidcApp(externalDb.prisma, { OIDC_AUDIENCE: audience });
    });
    afterAll(async () => {
      await external?.close();
      await externalDb?.drop();
    });

    const externalAuthenticator = () =>
      createAuthenticator({
        prisma,
        verifyAccessToken: createAccessTokenVerifier({
          issuer: external.oidc.issuer,
          audience,
          jwksUri: `${external.oidc.issuer}/jwks`,
          userinfoEndpoint: `${external.oidc.issuer}/me`,
        }),
      });

    it("a verified address at the provider signs in as our user with that address", async () => {
      const tokens = await signInWithPassword(external.baseUrl, org.users.viewerA.email, externalPassword);
      const viewer = await externalAuthenticator()(`Bearer ${tokens.accessToken}`);
      expect(viewer?.userId).toBe(org.users.viewerA.id);
    });

    it("an unverified address at the provider is refused, though the e-mail matches one of our users", async () => {
      const tokens = await signInWithPassword(external.baseUrl, org.users.adminB.email, externalPassword);
      await expect(externalAuthenticator()(`Bearer ${tokens.accessToken}`)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
    });
  });
});
