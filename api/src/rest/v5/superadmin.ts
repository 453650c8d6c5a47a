// /api/v5 super-admin calls (spec 000 §7 "Super-admin"; §2 /superadmin): organisations, feature sets,
// a person's account, SMS top-ups, costs and reports, and the reports download. System admins only
// (domain/superadmin/guard.ts): anyone else 403 before any input is read. docs/superadmin.md.
import { customerSmsTopUpHandler } from "./sms-topup.js";
import { z } from "zod";
import { defineRoute } from "./route.js";
import {
  createOrganization,
  getOrganization,
  listFeatureSets,
  listOrganizations,
  savedMessage,
  updateOrganization,
  type AdminOrganization,
} from "../../domain/superadmin/organizations.js";
import { removeUserFromOrganization, updateUserAsSuperAdmin } from "../../domain/superadmin/users.js";
import { getSmsCosts, setSmsCosts, smsReports, superAdminTopUp, topUpSuccessMessage, type SmsCosts } from "../../domain/superadmin/sms.js";
import { reportCount, reportPage, unitReport, reportViews, type ReportItem, type ReportPeriod } from "../../domain/superadmin/reports.js";
import { smsHistory } from "../../domain/sms-balance/history.js";

const tag = "Super-admin";
const objectId = z.string().describe("24 hexadecimal characters");
const systemAdminsOnly = { 403: "the caller is not a system admin" } as const;

const organizationShape = z
  .object({
    _id: objectId,
    name: z.string(),
    domain: z.string().nullable(),
    segment: z.string().describe("customer, self-signup or test"),
    featureSetId: objectId,
    featureSetName: z.string(),
    contactRetentionDays: z.number().int().nullable().describe("days contacts are kept; null: for ever"),
    profanityFilter: z.boolean(),
    trialUntil: z.string().nullable().describe("ISO date-time; null: no trial"),
    billingPeriod: z.enum(["monthly", "annual"]).nullable(),
    billingStatus: z.string(),
    dashboardLocked: z.boolean().describe("read-only here: billing decides it"),
    responseLimit: z.number().int().nullable(),
    userSeats: z.number().int().nullable(),
    smsBalance: z.number().describe("read-only here: changed by top-ups and sends (the ledger)"),
    smsSegmentPrice: z.number(),
    currency: z.string(),
    createdAt: z.string(),
    userCount: z.number().int(),
  })
  .meta({ id: "AdminOrganization" });

const toOrganizationJson = (o: AdminOrganization): z.input<typeof organizationShape> => ({
  _id: o.id,
  name: o.name,
  domain: o.domain,
  segment: o.segment,
  featureSetId: o.featureSetId,
  featureSetName: o.featureSetName,
  contactRetentionDays: o.contactRetentionDays,
  profanityFilter: o.profanityFilter,
  trialUntil: o.trialUntil?.toISOString() ?? null,
  billingPeriod: o.billingPeriod,
  billingStatus: o.billingStatus,
  dashboardLocked: o.dashboardLocked,
  responseLimit: o.responseLimit,
  userSeats: o.userSeats,
  smsBalance: o.smsBalance,
  smsSegmentPrice: o.smsSegmentPrice,
  currency: o.currency,
  createdAt: o.createdAt.toISOString(),
  userCount: o.userCount,
});

/** The editable organisation fields (a PUT sends the whole object: the read-only ones are ignored). */
const organizationBody = z
  .object({
    name: z.unknown().optional(),
    domain: z.unknown().optional(),
    segment: z.unknown().optional(),
    featureSetId: z.unknown().optional(),
    contactRetentionDays: z.unknown().optional(),
    profanityFilter: z.unknown().optional(),
    trialUntil: z.unknown().optional(),
    billingPeriod: z.unknown().optional(),
    billingStatus: z.unknown().optional(),
    responseLimit: z.unknown().optional(),
    userSeats: z.unknown().optional(),
  })
  .passthrough();

const periodShape = z.object({
  period: z.string().describe("a month (2026-01) or an hour's start (ISO)"),
  responses: z.number().int(),
  answers: z.number().int(),
  comments: z.number().int().describe("open-text answers (open feedback)"),
});
const totalsShape = z.object({ responses: z.number().int(), answers: z.number().int(), comments: z.number().int() });
const reportItemShape = z
  .object({
    _id: objectId.describe("the organisation"),
    name: z.string(),
    view: z.enum(reportViews),
    year: z.number().int().nullable(),
    from: z.string(),
    to: z.string(),
    periods: z.array(periodShape),
    totals: totalsShape,
  })
  .meta({ id: "ReportItem" });
const toPeriods = (p: ReportPeriod[]) => p.map((x) => ({ ...x }));
const toReportJson = (r: ReportItem): z.input<typeof reportItemShape> => ({
  _id: r.organizationId,
  name: r.name,
  view: r.view,
  year: r.year,
  from: r.from.toISOString(),
  to: r.to.toISOString(),
  periods: toPeriods(r.periods),
  totals: r.totals,
});
const reportFilters = {
  view: z
    .string()
    .optional()
    .describe(`${reportViews.join(", ")} (default responsesToQuestions)`),
  year: z.string().optional().describe("the calendar year of a monthly view (default: this year)"),
  search: z.string().optional().describe("part of the organisation's name"),
};

const smsCostsShape = z.object({
  _id: objectId,
  name: z.string(),
  currency: z.string(),
  smsSegmentPrice: z.number(),
  smsBalance: z.number(),
  months: z.array(z.object({ month: z.string(), toppedUp: z.number(), spent: z.number(), refunded: z.number(), sends: z.number().int() })),
});
const toSmsCostsJson = (c: SmsCosts): z.input<typeof smsCostsShape> => ({
  _id: c.organizationId,
  name: c.name,
  currency: c.currency,
  smsSegmentPrice: c.smsSegmentPrice,
  smsBalance: c.smsBalance,
  months: c.months,
});

export const superAdminRoutes = [
  defineRoute({
    method: "GET",
    path: "/organizations",
    tag,
    summary: "System admins: every organisation, by name (optional search in name and domain)",
    auth: "bearer",
    errors: systemAdminsOnly,
    query: z.object({ search: z.string().optional() }),
    response: z.array(organizationShape),
    handler: async ({ ctx, query }) => (await listOrganizations(ctx, { search: query.search })).map(toOrganizationJson),
  }),
  defineRoute({
    method: "POST",
    path: "/organizations",
    tag,
    summary: "System admins: a new organisation with its root team; answers its _id (audited)",
    auth: "bearer",
    errors: { ...systemAdminsOnly, 404: "the feature set does not exist" },
    body: organizationBody,
    status: 201,
    response: z.object({ _id: objectId }),
    handler: async ({ ctx, body }) => ({ _id: (await createOrganization(ctx, body)).id }),
  }),
  defineRoute({
    method: "GET",
    path: "/organizations/{id}",
    tag,
    summary: "System admins: one organisation with every field",
    auth: "bearer",
    errors: systemAdminsOnly,
    params: z.object({ id: z.string() }),
    response: organizationShape,
    handler: async ({ ctx, params }) => toOrganizationJson(await getOrganization(ctx, params.id)),
  }),
  defineRoute({
    method: "PUT",
    path: "/organizations/{id}",
    tag,
    summary: "System admins: save the whole organisation (fields left out keep their value; audited with what changed); message Saved successfully.",
    auth: "bearer",
    errors: systemAdminsOnly,
    params: z.object({ id: z.string() }),
    body: organizationBody,
    response: z.object({ message: z.literal(savedMessage), organization: organizationShape }),
    handler: async ({ ctx, params, body }) => ({ message: savedMessage, organization: toOrganizationJson(await updateOrganization(ctx, params.id, body)) }),
  }),
  defineRoute({
    method: "GET",
    path: "/feature-set",
    tag,
    summary: "System admins: the feature sets, each with its feature constants (spec 000 §6)",
    auth: "bearer",
    errors: systemAdminsOnly,
    response: z.array(z.object({ _id: objectId, name: z.string(), features: z.array(z.string()) })),
    handler: async ({ ctx }) => (await listFeatureSets(ctx)).map((f) => ({ _id: f.id, name: f.name, features: f.features })),
  }),
  defineRoute({
    method: "PUT",
    path: "/super-admin/user",
    tag,
    summary: "System admins: a person's name, e-mail address, locale, weekly digest and system-admin flag (audited)",
    auth: "bearer",
    errors: { ...systemAdminsOnly, 409: "the e-mail address already has an account" },
    body: z.object({
      _id: z.unknown().optional(),
      displayname: z.unknown().optional(),
      email: z.unknown().optional(),
      settings: z.object({ locale: z.unknown().optional(), receive_digest: z.unknown().optional() }).optional(),
      system_admin: z.unknown().optional(),
    }),
    response: z.object({
      _id: objectId,
      email: z.string(),
      displayname: z.string(),
      settings: z.object({ locale: z.string(), receive_digest: z.boolean() }),
      system_admin: z.boolean(),
    }),
    handler: async ({ ctx, body }) => {
      const u = await updateUserAsSuperAdmin(ctx, body);
      return {
        _id: u.id,
        email: u.email,
        displayname: u.displayName,
        settings: { locale: u.locale, receive_digest: u.receiveDigest },
        system_admin: u.systemAdmin,
      };
    },
  }),
  defineRoute({
    method: "DELETE",
    path: "/super-admin/user/{id}/{userId}",
    tag,
    summary: "System admins: take the user out of organisation {id} (membership and team roles; the account stays; audited)",
    auth: "bearer",
    errors: systemAdminsOnly,
    params: z.object({ id: z.string(), userId: z.string() }),
    response: z.object({ status: z.literal("ok") }),
    handler: async ({ ctx, params }) => {
      await removeUserFromOrganization(ctx, params.id, params.userId);
      return { status: "ok" as const };
    },
  }),
  defineRoute({
    method: "GET",
    path: "/organizations/{id}/sms-costs",
    tag,
    summary: "System admins: the organisation's price per SMS segment, balance and the last 12 months of top-ups, sends and refunds",
    auth: "bearer",
    errors: systemAdminsOnly,
    params: z.object({ id: z.string() }),
    response: smsCostsShape,
    handler: async ({ ctx, params }) => toSmsCostsJson(await getSmsCosts(ctx, params.id)),
  }),
  defineRoute({
    method: "PUT",
    path: "/organizations/{id}/sms-costs",
    tag,
    summary: "System admins: set the organisation's price per SMS segment (audited)",
    auth: "bearer",
    errors: systemAdminsOnly,
    params: z.object({ id: z.string() }),
    body: z.object({ smsSegmentPrice: z.unknown().optional() }),
    response: smsCostsShape,
    handler: async ({ ctx, params, body }) => toSmsCostsJson(await setSmsCosts(ctx, params.id, body)),
  }),
  defineRoute({
    method: "GET",
    path: "/sms-reports",
    tag,
    summary: "System admins: per organisation, the year's SMS top-ups, spending, refunds and sends, and the balance",
    auth: "bearer",
    errors: systemAdminsOnly,
    query: z.object({ year: z.string().optional().describe("default: this year"), search: z.string().optional() }),
    response: z.array(
      z.object({
        _id: objectId,
        name: z.string(),
        currency: z.string(),
        smsBalance: z.number(),
        smsSegmentPrice: z.number(),
        toppedUp: z.number(),
        spent: z.number(),
        refunded: z.number(),
        sends: z.number().int(),
      }),
    ),
    handler: async ({ ctx, query }) => {
      const rows = await smsReports(ctx, { year: query.year ?? String(new Date().getUTCFullYear()), search: query.search });
      return rows.map(({ organizationId, ...r }) => ({ _id: organizationId, ...r }));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/reports/count",
    tag,
    summary: "System admins: how many report items (organisations) the filters give",
    auth: "bearer",
    errors: systemAdminsOnly,
    query: z.object(reportFilters),
    response: z.object({ count: z.number().int() }),
    handler: async ({ ctx, query }) => reportCount(ctx, query),
  }),
  defineRoute({
    method: "GET",
    path: "/reports",
    tag,
    summary: "System admins: one page of report items (3 by default), one per organisation by name, from the roll-ups",
    auth: "bearer",
    errors: systemAdminsOnly,
    query: z.object({
      ...reportFilters,
      skip: z.string().optional().describe("items to skip (default 0)"),
      limit: z.string().optional().describe("items per page, 1 to 50 (default 3)"),
    }),
    response: z.array(reportItemShape),
    handler: async ({ ctx, query }) => (await reportPage(ctx, query)).map(toReportJson),
  }),
  defineRoute({
    method: "GET",
    path: "/reports/unit",
    tag,
    summary: "System admins: one organisation's report per team, as a JSON file named after the view and the organisation id",
    auth: "bearer",
    errors: systemAdminsOnly,
    query: z.object({ view: reportFilters.view, year: reportFilters.year, organizationId: z.string().optional() }),
    response: z.object({
      _id: objectId,
      name: z.string(),
      view: z.enum(reportViews),
      year: z.number().int().nullable(),
      from: z.string(),
      to: z.string(),
      generatedAt: z.string(),
      fileName: z.string(),
      units: z.array(z.object({ unitId: objectId, name: z.string(), parentId: objectId.nullable(), periods: z.array(periodShape), totals: totalsShape })),
      totals: totalsShape,
    }),
    handler: async ({ ctx, query, reply }) => {
      const r = await unitReport(ctx, query);
      reply.header("content-disposition", `attachment; filename="${r.fileName}"`).header("cache-control", "private, no-store");
      return {
        _id: r.organizationId,
        name: r.name,
        view: r.view,
        year: r.year,
        from: r.from.toISOString(),
        to: r.to.toISOString(),
        generatedAt: r.generatedAt.toISOString(),
        fileName: r.fileName,
        units: r.units.map((u) => ({ ...u, periods: toPeriods(u.periods) })),
        totals: r.totals,
      };
    },
  }),
];

/**
 * The SMS balance's routes. POST /sms-topup is one definition for both callers: with the orgId query a
 * system admin credits without payment; without it the customer pays through Stripe
 * (`customerSmsTopUpHandler`, domain/billing/sms-topup.ts).
 */
export const smsBalanceRoutes = [
  defineRoute({
    method: "POST",
    path: "/sms-topup",
    tag: "SMS balance",
    summary:
      "Top up the SMS balance. With the orgId query: a system admin credits that organisation without payment (audited). Without it: the customer pays through Stripe (billing); an Idempotency-Key header (1 to 200 printable characters) makes a retried request pay and credit once. Answers top-up success and the new balance",
    auth: "bearer",
    errors: {
      402: "Insufficient funds on account, or Payment requires extra authentication: nothing was credited",
      403: "not a system admin (orgId), or not allowed to buy",
      404: "no such organisation",
      409: "there is no payment provider on this server (embedded mode), or the Idempotency-Key was used for another top-up",
    },
    query: z.object({ orgId: z.string().optional().describe("system admins: the organisation to credit") }),
    body: z.object({ amount: z.unknown().optional(), orgId: z.unknown().optional() }).passthrough(),
    response: z.object({ status: z.literal("ok"), message: z.string(), balance: z.number() }),
    handler: async ({ ctx, query, body, request }) => {
      if (query.orgId !== undefined) {
        const { balance } = await superAdminTopUp(ctx, { orgId: query.orgId, amount: body.amount });
        return { status: "ok" as const, message: topUpSuccessMessage, balance };
      }
      // The customer's paid top-up (body amount and orgId, paid through Stripe: domain/billing/sms-topup.ts).
      return customerSmsTopUpHandler({ ctx, body, idempotencyKey: request.headers["idempotency-key"] });
    },
  }),
  defineRoute({
    method: "GET",
    path: "/sms-history",
    tag: "SMS balance",
    summary:
      "The SMS balance's ledger, newest first, each entry with the balance after it. System admins name any organisation (orgId); organisation and billing admins read their own",
    auth: "bearer",
    errors: { 403: "not an organisation or billing admin", 404: "no such organisation" },
    query: z.object({ orgId: z.string().optional(), limit: z.string().optional().describe("1 to 1000 entries (default 200)") }),
    response: z.object({
      _id: objectId.describe("the organisation"),
      currency: z.string(),
      balance: z.number(),
      smsSegmentPrice: z.number(),
      total: z.number().int(),
      canTopUp: z.boolean().describe("whether the caller may buy SMS credit here (POST /sms-topup): its organisation and billing admins"),
      paymentProvider: z.boolean().describe("whether the server takes payments (false in embedded mode: no paid top-ups)"),
      entries: z.array(
        z.object({
          _id: objectId,
          createdAt: z.string(),
          kind: z.enum(["topup", "send", "refund"]),
          amount: z.number(),
          balanceAfter: z.number(),
          reference: z.string().nullable(),
          createdBy: z.object({ _id: objectId, email: z.string() }).nullable(),
        }),
      ),
    }),
    handler: async ({ ctx, query }) => {
      const h = await smsHistory(ctx, query);
      return {
        _id: h.organizationId,
        currency: h.currency,
        balance: h.balance,
        smsSegmentPrice: h.smsSegmentPrice,
        total: h.total,
        canTopUp: h.canTopUp,
        paymentProvider: h.paymentProvider,
        entries: h.entries.map((e) => ({
          _id: e.id,
          createdAt: e.createdAt.toISOString(),
          kind: e.kind,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          reference: e.reference,
          createdBy: e.createdBy && { _id: e.createdBy.id, email: e.createdBy.email },
        })),
      };
    },
  }),
];
