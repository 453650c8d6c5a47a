// The super-admin calls through the real server (docs/superadmin.md): system admins only, every action
// audited, bad input refused with nothing changed, and the reports computed from the roll-ups.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, apiFetch } from "../../test/rest-client.js";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../../test/fixtures.js";
import { signInWithPassword } from "../../test/oidc-login.js";
import { createListSurvey, fullAnswers, insertResponses } from "../../test/list-survey.js";
import { markResponsesChanged, rebuildRollups } from "../../domain/analytics/rollups.js";
import { reportPage, unitReport } from "../../domain/superadmin/reports.js";
import { superAdminRoutes, smsBalanceRoutes } from "./superadmin.js";
import type { DomainContext } from "../../domain/context.js";
import { loadViewer } from "../../domain/viewer.js";
import { insertPendingTestResponses } from "../../test/analytics-survey.js";
import type { PrismaClient } from "../../generated/prisma/client.js";

describe.skipIf(noDatabase)("REST /api/v5 super-admin", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let platform: OrganizationFixture;
  let sysToken: string;
  let adminToken: string;
  let editorToken: string;
  let sysId: string;
  const call = (method: string, path: string, token?: string, body?: unknown) => apiCall(t.baseUrl, method, path, token, body);
  const auditCount = () => t.prisma.auditLog.count({ where: { action: { startsWith: "superadmin." } } });

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Acme");
    platform = await createOrganizationFixture(t.prisma, "Platform");
    sysId = platform.users.adminB.id;
    await t.prisma.user.update({ where: { id: sysId }, data: { systemAdmin: true } });
    sysToken = (await signInWithPassword(t.baseUrl, platform.users.adminB.email, testPassword)).accessToken;
    adminToken = (await signInWithPassword(t.baseUrl, org.users.admin.email, testPassword)).accessToken;
    editorToken = (await signInWithPassword(t.baseUrl, org.users.editorA.email, testPassword)).accessToken;
  });
  afterAll(async () => t?.close());

  it("refuses every super-admin call to anyone who is not a system admin, and changes nothing", async () => {
    const before = await auditCount();
    const balance = (await t.prisma.organization.findUniqueOrThrow({ where: { id: org.organization.id } })).smsBalance.toNumber();
    const id = org.organization.id;
    const fill = (path: string) => path.replace("{id}", id).replace("{userId}", org.users.viewerA.id);
    const bodies: Record<string, unknown> = {
      "POST /organizations": { name: "Sneaky" },
      "PUT /organizations/{id}": { name: "Renamed" },
      "PUT /super-admin/user": { _id: org.users.viewerA.id, system_admin: true },
      "PUT /organizations/{id}/sms-costs": { smsSegmentPrice: 0.01 },
    };
    for (const route of superAdminRoutes) {
      const key = `${route.method} ${route.path}`;
      for (const token of [adminToken, editorToken]) {
        const r = await call(route.method, fill(route.path), token, bodies[key] ?? (route.method === "GET" || route.method === "DELETE" ? undefined : {}));
        expect([key, r.status, r.body]).toEqual([key, 403, { error: "Only system admins may use the super-admin area" }]);
      }
      expect((await call(route.method, fill(route.path), undefined, bodies[key])).status, key).toBe(401);
    }
    // The super-admin top-up (orgId) is refused the same way, even for the organisation's own admin.
    const topUp = await call("POST", `/sms-topup?orgId=${id}`, adminToken, { amount: 50 });
    expect(topUp).toEqual({ status: 403, body: { error: "Only system admins may use the super-admin area" } });
    expect(await auditCount()).toBe(before);
    const org2 = await t.prisma.organization.findUniqueOrThrow({ where: { id } });
    expect(org2.name).toBe(org.organization.name);
    expect(org2.smsBalance.toNumber()).toBe(balance);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.viewerA.id } })).systemAdmin).toBe(false);
    expect(await t.prisma.membership.count({ where: { userId: org.users.viewerA.id, organizationId: id } })).toBe(1);
    // Every route of the area is in the list above (a new one is refused as well, or this fails).
    expect(superAdminRoutes.length).toBe(13);
    expect(smsBalanceRoutes.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /sms-topup", "GET /sms-history"]);
  });

  it("an API key of a system admin does not open the area", async () => {
    const key = await call("POST", "/user/api-keys", sysToken, {});
    if (key.status !== 201 && key.status !== 200) return; // the platform's plan may lack the REST API feature
    expect((await call("GET", "/organizations", key.body.key)).status).toBe(403);
  });

  it("creates an organisation (answers _id), lists, reads and saves it as the whole object, auditing what changed", async () => {
    const sets = await call("GET", "/feature-set", sysToken);
    expect(sets.status).toBe(200);
    const set = sets.body.find((s: { name: string }) => s.name.startsWith("test-"));
    expect(set.features).toEqual(expect.arrayContaining(["restApi"]));

    const created = await call("POST", "/organizations", sysToken, { name: "  Nordic Bakery  ", domain: "bakery.example", userSeats: 5 });
    expect(created.status).toBe(201);
    expect(created.body._id).toMatch(/^[0-9a-f]{24}$/);
    const id = created.body._id as string;
    const units = await t.prisma.unit.findMany({ where: { organizationId: id } });
    expect(units.map((u) => [u.name, u.parentId])).toEqual([["Nordic Bakery", null]]);

    const one = await call("GET", `/organizations/${id}`, sysToken);
    expect(one.body).toMatchObject({
      _id: id,
      name: "Nordic Bakery",
      domain: "bakery.example",
      segment: "customer",
      userSeats: 5,
      smsBalance: 0,
      userCount: 0,
      featureSetName: "all",
    });
    const listed = await call("GET", "/organizations?search=nordic%20bak", sysToken);
    expect(listed.body.map((o: { _id: string }) => o._id)).toContain(id);

    const whole = { ...one.body, featureSetId: set._id, responseLimit: 2000, trialUntil: "2027-01-31T00:00:00.000Z", billingPeriod: "annual", smsBalance: 999 };
    const saved = await call("PUT", `/organizations/${id}`, sysToken, whole);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe("Saved successfully.");
    expect(saved.body.organization).toMatchObject({
      featureSetId: set._id,
      responseLimit: 2000,
      billingPeriod: "annual",
      trialUntil: "2027-01-31T00:00:00.000Z",
    });
    // The balance moves only through the ledger: a balance in the body is ignored.
    expect(saved.body.organization.smsBalance).toBe(0);

    const rows = await t.prisma.auditLog.findMany({ where: { organizationId: id, action: { startsWith: "superadmin." } }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.action, r.actorUserId])).toEqual([
      ["superadmin.organization.create", sysId],
      ["superadmin.organization.update", sysId],
    ]);
    expect((rows[1]!.details as { changes: Record<string, unknown> }).changes).toEqual({
      featureSetId: { from: one.body.featureSetId, to: set._id },
      responseLimit: { from: null, to: 2000 },
      trialUntil: { from: null, to: "2027-01-31T00:00:00.000Z" },
      billingPeriod: { from: null, to: "annual" },
    });
    // Saving the same object again changes nothing and writes no row.
    await call("PUT", `/organizations/${id}`, sysToken, saved.body.organization);
    expect(await t.prisma.auditLog.count({ where: { organizationId: id, action: { startsWith: "superadmin." } } })).toBe(2);
  });

  it("refuses bad organisation input with a clear message and changes nothing", async () => {
    // The organisations these inputs would have made (other test files share the database and make
    // organisations of their own meanwhile: a count of every organisation depended on their timing).
    const made = () => t.prisma.organization.count({ where: { name: { in: ["X", "   ", ""] } } });
    const before = await made();
    const cases: [unknown, number, string][] = [
      [{}, 400, "Name is required"],
      [{ name: "   " }, 400, "Name is required"],
      [{ name: "X", userSeats: "ten" }, 400, "User seats must be a whole number from 1 to 100000, or empty"],
      [{ name: "X", userSeats: 0 }, 400, "User seats must be a whole number from 1 to 100000, or empty"],
      [{ name: "X", responseLimit: 1e12 }, 400, "Response limit must be a whole number from 0 to 1000000000, or empty"],
      [{ name: "X", segment: "vip" }, 400, "Segment must be one of customer, self-signup, test"],
      [{ name: "X", billingPeriod: "weekly" }, 400, "Billing period must be monthly or annual"],
      [{ name: "X", trialUntil: "soon" }, 400, "Trial until must be a date"],
      [{ name: "X", featureSetId: "nope" }, 400, "Invalid id: ids are 24 hexadecimal characters"],
      [{ name: "X", featureSetId: "0123456789abcdef01234567" }, 404, "Feature set not found"],
    ];
    for (const [body, status, error] of cases) {
      const r = await call("POST", "/organizations", sysToken, body);
      expect([body, r.status, r.body.error]).toEqual([body, status, error]);
    }
    expect(await made()).toBe(before);
    const id = org.organization.id;
    expect((await call("PUT", `/organizations/${id}`, sysToken, { name: "Acme", profanityFilter: "yes" })).body.error).toBe(
      "Profanity filter must be true or false",
    );
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id } })).name).toBe(org.organization.name);
    expect(await call("GET", "/organizations/0123456789abcdef01234567", sysToken)).toEqual({ status: 404, body: { error: "No organization found" } });
    expect((await call("PUT", "/organizations/0123456789abcdef01234567", sysToken, { name: "Ghost" })).status).toBe(404);
    expect((await call("GET", "/organizations/xyz", sysToken)).status).toBe(400);
  });

  it("edits a person's account and takes a person out of an organisation (audited)", async () => {
    const target = org.users.adminA;
    const r = await call("PUT", "/super-admin/user", sysToken, { _id: target.id, displayname: "Aada Admin", settings: { locale: "fi" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ _id: target.id, displayname: "Aada Admin", settings: { locale: "fi" }, system_admin: false });
    expect((await call("PUT", "/super-admin/user", sysToken, { _id: target.id, email: org.users.editorA.email })).status).toBe(409);
    expect((await call("PUT", "/super-admin/user", sysToken, { _id: target.id, settings: { locale: "de" } })).body.error).toBe(
      "Locale must be en, es, fi or se",
    );
    expect((await call("PUT", "/super-admin/user", sysToken, { _id: sysId, system_admin: false })).body.error).toBe(
      "You cannot remove your own system admin flag",
    );
    expect((await call("PUT", "/super-admin/user", sysToken, { _id: "0123456789abcdef01234567", displayname: "Ghost" })).status).toBe(404);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: target.id } })).email).toBe(target.email);

    const removed = await call("DELETE", `/super-admin/user/${org.organization.id}/${org.users.viewerA.id}`, sysToken);
    expect(removed).toEqual({ status: 200, body: { status: "ok" } });
    expect(await t.prisma.membership.count({ where: { userId: org.users.viewerA.id } })).toBe(0);
    expect(await t.prisma.unitRole.count({ where: { userId: org.users.viewerA.id } })).toBe(0);
    expect((await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.viewerA.id } })).currentOrganizationId).toBeNull();
    expect((await call("DELETE", `/super-admin/user/${org.organization.id}/${org.users.viewerA.id}`, sysToken)).status).toBe(404);
    const rows = await t.prisma.auditLog.findMany({ where: { actorUserId: sysId, action: { in: ["superadmin.user.update", "superadmin.user.remove"] } } });
    expect(rows.map((x) => [x.action, x.targetUserId])).toEqual([
      ["superadmin.user.update", target.id],
      ["superadmin.user.remove", org.users.viewerA.id],
    ]);
    expect((rows[0]!.details as { changes: unknown }).changes).toEqual({
      displayName: { from: target.displayName, to: "Aada Admin" },
      locale: { from: "en", to: "fi" },
    });
  });

  it("tops up an organisation's SMS balance with orgId ('top-up success'); refuses bad amounts and keeps the ledger consistent", async () => {
    const id = org.organization.id;
    const ok = await call("POST", `/sms-topup?orgId=${id}`, sysToken, { amount: 25.5 });
    expect(ok).toEqual({ status: 200, body: { status: "ok", message: "top-up success", balance: 25.5 } });
    const bad: [unknown, string][] = [
      [0, "The amount must be more than 0"],
      [-5, "The amount must be more than 0"],
      ["10", "The amount must be a number"],
      [null, "The amount must be a number"],
      [1e9, "The amount can be at most 10000"],
      [1.005, "The amount can have at most 2 decimals"],
    ];
    for (const [amount, error] of bad) {
      const r = await call("POST", `/sms-topup?orgId=${id}`, sysToken, { amount });
      expect([amount, r.status, r.body.error]).toEqual([amount, 400, error]);
    }
    expect((await call("POST", "/sms-topup?orgId=0123456789abcdef01234567", sysToken, { amount: 5 })).status).toBe(404);
    const o = await t.prisma.organization.findUniqueOrThrow({ where: { id } });
    expect(o.smsBalance.toNumber()).toBe(25.5);
    const sum = await t.prisma.smsLedgerEntry.aggregate({ where: { organizationId: id }, _sum: { amount: true } });
    expect(sum._sum.amount?.toNumber()).toBe(25.5);
    const audit = await t.prisma.auditLog.findFirst({ where: { organizationId: id, action: "superadmin.sms.topup" } });
    expect(audit).toMatchObject({ actorUserId: sysId, details: { amount: 25.5, balanceAfter: 25.5 } });

    // The history: newest first, each entry with the balance after it.
    await t.prisma.$executeRawUnsafe(`UPDATE "Organization" SET "smsBalance" = "smsBalance" - 0.5 WHERE id = $1`, id);
    await t.prisma.smsLedgerEntry.create({
      data: { organizationId: id, amount: -0.5, kind: "send", reference: "message:x", createdAt: new Date(Date.now() + 1000) },
    });
    const history = await call("GET", `/sms-history?orgId=${id}`, sysToken);
    expect(history.status).toBe(200);
    // A system admin reading another organisation's history credits it here, not through the customer's paid top-up.
    expect(history.body).toMatchObject({ _id: id, balance: 25, total: 2, canTopUp: false, paymentProvider: false });
    expect(history.body.entries.map((e: { kind: string; amount: number; balanceAfter: number }) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ["send", -0.5, 25],
      ["topup", 25.5, 25.5],
    ]);
    expect(history.body.entries[1].createdBy.email).toBe(platform.users.adminB.email);
    // The organisation's own admin reads its own history; an editor may not; another organisation is not found.
    expect((await call("GET", "/sms-history", adminToken)).body).toMatchObject({ balance: 25, canTopUp: true });
    expect((await call("GET", "/sms-history", editorToken)).status).toBe(403);
    expect((await call("GET", `/sms-history?orgId=${platform.organization.id}`, adminToken)).status).toBe(404);
    expect((await call("GET", `/sms-history?orgId=${id}&limit=0`, sysToken)).status).toBe(400);
  });

  it("reads and sets the SMS costs, and reports SMS use per organisation", async () => {
    const id = org.organization.id;
    const costs = await call("GET", `/organizations/${id}/sms-costs`, sysToken);
    expect(costs.body).toMatchObject({ _id: id, smsSegmentPrice: 0.08, currency: "EUR" });
    const set = await call("PUT", `/organizations/${id}/sms-costs`, sysToken, { smsSegmentPrice: 0.065 });
    expect(set.body.smsSegmentPrice).toBe(0.065);
    for (const price of [0, -1, "0.1", 11, 0.123456])
      expect((await call("PUT", `/organizations/${id}/sms-costs`, sysToken, { smsSegmentPrice: price })).status).toBe(400);
    expect((await t.prisma.organization.findUniqueOrThrow({ where: { id } })).smsSegmentPrice.toNumber()).toBe(0.065);
    const year = new Date().getUTCFullYear();
    const report = await call("GET", `/sms-reports?year=${year}&search=${encodeURIComponent(org.organization.name)}`, sysToken);
    expect(report.body).toEqual([expect.objectContaining({ _id: id, toppedUp: 25.5, spent: 0.5, sends: 1, smsBalance: 25 })]);
    expect((await call("GET", "/sms-reports?year=twenty", sysToken)).status).toBe(400);
  });

  it("reports per organisation from the roll-ups: count, pages of 3, a 24-hour view and the per-team download", async () => {
    const label = `Rpt${Date.now().toString(36)}`;
    const orgs = [];
    for (const n of ["A", "B", "C", "D"]) orgs.push(await createOrganizationFixture(t.prisma, `${label} ${n}`));
    const s = await createListSurvey(t.prisma, orgs[0]!);
    await insertResponses(t.prisma, orgs[0]!.organization.id, s.survey.id, [
      { touchpoint: s.touchpointA, createdAt: new Date("2025-01-15T10:00:00Z"), answers: fullAnswers(s) },
      { touchpoint: s.touchpointA, createdAt: new Date("2025-01-20T10:00:00Z"), answers: fullAnswers(s) },
      { touchpoint: s.touchpointB, createdAt: new Date("2025-03-02T10:00:00Z"), answers: fullAnswers(s).filter((a) => a.questionId !== s.questions.text.id) },
      { touchpoint: s.touchpointB, createdAt: new Date("2025-12-31T23:30:00Z"), answers: fullAnswers(s) },
      { touchpoint: s.touchpointA, createdAt: new Date("2026-01-01T00:30:00Z"), answers: fullAnswers(s) },
    ]);
    await rebuildRollups(t.prisma, orgs[0]!.organization.id);

    expect((await call("GET", `/reports/count?search=${label}`, sysToken)).body).toEqual({ count: 4 });
    const page1 = await call("GET", `/reports?search=${label}&year=2025&view=responsesToQuestions`, sysToken);
    expect(page1.body.map((i: { name: string }) => i.name.split(" ")[1])).toEqual(["A", "B", "C"]);
    const first = page1.body[0];
    expect(first.periods).toHaveLength(12);
    expect(first.periods.map((p: { responses: number }) => p.responses)).toEqual([2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
    expect(first.totals).toEqual({ responses: 4, answers: 31, comments: 3 });
    expect(page1.body[1].totals).toEqual({ responses: 0, answers: 0, comments: 0 });
    const page2 = await call("GET", `/reports?search=${label}&year=2025&skip=3`, sysToken);
    expect(page2.body.map((i: { name: string }) => i.name.split(" ")[1])).toEqual(["D"]);
    const comments = await call("GET", `/reports?search=${label}&year=2026&view=comments&limit=1`, sysToken);
    expect(comments.body[0].periods[0]).toEqual({ period: "2026-01", responses: 1, answers: 8, comments: 1 });

    for (const bad of ["view=weekly", "year=99", "limit=0", "limit=51", "skip=-1", "limit=abc"]) {
      expect((await call("GET", `/reports?${bad}`, sysToken)).status, bad).toBe(400);
    }

    // The 24-hour view, as of an injected moment.
    const sysViewer = (await loadViewer(t.prisma, sysId, "accessToken"))!;
    const ctx = { prisma: t.prisma, viewer: sysViewer } as unknown as DomainContext;
    const day = await reportPage(ctx, { view: "24h", search: `${label} A` }, new Date("2026-01-01T01:10:00Z"));
    expect(day[0]!.periods).toHaveLength(24);
    expect(day[0]!.periods.at(-1)).toEqual({ period: "2026-01-01T01:00:00.000Z", responses: 0, answers: 0, comments: 0 });
    expect(day[0]!.periods.at(-2)).toEqual({ period: "2026-01-01T00:00:00.000Z", responses: 1, answers: 8, comments: 1 });
    expect(day[0]!.periods.at(-3)).toEqual({ period: "2025-12-31T23:00:00.000Z", responses: 1, answers: 8, comments: 1 });
    expect(day[0]!.totals.responses).toBe(2);

    // The download: one organisation per team, a JSON file named after the view and the organisation.
    const orgId = orgs[0]!.organization.id;
    const file = await apiFetch(t.baseUrl, "GET", `/reports/unit?view=comments&year=2025&organizationId=${orgId}`, sysToken);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="open-feedback-${orgId}.json"`);
    const body = await file.json();
    expect(body.fileName).toBe(`open-feedback-${orgId}.json`);
    const byName = Object.fromEntries(body.units.map((u: { name: string; totals: unknown }) => [u.name, u.totals]));
    expect(byName).toMatchObject({ Stores: { responses: 2, comments: 2 }, Online: { responses: 2, comments: 1 } });
    expect(body.totals).toEqual({ responses: 4, answers: 31, comments: 3 });
    const r2q = await unitReport(ctx, { view: "responsesToQuestions", year: 2025, organizationId: orgId });
    expect(r2q.fileName).toBe(`responses-to-questions-${orgId}.json`);
    expect((await call("GET", "/reports/unit?view=comments&year=2025", sysToken)).status).toBe(400);
    expect((await call("GET", "/reports/unit?organizationId=0123456789abcdef01234567", sysToken)).status).toBe(404);
  });

  it("the 24-hour view counts the answers and open-text answers of the responses just stored, per UTC hour, leaving hidden and over-limit ones out", async () => {
    const label = `Rpt24${Date.now().toString(36)}`;
    const o = await createOrganizationFixture(t.prisma, label);
    const s = await createListSurvey(t.prisma, o);
    const noText = fullAnswers(s).filter((a) => a.questionId !== s.questions.text.id);
    // As of 12:20 UTC: the window is 2026-03-09T13:00 up to 2026-03-10T13:00 (the current hour included).
    const now = new Date("2026-03-10T12:20:00Z");
    const [, , , overLimit] = await insertResponses(t.prisma, o.organization.id, s.survey.id, [
      { touchpoint: s.touchpointA, createdAt: new Date("2026-03-10T12:05:00Z"), answers: fullAnswers(s) },
      { touchpoint: s.touchpointB, createdAt: new Date("2026-03-10T12:40:00Z"), answers: noText },
      { touchpoint: s.touchpointA, createdAt: new Date("2026-03-10T12:10:00Z"), answers: fullAnswers(s), hidden: true },
      { touchpoint: s.touchpointB, createdAt: new Date("2026-03-10T05:30:00Z"), answers: fullAnswers(s) },
      // The first hour, its open-text answer hidden: still an answer and a comment, as in the roll-ups.
      { touchpoint: s.touchpointA, createdAt: new Date("2026-03-09T13:00:00Z"), answers: fullAnswers(s, { hideText: true }) },
      // Just outside the window at either end.
      { touchpoint: s.touchpointA, createdAt: new Date("2026-03-09T12:59:59Z"), answers: fullAnswers(s) },
      { touchpoint: s.touchpointB, createdAt: new Date("2026-03-10T13:00:00Z"), answers: fullAnswers(s) },
    ]);
    await t.prisma.response.update({ where: { id: overLimit! }, data: { overLimit: true } });
    await markResponsesChanged(t.prisma, o.organization.id, [
      { createdAt: new Date("2026-03-10T05:30:00Z"), surveyId: s.survey.id, touchpointId: s.touchpointB.id },
    ]);

    const sysViewer = (await loadViewer(t.prisma, sysId, "accessToken"))!;
    const ctx = { prisma: t.prisma, viewer: sysViewer } as unknown as DomainContext;
    const [day] = await reportPage(ctx, { view: "24h", search: label }, now);
    expect(day!.periods).toHaveLength(24);
    expect(day!.periods[0]).toEqual({ period: "2026-03-09T13:00:00.000Z", responses: 1, answers: 8, comments: 1 });
    expect(day!.periods.find((p) => p.period === "2026-03-10T05:00:00.000Z")).toEqual({
      period: "2026-03-10T05:00:00.000Z",
      responses: 0,
      answers: 0,
      comments: 0,
    });
    expect(day!.periods.at(-1)).toEqual({ period: "2026-03-10T12:00:00.000Z", responses: 2, answers: 15, comments: 1 });
    expect(day!.totals).toEqual({ responses: 3, answers: 23, comments: 2 });
    // The monthly view (the daily answer roll-up) counts the same responses the same way.
    const [month] = await reportPage(ctx, { view: "comments", year: 2026, search: label }, now);
    expect(month!.periods[2]).toEqual({ period: "2026-03", responses: 5, answers: 39, comments: 4 });

    // Per team: unit A (touchpoint A) and unit B (touchpoint B).
    const perUnit = await unitReport(ctx, { view: "24h", organizationId: o.organization.id }, now);
    const totalsOf = (unitId: string) => perUnit.units.find((u) => u.unitId === unitId)!.totals;
    expect(totalsOf(o.units.unitA.id)).toEqual({ responses: 2, answers: 16, comments: 2 });
    expect(totalsOf(o.units.unitB.id)).toEqual({ responses: 1, answers: 7, comments: 0 });
    expect(perUnit.totals).toEqual(day!.totals);

    // A response the applier has not added yet: its answers count at once (raw rows). Inside a
    // transaction rolled back, so no applier takes it.
    const aborted = new Error("rolled back on purpose");
    await expect(
      t.prisma.$transaction(async (tx) => {
        await insertPendingTestResponses(tx as unknown as PrismaClient, o.organization.id, [
          {
            surveyId: s.survey.id,
            touchpointId: s.touchpointA.id,
            unitId: o.units.unitA.id,
            createdAt: new Date("2026-03-10T12:15:00Z"),
            answers: [
              { questionId: s.questions.nps.id, n: 10 },
              { questionId: s.questions.text.id, text: "Quick" },
            ],
          },
        ]);
        const [pending] = await reportPage({ ...ctx, prisma: tx } as unknown as DomainContext, { view: "24h", search: label }, now);
        expect(pending!.periods.at(-1)).toMatchObject({ period: "2026-03-10T12:00:00.000Z", answers: 17, comments: 2 });
        throw aborted;
      }),
    ).rejects.toBe(aborted);
  });

  it("a system admin switches to an organisation they are no member of (audited) and back; nobody else can", async () => {
    const id = org.organization.id;
    expect((await call("POST", "/user/change-organization", adminToken, { id: platform.organization.id })).status).toBe(404);
    const switched = await call("POST", "/user/change-organization", sysToken, { id });
    expect(switched.status).toBe(200);
    const me = await call("GET", "/user", sysToken);
    expect(me.body.current_organization_id ?? me.body.settings.currentOrganization?._id ?? me.body.organization_id).toBe(id);
    expect(me.body.settings.availableOrganizations.map((o: { _id: string }) => o._id)).toEqual(expect.arrayContaining([platform.organization.id, id]));
    expect(me.body.organizationAdmin).toBe(true);
    // Working there: the organisation's own settings answer.
    expect((await call("GET", "/organization", sysToken)).body._id).toBe(id);
    expect(await t.prisma.auditLog.count({ where: { actorUserId: sysId, action: "superadmin.organization.switch", organizationId: id } })).toBe(1);
    // No lasting credential left behind there: API keys are for members.
    const keys = await t.prisma.apiKey.count({ where: { organizationId: id } });
    const minted = await call("POST", "/user/api-keys", sysToken, {});
    expect(minted.status).toBe(403);
    expect(await t.prisma.apiKey.count({ where: { organizationId: id } })).toBe(keys);
    expect((await call("POST", "/user/change-organization", sysToken, { id: platform.organization.id })).status).toBe(200);
    expect((await call("GET", "/organization", sysToken)).body._id).toBe(platform.organization.id);
    expect((await call("POST", "/user/change-organization", sysToken, { id: "0123456789abcdef01234567" })).status).toBe(404);
  });
});
