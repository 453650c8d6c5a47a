// The permission matrix (docs/permissions.md), executed: every root field of the schema is run as
// each kind of caller and must be allowed or refused as designed. A new query, mutation or
// subscription without a row here fails the coverage test.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GraphQLObjectType } from "graphql";
import { noDatabase, startTestApp, type TestApp } from "../test/harness.js";
import { createOrganizationFixture, testPassword, type OrganizationFixture } from "../test/fixtures.js";
import { gql, subscribeWs } from "../test/graphql-client.js";
import { signInWithPassword } from "../test/oidc-login.js";
import { getProtectedSchema } from "../graphql/yoga.js";
import { hashToken } from "../domain/invitations/invitations.js";
import { generateShareToken } from "../domain/results-scope/share-token.js";
import { emailNotVerifiedMessage } from "./unverified.js";
import { accountLockedMessage } from "./locked.js";
import { markResponsesChanged } from "../domain/analytics/rollups.js";

/**
 * "unverified": a self-signup whose address waits for its verification link, made organisation admin
 * of Acme so that only the verification check (permissions/unverified.ts) can refuse it.
 * "lockedAdmin": the organisation and billing admin of a third organisation whose dashboard is locked
 * (an unpaid subscription, permissions/locked.ts). It is refused with "account locked" on every root
 * field but the settings area's (openWhenLocked below), where it fares as the admin of another
 * organisation does.
 */
const actors = ["anonymous", "viewer", "editor", "adminOfOtherUnit", "adminOfOtherOrganization", "admin", "unverified", "lockedAdmin"] as const;

/**
 * The root fields a locked organisation's members may still use (the settings area: the session,
 * teams, users and invitations, organisation settings); node(id) and nodes(ids) only for these types.
 * Written out here, not imported, so that widening the lock's exceptions fails this test.
 */
const openWhenLocked = new Set([
  "Query.viewer",
  "Query.node",
  "Query.nodes",
  "Query.members",
  "Query.member",
  "Query.invites",
  "Query.invite",
  "Query.invitation",
  "Query.unitTree",
  "Mutation.updateProfile",
  "Mutation.changeOrganization",
  "Mutation.revokeApiKey",
  "Mutation.updateOrganizationSettings",
  "Mutation.inviteUser",
  "Mutation.resendInvite",
  "Mutation.deleteInvite",
  "Mutation.acceptInvitation",
  "Mutation.acceptInvitationAsNewUser",
  "Mutation.updateMember",
  "Mutation.removeMemberFromUnit",
  "Mutation.modifyTeam",
  "Mutation.setBillingAdmin",
  "Mutation.createUser",
  "Mutation.createUnit",
  "Mutation.updateUnit",
  "Mutation.deleteUnit",
  "Mutation.setRestrictSummaryToTeam",
  "Subscription.userUpdated",
]);
const nodeTypesOpenWhenLocked = new Set(["Unit", "Organization", "User", "Member", "Invite", "ApiKey"]);
/** Rows of a type's field (Organization.units) reach it through node(id) of an open type. */
const openToLocked = (row: { field: string; nodeType?: string }) =>
  !/^(Query|Mutation|Subscription)\./.test(row.field) || (openWhenLocked.has(row.field) && (!row.nodeType || nodeTypesOpenWhenLocked.has(row.nodeType)));
/** Actors working in an organisation other than Acme. */
const inOtherOrganization = (actor: Actor) => actor === "adminOfOtherOrganization" || actor === "lockedAdmin";
type Actor = (typeof actors)[number];
/** allowed: data and no error; refused: an authorisation error (or, for foreign ids, not found) and no data. */
type Outcome = "allowed" | "refused";

type Row = {
  /** Root field under test, "Type.field" */
  field: string;
  /** node and nodes: the type of the object asked for (one row per node type) */
  nodeType?: string;
  /** The test's name for the object, when the type alone does not tell two rows apart */
  label?: string;
  kind: "query" | "mutation" | "subscription";
  document: (ids: Ids, actor: Actor) => string;
  /** How the answer's data proves the outcome. The unverified actor is refused unless its row says otherwise. */
  expected: Record<Exclude<Actor, "unverified" | "lockedAdmin">, Outcome> & { unverified?: Outcome; lockedAdmin?: Outcome };
  /** Checks the data of an allowed call. */
  allowedData?: (data: any, actor: Actor, ids: Ids) => void;
};

type Ids = {
  unitA: string;
  orgA: string;
  userViewer: string;
  viewerEmail: string;
  apiKeyOfViewer: string;
  surveyA: string;
  /** The viewer's membership of Acme (a Member node) */
  memberViewer: string;
  teams: TeamIds;
  touchpoints: TouchpointIds;
};
/** A terminal in unitA, and one per actor to delete. */
type TouchpointIds = { terminalA: string; toDelete: Record<Actor, string>; legacyA: string; legacyToUpgrade: Record<Actor, string> };
/** Invitations, users and units for the user-management and teams rows. */
type TeamIds = {
  unitA1: string;
  inviteA: string;
  inviteToDelete: string;
  previewToken: string;
  viewerToken: string;
  newUserTokens: Record<Actor, string>;
  userToRemove: string;
  userToMove: string;
  createdUnit?: string;
  /** Unit B, where the admin of the other unit manages users (and unit A, where they do not). */
  unitB: string;
  /** Per actor: a viewer of unit A and unit B, for the user-management rows of unit B. */
  inBoth: Record<Actor, string>;
};
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
const onlyAdmin = {
  anonymous: "refused",
  viewer: "refused",
  editor: "refused",
  adminOfOtherUnit: "refused",
  adminOfOtherOrganization: "refused",
  admin: "allowed",
} as const;
const managersOfAnyOrganization = {
  anonymous: "refused",
  viewer: "refused",
  editor: "refused",
  adminOfOtherUnit: "allowed",
  adminOfOtherOrganization: "allowed",
  admin: "allowed",
} as const;
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

const everyoneSignedIn = {
  anonymous: "refused",
  viewer: "allowed",
  editor: "allowed",
  adminOfOtherUnit: "allowed",
  adminOfOtherOrganization: "allowed",
  admin: "allowed",
} as const;
const ownOrganizationOnly = {
  anonymous: "refused",
  viewer: "allowed",
  editor: "allowed",
  adminOfOtherUnit: "allowed",
  adminOfOtherOrganization: "refused",
  admin: "allowed",
} as const;
/** A question's results: those who may open its survey (another team's admin is told "Question not found"). */
const surveyOpeners = { ...ownOrganizationOnly, adminOfOtherUnit: "refused" } as const;

/** Sharing, bookmarks and exports rows: a link of unit A, and the viewer's links and bookmarks and the editor's export job (made in beforeAll). */
const matrixShare = generateShareToken();
const sharing = { linksToRevoke: {} as Record<Actor, string>, bookmarksToDelete: {} as Record<Actor, string>, editorExportJob: "" };
const onlyEditor = {
  anonymous: "refused",
  viewer: "refused",
  editor: "allowed",
  adminOfOtherUnit: "refused",
  adminOfOtherOrganization: "refused",
  admin: "refused",
} as const;

/** Notification-rule rows: a survey of unit A with an NPS question, the editor's rule, one of the editor's rules per actor to delete (made in beforeAll). */
const matrixAlerts = { surveyId: "", questionId: "", receiver: "", ruleA: "", toDelete: {} as Record<Actor, string> };
const alertEditors = {
  anonymous: "refused",
  viewer: "refused",
  editor: "allowed",
  adminOfOtherUnit: "refused",
  adminOfOtherOrganization: "refused",
  admin: "allowed",
} as const;
const alertInput = (ids: Ids) =>
  `{ name: "Matrix alert", surveyId: "${matrixAlerts.surveyId}", touchpointIds: ["${ids.touchpoints.terminalA}"], delay: 30, format: plain,
     receivers: ["${matrixAlerts.receiver}"], conditionGroups: [{ conditions: [{ questionId: "${matrixAlerts.questionId}", numbers: [0, 1] }] }] }`;

/** Contact-list rows: a list of unit A with one contact, one list per actor to delete, one blocked address per actor (made in beforeAll). */
const contactLists = { listA: "", toDelete: {} as Record<Actor, string>, blocked: {} as Record<Actor, string> };

/** Scheduled launches of survey A at terminal A: one to edit, one per actor to cancel (made in beforeAll). */
const matrixLaunches = { toEdit: "", toCancel: {} as Record<Actor, string> };
/** A year well ahead of the real clock: scheduled launches must be in the future. */
const launchYear = new Date().getUTCFullYear() + 5;
/** A survey of unit A per actor, for the deleteSurvey row (made in the matrix's beforeAll). */
const surveysToDelete = {} as Record<Actor, string>;
/** Text analytics and root-cause rows: an open-text and an NPS question of a survey of unit A (made in beforeAll). */
const analysisQuestions = { text: "", nps: "" };
/** Customer journeys of Acme (made in beforeAll): one to read and save, one per actor to delete; a touchpoint and survey of unit A for the input. */
const matrixJourneys = { journey: "", toDelete: {} as Record<Actor, string>, touchpoint: "", survey: "" };
const matrixJourneyInput = () =>
  `{ name: "Matrix journey", steps: [{ name: "Stage", touchpointIds: ["${matrixJourneys.touchpoint}"], surveys: [{ surveyId: "${matrixJourneys.survey}" }] }] }`;
/** A message template of Acme (made in beforeAll), for the updateMessageTemplates row. */
const matrixTemplate = { id: "" };
/** The campaign template rows: editTouchpoints in some team of the caller's own organisation. */
const templateEditors = {
  anonymous: "refused",
  viewer: "refused",
  editor: "allowed",
  adminOfOtherUnit: "allowed",
  adminOfOtherOrganization: "allowed",
  admin: "allowed",
} as const;
const templateInput = `{ name: "Matrix mail", templateType: email, languages: [{ language: "en", subject: "Hello {{name}}", content: "Tell us" }] }`;

/** Responses of unit A (survey A at terminal A): one to hide and edit, one per actor to delete (made in beforeAll). */
const matrixResponses = { toHide: "", toDelete: {} as Record<Actor, string> };

/**
 * node(id) and nodes(ids): one row per node type, each answering as the type's own query does
 * (Query.touchpoint, Query.survey, Query.invite, …). An object of unit A, or of the viewer.
 */
function nodeRows(): Row[] {
  const adminsOnly = onlyAdmin;
  const perType: { type: string; id: (ids: Ids) => string; expected: Row["expected"]; name?: string; label?: string }[] = [
    { type: "Unit", id: (ids) => ids.unitA, expected: ownOrganizationOnly, name: "Stores" },
    { type: "Organization", id: (ids) => ids.orgA, expected: ownOrganizationOnly },
    { type: "User", id: (ids) => ids.userViewer, expected: ownOrganizationOnly },
    // as Query.touchpoint: viewResults in the touchpoint's unit (another team's admin: refused)
    { type: "Touchpoint", id: (ids) => ids.touchpoints.terminalA, expected: { ...ownOrganizationOnly, adminOfOtherUnit: "refused" } },
    {
      type: "Touchpoint",
      label: "Touchpoint, a legacy plugin",
      id: (ids) => ids.touchpoints.legacyA,
      expected: { ...ownOrganizationOnly, adminOfOtherUnit: "refused" },
    },
    // as Query.survey: a survey the caller sees
    { type: "Survey", id: (ids) => ids.surveyA, expected: surveyOpeners },
    { type: "Question", id: () => analysisQuestions.text, expected: surveyOpeners },
    // as Query.invite: manageUsers in the invite's unit
    { type: "Invite", id: (ids) => ids.teams.inviteA, expected: adminsOnly },
    // as Query.member: manageUsers somewhere (every member is listed)
    { type: "Member", id: (ids) => ids.memberViewer, expected: { ...adminsOnly, adminOfOtherUnit: "allowed" } },
    // own keys only
    { type: "ApiKey", id: (ids) => ids.apiKeyOfViewer, expected: { ...adminsOnly, viewer: "allowed", admin: "refused" } },
  ];
  return perType.flatMap(({ type, id, expected, name, label }): Row[] => [
    {
      field: "Query.node",
      nodeType: type,
      label,
      kind: "query",
      document: (ids) => `{ node(id: "${gid(type, id(ids))}") { id __typename ${name ? "... on Unit { name }" : ""} } }`,
      expected,
      allowedData: (data, _actor, ids) => {
        expect(data.node).toMatchObject({ id: gid(type, id(ids)), __typename: type });
        if (name) expect(data.node.name).toBe(name);
      },
    },
    {
      field: "Query.nodes",
      nodeType: type,
      label,
      kind: "query",
      document: (ids) => `{ nodes(ids: ["${gid(type, id(ids))}"]) { id __typename } }`,
      expected,
      allowedData: (data, _actor, ids) => expect(data.nodes).toEqual([{ id: gid(type, id(ids)), __typename: type }]),
    },
  ]);
}

const matrix: Row[] = [
  {
    field: "Query.viewer",
    kind: "query",
    document: () => "{ viewer { user { email } } }",
    // Anonymous callers get null rather than an error: the web client uses it to decide to sign in.
    // An unverified user reads their own user: the web routes them to /signup/verify-email from it.
    expected: { ...everyoneSignedIn, anonymous: "allowed", unverified: "allowed" },
    allowedData: (data, actor) => (actor === "anonymous" ? expect(data.viewer).toBeNull() : expect(data.viewer.user.email).toContain("@")),
  },
  ...nodeRows(),
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
    document: (ids) => `mutation { changeOrganization(organizationId: "${gid("Organization", ids.orgA)}") { currentOrganization { legacyId } } }`,
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
    document: (ids) => `mutation { revokeApiKey(id: "${gid("ApiKey", ids.apiKeyOfViewer)}") { apiKey { revokedAt } } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "refused",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "refused",
    },
    allowedData: (data) => expect(data.revokeApiKey.apiKey.revokedAt).toBeTruthy(),
  },
  {
    field: "Mutation.updateOrganizationSettings",
    kind: "mutation",
    // Organisation admins of their current organisation only (the other organisation's admin changes their own).
    document: () =>
      `mutation { updateOrganizationSettings(input: { satisfactionScale: { enabled: true, min: 1, max: 5 } }) { organization { satisfactionScale { enabled } } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "refused",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "allowed",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.updateOrganizationSettings.organization.satisfactionScale.enabled).toBe(true),
  },
  {
    field: "Subscription.userUpdated",
    kind: "subscription",
    document: () => "subscription { userUpdated { id } }",
    expected: { ...everyoneSignedIn, unverified: "allowed" },
  },
  {
    field: "Subscription.responseCountChanged",
    kind: "subscription",
    // Members who may view results in the survey's unit (or a parent unit); the other organisation: not found.
    document: (ids) => `subscription { responseCountChanged(surveyId: "${gid("Survey", ids.surveyA)}") { responseCount } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  // ---- sharing, bookmarks and exports (docs/sharing-and-exports.md) ----
  {
    field: "Query.shareLinks",
    kind: "query",
    document: () => `{ shareLinks { id name } }`,
    expected: everyoneSignedIn,
  },
  {
    field: "Query.sharedView",
    kind: "query",
    // The token is the proof: anyone holding it, signed in or not.
    document: () => `{ sharedView(shareToken: "${matrixShare.token}") { from to allowChanges name } }`,
    expected: { ...everyoneSignedIn, anonymous: "allowed", unverified: "allowed" },
    allowedData: (data) => expect(data.sharedView).toMatchObject({ from: "2026/01/01", to: "2026/01/31", allowChanges: ["date"], name: "Matrix link" }),
  },
  {
    field: "Mutation.createShareLink",
    kind: "mutation",
    // Everyone who views results somewhere; a member who sees one team shares that team.
    document: () => `mutation { createShareLink(input: { name: "m", filters: { from: "2026-01-01", to: "2026-01-31" } }) { token shareLink { name } } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.createShareLink.token).toMatch(/^[A-Za-z0-9_-]{43}$/),
  },
  {
    field: "Mutation.revokeShareLink",
    kind: "mutation",
    // The viewer's own links: the viewer and the organisation admin; everyone else gets "not found".
    document: (_ids, actor) => `mutation { revokeShareLink(id: "${gid("ShareLink", sharing.linksToRevoke[actor])}") { revokedShareLinkId } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "refused",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Query.bookmarks",
    kind: "query",
    document: () => `{ bookmarks { id name } }`,
    expected: everyoneSignedIn,
  },
  {
    field: "Mutation.createBookmark",
    kind: "mutation",
    document: () => `mutation { createBookmark(name: "matrix", filters: { datePreset: last30Days }) { bookmark { name } message } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.createBookmark).toMatchObject({ bookmark: { name: "matrix" }, message: "Bookmark saved" }),
  },
  {
    field: "Mutation.deleteBookmark",
    kind: "mutation",
    // Own bookmarks only: the viewer's are not even the organisation admin's to delete.
    document: (_ids, actor) => `mutation { deleteBookmark(id: "${gid("Bookmark", sharing.bookmarksToDelete[actor])}") { deletedBookmarkId } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "refused",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "refused",
    },
  },
  {
    field: "Query.exportJob",
    kind: "query",
    // Only the person who started the export.
    document: () => `{ exportJob(id: "${gid("ExportJob", sharing.editorExportJob)}") { status progress } }`,
    expected: onlyEditor,
    allowedData: (data) => expect(data.exportJob).toEqual({ status: "finished", progress: 100 }),
  },
  {
    field: "Mutation.startPdfExport",
    kind: "mutation",
    // The exportResults right (editors, admins; not viewers) and the plan's PDF export feature.
    document: () => `mutation { startPdfExport(input: { components: ["summary"], printMode: landscape }) { exportJob { kind status } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "allowed",
      adminOfOtherOrganization: "allowed",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.startPdfExport.exportJob.kind).toBe("pdf"),
  },
  {
    field: "Subscription.exportStatusChanged",
    kind: "subscription",
    document: () => `subscription { exportStatusChanged(id: "${gid("ExportJob", sharing.editorExportJob)}") { status progress } }`,
    expected: onlyEditor,
  },
  // ---- text analytics and root causes (docs/text-analytics.md, docs/root-cause.md) ----
  {
    field: "Query.textAnalytics",
    kind: "query",
    // Members who may open the question's survey (another team's admin and another organisation: not found);
    // without a session only with a share link's token (domain/text-analytics/service.test.ts).
    document: () => `{ textAnalytics(questionId: "${gid("Question", analysisQuestions.text)}") { totalAnswers sentiment { count } } }`,
    expected: surveyOpeners,
    allowedData: (data) => expect(data.textAnalytics.totalAnswers).toBe(0),
  },
  {
    field: "Query.rootCause",
    kind: "query",
    // As textAnalytics (domain/root-cause/service.test.ts).
    document: () => `{ rootCause(outcomeQuestionId: "${gid("Question", analysisQuestions.nps)}") { outcome { n } items { status } } }`,
    expected: surveyOpeners,
    allowedData: (data) => expect(data.rootCause.outcome.n).toBe(0),
  },
  // ---- analytics: summary and question results (docs/analytics.md) ----
  {
    field: "Query.summary",
    kind: "query",
    // Every member gets their own summary: the other team's admin and the other organisation see only their own touchpoints.
    document: () => `{ summary { count { now } orgCount { now } ranking { now { name } } } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.summary.count.now).toBeGreaterThanOrEqual(0),
  },
  {
    field: "Query.questionResult",
    kind: "query",
    // Members who may open the question's survey (another team's admin, another organisation: not found); without a session only with a share token (rest/v5/results.test.ts).
    document: () => `{ questionResult(questionId: "${gid("Question", analysisQuestions.nps)}") { questionType mainResult { count nps } } }`,
    expected: surveyOpeners,
    allowedData: (data) => expect(data.questionResult.questionType).toBe("nps"),
  },
  {
    field: "Query.results",
    kind: "query",
    // As questionResult; another organisation's survey ids give no questions.
    document: (ids) => `{ results(filters: { surveyIds: ["${gid("Survey", ids.surveyA)}"] }) { questionLegacyId } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor) => (actor === "adminOfOtherOrganization" ? expect(data.results).toEqual([]) : expect(Array.isArray(data.results)).toBe(true)),
  },
  {
    field: "Query.resultsFilterOptions",
    kind: "query",
    // Members get the choices within what they see (another organisation's admin: only their own surveys);
    // without a session only with a share token, and then only the lists its allowChanges opens (domain/analytics/filter-options.test.ts).
    document: () => `{ resultsFilterOptions { surveys { legacyId } touchpoints { legacyId } metaKeys { key } } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) =>
      expect(data.resultsFilterOptions.surveys.some((s: { legacyId: string }) => s.legacyId === ids.surveyA)).toBe(
        actor !== "adminOfOtherOrganization" && actor !== "adminOfOtherUnit",
      ),
  },
  {
    field: "Subscription.summaryResponsesArrived",
    kind: "subscription",
    document: () => "subscription { summaryResponsesArrived { created } }",
    expected: everyoneSignedIn,
  },
  // ---- user management, invitations and teams (docs/permissions.md) ----
  {
    field: "Query.members",
    kind: "query",
    // Those who manage users somewhere, each in their own organisation only.
    document: () => `{ members(first: 100) { edges { node { userLegacyId unitRoles { role } } } } }`,
    expected: managersOfAnyOrganization,
    allowedData: (data, actor, ids) => {
      const users = data.members.edges.map((e: any) => e.node.userLegacyId);
      expect(users.includes(ids.userViewer)).toBe(!inOtherOrganization(actor));
    },
  },
  {
    field: "Query.members",
    label: "search and orderBy",
    kind: "query",
    // Searching the viewer's address finds them in their own organisation only.
    document: (ids) =>
      `{ members(search: "${ids.viewerEmail.toUpperCase()}", orderBy: { field: email, direction: desc }, first: 100) { edges { node { userLegacyId } } } }`,
    expected: managersOfAnyOrganization,
    allowedData: (data, actor, ids) => {
      const users = data.members.edges.map((e: any) => e.node.userLegacyId);
      expect(users).toEqual(inOtherOrganization(actor) ? [] : [ids.userViewer]);
    },
  },
  {
    field: "Query.member",
    kind: "query",
    document: (ids) => `{ member(userId: "${gid("User", ids.userViewer)}") { userLegacyId } }`,
    expected: { ...managersOfAnyOrganization, adminOfOtherOrganization: "refused" },
    allowedData: (data, _a, ids) => expect(data.member.userLegacyId).toBe(ids.userViewer),
  },
  {
    field: "Query.invites",
    kind: "query",
    // Invitations of units the caller manages users in: the admin of unit B does not see unit A's.
    document: () => `{ invites(first: 100) { edges { node { legacyId email } } } }`,
    expected: managersOfAnyOrganization,
    allowedData: (data, actor, ids) => {
      const invites = data.invites.edges.map((e: any) => e.node.legacyId);
      expect(invites.includes(ids.teams.inviteA)).toBe(actor === "admin");
    },
  },
  {
    field: "Query.invite",
    kind: "query",
    document: (ids) => `{ invite(id: "${gid("Invite", ids.teams.inviteA)}") { legacyId unit { name } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Query.invitation",
    kind: "query",
    // The link's token is the proof: anyone holding it sees what it offers.
    document: (ids) => `{ invitation(token: "${ids.teams.previewToken}") { unitName existingUser } }`,
    expected: { ...everyoneSignedIn, anonymous: "allowed", unverified: "allowed" },
    allowedData: (data) => expect(data.invitation.existingUser).toBe(false),
  },
  {
    field: "Query.unitTree",
    kind: "query",
    // Every member reads their own organisation's tree.
    document: () => `{ unitTree { units { legacyId } restrictSummaryToTeam } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => expect(data.unitTree.units.some((u: any) => u.legacyId === ids.unitA)).toBe(!inOtherOrganization(actor)),
  },
  {
    field: "Mutation.inviteUser",
    kind: "mutation",
    document: (ids) =>
      `mutation { inviteUser(input: { email: "matrix-${unique()}@example.test", unitId: "${gid("Unit", ids.unitA)}", role: viewer }) { invite { email } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.resendInvite",
    kind: "mutation",
    document: (ids) => `mutation { resendInvite(id: "${gid("Invite", ids.teams.inviteA)}") { invite { legacyId } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.deleteInvite",
    kind: "mutation",
    document: (ids) => `mutation { deleteInvite(id: "${gid("Invite", ids.teams.inviteToDelete)}") { legacyId } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.acceptInvitation",
    kind: "mutation",
    // Only the person the invitation was sent to (the viewer, invited into unit B).
    document: (ids) => `mutation { acceptInvitation(token: "${ids.teams.viewerToken}") { organizationLegacyId } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "refused",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "refused",
    },
  },
  {
    field: "Mutation.acceptInvitationAsNewUser",
    kind: "mutation",
    // The token is the proof (one invitation per caller here).
    document: (ids, actor) =>
      `mutation { acceptInvitationAsNewUser(input: { token: "${ids.teams.newUserTokens[actor]}", displayName: "New ${actor}", password: "New-Password-1!", password2: "New-Password-1!" }) { email } }`,
    expected: { ...everyoneSignedIn, anonymous: "allowed", unverified: "allowed" },
  },
  {
    field: "Mutation.updateMember",
    kind: "mutation",
    document: (ids) =>
      `mutation { updateMember(input: { userId: "${gid("User", ids.userViewer)}", unitId: "${gid("Unit", ids.unitA)}", receiveDigest: true }) { member { receiveDigest } } }`,
    expected: onlyAdmin,
    allowedData: (data) => expect(data.updateMember.member.receiveDigest).toBe(true),
  },
  {
    field: "Mutation.removeMemberFromUnit",
    kind: "mutation",
    document: (ids) =>
      `mutation { removeMemberFromUnit(userId: "${gid("User", ids.teams.userToRemove)}", unitId: "${gid("Unit", ids.unitA)}") { userLegacyId } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.modifyTeam",
    kind: "mutation",
    document: (ids) =>
      `mutation { modifyTeam(userId: "${gid("User", ids.teams.userToMove)}", units: [{ unitId: "${gid("Unit", ids.teams.unitA1)}", role: editor }]) { member { unitRoles { role } } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.setBillingAdmin",
    kind: "mutation",
    // Organisation admins only: the admin of unit B manages users but may not give billing rights.
    document: (ids) => `mutation { setBillingAdmin(userId: "${gid("User", ids.userViewer)}", billingAdmin: false) { member { billingAdmin } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.createUser",
    kind: "mutation",
    document: (ids) =>
      `mutation { createUser(input: { email: "direct-${unique()}@example.test", displayName: "Direct", password: "Direct-Password-1!", unitId: "${gid("Unit", ids.unitA)}", role: viewer }) { userLegacyId } }`,
    expected: onlyAdmin,
  },
  // The same mutations in unit B: the admin of unit B manages users there (and only there), so each
  // rule is the right in the unit concerned, not "manages users somewhere".
  {
    field: "Mutation.inviteUser",
    label: "unit B",
    kind: "mutation",
    document: (ids) =>
      `mutation { inviteUser(input: { email: "matrix-b-${unique()}@example.test", unitId: "${gid("Unit", ids.teams.unitB)}", role: viewer }) { invite { email } } }`,
    expected: { ...onlyAdmin, adminOfOtherUnit: "allowed" },
  },
  {
    field: "Mutation.inviteUser",
    label: "unit B, billing admin flag",
    kind: "mutation",
    // The admin flags need an organisation admin, wherever the role is.
    document: (ids) =>
      `mutation { inviteUser(input: { email: "matrix-bb-${unique()}@example.test", unitId: "${gid("Unit", ids.teams.unitB)}", role: viewer, billingAdmin: true }) { invite { email } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.updateMember",
    label: "unit B",
    kind: "mutation",
    document: (ids, actor) =>
      `mutation { updateMember(input: { userId: "${gid("User", ids.teams.inBoth[actor])}", unitId: "${gid("Unit", ids.teams.unitB)}", role: editor }) { member { unitRoles { role } } } }`,
    expected: { ...onlyAdmin, adminOfOtherUnit: "allowed" },
  },
  {
    field: "Mutation.updateMember",
    label: "unit B, organisation admin flag",
    kind: "mutation",
    document: (ids, actor) =>
      `mutation { updateMember(input: { userId: "${gid("User", ids.teams.inBoth[actor])}", unitId: "${gid("Unit", ids.teams.unitB)}", organizationAdmin: false }) { member { organizationAdmin } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.modifyTeam",
    label: "unit B",
    kind: "mutation",
    // Unit A kept as it is, unit B's role changed: only unit B's right is needed.
    document: (ids, actor) =>
      `mutation { modifyTeam(userId: "${gid("User", ids.teams.inBoth[actor])}", units: [{ unitId: "${gid("Unit", ids.unitA)}", role: viewer }, { unitId: "${gid("Unit", ids.teams.unitB)}", role: admin }]) { member { unitRoles { role } } } }`,
    expected: { ...onlyAdmin, adminOfOtherUnit: "allowed" },
  },
  {
    field: "Mutation.removeMemberFromUnit",
    label: "unit B",
    kind: "mutation",
    document: (ids, actor) =>
      `mutation { removeMemberFromUnit(userId: "${gid("User", ids.teams.inBoth[actor])}", unitId: "${gid("Unit", ids.teams.unitB)}") { userLegacyId } }`,
    expected: { ...onlyAdmin, adminOfOtherUnit: "allowed" },
  },
  {
    field: "Mutation.createUser",
    label: "unit B",
    kind: "mutation",
    document: (ids) =>
      `mutation { createUser(input: { email: "direct-b-${unique()}@example.test", displayName: "Direct B", password: "Direct-Password-1!", unitId: "${gid("Unit", ids.teams.unitB)}", role: viewer }) { userLegacyId } }`,
    expected: { ...onlyAdmin, adminOfOtherUnit: "allowed" },
  },
  {
    field: "Mutation.createUnit",
    kind: "mutation",
    document: (ids) => `mutation { createUnit(parentId: "${gid("Unit", ids.unitA)}", name: "Matrix team") { unit { legacyId } } }`,
    expected: onlyAdmin,
    allowedData: (data, _a, ids) => void (ids.teams.createdUnit = data.createUnit.unit.legacyId),
  },
  {
    field: "Mutation.updateUnit",
    kind: "mutation",
    document: (ids) => `mutation { updateUnit(id: "${gid("Unit", ids.teams.unitA1)}", name: "Helsinki store") { unit { name } } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.deleteUnit",
    kind: "mutation",
    document: (ids) => `mutation { deleteUnit(id: "${gid("Unit", ids.teams.createdUnit!)}") { legacyId } }`,
    expected: onlyAdmin,
  },
  {
    field: "Mutation.setRestrictSummaryToTeam",
    kind: "mutation",
    document: () => `mutation { setRestrictSummaryToTeam(enabled: true) { restrictSummaryToTeam } }`,
    // Organisation admins of their current organisation (the other organisation's admin sets their own).
    expected: { ...onlyAdmin, adminOfOtherOrganization: "allowed" },
  },
  {
    field: "Query.touchpoints",
    kind: "query",
    document: () => "{ touchpoints(type: terminal, first: 20) { edges { node { legacyId } } } }",
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const seen = data.touchpoints.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId);
      if (actor === "adminOfOtherUnit" || actor === "adminOfOtherOrganization") expect(seen).not.toContain(ids.touchpoints.terminalA);
      else expect(seen).toContain(ids.touchpoints.terminalA);
    },
  },
  {
    field: "Query.touchpoints",
    label: "search and orderBy",
    kind: "query",
    // The search narrows what the caller may see, never widens it: the other unit's admin and the other
    // organisation search for unit A's terminal by name and find nothing.
    document: () =>
      `{ touchpoints(search: "matrix KIOSK", orderBy: { field: responseCount, direction: desc }, first: 20) { edges { node { legacyId name } } } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const seen = data.touchpoints.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId);
      if (actor === "adminOfOtherUnit" || actor === "adminOfOtherOrganization") expect(seen).toEqual([]);
      else expect(seen).toEqual([ids.touchpoints.terminalA]);
    },
  },
  {
    field: "Subscription.touchpointsChanged",
    kind: "subscription",
    // Any member; each hears only of touchpoints in units where it views results (touchpoint.test.ts).
    document: () => "subscription { touchpointsChanged { touchpointLegacyId change } }",
    expected: everyoneSignedIn,
  },
  {
    field: "Query.campaignTouchpoints",
    kind: "query",
    // The email campaign touchpoints of the units where the caller views results (rest/v5/message-records.test.ts: counts, another organisation's).
    document: () => "{ campaignTouchpoints(channel: email) { id name statusCounts { status count } } }",
    expected: everyoneSignedIn,
    allowedData: (data) => expect(Array.isArray(data.campaignTouchpoints)).toBe(true),
  },
  {
    field: "Query.messageRecords",
    kind: "query",
    document: () => "{ messageRecords(channel: sms, page: 1) { page totalPages records { legacyId } } }",
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.messageRecords).toMatchObject({ page: 1 }),
  },
  {
    field: "Query.touchpoint",
    kind: "query",
    document: (ids) => `{ touchpoint(id: "${gid("Touchpoint", ids.touchpoints.terminalA)}") { legacyId } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Query.touchpointUnits",
    kind: "query",
    // Everyone may ask; the answer holds only the units where they may edit touchpoints.
    document: () => "{ touchpointUnits { legacyId } }",
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const units = data.touchpointUnits.map((u: { legacyId: string }) => u.legacyId);
      expect(units.includes(ids.unitA)).toBe(actor === "editor" || actor === "admin");
    },
  },
  {
    field: "Query.pings",
    kind: "query",
    // Everyone may ask; the series hold only terminals of units where they view results.
    document: () => "{ pings { series { touchpointLegacyId } organizationCount } }",
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const seen = data.pings.series.map((s: { touchpointLegacyId: string }) => s.touchpointLegacyId);
      expect(seen.includes(ids.touchpoints.terminalA)).toBe(actor === "viewer" || actor === "editor" || actor === "admin");
    },
  },
  {
    field: "Query.responseLimitNotice",
    kind: "query",
    // Members for their own organisation; without a session only with a share token (like questionResult). No over-limit responses here: null.
    document: () => `{ responseLimitNotice }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(data.responseLimitNotice).toBeNull(),
  },
  {
    field: "Query.legacyPlugins",
    kind: "query",
    // The legacy web plugins of the units where the caller views results.
    document: () => "{ legacyPlugins(first: 50) { edges { node { legacyId legacyPlugin { domain } } } } }",
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const seen = data.legacyPlugins.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId);
      expect(seen.includes(ids.touchpoints.legacyA)).toBe(actor === "viewer" || actor === "editor" || actor === "admin");
    },
  },
  {
    field: "Mutation.upgradeLegacyPlugin",
    kind: "mutation",
    // editTouchpoints in the plugin's unit; irreversible, so one plugin per actor.
    document: (ids, actor) =>
      `mutation { upgradeLegacyPlugin(input: { id: "${gid("Touchpoint", ids.touchpoints.legacyToUpgrade[actor])}" }) { touchpoint { type } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.upgradeLegacyPlugin.touchpoint.type).toBe("website"),
  },
  {
    field: "Mutation.setTouchpointLogo",
    kind: "mutation",
    // editTouchpoints in the terminal's unit (and the plan's organizationLogo feature).
    document: (ids) =>
      `mutation { setTouchpointLogo(id: "${gid("Touchpoint", ids.touchpoints.terminalA)}", fileBase64: "${Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(16, 1)]).toString("base64")}") { touchpoint { logoUrl } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data, _actor, ids) => expect(data.setTouchpointLogo.touchpoint.logoUrl).toContain(`/r/${ids.touchpoints.terminalA}/logo`),
  },
  {
    field: "Mutation.createTouchpoint",
    kind: "mutation",
    document: (ids) =>
      `mutation { createTouchpoint(input: { name: "Matrix link", type: link, unitId: "${gid("Unit", ids.unitA)}" }) { touchpoint { legacyId } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.updateTouchpoint",
    kind: "mutation",
    document: (ids) =>
      `mutation { updateTouchpoint(input: { id: "${gid("Touchpoint", ids.touchpoints.terminalA)}", name: "Matrix kiosk" }) { touchpoint { name } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.deleteTouchpoint",
    kind: "mutation",
    document: (ids, actor) => `mutation { deleteTouchpoint(id: "${gid("Touchpoint", ids.touchpoints.toDelete[actor])}") { deletedLegacyId } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.setTouchpointVisibility",
    kind: "mutation",
    document: (ids) =>
      `mutation { setTouchpointVisibility(touchpointId: "${gid("Touchpoint", ids.touchpoints.terminalA)}", visibility: false) { visibility } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  // ---- surveys (docs/permissions.md "Surveys") ----
  {
    field: "Query.surveys",
    kind: "query",
    // Surveys of the units where the caller views results: unit A's survey for its viewer, editor and the admin.
    document: () => `{ surveys(tab: all, first: 100) { edges { node { legacyId name } } } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const seen = data.surveys.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId);
      expect(seen.includes(ids.surveyA)).toBe(actor === "viewer" || actor === "editor" || actor === "admin");
    },
  },
  {
    field: "Query.surveys",
    label: "search and orderBy",
    kind: "query",
    // The search narrows the caller's surveys: unit A's survey by a part of its name, for those who see it only.
    document: () => `{ surveys(tab: all, search: " matrix SUR ", orderBy: { field: name, direction: asc }, first: 100) { edges { node { legacyId } } } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor, ids) => {
      const seen = data.surveys.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId);
      expect(seen).toEqual(actor === "viewer" || actor === "editor" || actor === "admin" ? [ids.surveyA] : []);
    },
  },
  {
    field: "Query.survey",
    kind: "query",
    // One survey the caller sees: unit A's survey for its viewer, editor and the admin; the rest refused.
    document: (ids) => `{ survey(id: "${gid("Survey", ids.surveyA)}") { legacyId name } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.createSurvey",
    kind: "mutation",
    // "May create surveys" (or organisation admin) and editSurveys in the unit.
    document: (ids) =>
      `mutation { createSurvey(input: { name: "Matrix new", unitId: "${gid("Unit", ids.unitA)}", questions: [{ type: nps, title: [{ language: "en", text: "N" }] }] }) { survey { legacyId } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.updateSurvey",
    kind: "mutation",
    document: (ids) => `mutation { updateSurvey(id: "${gid("Survey", ids.surveyA)}", input: { name: "Matrix survey", questions: [] }) { survey { name } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.copySurvey",
    kind: "mutation",
    document: (ids) => `mutation { copySurvey(id: "${gid("Survey", ids.surveyA)}") { survey { legacyId } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.archiveSurvey",
    kind: "mutation",
    document: (ids) => `mutation { archiveSurvey(id: "${gid("Survey", ids.surveyA)}", archived: false) { survey { archived } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.hideSurvey",
    kind: "mutation",
    // Per user, for everyone who sees the survey.
    document: (ids) => `mutation { hideSurvey(id: "${gid("Survey", ids.surveyA)}", hidden: false) { survey { hidden } } }`,
    expected: {
      anonymous: "refused",
      viewer: "allowed",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.deleteSurvey",
    kind: "mutation",
    document: (_ids, actor) => `mutation { deleteSurvey(id: "${gid("Survey", surveysToDelete[actor])}") { legacyId } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Query.feedbackList",
    kind: "query",
    // Members read the responses they may see: the other team's admin and the other organisation get no rows; anonymous callers need a share token.
    document: (ids) =>
      `{ feedbackList(filters: { surveyIds: ["${gid("Survey", ids.surveyA)}"] }, first: 5) { totalCount edges { node { responseLegacyId } } } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor) =>
      actor === "adminOfOtherUnit" || actor === "adminOfOtherOrganization"
        ? expect(data.feedbackList.totalCount).toBe(0)
        : expect(data.feedbackList.totalCount).toBeGreaterThan(0),
  },
  {
    field: "Mutation.hideResponse",
    kind: "mutation",
    // manageResponses in the response's unit: editors and admins; a viewer is refused, others get not found.
    document: () => `mutation { hideResponse(responseId: "${gid("Response", matrixResponses.toHide)}", hidden: false) { hidden } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.hideResponse.hidden).toBe(false),
  },
  {
    field: "Mutation.updateResponseMetadata",
    kind: "mutation",
    document: () =>
      `mutation { updateResponseMetadata(responseId: "${gid("Response", matrixResponses.toHide)}", updatedMetaSet: [{ key: "store", value: "Matrix" }]) { metadata { key value } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.updateResponseMetadata.metadata).toEqual([{ key: "store", value: "Matrix" }]),
  },
  {
    field: "Mutation.deleteResponse",
    kind: "mutation",
    document: (_ids, actor) => `mutation { deleteResponse(responseId: "${gid("Response", matrixResponses.toDelete[actor])}") { deletedResponseLegacyId } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Query.surveyTemplates",
    kind: "query",
    // Public templates of any organisation, for every member.
    document: () => `{ surveyTemplates { legacyId name } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(Array.isArray(data.surveyTemplates)).toBe(true),
  },
  {
    field: "Mutation.generateDemoData",
    kind: "mutation",
    // Organisation admins, each into their own organisation only (docs/demo-data.md).
    document: () => `mutation { generateDemoData(responses: 3) { responses survey { name } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "refused",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "allowed",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.generateDemoData).toMatchObject({ responses: 3, survey: { name: "Demo survey" } }),
  },
  // contact lists (docs/campaigns.md): viewResults in the list's touchpoint unit to read, editTouchpoints to change
  {
    field: "Query.contactLists",
    kind: "query",
    document: () => `{ contactLists { id name channel contactCount } }`,
    expected: everyoneSignedIn,
    allowedData: (data) => expect(Array.isArray(data.contactLists)).toBe(true),
  },
  {
    field: "Query.contactList",
    kind: "query",
    document: () => `{ contactList(id: "${gid("ContactList", contactLists.listA)}") { name contacts(first: 5) { totalCount edges { node { email } } } } }`,
    expected: { ...ownOrganizationOnly, adminOfOtherUnit: "refused" },
    allowedData: (data) =>
      expect(data.contactList).toMatchObject({ name: "Matrix list", contacts: { totalCount: 1, edges: [{ node: { email: "m@example.com" } }] } }),
  },
  {
    field: "Query.blockList",
    kind: "query",
    // manageContacts in some unit (editors and admins), each in their own organisation
    document: () => `{ blockList { total addresses { email } } }`,
    expected: { ...everyoneSignedIn, viewer: "refused" },
    allowedData: (data) => expect(typeof data.blockList.total).toBe("number"),
  },
  {
    field: "Mutation.createContactList",
    kind: "mutation",
    document: (ids) =>
      `mutation { createContactList(input: { name: "Matrix new", channel: email, unitId: "${gid("Unit", ids.unitA)}" }) { contactList { name channel } message } }`,
    expected: { ...onlyAdmin, editor: "allowed" },
    allowedData: (data) => expect(data.createContactList).toMatchObject({ contactList: { name: "Matrix new", channel: "email" }, message: "channel saved" }),
  },
  {
    field: "Mutation.updateContactList",
    kind: "mutation",
    document: () =>
      `mutation { updateContactList(input: { id: "${gid("ContactList", contactLists.listA)}", variableNames: ["city"] }) { contactList { variableNames } } }`,
    expected: { ...onlyAdmin, editor: "allowed" },
    allowedData: (data) => expect(data.updateContactList.contactList.variableNames).toEqual(["city"]),
  },
  {
    field: "Mutation.deleteContactList",
    kind: "mutation",
    document: (_ids, actor) => `mutation { deleteContactList(id: "${gid("ContactList", contactLists.toDelete[actor])}") { deletedContactListId message } }`,
    expected: { ...onlyAdmin, editor: "allowed" },
    allowedData: (data) => expect(data.deleteContactList.message).toBe("channel deleted"),
  },
  {
    field: "Mutation.deleteContacts",
    kind: "mutation",
    document: () =>
      `mutation { deleteContacts(listId: "${gid("ContactList", contactLists.listA)}", contactIds: ["${gid("Contact", "0123456789abcdef01234567")}"]) { deleted message } }`,
    expected: { ...onlyAdmin, editor: "allowed" },
    allowedData: (data) => expect(data.deleteContacts).toEqual({ deleted: 0, message: "deleted" }),
  },
  {
    field: "Mutation.unblockAddress",
    kind: "mutation",
    // organisation admins, on their own organisation's list (another organisation's address: not found)
    document: (_ids, actor) => `mutation { unblockAddress(email: "${contactLists.blocked[actor]}") { email message } }`,
    expected: onlyAdmin,
    allowedData: (data) => expect(data.unblockAddress.message).toBe("removed from suppression list"),
  },
  {
    field: "Query.messageTemplates",
    kind: "query",
    // Templates belong to the organisation: editTouchpoints in some team; each caller reads their own organisation's.
    document: () => `{ messageTemplates(type: email) { legacyId name } }`,
    expected: templateEditors,
    allowedData: (data, actor) =>
      expect(data.messageTemplates.some((m: { legacyId: string }) => m.legacyId === matrixTemplate.id)).toBe(actor !== "adminOfOtherOrganization"),
  },
  {
    field: "Query.messageTemplatePreview",
    kind: "query",
    document: () => `{ messageTemplatePreview(input: { templateType: sms, content: "Hi {{name}}", variables: [{ name: "name", value: "Bo" }] }) { text } }`,
    expected: templateEditors,
    allowedData: (data) => expect(data.messageTemplatePreview.text).toMatch(/^Hi Bo http/),
  },
  {
    field: "Query.messageVariableLists",
    kind: "query",
    document: () => `{ messageVariableLists(type: email) { legacyId name variableNames } }`,
    expected: templateEditors,
    allowedData: (data) => expect(Array.isArray(data.messageVariableLists)).toBe(true),
  },
  {
    field: "Mutation.createMessageTemplates",
    kind: "mutation",
    document: () => `mutation { createMessageTemplates(input: ${templateInput}) { message templates { name } } }`,
    expected: templateEditors,
    allowedData: (data) => expect(data.createMessageTemplates).toEqual({ message: "template saved", templates: [{ name: "Matrix mail" }] }),
  },
  {
    field: "Mutation.updateMessageTemplates",
    kind: "mutation",
    // Another organisation's template: not found.
    document: () => `mutation { updateMessageTemplates(id: "${gid("MessageTemplate", matrixTemplate.id)}", input: ${templateInput}) { message } }`,
    expected: { ...templateEditors, adminOfOtherOrganization: "refused" },
    allowedData: (data) => expect(data.updateMessageTemplates.message).toBe("template saved"),
  },
  {
    field: "Mutation.sendTestMessage",
    kind: "mutation",
    // launchSurveys on the survey the message links to (survey A of unit A).
    document: (ids) =>
      `mutation { sendTestMessage(input: { surveyId: "${gid("Survey", ids.surveyA)}", to: "+358401234567", templateType: sms, content: "Hi" }) { message channel } }`,
    expected: { ...templateEditors, adminOfOtherUnit: "refused", adminOfOtherOrganization: "refused" },
    allowedData: (data) => expect(data.sendTestMessage).toEqual({ message: "test message sent", channel: "sms" }),
  },
  {
    field: "Query.launchWizard",
    kind: "query",
    document: (ids) => `{ launchWizard(surveyId: "${gid("Survey", ids.surveyA)}") { surveyName groups { type } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.launchWizard.surveyName).toBe("Matrix survey"),
  },
  {
    field: "Query.scheduledLaunches",
    kind: "query",
    // launches of the surveys of units where the caller views results
    document: () => `{ scheduledLaunches(first: 100) { edges { node { legacyId } } } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor) => {
      const listed = data.scheduledLaunches.edges.map((e: { node: { legacyId: string } }) => e.node.legacyId);
      expect(listed.includes(matrixLaunches.toEdit)).toBe(["viewer", "editor", "admin"].includes(actor));
    },
  },
  {
    field: "Mutation.launchSurvey",
    kind: "mutation",
    document: (ids) =>
      `mutation { launchSurvey(input: { surveyId: "${gid("Survey", ids.surveyA)}", touchpointIds: ["${gid("Touchpoint", ids.touchpoints.terminalA)}"] }) { ok } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.launchSurvey.ok).toBe(true),
  },
  {
    field: "Mutation.updateScheduledLaunch",
    kind: "mutation",
    document: () =>
      `mutation { updateScheduledLaunch(input: { id: "${gid("Launch", matrixLaunches.toEdit)}", schedule: { plan: later, at: "${launchYear}-06-01T09:00" } }) { launch { status } } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
  },
  {
    field: "Mutation.cancelScheduledLaunch",
    kind: "mutation",
    document: (_ids, actor) => `mutation { cancelScheduledLaunch(id: "${gid("Launch", matrixLaunches.toCancel[actor])}") { message } }`,
    expected: {
      anonymous: "refused",
      viewer: "refused",
      editor: "allowed",
      adminOfOtherUnit: "refused",
      adminOfOtherOrganization: "refused",
      admin: "allowed",
    },
    allowedData: (data) => expect(data.cancelScheduledLaunch.message).toBe("launch cancelled"),
  },
  // ---- customer journeys (docs/customer-journeys.md) ----
  {
    field: "Query.customerJourneys",
    kind: "query",
    // Members who view results somewhere; each reads their own organisation's journeys.
    document: () => `{ customerJourneys { legacyId name } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor) =>
      expect(data.customerJourneys.some((j: { legacyId: string }) => j.legacyId === matrixJourneys.journey)).toBe(actor !== "adminOfOtherOrganization"),
  },
  {
    field: "Query.customerJourney",
    kind: "query",
    // Another organisation's journey: not found.
    document: () => `{ customerJourney(id: "${gid("CustomerJourney", matrixJourneys.journey)}") { legacyId name } }`,
    expected: ownOrganizationOnly,
    allowedData: (data) => expect(data.customerJourney.name).toBe("Matrix journey"),
  },
  {
    field: "Query.journeyResult",
    kind: "query",
    // Members of the organisation; without a session only with a share token (rest/v5/journeys.test.ts).
    document: () => `{ journeyResult(id: "${gid("CustomerJourney", matrixJourneys.journey)}") { kpi stages { name } } }`,
    expected: ownOrganizationOnly,
    allowedData: (data) => expect(data.journeyResult).toEqual({ kpi: "nps", stages: [{ name: "Stage" }] }),
  },
  {
    field: "Mutation.createCustomerJourney",
    kind: "mutation",
    // manageJourneys somewhere, on touchpoints where the caller views results (unit A's: not the other unit's admin).
    document: () => `mutation { createCustomerJourney(input: ${matrixJourneyInput()}) { message journey { name } } }`,
    expected: { ...onlyAdmin, editor: "allowed" },
    allowedData: (data) => expect(data.createCustomerJourney).toEqual({ message: "Journey created", journey: { name: "Matrix journey" } }),
  },
  {
    field: "Mutation.updateCustomerJourney",
    kind: "mutation",
    document: () => `mutation { updateCustomerJourney(id: "${gid("CustomerJourney", matrixJourneys.journey)}", input: ${matrixJourneyInput()}) { message } }`,
    expected: { ...onlyAdmin, editor: "allowed" },
    allowedData: (data) => expect(data.updateCustomerJourney.message).toBe("Journey saved"),
  },
  {
    field: "Mutation.deleteCustomerJourney",
    kind: "mutation",
    // manageJourneys somewhere (editors and admins of any team); another organisation's journey: not found.
    document: (_ids, actor) => `mutation { deleteCustomerJourney(id: "${gid("CustomerJourney", matrixJourneys.toDelete[actor])}") { message } }`,
    expected: { ...onlyAdmin, editor: "allowed", adminOfOtherUnit: "allowed" },
    allowedData: (data) => expect(data.deleteCustomerJourney.message).toBe("Journey deleted"),
  },
  // ---- notification rules (docs/notifications.md) ----
  {
    field: "Query.notificationRules",
    kind: "query",
    // own rules; organisation admins: every rule of the organisation
    document: () => `{ notificationRules { legacyId } }`,
    expected: everyoneSignedIn,
    allowedData: (data, actor) => {
      const listed = data.notificationRules.map((r: { legacyId: string }) => r.legacyId);
      expect(listed.includes(matrixAlerts.ruleA)).toBe(["editor", "admin"].includes(actor));
    },
  },
  {
    field: "Query.notificationRule",
    kind: "query",
    document: () => `{ notificationRule(id: "${matrixAlerts.ruleA}") { legacyId name } }`,
    expected: alertEditors,
    allowedData: (data) => expect(data.notificationRule).toEqual({ legacyId: matrixAlerts.ruleA, name: "Matrix alert" }),
  },
  {
    field: "Mutation.createNotificationRule",
    kind: "mutation",
    document: (ids) => `mutation { createNotificationRule(input: ${alertInput(ids)}) { message rule { name } } }`,
    expected: alertEditors,
    allowedData: (data) => expect(data.createNotificationRule).toEqual({ message: "Saved", rule: { name: "Matrix alert" } }),
  },
  {
    field: "Mutation.updateNotificationRule",
    kind: "mutation",
    document: (ids) => `mutation { updateNotificationRule(id: "${matrixAlerts.ruleA}", input: ${alertInput(ids)}) { message } }`,
    expected: alertEditors,
  },
  {
    field: "Mutation.deleteNotificationRule",
    kind: "mutation",
    document: (_ids, actor) => `mutation { deleteNotificationRule(id: "${matrixAlerts.toDelete[actor]}") { legacyId } }`,
    expected: alertEditors,
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
  it("has a node and a nodes row for every type that implements Node", () => {
    const schema = getProtectedSchema();
    const nodeTypes = Object.values(schema.getTypeMap())
      .filter((type) => type instanceof GraphQLObjectType && type.getInterfaces().some((i) => i.name === "Node"))
      .map((type) => type.name)
      .sort();
    for (const field of ["Query.node", "Query.nodes"]) {
      const rows = new Set(matrix.filter((r) => r.field === field).map((r) => r.nodeType));
      expect(nodeTypes.filter((type) => !rows.has(type))).toEqual([]);
    }
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
    ids = {
      unitA: org.units.unitA.id,
      orgA: org.organization.id,
      userViewer: org.users.viewerA.id,
      viewerEmail: org.users.viewerA.email,
      apiKeyOfViewer: viewerKey.id,
      surveyA: surveyA.id,
      memberViewer: (
        await t.prisma.membership.findUniqueOrThrow({ where: { userId_organizationId: { userId: org.users.viewerA.id, organizationId: org.organization.id } } })
      ).id,
      teams: await teamIds(),
      touchpoints: await touchpointIds(),
    };
    const signIn = async (email: string) => (await signInWithPassword(t.baseUrl, email, testPassword)).accessToken;
    tokens.anonymous = undefined;
    tokens.viewer = await signIn(org.users.viewerA.email);
    tokens.editor = await signIn(org.users.editorA.email);
    tokens.adminOfOtherUnit = await signIn(org.users.adminB.email);
    tokens.adminOfOtherOrganization = await signIn(other.users.admin.email);
    tokens.admin = await signIn(org.users.admin.email);
    // An unverified self-signup, organisation admin of Acme with the admin role at its root.
    const unverified = await t.prisma.user.create({
      data: {
        email: `unverified-${unique()}@example.test`,
        displayName: "Unverified",
        passwordHash: (await t.prisma.user.findUniqueOrThrow({ where: { id: org.users.admin.id } })).passwordHash,
        signupStatus: "emailVerification",
        currentOrganizationId: org.organization.id,
      },
    });
    await t.prisma.membership.create({
      data: { userId: unverified.id, organizationId: org.organization.id, organizationAdmin: true, billingAdmin: true, mayCreateSurveys: true },
    });
    await t.prisma.unitRole.create({ data: { organizationId: org.organization.id, unitId: org.units.root.id, userId: unverified.id, role: "admin" } });
    tokens.unverified = await signIn(unverified.email);
    // The admin of an organisation whose subscription is unpaid: the dashboard is locked.
    const locked = await createOrganizationFixture(t.prisma, "Lockedout");
    await t.prisma.organization.update({ where: { id: locked.organization.id }, data: { billingStatus: "unpaid", dashboardLocked: true } });
    tokens.lockedAdmin = await signIn(locked.users.admin.email);
  });
  beforeAll(async () => {
    const organizationId = org.organization.id;
    await t.prisma.shareToken.create({
      data: {
        organizationId,
        createdByUserId: org.users.admin.id,
        token: matrixShare.tokenHash,
        name: "Matrix link",
        filters: { from: "2026-01-01", to: "2026-01-31" },
        allowChanges: ["date"],
      },
    });
    for (const a of actors) {
      sharing.linksToRevoke[a] = (
        await t.prisma.shareToken.create({
          data: { organizationId, createdByUserId: org.users.viewerA.id, token: generateShareToken().tokenHash, filters: { unitId: org.units.unitA.id } },
        })
      ).id;
      sharing.bookmarksToDelete[a] = (
        await t.prisma.bookmark.create({ data: { organizationId, userId: org.users.viewerA.id, name: `Matrix ${a}`, filters: {} } })
      ).id;
    }
    sharing.editorExportJob = (
      await t.prisma.exportJob.create({
        data: { organizationId, userId: org.users.editorA.id, kind: "csv", status: "finished", progress: 100, request: {}, finishedAt: new Date() },
      })
    ).id;
  });
  beforeAll(async () => {
    const organizationId = org.organization.id;
    const list = async (name: string) => {
      const tp = await t.prisma.touchpoint.create({ data: { organizationId, unitId: org.units.unitA.id, name, type: "emailContactList" } });
      return (await t.prisma.contactList.create({ data: { organizationId, touchpointId: tp.id, name, channel: "email" } })).id;
    };
    contactLists.listA = await list("Matrix list");
    await t.prisma.contact.create({ data: { organizationId, contactListId: contactLists.listA, email: "m@example.com" } });
    for (const a of actors) {
      contactLists.toDelete[a] = await list(`Matrix list ${a}`);
      contactLists.blocked[a] = `blocked-${a.toLowerCase()}@example.com`;
      await t.prisma.blockedContact.create({ data: { organizationId, email: contactLists.blocked[a] } });
    }
  });
  beforeAll(async () => {
    for (const a of actors)
      surveysToDelete[a] = (
        await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: `Matrix delete ${a}` } })
      ).id;
  });
  beforeAll(async () => {
    const touchpointId = ids.touchpoints.terminalA;
    const { code: touchpointCode } = await t.prisma.touchpoint.findUniqueOrThrow({ where: { id: touchpointId }, select: { code: true } });
    const response = async () => {
      const r = await t.prisma.response.create({
        data: { organizationId: org.organization.id, surveyId: ids.surveyA, touchpointCode, unitCode: org.units.unitA.code },
      });
      // Into the roll-ups, as ingestion's applier would add it (the feedback list's total reads them).
      await markResponsesChanged(t.prisma, org.organization.id, [{ createdAt: r.createdAt, surveyId: r.surveyId, touchpointId }]);
      return r.id;
    };
    matrixResponses.toHide = await response();
    for (const a of actors) matrixResponses.toDelete[a] = await response();
  });
  beforeAll(async () => {
    const survey = await t.prisma.survey.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name: "Matrix analysis" } });
    const question = (type: "openText" | "nps", position: number) =>
      t.prisma.question.create({ data: { organizationId: org.organization.id, surveyId: survey.id, position, type, title: { en: type } } });
    analysisQuestions.text = (await question("openText", 0)).id;
    analysisQuestions.nps = (await question("nps", 1)).id;
    matrixJourneys.survey = survey.id;
    matrixJourneys.touchpoint = ids.touchpoints.terminalA;
    const steps = [{ name: "Stage", touchpointIds: [ids.touchpoints.terminalA], surveys: [{ surveyId: survey.id, questionIds: [analysisQuestions.nps] }] }];
    const journey = (name: string) => t.prisma.customerJourney.create({ data: { organizationId: org.organization.id, name, steps } });
    matrixJourneys.journey = (await journey("Matrix journey")).id;
    for (const a of actors) matrixJourneys.toDelete[a] = (await journey(`Matrix ${a}`)).id;
  });
  beforeAll(async () => {
    matrixTemplate.id = (
      await t.prisma.messageTemplate.create({
        data: { organizationId: org.organization.id, name: "Matrix template", templateType: "email", subject: "Hi", content: "Tell us" },
      })
    ).id;
    const launch = async () =>
      (
        await t.prisma.launch.create({
          data: {
            organizationId: org.organization.id,
            surveyId: ids.surveyA,
            touchpointIds: [ids.touchpoints.terminalA],
            kind: "scheduled",
            scheduledAt: new Date(`${launchYear}-05-01T06:00:00Z`),
            nextRunAt: new Date(`${launchYear}-05-01T06:00:00Z`),
            options: { channel: "activation", timeZone: "Europe/Helsinki" },
          },
        })
      ).id;
    matrixLaunches.toEdit = await launch();
    for (const a of actors) matrixLaunches.toCancel[a] = await launch();
  });
  beforeAll(async () => {
    const organizationId = org.organization.id;
    // the plan alerts organisation users; the receivers are members of Acme
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["notificationsToOrganizationUsers"] } } });
    const survey = await t.prisma.survey.create({ data: { organizationId, unitId: org.units.unitA.id, name: "Matrix alerts" } });
    matrixAlerts.surveyId = survey.id;
    matrixAlerts.receiver = org.users.editorA.email;
    matrixAlerts.questionId = (
      await t.prisma.question.create({ data: { organizationId, surveyId: survey.id, position: 0, type: "nps", title: { en: "nps" } } })
    ).id;
    const rule = async () =>
      (
        await t.prisma.notificationRule.create({
          data: {
            organizationId,
            name: "Matrix alert",
            surveyId: survey.id,
            touchpointIds: [ids.touchpoints.terminalA],
            conditions: [[{ questionId: matrixAlerts.questionId, values: [0] }]],
            delay: 30,
            receivers: [org.users.editorA.email],
            createdByUserId: org.users.editorA.id,
          },
        })
      ).id;
    matrixAlerts.ruleA = await rule();
    for (const a of actors) matrixAlerts.toDelete[a] = await rule();
  });
  afterAll(async () => t?.close());

  async function touchpointIds(): Promise<TouchpointIds> {
    const terminal = async (name: string) =>
      (await t.prisma.touchpoint.create({ data: { organizationId: org.organization.id, unitId: org.units.unitA.id, name, type: "terminal" } })).id;
    const toDelete = {} as Record<Actor, string>;
    for (const a of actors) toDelete[a] = await terminal(`Matrix delete ${a}`);
    const legacy = async (name: string) =>
      (
        await t.prisma.touchpoint.create({
          data: {
            organizationId: org.organization.id,
            unitId: org.units.unitA.id,
            name,
            type: "legacyPlugin",
            settings: { plugin: { domain: "matrix.example" } },
          },
        })
      ).id;
    const legacyToUpgrade = {} as Record<Actor, string>;
    for (const a of actors) legacyToUpgrade[a] = await legacy(`Matrix upgrade ${a}`);
    // The terminal logo row needs the plan's logo feature.
    await t.prisma.featureSet.update({ where: { id: org.organization.featureSetId }, data: { features: { push: ["organizationLogo"] } } });
    return { terminalA: await terminal("Matrix kiosk"), toDelete, legacyA: await legacy("Matrix plugin"), legacyToUpgrade };
  }

  async function teamIds(): Promise<TeamIds> {
    const organizationId = org.organization.id;
    const invite = async (email: string, unitId: string, token: string) =>
      (
        await t.prisma.invite.create({
          data: {
            organizationId,
            unitId,
            role: "viewer",
            email,
            tokenHash: hashToken(token),
            invitedByUserId: org.users.admin.id,
            expiresAt: new Date(Date.now() + 86_400_000),
          },
        })
      ).id;
    const token = () => `matrix-token-${unique()}-${unique()}`;
    const previewToken = token();
    const viewerToken = token();
    const newUserTokens = Object.fromEntries(actors.map((a) => [a, token()])) as Record<Actor, string>;
    const inviteA = await invite(`invitee-${unique()}@example.test`, org.units.unitA.id, token());
    const inviteToDelete = await invite(`deleted-${unique()}@example.test`, org.units.unitA.id, token());
    await invite(`preview-${unique()}@example.test`, org.units.unitA.id, previewToken);
    await invite(org.users.viewerA.email, org.units.unitB.id, viewerToken);
    for (const a of actors) await invite(`new-${a}-${unique()}@example.test`, org.units.unitA.id, newUserTokens[a]);
    const member = async (name: string) => {
      const user = await t.prisma.user.create({
        data: { email: `${name}-${unique()}@example.test`, displayName: name, currentOrganizationId: organizationId },
      });
      await t.prisma.membership.create({ data: { userId: user.id, organizationId } });
      for (const unitId of [org.units.unitA.id, org.units.unitB.id])
        await t.prisma.unitRole.create({ data: { organizationId, unitId, userId: user.id, role: "viewer" } });
      return user.id;
    };
    return {
      unitA1: org.units.unitA1.id,
      inviteA,
      inviteToDelete,
      previewToken,
      viewerToken,
      newUserTokens,
      userToRemove: await member("remove-me"),
      userToMove: await member("move-me"),
      unitB: org.units.unitB.id,
      inBoth: Object.fromEntries(await Promise.all(actors.map(async (a) => [a, await member(`both-${a}`)]))) as Record<Actor, string>,
    };
  }

  for (const row of matrix) {
    for (const actor of actors) {
      const outcome: Outcome =
        actor === "lockedAdmin"
          ? (row.expected.lockedAdmin ?? (openToLocked(row) ? row.expected.adminOfOtherOrganization : "refused"))
          : (row.expected[actor] ?? "refused");
      /** The refusal is the lock's alone: one clear message. */
      const refusedForLock = actor === "lockedAdmin" && !openToLocked(row);
      it(`${row.field}${row.nodeType || row.label ? ` (${row.label ?? row.nodeType})` : ""} as ${actor}: ${outcome}`, async () => {
        if (row.kind === "subscription") {
          const sub = subscribeWs(t.baseUrl, row.document(ids, actor), tokens[actor]);
          // A refusal always arrives (wait for it, however busy the machine); an allowed subscription may
          // stay silent, so it is given a short while to show an error.
          await sub.waitFor(1, outcome === "refused" ? 15_000 : 600);
          const refusal = JSON.stringify([...sub.events, ...sub.errors]);
          await sub.close();
          if (outcome === "refused")
            expect(refusal).toMatch(
              actor === "unverified" ? emailNotVerifiedMessage : refusedForLock ? accountLockedMessage : /Not logged in|rights|not found/,
            );
          // Allowed: no error (a subscription may push its current state at once, e.g. exportStatusChanged).
          else expect(JSON.stringify([...sub.errors, ...sub.events.filter((e) => e.errors)])).toBe("[]");
          return;
        }
        const result = await gql(t.baseUrl, row.document(ids, actor), {}, tokens[actor]);
        if (outcome === "refused") {
          expect(result.errors?.length ?? 0).toBeGreaterThan(0);
          const codes = result.errors!.map((e) => e.extensions?.code);
          expect(codes.every((c) => c === "UNAUTHENTICATED" || c === "FORBIDDEN" || c === "NOT_FOUND")).toBe(true);
          // Nothing of the resource leaks next to the refusal.
          expect(JSON.stringify(result.data ?? null)).not.toMatch(/Stores|Acme/);
          // The unverified admin is refused for that reason alone, with the one clear message.
          if (actor === "unverified") expect(result.errors!.map((e) => e.message)).toEqual([emailNotVerifiedMessage]);
          if (refusedForLock) expect(result.errors!.map((e) => e.message)).toEqual([accountLockedMessage]);
        } else {
          expect(result.errors).toBeUndefined();
          row.allowedData?.(result.data, actor, ids);
        }
      });
    }
  }

  it("a member of two organisations reads units only of the one they are working in", async () => {
    await t.prisma.membership.create({ data: { userId: org.users.editorA.id, organizationId: other.organization.id } });
    const result = await gql(t.baseUrl, `{ viewer { availableOrganizations { name units(first: 5) { edges { node { name } } } } } }`, {}, tokens.editor);
    expect(result.errors?.map((e) => e.message)).toEqual(["You do not have the rights to do this"]);
    expect(result.errors?.[0]?.path).toContain("units");
  });
});
