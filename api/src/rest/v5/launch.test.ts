// /api/v5 launching on the real server: POST /launch-survey answers ok and activates terminals and
// links; an integrator launches with an API key (kind api); a scheduled launch is listed under
// /surveys/scheduled, changed with PUT /launch-survey and cancelled ("launch cancelled"); a past time
// or unknown time zone is refused; another organisation's survey or touchpoint is not found; the
// GraphQL wizard and mutations run the same rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { apiCall } from "../../test/rest-client.js";
import { startTestApp, noDatabase, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { globalId, gql } from "../../test/graphql-client.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { apiKeyPrefix, hashApiKey } from "../../domain/api-keys/key.js";
import { scheduleMessages } from "../../domain/campaigns/launch/schedule.js";

describe.skipIf(noDatabase)("launch REST and GraphQL", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;
  const tokens: Record<string, string> = {};
  let apiKey: string;
  let survey: string;
  let terminal: string;
  let link: string;
  let foreignSurvey: string;
  let foreignTerminal: string;

  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const activeSurveyOf = async (id: string) => (await t.prisma.touchpoint.findUniqueOrThrow({ where: { id } })).activeSurveyId;

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Launches");
    other = await createOrganizationFixture(t.prisma, "Foreign");
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.admin = await signIn(org.users.admin.email);
    tokens.editorA = await signIn(org.users.editorA.email);
    tokens.viewerA = await signIn(org.users.viewerA.email);
    tokens.otherAdmin = await signIn(other.users.admin.email);
    apiKey = `${apiKeyPrefix}${randomBytes(32).toString("base64url")}`;
    await t.prisma.apiKey.create({
      data: { organizationId: org.organization.id, userId: org.users.editorA.id, keyHash: hashApiKey(apiKey), keyPrefix: apiKey.slice(0, 8) },
    });
    const organizationId = org.organization.id;
    survey = (await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitA.id, name: "Launch me" } })).id;
    terminal = (await t.prisma.touchpoint.create({ data: { organizationId, unitId: org.units.unitA.id, name: "Lobby kiosk", type: "terminal" } })).id;
    link = (await t.prisma.touchpoint.create({ data: { organizationId, unitId: org.units.unitA.id, name: "Receipt QR", type: "qr" } })).id;
    foreignSurvey = (await t.prisma.survey.create({ data: { organizationId: other.organization.id, unitId: other.units.root.id, name: "Theirs" } })).id;
    foreignTerminal = (
      await t.prisma.touchpoint.create({ data: { organizationId: other.organization.id, unitId: other.units.root.id, name: "Their kiosk", type: "terminal" } })
    ).id;
  });
  afterAll(async () => t?.close());

  it("POST /launch-survey answers ok and puts the survey on the terminal and the QR code", async () => {
    const answer = await call("POST", "/launch-survey", tokens.editorA, { surveyId: survey, touchpointIds: [terminal, link], schedule: { plan: "now" } });
    expect(answer.status).toBe(200);
    expect(answer.body.ok).toBe(true);
    expect(answer.body.launches[0]).toMatchObject({ kind: "immediate", status: "sent", channel: "activation", surveyName: "Launch me" });
    expect(await activeSurveyOf(terminal)).toBe(survey);
    expect(await activeSurveyOf(link)).toBe(survey);
  });

  it("an integrator launches with an API key (kind api)", async () => {
    await t.prisma.touchpoint.update({ where: { id: terminal }, data: { activeSurveyId: null } });
    const answer = await call("POST", "/launch-survey", apiKey, { surveyId: survey, touchpointIds: [terminal] });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, launches: [{ kind: "api", status: "sent" }] });
    expect(await activeSurveyOf(terminal)).toBe(survey);
  });

  it("another organisation's survey or touchpoint is not found; a viewer may not launch; nothing changes", async () => {
    const before = await t.prisma.launch.count({ where: { organizationId: { in: [org.organization.id, other.organization.id] } } });
    expect(await call("POST", "/launch-survey", tokens.editorA, { surveyId: survey, touchpointIds: [foreignTerminal] })).toMatchObject({
      status: 404,
      body: { error: "Touchpoint not found" },
    });
    expect(await call("POST", "/launch-survey", tokens.editorA, { surveyId: foreignSurvey, touchpointIds: [terminal] })).toMatchObject({
      status: 404,
      body: { error: "Survey not found" },
    });
    expect(await call("POST", "/launch-survey", apiKey, { surveyId: foreignSurvey, touchpointIds: [foreignTerminal] })).toMatchObject({ status: 404 });
    expect(await call("POST", "/launch-survey", tokens.otherAdmin, { surveyId: survey, touchpointIds: [terminal] })).toMatchObject({
      status: 404,
      body: { error: "Survey not found" },
    });
    expect(await call("POST", "/launch-survey", tokens.viewerA, { surveyId: survey, touchpointIds: [terminal] })).toMatchObject({
      status: 403,
      body: { error: "You do not have the rights to launch this survey" },
    });
    expect(await call("POST", "/launch-survey", undefined, { surveyId: survey, touchpointIds: [terminal] })).toMatchObject({ status: 401 });
    expect(await t.prisma.launch.count({ where: { organizationId: { in: [org.organization.id, other.organization.id] } } })).toBe(before);
    expect(await activeSurveyOf(foreignTerminal)).toBeNull();
  });

  it("scheduled: listed, changed with PUT, refused in the past or in an unknown time zone, cancelled with DELETE", async () => {
    // Schedules must be in the future of the real clock: a year well ahead of it (the months and time zones are what matter).
    const year = new Date().getUTCFullYear() + 5;
    const created = await call("POST", "/launch-survey", tokens.editorA, {
      surveyId: survey,
      touchpointIds: [link],
      schedule: { plan: "later", at: `${year}-03-10T09:00`, timeZone: "Europe/Madrid" },
    });
    expect(created.status).toBe(200);
    const launch = created.body.launches[0];
    expect(launch).toMatchObject({
      kind: "scheduled",
      status: "scheduled",
      nextRunAt: `${year}-03-10T08:00:00.000Z`,
      timeZone: "Europe/Madrid",
      mayChange: true,
    });

    const listed = await call("GET", "/surveys/scheduled", tokens.editorA);
    expect(listed.body.map((l: { _id: string }) => l._id)).toContain(launch._id);
    expect((await call("GET", "/surveys/scheduled", tokens.otherAdmin)).body.map((l: { _id: string }) => l._id)).not.toContain(launch._id);

    const past = await call("PUT", "/launch-survey", tokens.editorA, { id: launch._id, schedule: { plan: "later", at: "2020-01-01T09:00" } });
    expect(past).toMatchObject({ status: 400, body: { error: scheduleMessages.inThePast, field: "schedule.at" } });
    const badZone = await call("PUT", "/launch-survey", tokens.editorA, {
      id: launch._id,
      schedule: { plan: "later", at: `${year}-03-11T09:00`, timeZone: "Moon/Base" },
    });
    expect(badZone).toMatchObject({ status: 400, body: { error: scheduleMessages.unknownTimeZone("Moon/Base") } });
    const monthly = await call("PUT", "/launch-survey", tokens.editorA, {
      id: launch._id,
      schedule: { plan: "recurring", every: "month", dayOfMonth: 31, time: "07:15", startDate: `${year}-04-01` },
    });
    expect(monthly.status).toBe(200);
    expect(monthly.body.launch).toMatchObject({
      kind: "recurring",
      recurrence: { every: "month", dayOfMonth: 31, time: "07:15", timeZone: "Europe/Helsinki" },
      nextRunAt: `${year}-04-30T04:15:00.000Z`, // April has 30 days: its last day, summer time in Helsinki
    });
    expect((await call("PUT", "/launch-survey", tokens.viewerA, { id: launch._id, schedule: { plan: "later", at: `${year}-05-01T09:00` } })).status).toBe(403);
    expect((await call("DELETE", `/surveys/scheduled/${launch._id}`, tokens.otherAdmin)).status).toBe(404);

    const cancelled = await call("DELETE", `/surveys/scheduled/${launch._id}`, tokens.editorA);
    expect(cancelled).toMatchObject({ status: 200, body: { message: "launch cancelled", launch: { status: "cancelled", nextRunAt: null } } });
    expect((await call("DELETE", `/surveys/scheduled/${launch._id}`, tokens.editorA)).status).toBe(409);
    expect((await call("GET", "/surveys/scheduled", tokens.editorA)).body.map((l: { _id: string }) => l._id)).not.toContain(launch._id);
    const pastLaunch = await call("POST", "/launch-survey", tokens.editorA, {
      surveyId: survey,
      touchpointIds: [link],
      schedule: { plan: "later", at: "2001-01-01T00:00" },
    });
    expect(pastLaunch).toMatchObject({ status: 400, body: { error: scheduleMessages.inThePast } });
  });

  it("GraphQL: the wizard, launching and cancelling under the same rules", async () => {
    const wizard = await gql(
      t.baseUrl,
      `query($id: ID!) { launchWizard(surveyId: $id) { surveyName timeZone groups { type touchpoints { legacyId name } } } }`,
      { id: globalId("Survey", survey) },
      tokens.editorA,
    );
    expect(wizard.errors).toBeUndefined();
    expect(wizard.data!.launchWizard.timeZone).toBe("Europe/Helsinki");
    expect(wizard.data!.launchWizard.groups.find((g: { type: string }) => g.type === "terminal").touchpoints.map((tp: { name: string }) => tp.name)).toContain(
      "Lobby kiosk",
    );
    const refused = await gql(t.baseUrl, `query($id: ID!) { launchWizard(surveyId: $id) { surveyName } }`, { id: globalId("Survey", survey) }, tokens.viewerA);
    expect(refused.errors?.[0]?.message).toBe("You do not have the rights to launch this survey");

    const launched = await gql(
      t.baseUrl,
      `mutation($input: LaunchSurveyInput!) { launchSurvey(input: $input) { ok launches { id kind status nextRunAt recurrence { every weekday time } } } }`,
      {
        input: {
          surveyId: globalId("Survey", survey),
          touchpointIds: [globalId("Touchpoint", terminal)],
          schedule: { plan: "recurring", every: "week", weekday: 1, time: "08:00" },
        },
      },
      tokens.admin,
    );
    expect(launched.errors).toBeUndefined();
    expect(launched.data!.launchSurvey).toMatchObject({
      ok: true,
      launches: [{ kind: "recurring", status: "scheduled", recurrence: { every: "week", weekday: 1, time: "08:00" } }],
    });
    const id = launched.data!.launchSurvey.launches[0].id;
    const listed = await gql(t.baseUrl, `{ scheduledLaunches(first: 50) { edges { node { id mayChange } } } }`, {}, tokens.viewerA);
    expect(listed.data!.scheduledLaunches.edges.find((e: { node: { id: string } }) => e.node.id === id)?.node.mayChange).toBe(false);
    const cancel = `mutation($id: ID!) { cancelScheduledLaunch(id: $id) { message launch { status } } }`;
    expect((await gql(t.baseUrl, cancel, { id }, tokens.viewerA)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await gql(t.baseUrl, cancel, { id }, tokens.admin)).data!.cancelScheduledLaunch).toEqual({
      message: "launch cancelled",
      launch: { status: "cancelled" },
    });
  });
});
