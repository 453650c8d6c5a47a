/**
 * The super-admin area's REST calls (spec 000 §7 "Super-admin"; docs/superadmin.md) and their shapes.
 * The API refuses everyone but system admins; the routes are shown to system admins only.
 */
import { getServices } from "../services";

export interface AdminOrganization {
  _id: string;
  name: string;
  domain: string | null;
  segment: string;
  featureSetId: string;
  featureSetName: string;
  contactRetentionDays: number | null;
  profanityFilter: boolean;
  trialUntil: string | null;
  billingPeriod: "monthly" | "annual" | null;
  billingStatus: string;
  dashboardLocked: boolean;
  responseLimit: number | null;
  userSeats: number | null;
  smsBalance: number;
  smsSegmentPrice: number;
  currency: string;
  createdAt: string;
  userCount: number;
}

export interface FeatureSet {
  _id: string;
  name: string;
  features: string[];
}

export interface SmsHistory {
  _id: string;
  currency: string;
  balance: number;
  smsSegmentPrice: number;
  total: number;
  /** Whether the caller may buy SMS credit for this organisation (its organisation and billing admins). */
  canTopUp: boolean;
  /** Whether the server takes payments (false in embedded mode). */
  paymentProvider: boolean;
  entries: {
    _id: string;
    createdAt: string;
    kind: "topup" | "send" | "refund";
    amount: number;
    balanceAfter: number;
    reference: string | null;
    createdBy: { _id: string; email: string } | null;
  }[];
}

export interface SmsCosts {
  _id: string;
  name: string;
  currency: string;
  smsSegmentPrice: number;
  smsBalance: number;
  months: { month: string; toppedUp: number; spent: number; refunded: number; sends: number }[];
}

export type ReportView = "responsesToQuestions" | "comments" | "24h";
export interface ReportPeriod {
  period: string;
  responses: number;
  answers: number;
  comments: number;
}
export interface ReportItem {
  _id: string;
  name: string;
  view: ReportView;
  year: number | null;
  from: string;
  to: string;
  periods: ReportPeriod[];
  totals: { responses: number; answers: number; comments: number };
}

export interface SmsReportRow {
  _id: string;
  name: string;
  currency: string;
  smsBalance: number;
  smsSegmentPrice: number;
  toppedUp: number;
  spent: number;
  refunded: number;
  sends: number;
}

export interface OrgMember {
  _id: string;
  email: string;
  displayname: string;
  organizationAdmin: boolean;
  billingAdmin: boolean;
  mayCreateSurveys: boolean;
  rolesPerUnit: { unitId: string; unitName: string; role: "admin" | "editor" | "viewer" }[];
}

export interface OrgInvite {
  _id: string;
  email: string;
  unitId: string;
  unitName: string;
  role: "admin" | "editor" | "viewer";
  organizationAdmin: boolean;
  billingAdmin: boolean;
  inviteSentAt: string;
  expiresAt: string;
  status: "pending" | "expired";
  invitedBy: { _id: string; displayname: string; email: string } | null;
}

export interface UnitNode {
  _id: string;
  name: string;
  parentId: string | null;
  children: UnitNode[];
}

/** The download's file name: the view in words plus the organisation id (spec 000 §7). */
export const reportFileStem: Record<ReportView, string> = {
  responsesToQuestions: "responses-to-questions",
  comments: "open-feedback",
  "24h": "24-hours",
};

const rest = () => getServices().rest;

export const superadminApi = {
  organizations: (search?: string) => rest().request<AdminOrganization[]>("/organizations", { query: { search: search || undefined } }),
  organization: (id: string) => rest().request<AdminOrganization>(`/organizations/${id}`),
  createOrganization: (body: Partial<AdminOrganization>) =>
    rest().request<{ _id: string }>("/organizations", { method: "POST", body, action: "createOrganization" }),
  saveOrganization: (id: string, body: AdminOrganization) =>
    rest().request<{ message: string; organization: AdminOrganization }>(`/organizations/${id}`, { method: "PUT", body, action: "saveOrganization" }),
  featureSets: () => rest().request<FeatureSet[]>("/feature-set"),
  topUp: (orgId: string, amount: number) =>
    rest().request<{ status: "ok"; message: string; balance: number }>("/sms-topup", {
      method: "POST",
      query: { orgId },
      body: { amount },
      action: "smsTopUp",
    }),
  smsHistory: (orgId?: string) => rest().request<SmsHistory>("/sms-history", { query: { orgId } }),
  smsCosts: (id: string) => rest().request<SmsCosts>(`/organizations/${id}/sms-costs`),
  saveSmsCosts: (id: string, smsSegmentPrice: number) =>
    rest().request<SmsCosts>(`/organizations/${id}/sms-costs`, { method: "PUT", body: { smsSegmentPrice }, action: "saveSmsCosts" }),
  smsReports: (year: number, search?: string) => rest().request<SmsReportRow[]>("/sms-reports", { query: { year, search: search || undefined } }),
  reportCount: (q: { view: ReportView; year: number; search?: string }) =>
    rest().request<{ count: number }>("/reports/count", { query: { view: q.view, year: q.year, search: q.search || undefined } }),
  reports: (q: { view: ReportView; year: number; search?: string; skip: number; limit: number }) =>
    rest().request<ReportItem[]>("/reports", { query: { view: q.view, year: q.year, search: q.search || undefined, skip: q.skip, limit: q.limit } }),
  unitReport: (q: { view: ReportView; year: number; organizationId: string }) =>
    rest().request<unknown>("/reports/unit", { query: q, action: "downloadReport" }),
  members: (organizationId: string) => rest().request<OrgMember[]>(`/organizations/${organizationId}/users`),
  units: (organizationId: string) => rest().request<UnitNode[]>("/units/tree", { query: { organizationId } }),
  invites: (organizationId: string) => rest().request<OrgInvite[]>("/user-invites", { query: { organizationId } }),
  impersonate: (userId: string, organizationId: string) =>
    rest().request<{ status: string }>("/user/impersonate", { method: "POST", body: { userId, organizationId }, action: "impersonate" }),
  switchOrganization: (id: string) =>
    rest().request<{ status: string }>("/user/change-organization", { method: "POST", body: { id }, action: "changeOrganization" }),
  removeUser: (organizationId: string, userId: string) =>
    rest().request<{ status: string }>(`/super-admin/user/${organizationId}/${userId}`, { method: "DELETE", action: "removeUser" }),
  updateUser: (body: { _id: string; displayname?: string; email?: string; settings?: { locale?: string }; system_admin?: boolean }) =>
    rest().request<{ _id: string; email: string; displayname: string; settings: { locale: string; receive_digest: boolean }; system_admin: boolean }>(
      "/super-admin/user",
      { method: "PUT", body, action: "updateUser" },
    ),
  createUser: (body: Record<string, unknown>) => rest().request<OrgMember>("/users/create", { method: "POST", body, action: "createUser" }),
  invite: (body: Record<string, unknown>) => rest().request<OrgInvite>("/invite-user", { method: "POST", body, action: "inviteUser" }),
  resendInvite: (id: string, organizationId: string) =>
    rest().request<OrgInvite>(`/invite-user/${id}/resend`, { method: "POST", query: { organizationId }, action: "resendInvite" }),
  deleteInvite: (id: string, organizationId: string) =>
    rest().request<{ status: string }>(`/invite-user/${id}`, { method: "DELETE", query: { organizationId }, action: "deleteInvite" }),
};

/** Saves JSON as a file the browser downloads. */
export function saveJsonFile(fileName: string, data: unknown): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
