// The contract test of /api/v5: every operation the served OpenAPI document lists is called on a
// real server (real PostgreSQL, the embedded OpenID provider, mail kept in the outbox) with valid
// input, and its real answer must match the document: the status is one the operation documents,
// the media type is one documented for that status, and a JSON body validates (ajv, JSON Schema
// 2020-12 as OpenAPI 3.1 uses) against the documented schema; a file answer starts like a file of
// its media type. Then every operation that needs a caller is called without one, and every
// operation with a path parameter is called with an id that does not exist: those error answers
// must be documented too, with the Error body.
//
// The list of calls is checked against the document's paths, both ways: a new documented operation
// with no call here fails the first test, and so does a call of an operation the document lacks.
// docs/decisions.md "The OpenAPI document".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import QRCode from "qrcode";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { firstLink, waitForOutboxMail } from "../../test/mail.js";
import { signUnsubscribeToken } from "../../domain/campaigns/unsubscribe/token.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { signDigestToken } from "../../domain/digest/token.js";
import { createListSurvey, fullAnswers, insertResponses, type ListSurvey } from "../../test/list-survey.js";

type OpenApiOperation = {
  operationId: string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string }[];
  responses: Record<string, { description: string; content?: Record<string, { schema?: unknown }> }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

/** "GET /surveys/{id}": an operation as the document names it. */
type OperationKey = `${"GET" | "POST" | "PUT" | "DELETE"} /${string}`;

type Call = {
  /** The address under /api/v5 with the parameters filled in, and any query string. */
  url: string;
  token?: string;
  body?: unknown;
  form?: FormData | URLSearchParams;
};
type Answer = { status: number; contentType: string; json: unknown; bytes: Buffer };

/** A file answer must start like a file of its media type (the document gives no schema for bytes). */
const fileSignatures: Record<string, (bytes: Buffer) => boolean> = {
  "image/png": (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  "image/svg+xml": (b) => /<svg[\s>]/.test(b.toString("utf8", 0, 2000)),
  "image/jpeg": (b) => b[0] === 0xff && b[1] === 0xd8,
  "image/webp": (b) => b.toString("latin1", 8, 12) === "WEBP",
  "text/csv": (b) => b.length > 0 && !b.includes(0),
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": (b) => b.toString("latin1", 0, 2) === "PK",
  "application/pdf": (b) => b.toString("latin1", 0, 5) === "%PDF-",
};

/**
 * Operations this test does not call, each with the reason. Keep it short: an entry here is an
 * operation whose answers nothing checks.
 */
const billingOnFake = "needs a payment provider: rest/v5/billing.test.ts calls it against the Stripe fake (here it answers 409)";
const notExercised: Partial<Record<OperationKey, string>> = {
  "GET /stripe/setup-intent": billingOnFake,
  "POST /subscription": billingOnFake,
  "GET /subscription/card/setup-intent": billingOnFake,
  "POST /subscription/card": billingOnFake,
  "DELETE /subscription/card/{id}": billingOnFake,
  "POST /subscription/invoices/pay": billingOnFake,
  "POST /sms-topup": billingOnFake,
};

describe.skipIf(noDatabase)("the /api/v5 contract: every documented operation's real answers match the OpenAPI document", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  let list: ListSurvey;
  let doc: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validators = new Map<string, ValidateFunction>();
  const tokens: Record<"admin" | "systemAdmin" | "otherAdmin" | "editor" | "viewer", string> = {
    admin: "",
    systemAdmin: "",
    otherAdmin: "",
    editor: "",
    viewer: "",
  };
  /** Ids and tokens the calls make and later calls use. */
  const state: Record<string, string> = {};
  /** Which operations were called and which statuses they answered. */
  const seen = new Map<OperationKey, Set<number>>();
  /** Every successful call, to replay as someone with fewer rights. */
  const recorded: [OperationKey, Call][] = [];
  const suffix = randomBytes(4).toString("hex");
  const password = "Contract-Password-1!";

  const operationOf = (key: OperationKey) => {
    const [method, path] = key.split(" ") as [string, string];
    return doc.paths[path]?.[method.toLowerCase()];
  };

  async function send(method: string, call: Call): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    let body: BodyInit | undefined;
    if (call.form) body = call.form;
    else if (call.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(call.body);
    }
    const response = await fetch(`${t.baseUrl}/api/v5${call.url}`, { method, headers, body });
    const bytes = Buffer.from(await response.arrayBuffer());
    const contentType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
    let json: unknown;
    if (contentType === "application/json") json = bytes.length ? JSON.parse(bytes.toString("utf8")) : undefined;
    return { status: response.status, contentType, json, bytes };
  }

  /** The answer against the document: a documented status, a documented media type, a valid body. */
  function expectDocumented(key: OperationKey, answer: Answer) {
    const operation = operationOf(key);
    expect(operation, `${key} is not in the document`).toBeDefined();
    const described = JSON.stringify(answer.json ?? answer.bytes.toString("utf8", 0, 300));
    const response = operation!.responses[String(answer.status)];
    expect(response, `${key} answered ${answer.status}, which the document does not list: ${described}`).toBeDefined();
    const content = response!.content ?? {};
    expect(Object.keys(content), `${key} ${answer.status} answered ${answer.contentType}`).toContain(answer.contentType);
    if (answer.contentType === "application/json") {
      const [method, path] = key.split(" ") as [string, string];
      const pointer = `#/paths/${path.replaceAll("~", "~0").replaceAll("/", "~1")}/${method.toLowerCase()}/responses/${answer.status}/content/application~1json/schema`;
      let validate = validators.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `openapi.json${pointer}` });
        validators.set(pointer, validate);
      }
      const valid = validate(answer.json);
      expect(valid ? [] : validate.errors, `${key} ${answer.status} body does not match its schema: ${described}`).toEqual([]);
    } else {
      const looksRight = fileSignatures[answer.contentType];
      expect(looksRight, `no file check for ${answer.contentType}`).toBeDefined();
      expect(looksRight!(answer.bytes), `${key} answered ${answer.contentType} that does not look like one`).toBe(true);
    }
    const statuses = seen.get(key) ?? new Set<number>();
    statuses.add(answer.status);
    seen.set(key, statuses);
  }

  /** Calls an operation with valid input: it must succeed (2xx) and match the document. */
  async function succeed(key: OperationKey, call: Call): Promise<Answer> {
    const answer = await send(key.split(" ")[0]!, call);
    expectDocumented(key, answer);
    expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBeGreaterThanOrEqual(200);
    expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBeLessThan(300);
    recorded.push([key, call]);
    return answer;
  }
  const body = <T = any>(answer: Answer) => answer.json as T;

  beforeAll(async () => {
    t = await startTestApp();
    doc = (await (await fetch(`${t.baseUrl}/api/v5/openapi.json`)).json()) as OpenApiDocument;
    ajv.addSchema(doc as object, "openapi.json");
    org = await createOrganizationFixture(t.prisma, "Contract");
    other = await createOrganizationFixture(t.prisma, "Contract other");
    await t.prisma.featureSet.update({
      where: { id: org.organization.featureSetId! },
      data: {
        features: [
          "restApi",
          "fileExportAll",
          "feedbackInbox",
          "surveyLogic",
          "channelCreation",
          "organizationLogo",
          "surveyAppearance",
          "notificationsToOrganizationUsers",
        ],
      },
    });
    // The system admin: another organisation's admin of a sub-team, as in impersonation.test.ts.
    await t.prisma.user.update({ where: { id: other.users.adminB.id }, data: { systemAdmin: true } });
    list = await createListSurvey(t.prisma, org);
    const at = new Date(Date.UTC(2026, 0, 15, 9, 30));
    const ids = await insertResponses(
      t.prisma,
      org.organization.id,
      list.survey.id,
      Array.from({ length: 6 }, (_, i) => ({
        touchpoint: list.touchpointA,
        createdAt: new Date(at.getTime() + i * 60_000),
        metadata: { store: "Kamppi" },
        answers: fullAnswers(list),
      })),
    );
    state.responseToHide = ids[0]!;
    state.responseToEdit = ids[1]!;
    state.responseToDelete = ids[2]!;
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.systemAdmin = await signIn(other.users.adminB.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
  }, 120_000);
  afterAll(async () => t?.close());

  const window = { from: "2026-01-10", to: "2026-01-20", utcOffset: 0 };
  const notificationRule = () => ({
    name: "Detractors",
    survey_id: list.survey.id,
    device_id: [list.touchpointA.id],
    conditions: [[{ questionId: list.questions.nps.id, values: [0, 1, 2] }]],
    delay: 30,
    receivers: [org.users.admin.email],
    format: "plain",
  });

  /** Every operation, called with valid input, in an order where each call finds what it needs. */
  const calls: [OperationKey, () => Promise<unknown>][] = [
    // Session and user
    ["GET /user", () => succeed("GET /user", { url: "/user", token: tokens.admin })],
    ["GET /user/profile", () => succeed("GET /user/profile", { url: "/user/profile", token: tokens.admin })],
    [
      "PUT /user/profile",
      () =>
        succeed("PUT /user/profile", {
          url: "/user/profile",
          token: tokens.admin,
          body: { displayname: "Contract admin", settings: { receive_digest: true } },
        }),
    ],
    [
      "POST /user/change-organization",
      () => succeed("POST /user/change-organization", { url: "/user/change-organization", token: tokens.admin, body: { id: org.organization.id } }),
    ],
    [
      "POST /user/api-keys",
      async () => {
        state.apiKey = body(await succeed("POST /user/api-keys", { url: "/user/api-keys", token: tokens.admin, body: { name: "contract" } }))._id;
      },
    ],
    ["GET /user/api-keys", () => succeed("GET /user/api-keys", { url: "/user/api-keys", token: tokens.admin })],
    [
      "POST /user/api-keys/{id}/revoke",
      () => succeed("POST /user/api-keys/{id}/revoke", { url: `/user/api-keys/${state.apiKey}/revoke`, token: tokens.admin, body: {} }),
    ],
    [
      "POST /user/impersonate",
      () =>
        succeed("POST /user/impersonate", {
          url: "/user/impersonate",
          token: tokens.systemAdmin,
          body: { userId: org.users.viewerA.id, organizationId: org.organization.id },
        }),
    ],
    ["DELETE /user/impersonate", () => succeed("DELETE /user/impersonate", { url: "/user/impersonate", token: tokens.systemAdmin })],
    ["PUT /user/tutorials", () => succeed("PUT /user/tutorials", { url: "/user/tutorials", token: tokens.admin, body: { tutorialId: "results" } })],
    ["GET /location", () => succeed("GET /location", { url: "/location", token: tokens.admin })],
    // Password reset and the outbox (no SMTP_URL in tests: mail is kept there)
    [
      "POST /user/reset-password",
      async () => {
        await succeed("POST /user/reset-password", { url: "/user/reset-password", body: { email: other.users.viewerA.email } });
        await t.jobs.idle();
        const mail = await waitForOutboxMail(t.prisma, other.users.viewerA.email, { kind: "passwordReset" });
        state.resetToken = new URL(firstLink(mail.text)!).searchParams.get("token")!;
      },
    ],
    [
      "POST /user/reset-password/confirm",
      () => succeed("POST /user/reset-password/confirm", { url: "/user/reset-password/confirm", body: { token: state.resetToken, password } }),
    ],
    ["GET /outbox", () => succeed("GET /outbox", { url: "/outbox?limit=5", token: tokens.systemAdmin })],
    // Organisation
    ["GET /organization", () => succeed("GET /organization", { url: "/organization", token: tokens.admin })],
    ["PUT /organization", () => succeed("PUT /organization", { url: "/organization", token: tokens.admin, body: { name: `Contract ${suffix}` } })],
    [
      "POST /organization/logo",
      async () => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(await QRCode.toBuffer("logo", { type: "png", width: 64 }))], { type: "image/png" }), "logo.png");
        await succeed("POST /organization/logo", { url: "/organization/logo", token: tokens.admin, form });
      },
    ],
    ["GET /organization/logo", () => succeed("GET /organization/logo", { url: "/organization/logo", token: tokens.admin })],
    ["DELETE /organization/logo", () => succeed("DELETE /organization/logo", { url: "/organization/logo", token: tokens.admin })],
    // Signup
    [
      "POST /signup",
      async () => {
        state.signupEmail = `contract.${suffix}@signup.example.test`;
        await succeed("POST /signup", {
          url: "/signup",
          body: {
            firstName: "Ada",
            lastName: "Lovelace",
            email: state.signupEmail,
            stage: "initial",
            password,
            password2: password,
            industry: "Retail",
            company: `Contract Engines ${suffix}`,
            companySize: "10-49",
            type: "web",
            signupToken: "",
          },
        });
      },
    ],
    [
      "POST /signup/resend-verification-email",
      async () => {
        // Only the resent mail is read: its link is the one that works.
        await t.jobs.idle();
        await t.prisma.mailOutbox.deleteMany({ where: { to: state.signupEmail, kind: "signupVerification" } });
        await succeed("POST /signup/resend-verification-email", { url: "/signup/resend-verification-email", body: { email: state.signupEmail } });
        await t.jobs.idle();
        const mail = await waitForOutboxMail(t.prisma, state.signupEmail!, { kind: "signupVerification" });
        state.signupToken = new URL(firstLink(mail.text)!).searchParams.get("token")!;
      },
    ],
    [
      "POST /signup/details",
      async () => {
        // A detailsRequired signup (the landing-page form, no company yet): its verification answers the details token.
        const email = `details.${suffix}@signup.example.test`;
        await succeed("POST /signup", {
          url: "/signup",
          body: { firstName: "Grace", lastName: "Hopper", email, stage: "initial", password, password2: password, type: "landing-page", signupToken: "" },
        });
        await t.jobs.idle();
        const mail = await waitForOutboxMail(t.prisma, email, { kind: "signupVerification" });
        const verified = await succeed("POST /signup/verify-token", {
          url: "/signup/verify-token",
          body: { signupToken: new URL(firstLink(mail.text)!).searchParams.get("token")! },
        });
        const token = body(verified).signupToken as string;
        await succeed("POST /signup/details", { url: "/signup/details", body: { signupToken: token } });
      },
    ],
    ["POST /signup/verify-token", () => succeed("POST /signup/verify-token", { url: "/signup/verify-token", body: { signupToken: state.signupToken } })],
    // Users and teams
    ["GET /users/emails", () => succeed("GET /users/emails", { url: "/users/emails", token: tokens.admin })],
    ["GET /units/tree", () => succeed("GET /units/tree", { url: "/units/tree", token: tokens.admin })],
    ["GET /units/tree/users", () => succeed("GET /units/tree/users", { url: "/units/tree/users", token: tokens.admin })],
    [
      "POST /units/tree",
      async () => {
        type Node = { _id: string; name: string; children: Node[] };
        const tree = body<Node[]>(await succeed("GET /units/tree", { url: "/units/tree", token: tokens.admin }));
        const strip = (nodes: Node[]): unknown[] => nodes.map((n) => ({ _id: n._id, name: n.name, children: strip(n.children) }));
        await succeed("POST /units/tree", { url: "/units/tree", token: tokens.admin, body: { tree: strip(tree) } });
      },
    ],
    [
      "GET /organizations/{id}/unit-tree",
      () => succeed("GET /organizations/{id}/unit-tree", { url: `/organizations/${org.organization.id}/unit-tree?members=users`, token: tokens.admin }),
    ],
    [
      "GET /organizations/{id}/users",
      () => succeed("GET /organizations/{id}/users", { url: `/organizations/${org.organization.id}/users`, token: tokens.admin }),
    ],
    ["GET /users/{id}", () => succeed("GET /users/{id}", { url: `/users/${org.users.editorA.id}`, token: tokens.admin })],
    [
      "PUT /users/{id}/modify-team",
      () =>
        succeed("PUT /users/{id}/modify-team", {
          url: `/users/${org.users.adminB.id}/modify-team`,
          token: tokens.admin,
          body: { units: [{ unitId: org.units.unitB.id, role: "admin" }] },
        }),
    ],
    [
      "PUT /units/{unitId}/{userId}",
      () =>
        succeed("PUT /units/{unitId}/{userId}", {
          url: `/units/${org.units.unitA.id}/${org.users.viewerA.id}`,
          token: tokens.admin,
          body: { role: "viewer", receive_digest: false },
        }),
    ],
    [
      "POST /users/create",
      async () => {
        const created = await succeed("POST /users/create", {
          url: "/users/create",
          token: tokens.admin,
          body: { email: `created.${suffix}@example.test`, displayname: "Created", password, password2: password, unitId: org.units.unitA1.id, role: "viewer" },
        });
        state.createdUser = body(created)._id;
      },
    ],
    [
      "DELETE /units/{unitId}/{userId}",
      () => succeed("DELETE /units/{unitId}/{userId}", { url: `/units/${org.units.unitA1.id}/${state.createdUser}`, token: tokens.admin }),
    ],
    [
      "PUT /users/billing-admin",
      () => succeed("PUT /users/billing-admin", { url: "/users/billing-admin", token: tokens.admin, body: { user: org.users.editorA.id, flag: true } }),
    ],
    // Invitations
    [
      "POST /invite-user",
      async () => {
        const invite = async (email: string, unitId = org.units.unitA.id) => {
          const answer = await succeed("POST /invite-user", { url: "/invite-user", token: tokens.admin, body: { email, unitId, role: "editor" } });
          await t.jobs.idle();
          const mail = await waitForOutboxMail(t.prisma, email, { kind: "invitation" });
          return { id: body(answer)._id as string, token: new URL(firstLink(mail.text)!).searchParams.get("token")! };
        };
        const fresh = await invite(`invited.${suffix}@example.test`);
        state.inviteId = fresh.id;
        state.inviteToken = fresh.token;
        state.existingInviteToken = (await invite(other.users.admin.email, org.units.unitB.id)).token;
        state.inviteToDelete = (await invite(`withdrawn.${suffix}@example.test`)).id;
      },
    ],
    ["GET /user-invites", () => succeed("GET /user-invites", { url: "/user-invites", token: tokens.admin })],
    [
      "POST /invite-user/{id}/resend",
      async () => {
        // The resend mails a new link and the old one stops working: read the new mail only.
        const to = `invited.${suffix}@example.test`;
        await t.prisma.mailOutbox.deleteMany({ where: { to, kind: "invitation" } });
        await succeed("POST /invite-user/{id}/resend", { url: `/invite-user/${state.inviteId}/resend`, token: tokens.admin });
        await t.jobs.idle();
        state.inviteToken = new URL(firstLink((await waitForOutboxMail(t.prisma, to, { kind: "invitation" })).text)!).searchParams.get("token")!;
      },
    ],
    ["GET /user-invite", () => succeed("GET /user-invite", { url: `/user-invite?token=${encodeURIComponent(state.inviteToken!)}` })],
    [
      "POST /user-invite/new-user",
      () =>
        succeed("POST /user-invite/new-user", {
          url: "/user-invite/new-user",
          body: { token: state.inviteToken, displayName: "Invited", password, password2: password },
        }),
    ],
    ["POST /user-invite", () => succeed("POST /user-invite", { url: "/user-invite", token: tokens.otherAdmin, body: { token: state.existingInviteToken } })],
    ["DELETE /invite-user/{id}", () => succeed("DELETE /invite-user/{id}", { url: `/invite-user/${state.inviteToDelete}`, token: tokens.admin })],
    // Surveys
    [
      "POST /surveys",
      async () => {
        const created = await succeed("POST /surveys", {
          url: "/surveys",
          token: tokens.admin,
          body: {
            name: "Contract survey",
            unitId: org.units.unitA.id,
            questions: [
              { type: "nps", title: "Recommend us?" },
              { type: "openText", title: "Why?" },
            ],
          },
        });
        state.survey = body(created)._id;
      },
    ],
    ["GET /surveys", () => succeed("GET /surveys", { url: "/surveys", token: tokens.admin })],
    ["GET /surveys/public-templates", () => succeed("GET /surveys/public-templates", { url: "/surveys/public-templates", token: tokens.admin })],
    ["GET /surveys/{id}", () => succeed("GET /surveys/{id}", { url: `/surveys/${state.survey}`, token: tokens.admin })],
    [
      "PUT /surveys/{id}",
      () =>
        succeed("PUT /surveys/{id}", {
          url: `/surveys/${state.survey}`,
          token: tokens.admin,
          body: { name: "Contract survey, edited", questions: [{ type: "nps", title: "Recommend us?" }] },
        }),
    ],
    [
      "POST /surveys/{id}/copy",
      async () => {
        state.surveyCopy = body(
          await succeed("POST /surveys/{id}/copy", { url: `/surveys/${state.survey}/copy`, token: tokens.admin, body: {} }),
        ).newSurvey._id;
      },
    ],
    [
      "PUT /surveys/{id}/archive",
      () => succeed("PUT /surveys/{id}/archive", { url: `/surveys/${state.surveyCopy}/archive`, token: tokens.admin, body: { archived: true } }),
    ],
    [
      "PUT /surveys/{id}/hide",
      () => succeed("PUT /surveys/{id}/hide", { url: `/surveys/${state.surveyCopy}/hide`, token: tokens.admin, body: { hidden: true } }),
    ],
    ["DELETE /surveys/{id}", () => succeed("DELETE /surveys/{id}", { url: `/surveys/${state.surveyCopy}`, token: tokens.admin })],
    // Channels
    [
      "POST /channels",
      async () => {
        const created = await succeed("POST /channels", {
          url: "/channels",
          token: tokens.admin,
          body: { name: "Contract link", type: "link", unitId: org.units.unitA.id, active_survey: state.survey },
        });
        state.channel = body(created)._id;
        const site = await succeed("POST /channels", {
          url: "/channels",
          token: tokens.admin,
          body: { name: "Contract site", type: "website", unitId: org.units.unitA.id, active_survey: state.survey },
        });
        state.website = body(site)._id;
      },
    ],
    [
      "POST /channels/{id}/logo",
      async () => {
        const terminal = await succeed("POST /channels", {
          url: "/channels",
          token: tokens.admin,
          body: { name: "Contract terminal", type: "terminal", unitId: org.units.unitA.id, active_survey: state.survey },
        });
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(await QRCode.toBuffer("terminal logo", { type: "png", width: 64 }))], { type: "image/png" }), "logo.png");
        await succeed("POST /channels/{id}/logo", { url: `/channels/${body(terminal)._id}/logo`, token: tokens.admin, form });
      },
    ],
    ["GET /channels", () => succeed("GET /channels", { url: "/channels", token: tokens.admin })],
    ["GET /channels/grouped-list", () => succeed("GET /channels/grouped-list", { url: "/channels/grouped-list", token: tokens.admin })],
    ["GET /website-activations/all", () => succeed("GET /website-activations/all", { url: "/website-activations/all", token: tokens.admin })],
    ["GET /channels/{id}", () => succeed("GET /channels/{id}", { url: `/channels/${state.channel}`, token: tokens.admin })],
    [
      "POST /channels/{id}",
      () => succeed("POST /channels/{id}", { url: `/channels/${state.channel}`, token: tokens.admin, body: { name: "Contract link 2" } }),
    ],
    ["PUT /channels/{id}", () => succeed("PUT /channels/{id}", { url: `/channels/${state.channel}`, token: tokens.admin, body: { name: "Contract link 3" } })],
    ["GET /channels/{id}/qr.png", () => succeed("GET /channels/{id}/qr.png", { url: `/channels/${state.channel}/qr.png`, token: tokens.admin })],
    ["GET /channels/{id}/qr.svg", () => succeed("GET /channels/{id}/qr.svg", { url: `/channels/${state.channel}/qr.svg`, token: tokens.admin })],
    [
      "POST /website-domains",
      () => succeed("POST /website-domains", { url: "/website-domains", token: tokens.admin, body: { domain: `shop-${suffix}.example.com` } }),
    ],
    ["GET /website-domains", () => succeed("GET /website-domains", { url: "/website-domains", token: tokens.admin })],
    ["GET /pings", () => succeed("GET /pings", { url: "/pings", token: tokens.admin })],
    [
      "POST /device-visibility",
      () =>
        succeed("POST /device-visibility", { url: "/device-visibility", token: tokens.admin, body: { touchpointId: list.touchpointA.id, visibility: false } }),
    ],
    ["GET /device-visibility", () => succeed("GET /device-visibility", { url: "/device-visibility", token: tokens.admin })],
    ["DELETE /channels/{id}", () => succeed("DELETE /channels/{id}", { url: `/channels/${state.website}`, token: tokens.admin })],
    // Contacts (docs/campaigns.md)
    [
      "POST /contacts/upload/{listId}",
      async () => {
        const created = await succeed("POST /channels", {
          url: "/channels",
          token: tokens.admin,
          body: { name: "Contract list", type: "emailContactList", unitId: org.units.unitA.id },
        });
        state.contactList = body(created).contactList._id;
        const form = new FormData();
        form.append("file", new Blob(["email,city\nc1@example.com,Oulu\nbad,Oulu\n"], { type: "text/csv" }), "contacts.csv");
        await succeed("POST /contacts/upload/{listId}", { url: `/contacts/upload/${state.contactList}`, token: tokens.admin, form });
      },
    ],
    [
      "POST /contacts",
      () => succeed("POST /contacts", { url: "/contacts", token: tokens.admin, body: { listId: state.contactList, contacts: [{ email: "c2@example.com" }] } }),
    ],
    ["GET /contact-lists/{id}", () => succeed("GET /contact-lists/{id}", { url: `/contact-lists/${state.contactList}`, token: tokens.admin })],
    [
      "PUT /contact-lists/{id}",
      () => succeed("PUT /contact-lists/{id}", { url: `/contact-lists/${state.contactList}`, token: tokens.admin, body: { variableNames: ["city"] } }),
    ],
    [
      "GET /contact-lists/{id}/contacts",
      async () => {
        const page = await succeed("GET /contact-lists/{id}/contacts", { url: `/contact-lists/${state.contactList}/contacts?page=1`, token: tokens.admin });
        state.contact = body(page).data[0]._id;
      },
    ],
    [
      "POST /contact-lists/{id}/contacts/delete",
      () =>
        succeed("POST /contact-lists/{id}/contacts/delete", {
          url: `/contact-lists/${state.contactList}/contacts/delete`,
          token: tokens.admin,
          body: { ids: [state.contact] },
        }),
    ],
    ["GET /contacts/blocklist", () => succeed("GET /contacts/blocklist", { url: "/contacts/blocklist", token: tokens.admin })],
    [
      "DELETE /contacts/blocklist/email/{email}",
      async () => {
        await t.prisma.blockedContact.create({ data: { organizationId: org.organization.id, email: "contract-blocked@example.com" } });
        await succeed("DELETE /contacts/blocklist/email/{email}", { url: "/contacts/blocklist/email/contract-blocked%40example.com", token: tokens.admin });
      },
    ],
    // Results
    ["GET /results/defaults", () => succeed("GET /results/defaults", { url: "/results/defaults?utcOffset=0", token: tokens.admin })],
    [
      "GET /results/preflight",
      () =>
        succeed("GET /results/preflight", {
          url: `/results/preflight?surveyId=${list.survey.id}&from=${window.from}&to=${window.to}&utcOffset=0`,
          token: tokens.admin,
        }),
    ],
    [
      "POST /results/question",
      () => succeed("POST /results/question", { url: "/results/question", token: tokens.admin, body: { questionId: list.questions.nps.id, ...window } }),
    ],
    [
      "POST /results/get-used-meta-per-key",
      () =>
        succeed("POST /results/get-used-meta-per-key", { url: "/results/get-used-meta-per-key", token: tokens.admin, body: { metaKey: "store", ...window } }),
    ],
    ["POST /summary", () => succeed("POST /summary", { url: "/summary", token: tokens.admin, body: { ...window } })],
    [
      "POST /results/bookmarks",
      async () => {
        state.bookmark = body(
          await succeed("POST /results/bookmarks", {
            url: "/results/bookmarks",
            token: tokens.admin,
            body: { name: "January", filters: { from: window.from, to: window.to } },
          }),
        )._id;
      },
    ],
    ["GET /results/bookmarks", () => succeed("GET /results/bookmarks", { url: "/results/bookmarks", token: tokens.admin })],
    [
      "POST /notifications",
      async () => {
        state.notification = body(
          await succeed("POST /notifications", {
            url: "/notifications",
            token: tokens.admin,
            body: notificationRule(),
          }),
        )._id;
      },
    ],
    ["GET /notifications", () => succeed("GET /notifications", { url: "/notifications", token: tokens.admin })],
    ["GET /notifications/{id}", () => succeed("GET /notifications/{id}", { url: `/notifications/${state.notification}`, token: tokens.admin })],
    [
      "PUT /notifications/{id}",
      () =>
        succeed("PUT /notifications/{id}", {
          url: `/notifications/${state.notification}`,
          token: tokens.admin,
          body: { ...notificationRule(), messageContentFromQuestionIds: [list.questions.nps.id] },
        }),
    ],
    ["DELETE /notifications/{id}", () => succeed("DELETE /notifications/{id}", { url: `/notifications/${state.notification}`, token: tokens.admin })],
    ["GET /message-records/headers", () => succeed("GET /message-records/headers", { url: "/message-records/headers?type=email&page=1", token: tokens.admin })],
    ["DELETE /results/bookmarks/{id}", () => succeed("DELETE /results/bookmarks/{id}", { url: `/results/bookmarks/${state.bookmark}`, token: tokens.admin })],
    [
      "POST /results/token/create",
      async () => {
        const link = body(
          await succeed("POST /results/token/create", {
            url: "/results/token/create",
            token: tokens.admin,
            body: { name: "Contract link", filters: { surveyId: [list.survey.id], from: window.from, to: window.to } },
          }),
        );
        state.shareToken = link.token;
        state.shareLink = link._id;
      },
    ],
    // Customer journeys (docs/customer-journeys.md)
    [
      "POST /customer-journey",
      async () => {
        state.journey = body(
          await succeed("POST /customer-journey", {
            url: "/customer-journey",
            token: tokens.admin,
            body: { name: "Contract journey", steps: [{ name: "Visit", touchpointIds: [list.touchpointA.id], surveys: [{ surveyId: list.survey.id }] }] },
          }),
        )._id;
      },
    ],
    ["GET /customer-journey", () => succeed("GET /customer-journey", { url: "/customer-journey", token: tokens.admin })],
    ["GET /customer-journey/{id}", () => succeed("GET /customer-journey/{id}", { url: `/customer-journey/${state.journey}`, token: tokens.admin })],
    [
      "PUT /customer-journey/{id}",
      () =>
        succeed("PUT /customer-journey/{id}", {
          url: `/customer-journey/${state.journey}`,
          token: tokens.admin,
          body: {
            name: "Contract journey",
            kpi: "average",
            steps: [{ name: "Visit", touchpointIds: [list.touchpointA.id], surveys: [{ surveyId: list.survey.id }] }],
          },
        }),
    ],
    [
      "POST /results/customer-journey/{id}",
      () => succeed("POST /results/customer-journey/{id}", { url: `/results/customer-journey/${state.journey}`, token: tokens.admin, body: { ...window } }),
    ],
    [
      "POST /results/customer-journey/{id}",
      async () => {
        // a journey's analytics open through that journey's own link
        const link = body(
          await succeed("POST /results/token/create", {
            url: "/results/token/create",
            token: tokens.admin,
            body: { name: "Contract journey link", journeyId: state.journey, filters: { from: window.from, to: window.to } },
          }),
        );
        return succeed("POST /results/customer-journey/{id}", {
          url: `/results/customer-journey/${state.journey}?token=${encodeURIComponent(link.token)}`,
          body: {},
        });
      },
    ],
    ["DELETE /customer-journey/{id}", () => succeed("DELETE /customer-journey/{id}", { url: `/customer-journey/${state.journey}`, token: tokens.admin })],
    // The weekly digest's unsubscribe link (docs/digest.md)
    [
      "POST /weekly-digest/unsubscribe",
      () =>
        succeed("POST /weekly-digest/unsubscribe", { url: `/weekly-digest/unsubscribe?token=${signDigestToken(t.config, org.users.editorA.id)}`, body: {} }),
    ],
    ["GET /results/tokens", () => succeed("GET /results/tokens", { url: "/results/tokens", token: tokens.admin })],
    ["GET /results/token/{token}", () => succeed("GET /results/token/{token}", { url: `/results/token/${encodeURIComponent(state.shareToken!)}?utcOffset=0` })],
    [
      "POST /results/token/{token}",
      () =>
        succeed("POST /results/token/{token}", { url: `/results/token/${encodeURIComponent(state.shareToken!)}`, body: { questionId: list.questions.nps.id } }),
    ],
    [
      "GET /results/preflight",
      // The same operation through the share link's query token instead of a bearer token.
      () => succeed("GET /results/preflight", { url: `/results/preflight?token=${encodeURIComponent(state.shareToken!)}` }),
    ],
    [
      "POST /results/list",
      () =>
        succeed("POST /results/list", {
          url: "/results/list",
          token: tokens.admin,
          body: { filters: { ...window, surveyId: [list.survey.id] }, page: 1, pageSize: 5 },
        }),
    ],
    [
      "GET /results-feedbacklist/poll",
      async () => {
        const started = body(
          await succeed("POST /results/list", {
            url: "/results/list",
            token: tokens.admin,
            body: { filters: { ...window, surveyId: [list.survey.id] }, format: "csv" },
          }),
        );
        let poll: Answer;
        for (;;) {
          poll = await succeed("GET /results-feedbacklist/poll", {
            url: `/results-feedbacklist/poll?cacheId=${encodeURIComponent(started.cacheId)}`,
            token: tokens.admin,
          });
          if (body(poll).status !== "generating") break;
          await t.jobs.idle();
        }
        expect(body(poll).status).toBe("finished");
        state.downloadUrl = new URL(body(poll).url).pathname.replace(/^\/api\/v5/, "");
      },
    ],
    ["GET /exports/{id}/download", () => succeed("GET /exports/{id}/download", { url: state.downloadUrl!, token: tokens.admin })],
    [
      "POST /results-pdf",
      async () => {
        state.pdfJob = body(
          await succeed("POST /results-pdf", { url: "/results-pdf", token: tokens.admin, body: { data: ["summary"], filters: { ...window } } }),
        ).id;
      },
    ],
    // Whatever state the print is in (Chromium may be missing here), the poll's answer has the documented shape.
    [
      "GET /results-pdf/poll",
      () => succeed("GET /results-pdf/poll", { url: `/results-pdf/poll?id=${encodeURIComponent(state.pdfJob!)}`, token: tokens.admin }),
    ],
    ["DELETE /results/tokens/{id}", () => succeed("DELETE /results/tokens/{id}", { url: `/results/tokens/${state.shareLink}`, token: tokens.admin })],
    // Responses
    [
      "PUT /responses/{id}/hide",
      () => succeed("PUT /responses/{id}/hide", { url: `/responses/${state.responseToHide}/hide`, token: tokens.admin, body: { hidden: true } }),
    ],
    [
      "PUT /responses/{id}",
      () =>
        succeed("PUT /responses/{id}", {
          url: `/responses/${state.responseToEdit}`,
          token: tokens.admin,
          body: { updatedMetaSet: [{ key: "store", value: "Kallio" }] },
        }),
    ],
    ["DELETE /responses/{id}", () => succeed("DELETE /responses/{id}", { url: `/responses/${state.responseToDelete}`, token: tokens.admin })],
    // Campaign messages: templates, preview, test message, unsubscribing (open, by signed token)
    [
      "POST /message-templates",
      async () => {
        const saved = await succeed("POST /message-templates", {
          url: "/message-templates",
          token: tokens.admin,
          body: {
            name: "Contract",
            templateType: "email",
            languages: { en: { subject: "Hi {{name}}", content: "Tell us" }, fi: { subject: "Hei", content: "Kerro" } },
          },
        });
        state.messageTemplate = body(saved).templates[0]._id;
      },
    ],
    ["GET /message-templates", () => succeed("GET /message-templates", { url: "/message-templates?type=email", token: tokens.admin })],
    [
      "PUT /message-templates/{id}",
      () =>
        succeed("PUT /message-templates/{id}", {
          url: `/message-templates/${state.messageTemplate}`,
          token: tokens.admin,
          body: { name: "Contract", templateType: "email", languages: { es: { subject: "Hola", content: "Dinos" } } },
        }),
    ],
    [
      "POST /message-templates/preview",
      () => succeed("POST /message-templates/preview", { url: "/message-templates/preview", token: tokens.admin, body: { templateId: state.messageTemplate } }),
    ],
    [
      "POST /launch-survey/message-test",
      () =>
        succeed("POST /launch-survey/message-test", {
          url: "/launch-survey/message-test",
          token: tokens.admin,
          body: { templateId: state.messageTemplate, surveyId: state.survey, to: `contract-${suffix}@example.test`, maxHeight: 500 },
        }),
    ],
    [
      "GET /unsubscribe",
      async () => {
        state.unsubscribeToken = signUnsubscribeToken(t.config, { organizationId: org.organization.id, email: `leaver-${suffix}@example.test` });
        await succeed("GET /unsubscribe", { url: `/unsubscribe?token=${state.unsubscribeToken}` });
      },
    ],
    ["POST /unsubscribe", () => succeed("POST /unsubscribe", { url: `/unsubscribe?token=${state.unsubscribeToken}`, body: {} })],
    [
      "POST /unsubscribe/one-click",
      () =>
        succeed("POST /unsubscribe/one-click", {
          url: `/unsubscribe/one-click?token=${state.unsubscribeToken}`,
          form: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
        }),
    ],
    // Launches
    [
      "POST /launch-survey",
      async () => {
        await succeed("POST /launch-survey", { url: "/launch-survey", token: tokens.admin, body: { surveyId: state.survey, touchpointIds: [state.channel] } });
        const later = await succeed("POST /launch-survey", {
          url: "/launch-survey",
          token: tokens.admin,
          body: { surveyId: state.survey, touchpointIds: [state.channel], schedule: { plan: "later", at: `${new Date().getUTCFullYear() + 5}-01-15T09:00` } },
        });
        state.launch = body(later).launches[0]._id;
      },
    ],
    [
      "PUT /launch-survey",
      () =>
        succeed("PUT /launch-survey", {
          url: "/launch-survey",
          token: tokens.admin,
          body: { id: state.launch, schedule: { plan: "recurring", every: "week", weekday: 2, time: "10:30" } },
        }),
    ],
    ["GET /surveys/scheduled", () => succeed("GET /surveys/scheduled", { url: "/surveys/scheduled", token: tokens.admin })],
    ["DELETE /surveys/scheduled/{id}", () => succeed("DELETE /surveys/scheduled/{id}", { url: `/surveys/scheduled/${state.launch}`, token: tokens.admin })],
    ["POST /demo-data", () => succeed("POST /demo-data", { url: "/demo-data", token: tokens.admin, body: { responses: 3 } })],
    // Super-admin (docs/superadmin.md)
    ["GET /feature-set", () => succeed("GET /feature-set", { url: "/feature-set", token: tokens.systemAdmin })],
    [
      "POST /organizations",
      async () => {
        state.adminOrg = body(
          await succeed("POST /organizations", { url: "/organizations", token: tokens.systemAdmin, body: { name: `Contract new ${suffix}` } }),
        )._id;
      },
    ],
    ["GET /organizations", () => succeed("GET /organizations", { url: "/organizations?search=contract", token: tokens.systemAdmin })],
    ["GET /organizations/{id}", () => succeed("GET /organizations/{id}", { url: `/organizations/${state.adminOrg}`, token: tokens.systemAdmin })],
    [
      "PUT /organizations/{id}",
      () =>
        succeed("PUT /organizations/{id}", {
          url: `/organizations/${state.adminOrg}`,
          token: tokens.systemAdmin,
          body: { name: `Contract renamed ${suffix}`, userSeats: 3 },
        }),
    ],
    [
      "PUT /super-admin/user",
      () =>
        succeed("PUT /super-admin/user", {
          url: "/super-admin/user",
          token: tokens.systemAdmin,
          body: { _id: other.users.viewerA.id, displayname: "Contract viewer" },
        }),
    ],
    [
      "DELETE /super-admin/user/{id}/{userId}",
      () =>
        succeed("DELETE /super-admin/user/{id}/{userId}", {
          url: `/super-admin/user/${other.organization.id}/${other.users.editorA.id}`,
          token: tokens.systemAdmin,
        }),
    ],
    [
      "POST /sms-topup",
      () => succeed("POST /sms-topup", { url: `/sms-topup?orgId=${org.organization.id}`, token: tokens.systemAdmin, body: { amount: 12.5 } }),
    ],
    ["GET /sms-history", () => succeed("GET /sms-history", { url: `/sms-history?orgId=${org.organization.id}`, token: tokens.systemAdmin })],
    [
      "GET /organizations/{id}/sms-costs",
      () => succeed("GET /organizations/{id}/sms-costs", { url: `/organizations/${org.organization.id}/sms-costs`, token: tokens.systemAdmin }),
    ],
    [
      "PUT /organizations/{id}/sms-costs",
      () =>
        succeed("PUT /organizations/{id}/sms-costs", {
          url: `/organizations/${org.organization.id}/sms-costs`,
          token: tokens.systemAdmin,
          body: { smsSegmentPrice: 0.07 },
        }),
    ],
    ["GET /sms-reports", () => succeed("GET /sms-reports", { url: "/sms-reports?year=2026", token: tokens.systemAdmin })],
    ["GET /reports/count", () => succeed("GET /reports/count", { url: "/reports/count?view=comments&search=contract", token: tokens.systemAdmin })],
    [
      "GET /reports",
      () => succeed("GET /reports", { url: "/reports?view=responsesToQuestions&year=2026&skip=0&limit=3&search=contract", token: tokens.systemAdmin }),
    ],
    ["GET /reports", () => succeed("GET /reports", { url: "/reports?view=24h", token: tokens.systemAdmin })],
    [
      "GET /reports/unit",
      () => succeed("GET /reports/unit", { url: `/reports/unit?view=comments&year=2026&organizationId=${org.organization.id}`, token: tokens.systemAdmin }),
    ],
    // Subscription and money, without a payment provider (embedded mode: the provider's calls answer 409,
    // rest/v5/billing.test.ts runs them against the Stripe fake)
    ["GET /subscription", () => succeed("GET /subscription", { url: "/subscription", token: tokens.admin })],
    ["GET /subscription/details", () => succeed("GET /subscription/details", { url: "/subscription/details", token: tokens.admin })],
    [
      "PUT /subscription/details",
      () =>
        succeed("PUT /subscription/details", {
          url: "/subscription/details",
          token: tokens.admin,
          body: { billingEmail: "billing@acme.example", name: "Acme Oy Ltd", address: { addressLine1: "Mannerheimintie 1", country: "FI" } },
        }),
    ],
    ["GET /subscription/card", () => succeed("GET /subscription/card", { url: "/subscription/card", token: tokens.admin })],
    ["GET /subscription/tax-rate", () => succeed("GET /subscription/tax-rate", { url: "/subscription/tax-rate", token: tokens.admin })],
    ["GET /subscription/invoices", () => succeed("GET /subscription/invoices", { url: "/subscription/invoices", token: tokens.admin })],
    [
      "GET /subscription/invoices/{id}",
      async () => {
        const invoice = await t.prisma.invoice.create({
          data: { organizationId: org.organization.id, status: "paid", total: 12_000, pdfToken: `contract-${suffix}-invoice-token` },
        });
        await succeed("GET /subscription/invoices/{id}", { url: `/subscription/invoices/${invoice.id}?token=contract-${suffix}-invoice-token` });
      },
    ],
  ];

  it("calls every operation the document lists, and only those (or says why not)", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}` as OperationKey));
    expect(documented.length).toBeGreaterThan(80);
    const called = new Set(calls.map(([key]) => key));
    const missing = documented.filter((key) => !called.has(key) && !notExercised[key]);
    expect(missing, "documented operations with no call in this test").toEqual([]);
    const unknown = [...called, ...(Object.keys(notExercised) as OperationKey[])].filter((key) => !documented.includes(key));
    expect(unknown, "calls of operations the document does not list").toEqual([]);
  });

  for (const [index, [key, run]] of calls.entries()) {
    it(`${key}${calls.findIndex(([k]) => k === key) === index ? "" : " (again)"} answers as documented`, async () => {
      await run();
    }, 60_000);
  }

  it("replayed by a viewer of one team (the open calls as they were), every call answers as documented: 403, 404, 409 included", async () => {
    expect(recorded.length).toBeGreaterThanOrEqual(calls.length);
    const statuses: number[] = [];
    for (const [key, call] of recorded) {
      const answer = await send(key.split(" ")[0]!, { ...call, token: call.token ? tokens.viewer : undefined });
      expect(answer.status, `${key}: ${JSON.stringify(answer.json)}`).toBeLessThan(500);
      expectDocumented(key, answer);
      statuses.push(answer.status);
    }
    // The replay reaches the refusals it is for.
    expect(statuses.filter((s) => s === 403).length).toBeGreaterThan(10);
    expect(statuses).toContain(404);
    expect(statuses).toContain(409);
  }, 120_000);

  it("every operation with a JSON body answers a documented error to a body that is not JSON, and to one over 1 MB", async () => {
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(ops) as [string, OpenApiOperation & { requestBody?: { content: Record<string, unknown> } }][]) {
        if (!operation.requestBody?.content["application/json"]) continue;
        const key = `${method.toUpperCase()} ${path}` as OperationKey;
        const url = path.replace(/\{\w+\}/g, "0123456789abcdef01234567");
        const headers = { authorization: `Bearer ${tokens.admin}` };
        for (const [contentType, payload, expected] of [
          ["application/xml", "<survey/>", 415],
          ["application/json", JSON.stringify({ padding: "x".repeat(1_100_000) }), 413],
        ] as const) {
          const response = await fetch(`${t.baseUrl}/api/v5${url}`, {
            method: method.toUpperCase(),
            headers: { ...headers, "content-type": contentType },
            body: payload,
          });
          const answer: Answer = {
            status: response.status,
            contentType: (response.headers.get("content-type") ?? "").split(";")[0]!,
            json: await response.json(),
            bytes: Buffer.alloc(0),
          };
          expect(answer.status, `${key} with ${contentType}`).toBe(expected);
          expectDocumented(key, answer);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  }, 60_000);

  it("without a caller, every operation that needs one answers a documented 401 with the Error body", async () => {
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(ops)) {
        if (operation.security.length === 0) continue;
        const url = path.replace(/\{\w+\}/g, "0123456789abcdef01234567");
        const answer = await send(method.toUpperCase(), { url, body: method === "get" ? undefined : {} });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expectDocumented(`${method.toUpperCase()} ${path}` as OperationKey, answer);
        expect(answer.json).toEqual({ error: expect.any(String) });
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(70);
  }, 60_000);

  it("with an id that does not exist, every operation with a path parameter answers a documented error with the Error body", async () => {
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (!path.includes("{")) continue;
      for (const [method, operation] of Object.entries(ops)) {
        const url = path.replace(/\{\w+\}/g, "0123456789abcdef01234567");
        const token = operation.security.length === 0 ? undefined : tokens.admin;
        const answer = await send(method.toUpperCase(), { url, token, body: method === "get" ? undefined : {} });
        expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.json)}`).toBeGreaterThanOrEqual(400);
        expectDocumented(`${method.toUpperCase()} ${path}` as OperationKey, answer);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(25);
  }, 60_000);
});
