// The permission map: every query, mutation, subscription and type names its rule, and anything
// not named is denied (fallbackRule: deny). docs/permissions.md is this file in prose.
//
// How to read a rule (rules.ts; the decisions themselves are access.ts's):
// - mayOnTouchpoint("editTouchpoints") / mayOnSurvey(…) / mayOnResponse(…) / mayOn("Invite", …): that right in the unit of
//   the object the argument names (a role held in a unit above counts; organisation admins everywhere).
//   Another organisation's id, or one that does not exist: "not found".
// - mayInUnit(right, unit argument): that right in the named unit (or, with none, in some unit).
// - mayChangeTeams(change): manageTeams where the change of the team tree needs it.
// - mayAnywhere(right): that right in at least one unit.
// - listedWhere(right): any member; the answer holds only the rows of units where the caller holds
//   the right (the domain's list filter).
// - ownRow(kind, message): the row the argument names is the caller's own (else "not found").
// - isMember: any member of the current organisation; isAuthenticated: anyone signed in.
// - mayManageUsers: manageUsers somewhere (lists of members and invitations).
// - mayGrant(grant) / mayChangeMemberIn(change) / mayReplaceTeams(change): manageUsers in the unit(s)
//   a user-management change touches, the admin flags as an organisation admin.
// - isOrganizationAdminHere(…), mayCreateSurveys: the membership's flags.
// The domain services check the same access.ts rules again, because REST calls them directly.
import { allow, and, deny } from "graphql-shield";
import { shieldWithSynchronousRules } from "./sync-shield.js";
import { isAuthenticated, isCurrentOrganization, isMember, mayManageUsers, maySeeParentSurvey, noRights } from "./rules.js";
import { hasShareLink, isMemberOrShareLink, objectIdOf } from "./rules.js";
import {
  isOrganizationAdminHere,
  listedWhere,
  mayAnywhere,
  mayChangeTeams,
  mayCreateSurveys,
  mayInUnit,
  mayOn,
  mayOnContactList,
  mayOnResponse,
  mayOnSurvey,
  mayOnTouchpoint,
  ownRow,
  mayChangeMemberIn,
  mayGrant,
  mayReplaceTeams,
} from "./rules.js";
import { requireVerifiedEmail } from "./unverified.js";
import { requireUnlockedDashboard } from "./locked.js";
import { noEditRight } from "../domain/touchpoints/touchpoints.js";
import { settingsMessages } from "../domain/organization/settings.js";
import { onlyAdminsMessage } from "../domain/demo-data/demo-data.js";
import { bookmarkMessages } from "../domain/bookmarks/bookmarks.js";
import { notificationMessages } from "../domain/notifications/rules.js";
import { shareLinkMessages } from "../domain/sharing/share-links.js";
import { exportMessages } from "../domain/exports/jobs.js";
import { blockListMessages } from "../domain/campaigns/block-list/index.js";
import { templateMessages } from "../domain/campaigns/messages/templates.js";
import { apiKeyMessages } from "../domain/api-keys/api-keys.js";
import { journeyMessages } from "../domain/journeys/journeys.js";

// Every root field (bar the few the verify-email flow needs) first refuses a caller whose address is
// not verified yet (permissions/unverified.ts), then (bar the settings area's) a caller whose
// organisation's dashboard is locked (permissions/locked.ts).
const beforeEveryRootField = <T extends Parameters<typeof requireUnlockedDashboard>[0]>(map: T): T => requireVerifiedEmail(requireUnlockedDashboard(map));

export const permissions = shieldWithSynchronousRules(
  beforeEveryRootField({
    Query: {
      viewer: allow, // answers null to anonymous callers
      // node and nodes: per type, the same rule as the type's own query (schema/node.ts asks access.ts)
      node: isAuthenticated,
      nodes: isAuthenticated,
      members: mayManageUsers,
      member: mayManageUsers,
      invites: and(mayManageUsers, listedWhere("manageUsers")), // invites of the units where the caller manages users
      invite: and(
        mayManageUsers,
        mayOn("Invite", "manageUsers", (a) => a.id),
      ), // an invite of a unit the caller does not manage: not found
      invitation: allow, // the invitation link's token is the proof; the domain validates it
      unitTree: isMember,
      surveys: listedWhere("viewResults"), // and surveys with responses in such units
      surveyTemplates: isMember, // public templates of any organisation; the Survey rule lets templates through
      survey: mayOnSurvey("viewResults"), // also a survey seen through responses in the caller's units
      touchpoints: listedWhere("viewResults"),
      touchpoint: mayOnTouchpoint("viewResults"),
      legacyPlugins: listedWhere("viewResults"),
      shareLinks: isMember, // the caller's own links; organisation admins: every link of the organisation (the domain's list)
      sharedView: hasShareLink, // anyone holding a valid, unexpired link (no session needed)
      bookmarks: isMember, // the caller's own bookmarks (the domain's list)
      notificationRules: isMember, // the caller's own rules; organisation admins: every rule of the organisation (the domain's list)
      notificationRule: isMember, // the same rule: another person's rule (for a non-admin) or organisation's is not found
      exportJob: ownRow("ExportJob", exportMessages.notFound), // any other id is not found
      touchpointUnits: listedWhere("editTouchpoints"),
      pings: listedWhere("viewResults"),
      feedbackList: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      textAnalytics: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      rootCause: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      // analytics (docs/analytics.md): the domain's response scope decides what each caller sees
      summary: listedWhere("viewResults"), // the viewer's visible touchpoints (restrictSummaryToTeam: their own teams) beside the organisation's figures
      questionResult: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      results: isMemberOrShareLink, // as questionResult
      responseLimitNotice: isMemberOrShareLink, // as questionResult: the organisation's over-limit responses in the window
      resultsFilterOptions: isMemberOrShareLink, // as questionResult; a visitor gets only the lists the link's allowChanges lets them change
      contactLists: listedWhere("viewResults"), // lists of touchpoints in units where the caller views results
      contactList: mayOnContactList("viewResults"),
      blockList: mayAnywhere("manageContacts", blockListMessages.noRights),
      // campaign message templates belong to the organisation: editTouchpoints in some team (docs/campaigns.md)
      messageTemplates: mayAnywhere("editTouchpoints", templateMessages.noRights),
      messageTemplatePreview: mayAnywhere("editTouchpoints", templateMessages.noRights),
      messageVariableLists: mayAnywhere("editTouchpoints", templateMessages.noRights),
      campaignTouchpoints: listedWhere("viewResults"), // campaign touchpoints of the units where the caller views results
      messageRecords: listedWhere("viewResults"), // records of those touchpoints; another's touchpointId: not found
      launchWizard: mayOnSurvey("launchSurveys", (a) => a.surveyId), // lists only touchpoints where the caller edits touchpoints
      scheduledLaunches: listedWhere("viewResults"), // launches of the surveys of units where the caller views results
      // customer journeys belong to the organisation: read by members who view results somewhere (docs/customer-journeys.md)
      customerJourneys: mayAnywhere("viewResults", journeyMessages.noRightsToView),
      customerJourney: mayAnywhere("viewResults", journeyMessages.noRightsToView), // another organisation's: not found (the domain)
      journeyResult: isMemberOrShareLink, // as questionResult: members who view results, or a share link's visitor (the domain checks)
    },
    Mutation: {
      updateProfile: isAuthenticated,
      changeOrganization: isAuthenticated, // the domain checks membership
      completeOnboardingStep: isAuthenticated, // own onboarding only; only the analyzedResponses step
      generateApiKey: isMember, // a key of the caller's own; the domain checks the restApi feature
      revokeApiKey: ownRow("ApiKey", apiKeyMessages.notFound), // any other id is not found
      updateOrganizationSettings: isOrganizationAdminHere(settingsMessages.onlyAdmins),
      inviteUser: mayGrant((a) => a.input as never), // manageUsers in the unit; admin flags and "may create surveys" as the inviter may grant them
      resendInvite: and(
        mayManageUsers,
        mayOn("Invite", "manageUsers", (a) => a.id),
      ),
      deleteInvite: and(
        mayManageUsers,
        mayOn("Invite", "manageUsers", (a) => a.id),
      ),
      acceptInvitation: isAuthenticated, // the domain: only an invitation sent to the caller's address
      acceptInvitationAsNewUser: allow, // the token is the proof; the domain validates it
      updateMember: mayChangeMemberIn((a) => ({ ...a.input, unitId: a.input?.unitId })), // manageUsers in the unit; admin flags: organisation admins
      removeMemberFromUnit: mayChangeMemberIn((a) => ({ unitId: a.unitId })), // manageUsers in the unit
      modifyTeam: mayReplaceTeams((a) => ({ userId: a.userId, units: a.units })), // manageUsers in every unit whose role changes
      setBillingAdmin: isOrganizationAdminHere(), // organisation admins only
      createUser: mayGrant((a) => a.input as never), // as inviteUser
      createUnit: mayChangeTeams((a: { parentId?: string | null }) => ({ create: { parentId: a.parentId && objectIdOf(a.parentId) } })),
      updateUnit: mayChangeTeams((a: { id: string; name?: string | null; parentId?: string | null; moveToTop?: boolean | null }) => ({
        update: { ...a, unitId: objectIdOf(a.id), parentId: a.parentId && objectIdOf(a.parentId) },
      })),
      deleteUnit: mayChangeTeams((a: { id: string }) => ({ delete: { unitId: objectIdOf(a.id) } })),
      setRestrictSummaryToTeam: isOrganizationAdminHere(),
      createSurvey: mayCreateSurveys, // and editSurveys in the target unit (inside the survey body; the domain)
      updateSurvey: mayOnSurvey("editSurveys"), // moving it: editSurveys in the new unit too (the domain)
      copySurvey: mayCreateSurveys, // the source: a survey the caller sees, or a public template (the domain)
      archiveSurvey: mayOnSurvey("editSurveys"),
      hideSurvey: mayOnSurvey("viewResults"), // per user
      deleteSurvey: mayOnSurvey("editSurveys"),
      createTouchpoint: mayInUnit("editTouchpoints", (a) => a.input?.unitId, noEditRight), // and the plan's channelCreation (the domain)
      updateTouchpoint: mayOnTouchpoint("editTouchpoints", (a) => a.input?.id), // moving: editTouchpoints in the target unit too (the domain)
      deleteTouchpoint: mayOnTouchpoint("editTouchpoints"),
      setTouchpointVisibility: mayOnTouchpoint("viewResults", (a) => a.touchpointId), // own pings overview
      upgradeLegacyPlugin: and(
        mayOnTouchpoint("viewResults", (a) => a.input?.id),
        mayOnTouchpoint("editTouchpoints", (a) => a.input?.id),
      ), // irreversible
      setTouchpointLogo: and(mayOnTouchpoint("viewResults"), mayOnTouchpoint("editTouchpoints")), // and the plan's organizationLogo (the domain)
      createShareLink: mayAnywhere("viewResults", shareLinkMessages.noRights), // the link is bounded to the creator's teams (the domain)
      revokeShareLink: ownRow("ShareLink", shareLinkMessages.notFound), // organisation admins: any of the organisation's
      createBookmark: mayAnywhere("viewResults", bookmarkMessages.noRights),
      deleteBookmark: ownRow("Bookmark", bookmarkMessages.notFound),
      createNotificationRule: mayAnywhere("manageNotifications", notificationMessages.noRights), // and the plan's notification features (the domain)
      updateNotificationRule: mayAnywhere("manageNotifications", notificationMessages.noRights), // own rules; organisation admins: any (the domain)
      deleteNotificationRule: isMember, // own rules; organisation admins: any; anything else not found (the domain)
      startPdfExport: mayAnywhere("exportResults", exportMessages.noRights), // and the plan's fileExportPdf/All feature (the domain)
      hideResponse: mayOnResponse("manageResponses"),
      deleteResponse: mayOnResponse("manageResponses"),
      updateResponseMetadata: mayOnResponse("manageResponses"),
      generateDemoData: isOrganizationAdminHere(onlyAdminsMessage),
      createContactList: mayInUnit("editTouchpoints", (a) => a.input?.unitId, noEditRight), // and channelCreation (smsMessages for SMS; the domain)
      updateContactList: mayOnContactList("editTouchpoints", (a) => a.input?.id),
      deleteContactList: mayOnContactList("editTouchpoints"),
      deleteContacts: mayOnContactList("editTouchpoints", (a) => a.listId),
      unblockAddress: isOrganizationAdminHere(blockListMessages.onlyAdmins),
      createMessageTemplates: mayAnywhere("editTouchpoints", templateMessages.noRights),
      updateMessageTemplates: mayAnywhere("editTouchpoints", templateMessages.noRights), // another organisation's template: not found (the domain)
      sendTestMessage: and(
        mayAnywhere("editTouchpoints", templateMessages.noRights),
        mayOnSurvey("launchSurveys", (a) => (a.input as { surveyId?: unknown } | null | undefined)?.surveyId),
      ), // at most 20 per person per hour (the domain)
      launchSurvey: mayOnSurvey("launchSurveys", (a) => (a.input as { surveyId?: unknown } | null | undefined)?.surveyId), // and editTouchpoints on every touchpoint (the domain)
      createCustomerJourney: mayAnywhere("manageJourneys", journeyMessages.noRightsToManage),
      updateCustomerJourney: mayAnywhere("manageJourneys", journeyMessages.noRightsToManage), // another organisation's: not found (the domain)
      deleteCustomerJourney: mayAnywhere("manageJourneys", journeyMessages.noRightsToManage),
      updateScheduledLaunch: isMember, // the domain: launchSurveys on its survey and editTouchpoints on its touchpoints
      cancelScheduledLaunch: isMember, // the domain: as updateScheduledLaunch
    },
    Subscription: {
      userUpdated: isAuthenticated,
      responseCountChanged: mayOnSurvey("viewResults", (a) => a.surveyId), // checked when subscribing
      summaryResponsesArrived: listedWhere("viewResults"), // events of the units the viewer's summary covers
      touchpointsChanged: listedWhere("viewResults"), // changes of touchpoints in units where the caller views results
      exportStatusChanged: ownRow("ExportJob", exportMessages.notFound), // checked when subscribing
    },
    Viewer: isAuthenticated,
    ResponseCountChange: isMember,
    TouchpointChange: isMember,
    TouchpointResponseCount: isMember,
    User: isAuthenticated,
    SignupStatus: isAuthenticated,
    Organization: {
      "*": isAuthenticated,
      units: isCurrentOrganization,
      privacyPolicy: isCurrentOrganization,
      surveyAppearance: isCurrentOrganization,
      logo: isCurrentOrganization,
    },
    ApiKey: isAuthenticated, // tenancy: only the viewer's own keys are ever loaded
    GenerateApiKeyPayload: isAuthenticated,
    RevokeApiKeyPayload: isAuthenticated,
    SurveyAppearance: isAuthenticated,
    OrganizationLogoInfo: isAuthenticated,
    UpdateOrganizationSettingsPayload: isAuthenticated,
    OrganizationUnitsConnection: isMember,
    OrganizationUnitsConnectionEdge: isMember,
    Unit: { "*": isMember, members: mayManageUsers },
    UnitMember: mayManageUsers,
    Member: mayManageUsers,
    MemberUnitRole: mayManageUsers,
    MemberPayload: isAuthenticated,
    QueryMembersConnection: mayManageUsers,
    QueryMembersConnectionEdge: mayManageUsers,
    Invite: mayManageUsers,
    QueryInvitesConnection: mayManageUsers,
    QueryInvitesConnectionEdge: mayManageUsers,
    InvitePayload: isAuthenticated,
    DeleteInvitePayload: isAuthenticated,
    InvitationPreview: allow,
    AcceptInvitationPayload: allow,
    UnitTree: isMember,
    UnitPayload: isMember,
    DeleteUnitPayload: isMember,
    UnitRole: isAuthenticated,
    SatisfactionScale: isAuthenticated,
    SubscriptionStatus: isAuthenticated,
    Onboarding: isAuthenticated,
    UpdateProfilePayload: isAuthenticated,
    Touchpoint: isMember,
    QueryTouchpointsConnection: isMember,
    QueryTouchpointsConnectionEdge: isMember,
    QueryLegacyPluginsConnection: isMember,
    QueryLegacyPluginsConnectionEdge: isMember,
    LegacyPluginSettings: isMember,
    // a touchpoint's settings: only ever reached through a Touchpoint or LegacyPluginSettings
    TerminalSettings: isMember,
    RebootSchedule: isMember,
    ResponseTimeLimit: isMember,
    WebsiteActivation: isMember,
    WebsiteState: isMember,
    WebsiteActiveTime: isMember,
    WebsiteDisplayOptions: isMember,
    WebsitePages: isMember,
    PageRule: isMember,
    WebsiteReferrer: isMember,
    WebsiteVisitedPages: isMember,
    WebsiteVisitedUrls: isMember,
    WebsiteMatch: isMember,
    NameValue: isMember,
    WebsiteRecurrence: isMember,
    TouchpointPayload: isMember,
    DeleteTouchpointPayload: isMember,
    TouchpointVisibilityPayload: isMember,
    PingsState: isMember,
    PingSeries: isMember,
    Ping: isMember,
    Survey: maySeeParentSurvey, // every survey object: the caller sees it (node(id) included)
    Question: maySeeParentSurvey,
    // a question's texts, choices, logic and options: only ever reached through a Question or a
    // ResultsFilterQuestion, whose rules checked the caller
    LocalizedText: allow,
    QuestionChoice: allow,
    LogicRule: allow,
    SmileyOptions: allow,
    SliderOptions: allow,
    EmotionOptions: allow,
    EmotionClusterValue: allow,
    ContactDetailsOptions: allow,
    QuerySurveysConnection: isMember,
    QuerySurveysConnectionEdge: isMember,
    SurveyPayload: isMember,
    DeleteSurveyPayload: isMember,
    DemoDataPayload: isMember,
    SurveyTemplate: isMember, // public templates: only what a copy takes
    PageInfo: allow,
    ShareLink: isMember,
    SharedView: allow, // only ever returned by sharedView, whose rule checked the token
    CreateShareLinkPayload: isMember,
    RevokeShareLinkPayload: isMember,
    Bookmark: isMember,
    // notification rules: only ever returned by the rules above, whose domain keeps them to the caller's own
    NotificationRule: isMember,
    NotificationCondition: isMember,
    NotificationWebhookDelivery: isMember,
    NotificationConditionGroup: isMember,
    NotificationRulePayload: isMember,
    DeleteNotificationRulePayload: isMember,
    // launches: only ever reached through launchWizard, scheduledLaunches or a launch mutation, whose rules checked the caller
    Launch: isMember,
    LaunchRecurrence: isMember,
    LaunchTouchpoint: isMember,
    LaunchWizard: isMember,
    LaunchWizardGroup: isMember,
    LaunchWizardTouchpoint: isMember,
    LaunchWizardTemplate: isMember,
    LaunchSurveyPayload: isMember,
    LaunchPayload: isMember,
    QueryScheduledLaunchesConnection: isMember,
    QueryScheduledLaunchesConnectionEdge: isMember,
    CreateBookmarkPayload: isMember,
    CustomerJourney: isMember,
    JourneyStage: isMember,
    JourneyStageSurvey: isMember,
    CustomerJourneyPayload: isMember,
    DeleteCustomerJourneyPayload: isMember,
    // journey analytics: whoever the domain let in (a member, or a share link's visitor)
    JourneyResult: allow,
    JourneyStageResult: allow,
    JourneyStagePoint: allow,
    JourneyKpiFigure: allow,
    JourneyTotal: allow,
    DeleteBookmarkPayload: isMember,
    ExportJob: isMember,
    ExportStatusChange: isMember,
    StartExportPayload: isMember,
    // text analytics and root causes: whoever the domain let in (a member, or a share link's visitor)
    Summary: isMember,
    SummaryFloatPair: isMember,
    SummaryIntPair: isMember,
    SummaryRanking: isMember,
    SummaryRankingRow: isMember,
    SummaryDay: isMember,
    SummaryResponsesArrived: isMember,
    SummaryArrivalTouchpoint: isMember,
    // question results: whoever the domain let in (a member, or a share link's visitor)
    QuestionResult: allow,
    ResultMetrics: allow,
    ResultDistributionItem: allow,
    ResultSeriesPoint: allow,
    ResultSatisfactionReport: allow,
    ResultEviCluster: allow,
    ResultsFilterOptions: allow, // only ever returned by resultsFilterOptions, whose rule and domain checked the caller
    ResultsFilterSurvey: allow,
    ResultsFilterTouchpoint: allow,
    ResultsFilterQuestion: allow,
    ResultsFilterMetaKey: allow,
    ResultsFilterMetaValue: allow,
    // saved filters and smiley scales: only ever reached through a Bookmark, ShareLink or SharedView, whose rules checked the caller
    ResultsFilters: allow,
    RestrictByAnswer: allow,
    MetaDataMatch: allow,
    MetaDataItem: allow,
    ResultsViewOptions: allow,
    SmileyScale: allow,
    TextAnalytics: allow,
    SentimentSummary: allow,
    LanguageSentiment: allow,
    WordCloudWord: allow,
    TextAnswerSentiment: allow,
    TextAnswerPage: allow,
    RootCause: allow,
    RootCauseOutcome: allow,
    RootCauseItem: allow,
    // the feedback list: whoever the domain let in (a member, or a share link's visitor)
    FeedbackListConnection: allow,
    FeedbackListEdge: allow,
    FeedbackListRow: allow,
    FeedbackListCell: allow,
    FeedbackListColumn: allow,
    FeedbackListQuestion: allow,
    HideResponsePayload: isMember,
    DeleteResponsePayload: isMember,
    UpdateResponseMetadataPayload: isMember,
    MetadataPair: isMember,
    // contact lists: only ever returned by the contact-list fields, whose rules and domain checked the caller
    ContactList: isMember,
    Contact: isMember,
    ContactVariable: isMember,
    ContactListContactsConnection: isMember,
    ContactListContactsEdge: isMember,
    ContactListPayload: isMember,
    DeleteContactListPayload: isMember,
    DeleteContactsPayload: isMember,
    BlockListPage: isMember,
    BlockedAddress: isMember,
    UnblockAddressPayload: isMember,
    MessageTemplate: isMember, // only ever loaded through the organisation's scope by the rules above
    SaveMessageTemplatesPayload: isMember,
    MessagePreview: isMember,
    TestMessagePayload: isMember,
    MessageVariableList: isMember,
    CampaignTouchpoint: isMember, // only ever returned by campaignTouchpoints, whose rule and domain checked the caller
    CampaignLaunch: isMember,
    DeliveryStatusCount: isMember,
    MessageRecordPage: isMember,
    MessageRecord: isMember,
  }),
  { fallbackRule: deny, allowExternalErrors: true, fallbackError: () => noRights() },
);
