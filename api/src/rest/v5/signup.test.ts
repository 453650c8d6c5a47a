// Self-signup through the real server: POST /signup, the verification mail in the outbox, the
// verification link, sign-in at the embedded provider, resend, details, and bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { gql } from "../../test/graphql-client.js";
import { signInWithPassword, SignInError } from "../../test/oidc-login.js";
import { hashToken } from "../../domain/signup/signup.js";

const password = "Signup-Password-1!";

describe.skipIf(noDatabase)("REST /api/v5/signup", () => {
  let t: TestApp;
  let other: OrganizationFixture;

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${t.baseUrl}/api/v5${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };
  const email = (label: string) => `${label}.${randomBytes(4).toString("hex")}@signup.example.test`;
  const form = (overrides: Record<string, unknown> = {}) => ({
    firstName: "Ada",
    lastName: "Lovelace",
    email: email("ada"),
    stage: "initial",
    password,
    password2: password,
    industry: "Retail",
    company: `Analytical Engines ${randomBytes(3).toString("hex")}`,
    companySize: "10-49",
    type: "web",
    phone: "+358 40 123 4567",
    promoCode: "WELCOME",
    signupToken: "",
    ...overrides,
  });
  /** The token of the newest verification mail to an address (the jobs run in process). */
  const mailTo = async (to: string) => {
    await t.jobs.idle();
    return t.prisma.mailOutbox.findMany({ where: { to, kind: "signupVerification" }, orderBy: { createdAt: "asc" } });
  };
  const linkIn = (text: string) => {
    const match = /(http\S+\/signup\/verify-email\?token=([A-Za-z0-9_%-]+))/.exec(text);
    expect(match, text).toBeTruthy();
    return { link: match![1]!, token: decodeURIComponent(match![2]!) };
  };
  /**
   * Rows a signup could create, scoped to the addresses and company names of the test and to the
   * other organisation (other test files share the database and run at the same time).
   */
  const counts = async (scope: { emails?: string[]; companies?: string[] }) => {
    const emails = (scope.emails ?? []).map((e) => e.toLowerCase());
    const companies = scope.companies ?? [];
    const mine = { OR: [{ user: { email: { in: emails } } }, { organization: { name: { in: companies } } }, { organizationId: other.organization.id }] };
    await t.jobs.idle();
    return {
      users: await t.prisma.user.count({ where: { email: { in: emails } } }),
      organizations: await t.prisma.organization.count({ where: { name: { in: companies } } }),
      units: await t.prisma.unit.count({ where: { OR: [{ name: { in: companies } }, { organizationId: other.organization.id }] } }),
      memberships: await t.prisma.membership.count({ where: mine }),
      unitRoles: await t.prisma.unitRole.count({ where: mine }),
      signups: await t.prisma.signup.count({ where: { email: { in: emails } } }),
      mails: await t.prisma.mailOutbox.count({ where: { to: { in: emails } } }),
      signupTokens: (await t.prisma.signup.findMany({ where: { email: { in: emails } }, select: { tokenHash: true } })).map((r) => r.tokenHash),
    };
  };

  beforeAll(async () => {
    t = await startTestApp();
    other = await createOrganizationFixture(t.prisma, "Other");
  });
  afterAll(async () => t?.close());

  it("creates the organisation, its root unit, the admin user and a 14-day trial, and mails a working link", async () => {
    const body = form({ locale: "fi" });
    const started = Date.now();
    const response = await post("/signup", body);
    expect(response).toEqual({ status: 200, body: { nextStage: "emailVerification" } });

    const user = await t.prisma.user.findUniqueOrThrow({
      where: { email: body.email },
      include: { memberships: { include: { organization: { include: { featureSet: true, units: true } } } }, unitRoles: true },
    });
    expect(user.displayName).toBe("Ada Lovelace");
    expect(user.signupStatus).toBe("emailVerification");
    expect(user.locale).toBe("fi");
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.memberships).toHaveLength(1);
    const membership = user.memberships[0]!;
    expect(membership).toMatchObject({ organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true });
    const organization = membership.organization;
    expect(user.currentOrganizationId).toBe(organization.id);
    expect(organization.name).toBe(body.company);
    expect(organization.segment).toBe("self-signup");
    const trialMs = organization.trialUntil!.getTime() - started;
    expect(trialMs).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(trialMs).toBeLessThan(14 * 86_400_000 + 60_000);
    expect(organization.featureSet.name).toBe("trial");
    expect(organization.featureSet.features).toEqual(expect.arrayContaining(["restApi", "smsMessages", "upsellModule", "organizationLogo"]));
    expect(organization.units).toHaveLength(1);
    expect(organization.units[0]).toMatchObject({ name: body.company, parentId: null });
    expect(user.unitRoles).toEqual([expect.objectContaining({ unitId: organization.units[0]!.id, role: "admin", organizationId: organization.id })]);

    const signup = await t.prisma.signup.findFirstOrThrow({ where: { email: body.email } });
    expect(signup).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      stage: "emailVerification",
      industry: "Retail",
      companySize: "10-49",
      type: "web",
      phone: "+358 40 123 4567",
      promoCode: "WELCOME",
      userId: user.id,
      organizationId: organization.id,
    });
    expect(signup.passwordHash).toMatch(/^\$argon2id\$/);

    const mails = await mailTo(body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Vahvista sähköpostiosoitteesi");
    expect(mails[0]!.organizationId).toBe(organization.id);
    const { link, token } = linkIn(mails[0]!.text);
    expect(link.startsWith(`${t.baseUrl}/signup/verify-email?token=`)).toBe(true);
    // Only the SHA-256 of the token is stored.
    expect(signup.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(signup)).not.toContain(token);

    // Verify, then sign in through the real provider and read the current user.
    const verified = await post("/signup/verify-token", { signupToken: token });
    expect(verified).toEqual({ status: 200, body: { nextStage: "complete", type: "web", email: body.email } });
    const after = await t.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(after.signupStatus).toBe("complete");
    expect((await t.prisma.signup.findFirstOrThrow({ where: { email: body.email } })).emailVerifiedAt).toBeInstanceOf(Date);

    const { accessToken } = await signInWithPassword(t.baseUrl, body.email, password);
    const me = await fetch(`${t.baseUrl}/api/v5/user`, { headers: { authorization: `Bearer ${accessToken}` } });
    const current = (await me.json()) as Record<string, any>;
    expect(current.signupStatus).toEqual({ status: "complete", token: null });
    expect(current.organizationAdmin).toBe(true);
    expect(current.resources.segment).toBe("self-signup");
    // The 14-day trial is stored; this server has no payment provider, so no countdown is shown
    // (nothing to upgrade to: every feature is on; docs/billing.md).
    expect(current.subscriptionStatus.trialDaysLeft).toBeNull();
    expect(current.onboardingDetails.progress).toBe(0);

    // Single use: the same link again is refused and changes nothing.
    const again = await post("/signup/verify-token", { signupToken: token });
    expect(again).toEqual({ status: 409, body: { error: "This e-mail address is already verified. Sign in to continue.", field: "signupToken" } });
  });

  it("reports the signup language from Accept-Language when the form gives none", async () => {
    const body = form();
    expect((await post("/signup", body, { "accept-language": "es-ES,es;q=0.9,en;q=0.5" })).status).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).locale).toBe("es");
    const other2 = form();
    expect((await post("/signup", other2, { "accept-language": "de-DE" })).status).toBe(200);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: other2.email } })).locale).toBe("en");
  });

  it("an unverified account is sent to the verify page after sign-in", async () => {
    const body = form();
    await post("/signup", body);
    const { accessToken } = await signInWithPassword(t.baseUrl, body.email, password);
    const result = await gql(t.baseUrl, "{ viewer { user { signupStatus { status token } } } }", {}, accessToken);
    expect(result.data?.viewer?.user.signupStatus).toEqual({ status: "emailVerification", token: null });
  });

  it("resend replaces the token: the old link is refused, the new one works", async () => {
    const body = form();
    await post("/signup", body);
    const first = linkIn((await mailTo(body.email))[0]!.text).token;
    const resent = await post("/signup/resend-verification-email", { email: body.email.toUpperCase() });
    expect(resent).toEqual({ status: 200, body: { message: "New verification email sent!" } });
    const mails = await mailTo(body.email);
    expect(mails).toHaveLength(2);
    const second = linkIn(mails[1]!.text).token;
    expect(second).not.toBe(first);
    expect(await post("/signup/verify-token", { signupToken: first })).toEqual({
      status: 400,
      body: { error: "This verification link is invalid or has expired. Ask for a new one.", field: "signupToken" },
    });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).signupStatus).toBe("emailVerification");
    expect((await post("/signup/verify-token", { signupToken: second })).body.nextStage).toBe("complete");
  });

  it("resend answers the same for unknown and verified addresses and sends nothing", async () => {
    const addresses = [email("nobody"), other.users.admin.email];
    const before = await counts({ emails: addresses });
    for (const address of addresses) {
      expect(await post("/signup/resend-verification-email", { email: address })).toEqual({
        status: 200,
        body: { message: "New verification email sent!" },
      });
    }
    expect(await counts({ emails: addresses })).toEqual(before);
    expect(await post("/signup/resend-verification-email", { email: "not an address" })).toEqual({
      status: 400,
      body: { error: "Please provide a valid e-mail address" },
    });
  });

  it("refuses a link that is unknown or too old", async () => {
    expect((await post("/signup/verify-token", { signupToken: "x".repeat(43) })).status).toBe(400);
    expect((await post("/signup/verify-token", {})).body.error).toBe("This verification link is invalid or has expired. Ask for a new one.");
    const body = form();
    await post("/signup", body);
    const token = linkIn((await mailTo(body.email))[0]!.text).token;
    await t.prisma.$executeRaw`UPDATE "Signup" SET "updatedAt" = now() - interval '8 days' WHERE email = ${body.email}`;
    expect((await post("/signup/verify-token", { signupToken: token })).status).toBe(400);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: body.email } })).signupStatus).toBe("emailVerification");
  });

  describe("bad input answers the spec's message and creates nothing", () => {
    const cases: [string, Record<string, unknown>, { error: string; field?: string }][] = [
      ["invalid e-mail", { email: "ada@" }, { error: "Please provide a valid e-mail address", field: "email" }],
      ["missing e-mail", { email: undefined }, { error: "Please provide a valid e-mail address", field: "email" }],
      [
        "weak password",
        { password: "password1", password2: "password1" },
        { error: "Password must be at least 8 characters and contain upper and lower case letters, a number and a special character", field: "password" },
      ],
      [
        "seven-character password",
        { password: "Abcde1!", password2: "Abcde1!" },
        { error: "Password must be at least 8 characters and contain upper and lower case letters, a number and a special character", field: "password" },
      ],
      ["mismatch", { password2: "Signup-Password-2!" }, { error: "The passwords do not match", field: "password2" }],
      ["long first name", { firstName: "A".repeat(51) }, { error: "Must be at most 50 characters", field: "firstName" }],
      ["long last name", { lastName: "L".repeat(51) }, { error: "Must be at most 50 characters", field: "lastName" }],
      ["long company", { company: "C".repeat(101) }, { error: "Must be at most 100 characters", field: "company" }],
      ["long industry", { industry: "I".repeat(101) }, { error: "Must be at most 100 characters", field: "industry" }],
      ["long promo code", { promoCode: "P".repeat(51) }, { error: "Must be at most 50 characters", field: "promoCode" }],
      ["long e-mail", { email: `${"a".repeat(250)}@x.fi` }, { error: "Must be at most 254 characters", field: "email" }],
      ["empty first name", { firstName: "  " }, { error: "This field is required", field: "firstName" }],
      ["web signup without company", { company: "" }, { error: "This field is required", field: "company" }],
      ["bad company size", { companySize: "huge" }, { error: "Company size must be one of 1-9, 10-49, 50-249, 250-999, 1000+", field: "companySize" }],
      ["bad phone", { phone: "call me" }, { error: "Please provide a valid phone number", field: "phone" }],
      ["bad locale", { locale: "de" }, { error: "Locale must be en, es or fi", field: "locale" }],
      ["bad stage", { stage: "done" }, { error: "Signup stage must be one of initial, emailVerification, detailsRequired, complete", field: "stage" }],
      ["wrong type of field", { firstName: 42 }, { error: "firstName must be text", field: "firstName" }],
    ];
    for (const [name, overrides, expected] of cases) {
      it(name, async () => {
        const body = form(overrides);
        const scope = {
          emails: typeof body.email === "string" ? [body.email] : [],
          companies: typeof body.company === "string" ? [body.company] : [],
        };
        const before = await counts(scope);
        const response = await post("/signup", body);
        expect(response).toEqual({ status: 400, body: expected });
        expect(await counts(scope)).toEqual(before);
        expect(before.users + before.organizations + before.signups + before.mails).toBe(0);
      });
    }

    it("an address already registered (any case) answers as a new one, changes nothing and tells the owner by mail", async () => {
      const body = form({ email: other.users.admin.email.toUpperCase() });
      const scope = { emails: [other.users.admin.email], companies: [body.company] };
      const before = await counts(scope);
      const fresh = await post("/signup", form());
      const response = await post("/signup", body);
      // The same answer as a new address: no enumeration of accounts.
      expect(response).toEqual(fresh);
      expect(response).toEqual({ status: 200, body: { nextStage: "emailVerification" } });
      // Nothing written but one mail to the owner, and no verification link in it.
      expect(await counts(scope)).toEqual({ ...before, mails: before.mails + 1 });
      const [mail] = await t.prisma.mailOutbox.findMany({ where: { to: other.users.admin.email, kind: "signupExistingAccount" } });
      expect(mail!.subject).toBe("Someone tried to sign up with your e-mail address");
      expect(mail!.text).toContain(`${t.baseUrl}/`);
      expect(mail!.text).not.toMatch(/verify-email|token=/);
      // The existing user of the other organisation is untouched: no new membership, same password.
      const admin = await t.prisma.user.findUniqueOrThrow({ where: { id: other.users.admin.id }, include: { memberships: true } });
      expect(admin.memberships.map((m) => m.organizationId)).toEqual([other.organization.id]);
      await expect(signInWithPassword(t.baseUrl, other.users.admin.email, testPassword)).resolves.toBeTruthy();
      await expect(signInWithPassword(t.baseUrl, other.users.admin.email, password)).rejects.toBeInstanceOf(SignInError);
    });
  });

  it("signing up twice with one address (even at the same moment) creates one user", async () => {
    const body = form();
    const second = { ...body, company: `${body.company} (2)` };
    const answers = await Promise.all([post("/signup", body), post("/signup", second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(await t.prisma.user.count({ where: { email: body.email } })).toBe(1);
    expect(await t.prisma.signup.count({ where: { email: body.email } })).toBe(1);
    // The loser's transaction left no organisation behind.
    expect(await t.prisma.organization.count({ where: { name: { in: [body.company, second.company] } } })).toBe(1);
  });

  it("an unverified account does not hold its address: a new signup replaces it, its sessions and its trial organisation", async () => {
    // Someone who cannot read the mailbox signs up first, with their own password, and signs in.
    const owner = form();
    const squatterPassword = "Squatter-Password-9#";
    const squat = { ...owner, company: `${owner.company} (squat)`, password: squatterPassword, password2: squatterPassword };
    expect((await post("/signup", squat)).status).toBe(200);
    const squatter = await t.prisma.user.findUniqueOrThrow({ where: { email: owner.email }, include: { memberships: true } });
    const squatOrganization = squatter.memberships[0]!.organizationId;
    const [squatMail] = await mailTo(owner.email);
    const squatToken = linkIn(squatMail!.text).token;
    const { accessToken: squatterSession } = await signInWithPassword(t.baseUrl, owner.email, squatterPassword);
    expect((await fetch(`${t.baseUrl}/api/v5/user`, { headers: { authorization: `Bearer ${squatterSession}` } })).status).toBe(200);

    // The owner signs up: the same answer as always, and a verification link of their own.
    expect(await post("/signup", owner)).toEqual({ status: 200, body: { nextStage: "emailVerification" } });
    const replaced = await t.prisma.user.findUniqueOrThrow({ where: { email: owner.email }, include: { memberships: { include: { organization: true } } } });
    expect(replaced.id).not.toBe(squatter.id);
    expect(replaced.memberships.map((m) => m.organization.name)).toEqual([owner.company]);
    expect(await t.prisma.organization.count({ where: { id: squatOrganization } })).toBe(0);
    expect(await t.prisma.signup.count({ where: { email: owner.email } })).toBe(1);
    // The squatter's session and link are dead.
    expect((await fetch(`${t.baseUrl}/api/v5/user`, { headers: { authorization: `Bearer ${squatterSession}` } })).status).toBe(401);
    expect((await post("/signup/verify-token", { signupToken: squatToken })).status).toBe(400);
    await expect(signInWithPassword(t.baseUrl, owner.email, squatterPassword)).rejects.toBeInstanceOf(SignInError);

    const mails = await mailTo(owner.email);
    const ownerToken = linkIn(mails.at(-1)!.text).token;
    expect(ownerToken).not.toBe(squatToken);
    expect((await post("/signup/verify-token", { signupToken: ownerToken })).body).toMatchObject({ nextStage: "complete" });
    // Verified, the account holds its address: a later signup only mails the owner.
    expect(await post("/signup", squat)).toEqual({ status: 200, body: { nextStage: "emailVerification" } });
    expect((await t.prisma.user.findUniqueOrThrow({ where: { email: owner.email } })).id).toBe(replaced.id);
    await expect(signInWithPassword(t.baseUrl, owner.email, password)).resolves.toBeTruthy();
    await t.jobs.idle();
    expect(await t.prisma.mailOutbox.count({ where: { to: owner.email, kind: "signupExistingAccount" } })).toBe(1);
  });

  it("a company named like an existing organisation gets an organisation of its own", async () => {
    const body = form({ company: other.organization.name });
    await post("/signup", body);
    const user = await t.prisma.user.findUniqueOrThrow({ where: { email: body.email }, include: { memberships: true, unitRoles: true } });
    expect(user.memberships).toHaveLength(1);
    expect(user.memberships[0]!.organizationId).not.toBe(other.organization.id);
    expect(user.unitRoles.every((r) => r.organizationId !== other.organization.id)).toBe(true);
    expect(await t.prisma.unit.count({ where: { organizationId: other.organization.id } })).toBe(4);
    expect(await t.prisma.membership.count({ where: { organizationId: other.organization.id } })).toBe(5);
  });

  describe("detailsRequired: a short signup completes its company details after verification", () => {
    it("verify answers detailsRequired with a token; /signup?token=… prefills and completes", async () => {
      const body = form({ type: "landing-page", company: undefined, industry: undefined, companySize: undefined });
      const before = await counts({ emails: [body.email] });
      const organizationsBefore = await t.prisma.organization.count({ where: { signups: { some: { email: body.email } } } });
      expect(await post("/signup", body)).toEqual({ status: 200, body: { nextStage: "emailVerification" } });
      const after = await counts({ emails: [body.email] });
      expect(await t.prisma.organization.count({ where: { signups: { some: { email: body.email } } } })).toBe(organizationsBefore);
      expect(after.memberships).toBe(before.memberships);
      expect(after.users).toBe(before.users + 1);
      const mail = (await mailTo(body.email))[0]!;
      expect(mail.organizationId).toBeNull();

      const verified = await post("/signup/verify-token", { signupToken: linkIn(mail.text).token });
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ nextStage: "detailsRequired", type: "landing-page", email: body.email });
      const detailsToken = verified.body.signupToken as string;
      expect(detailsToken.length).toBeGreaterThan(10);

      // The signed-in user carries the token the web guard routes with.
      const { accessToken } = await signInWithPassword(t.baseUrl, body.email, password);
      const viewer = await gql(t.baseUrl, "{ viewer { user { signupStatus { status token } } currentOrganization { id } } }", {}, accessToken);
      expect(viewer.data?.viewer).toEqual({ user: { signupStatus: { status: "detailsRequired", token: detailsToken } }, currentOrganization: null });

      expect(await post("/signup/details", { signupToken: detailsToken })).toEqual({
        status: 200,
        body: { email: body.email, firstName: "Ada", lastName: "Lovelace", type: "landing-page", stage: "detailsRequired" },
      });
      expect(await post("/signup/details", { signupToken: "nope-nope-nope" })).toEqual({
        status: 404,
        body: { error: "This signup link is invalid or has expired" },
      });

      // Bad details change nothing.
      const detailsScope = { emails: [body.email], companies: ["Co"] };
      const beforeDetails = await counts(detailsScope);
      expect(await post("/signup", { stage: "detailsRequired", signupToken: detailsToken, company: "Co", industry: "Retail" })).toEqual({
        status: 400,
        body: { error: "This field is required", field: "companySize" },
      });
      expect(await counts(detailsScope)).toEqual(beforeDetails);

      const company = `Late Details ${randomBytes(3).toString("hex")}`;
      const done = await post("/signup", {
        stage: "detailsRequired",
        token: detailsToken,
        firstName: "Augusta",
        lastName: "King",
        company,
        industry: "Software",
        companySize: "1-9",
      });
      expect(done).toEqual({ status: 200, body: { nextStage: "complete" } });
      const user = await t.prisma.user.findUniqueOrThrow({
        where: { email: body.email },
        include: { memberships: { include: { organization: true } }, unitRoles: true },
      });
      expect(user).toMatchObject({ signupStatus: "complete", signupToken: null, displayName: "Augusta King" });
      expect(user.memberships[0]).toMatchObject({ organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true });
      expect(user.memberships[0]!.organization).toMatchObject({ name: company, segment: "self-signup" });
      expect(user.unitRoles).toEqual([expect.objectContaining({ role: "admin" })]);
      expect(await t.prisma.signup.findFirstOrThrow({ where: { email: body.email } })).toMatchObject({
        stage: "complete",
        company,
        organizationId: user.memberships[0]!.organizationId,
      });

      // The token is spent.
      const reuseScope = { emails: [body.email], companies: ["Again"] };
      const beforeReuse = await counts(reuseScope);
      expect((await post("/signup", { signupToken: detailsToken, company: "Again", industry: "x", companySize: "1-9" })).status).toBe(404);
      expect(await counts(reuseScope)).toEqual(beforeReuse);
    });

    it("a details token cannot reach a user that is not waiting for details", async () => {
      // A complete user of another organisation, even with a stale token value, is not found.
      await t.prisma.user.update({ where: { id: other.users.editorA.id }, data: { signupToken: "stale-token-of-complete-user" } });
      const scope = { emails: [other.users.editorA.email], companies: ["Hijack"] };
      const before = await counts(scope);
      expect((await post("/signup", { signupToken: "stale-token-of-complete-user", company: "Hijack", industry: "x", companySize: "1-9" })).status).toBe(404);
      expect((await post("/signup/details", { signupToken: "stale-token-of-complete-user" })).status).toBe(404);
      expect(await counts(scope)).toEqual(before);
      const editor = await t.prisma.user.findUniqueOrThrow({ where: { id: other.users.editorA.id }, include: { memberships: true } });
      expect(editor.memberships.map((m) => m.organizationId)).toEqual([other.organization.id]);
    });
  });
});
