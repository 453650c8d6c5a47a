// resolveShareScope against the real database: a valid token gives its organisation and filters;
// unknown, tampered, removed and expired tokens give clear errors; allowChanges decides which of the
// visitor's changes apply; dynamicDate moves the window with today.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noDatabase, startTestApp, type TestApp } from "../../test/harness.js";
import { createOrganizationFixture, type OrganizationFixture } from "../../test/fixtures.js";
import { DomainError } from "../errors.js";
import { generateShareToken } from "./share-token.js";
import { mergeVisitorFilters, moveDates, resolveShareScope, shareMessages } from "./share-link.js";

describe("share scope: merging and moving (no database)", () => {
  it("applies only the visitor's changes that allowChanges lists; utcOffset is always the visitor's", () => {
    const link = { from: "2026-01-01", to: "2026-01-31", surveyId: ["a"], groupBy: "daily", options: { view: "graphs", stackGraphsTo100: false } };
    const visitor = {
      from: "2025-01-01",
      to: "2026-12-31",
      surveyId: ["b"],
      groupBy: "week",
      utcOffset: 120,
      channelId: ["x"],
      options: { view: "table", stackGraphsTo100: true },
    };
    expect(mergeVisitorFilters(link, visitor, [])).toEqual({ ...link, utcOffset: 120 });
    expect(mergeVisitorFilters(link, visitor, ["date", "options.view"])).toEqual({
      ...link,
      from: "2025-01-01",
      to: "2026-12-31",
      utcOffset: 120,
      options: { view: "table", stackGraphsTo100: false },
    });
    expect(mergeVisitorFilters(link, visitor, ["surveyId", "groupBy", "options"])).toMatchObject({
      from: "2026-01-01",
      surveyId: ["b"],
      groupBy: "week",
      options: { view: "table", stackGraphsTo100: true },
    });
    // A key allowChanges does not name never passes, even one the link lacks.
    expect(mergeVisitorFilters(link, visitor, ["surveyId"])).not.toHaveProperty("channelId");
    // The link's own object is never changed.
    expect(link.options.view).toBe("graphs");
  });

  it("dynamicDate shifts from and to by the days since the link was made, keeping the length", () => {
    const created = new Date("2026-03-10T12:00:00Z");
    const filters = { from: "2026-03-03", to: "2026-03-09" };
    expect(moveDates(filters, created, new Date("2026-03-10T23:00:00Z"))).toEqual(filters);
    expect(moveDates(filters, created, new Date("2026-03-25T08:00:00Z"))).toEqual({ from: "2026-03-18", to: "2026-03-24" });
    // Across a month end, in the filters' own UTC offset (minutes east of UTC).
    expect(moveDates(filters, created, new Date("2026-03-31T22:30:00Z"))).toMatchObject({ from: "2026-03-24", to: "2026-03-30" });
    expect(moveDates({ ...filters, utcOffset: 180 }, created, new Date("2026-03-31T22:30:00Z"))).toMatchObject({ from: "2026-03-25", to: "2026-03-31" });
  });
});

describe.skipIf(noDatabase)("resolveShareScope", () => {
  let t: TestApp;
  let org: OrganizationFixture;
  let other: OrganizationFixture;

  const makeLink = async (
    fixture: OrganizationFixture,
    data: Partial<{
      filters: object;
      allowChanges: string[];
      dynamicDate: boolean;
      expiredAt: Date | null;
      createdAt: Date;
      hideTimestamps: boolean;
      hideResultsIfLessThan: number;
      createdByUserId: string;
    }> = {},
  ) => {
    const { token, tokenHash } = generateShareToken();
    const row = await t.prisma.shareToken.create({
      data: {
        organizationId: fixture.organization.id,
        createdByUserId: fixture.users.admin.id,
        token: tokenHash,
        name: "Board view",
        filters: { from: "2026-01-01", to: "2026-01-31", surveyId: [] },
        ...data,
      },
    });
    return { token, row };
  };

  const errorOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error as DomainError;
    }
    throw new Error("expected an error");
  };

  beforeAll(async () => {
    t = await startTestApp();
    org = await createOrganizationFixture(t.prisma, "Share");
    other = await createOrganizationFixture(t.prisma, "Elsewhere");
  });
  afterAll(async () => t?.close());

  it("answers the link's organisation, filters and options", async () => {
    const { token, row } = await makeLink(org, { hideTimestamps: true, hideResultsIfLessThan: 5, allowChanges: ["date"] });
    const scope = await resolveShareScope(t.prisma, token, { from: "2026-02-01", to: "2026-02-28", surveyId: ["x"] });
    expect(scope).toMatchObject({
      shareTokenId: row.id,
      organizationId: org.organization.id,
      createdByUserId: org.users.admin.id,
      filters: { from: "2026-02-01", to: "2026-02-28", surveyId: [] },
      options: { name: "Board view", allowChanges: ["date"], dynamicDate: false, hideTimestamps: true, hideResultsIfLessThan: 5, smileyScale: null },
      expiredAt: null,
    });
    // The stored value is the token's digest, never the token.
    expect(row.token).not.toBe(token);
    expect(row.token).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses unknown, tampered and malformed tokens with the invalid-link message", async () => {
    const { token } = await makeLink(org);
    const tampered = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [tampered, "x".repeat(43), "short", "", null, undefined, `${token}x`]) {
      const error = await errorOf(resolveShareScope(t.prisma, bad));
      expect(error).toBeInstanceOf(DomainError);
      expect(error.code).toBe("NOT_FOUND");
      expect(error.message).toBe(shareMessages.invalid);
    }
  });

  it("refuses an expired link with the expired message, and accepts it until then", async () => {
    const expiredAt = new Date(Date.now() + 60_000);
    const { token } = await makeLink(org, { expiredAt });
    await expect(resolveShareScope(t.prisma, token)).resolves.toMatchObject({ organizationId: org.organization.id });
    const error = await errorOf(resolveShareScope(t.prisma, token, undefined, { now: new Date(expiredAt.getTime() + 1) }));
    expect(error.code).toBe("GONE");
    expect(error.message).toBe(shareMessages.expired);
  });

  it("stops working when removed, or when its creator is no longer a member", async () => {
    const { token, row } = await makeLink(org);
    await t.prisma.shareToken.delete({ where: { id: row.id } });
    expect((await errorOf(resolveShareScope(t.prisma, token))).message).toBe(shareMessages.invalid);

    // A member of another organisation cannot be a link's creator here.
    const foreign = await makeLink(org, { createdByUserId: other.users.admin.id });
    expect((await errorOf(resolveShareScope(t.prisma, foreign.token))).message).toBe(shareMessages.invalid);
  });

  it("each link sees its own organisation only", async () => {
    const mine = await makeLink(org);
    const theirs = await makeLink(other);
    expect((await resolveShareScope(t.prisma, mine.token)).organizationId).toBe(org.organization.id);
    expect((await resolveShareScope(t.prisma, theirs.token)).organizationId).toBe(other.organization.id);
  });

  it("dynamicDate moves the stored window to today", async () => {
    const createdAt = new Date(Date.now() - 10 * 86_400_000);
    const { token } = await makeLink(org, { dynamicDate: true, createdAt, filters: { from: "2026-01-01", to: "2026-01-07" } });
    const scope = await resolveShareScope(t.prisma, token);
    expect(scope.filters).toEqual({ from: "2026-01-11", to: "2026-01-17" });
  });
});
