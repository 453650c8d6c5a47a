// The permission map: every query, mutation, subscription and type names its rule, and anything
// not named is denied (fallbackRule: deny). docs/permissions.md is this file in prose.
import { allow, deny, shield } from "graphql-shield";
import { isAuthenticated, isCurrentOrganization, isMember, mayManageUsers, maySeeParentSurvey, noRights } from "./rules.js";
import { hasShareLink, isMemberOrShareLink } from "./rules.js";
import { requireVerifiedEmail } from "./unverified.js";

// Every root field (bar the few the verify-email flow needs) first refuses a caller whose address is
// not verified yet (permissions/unverified.ts).
export const permissions = shield(
  requireVerifiedEmail({
    Query: {
      viewer: allow, // answers null to anonymous callers
      node: isAuthenticated, // tenancy: each type's lookup is scoped in domain/tenancy.ts
      nodes: isAuthenticated,
      // user management, invitations, teams: the domain checks rights per unit and organisation
      members: mayManageUsers,
      member: mayManageUsers,
      invites: mayManageUsers,
      invite: mayManageUsers,
      invitation: allow, // the invitation link's token is the proof; the domain validates it
      unitTree: isMember,
      surveys: isMember, // the domain: surveys of units where the caller views results (and those with responses there)
      surveyTemplates: isMember, // public templates of any organisation; the Survey rule lets templates through
      survey: isMember, // the domain: a survey the caller sees, else not found / forbidden
      // touchpoints: the domain checks viewResults / editTouchpoints in the touchpoint's unit
      touchpoints: isMember,
      touchpoint: isMember,
      legacyPlugins: isMember, // the domain: legacy plugins of units where the caller views results
      // sharing, bookmarks, exports (docs/sharing-and-exports.md): the domain scopes each to its owner
      shareLinks: isMember, // own links; organisation admins every link of the organisation
      sharedView: hasShareLink, // anyone holding a valid, unexpired link (no session needed)
      bookmarks: isMember, // own bookmarks only
      exportJob: isMember, // own export jobs only; any other id is not found
      touchpointUnits: isMember, // the domain: units where the caller holds editTouchpoints
      pings: isMember, // the domain: terminals of units where the caller views results
      feedbackList: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      textAnalytics: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      rootCause: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      // analytics (docs/analytics.md): the domain's response scope decides what each caller sees
      summary: isMember, // the viewer's visible touchpoints (restrictSummaryToTeam: their own teams) beside the organisation's figures
      questionResult: isMemberOrShareLink, // members: the results scope; without a session only with a valid shareToken (the domain checks too)
      results: isMemberOrShareLink, // as questionResult
      responseLimitNotice: isMemberOrShareLink, // as questionResult: the organisation's over-limit responses in the window
      resultsFilterOptions: isMemberOrShareLink, // as questionResult; a visitor gets only the lists the link's allowChanges lets them change
    },
    Mutation: {
      updateProfile: isAuthenticated,
      changeOrganization: isAuthenticated, // the domain checks membership
      completeOnboardingStep: isAuthenticated, // own onboarding only; only the analyzedResponses step
      generateApiKey: isMember, // own keys; the domain checks the restApi feature
      revokeApiKey: isMember, // own keys only: any other id is not found
      updateOrganizationSettings: isMember, // the domain: organisation admins of the current organisation only
      inviteUser: mayManageUsers, // the domain: manageUsers in the unit; flags as the inviter may grant
      resendInvite: mayManageUsers,
      deleteInvite: mayManageUsers,
      acceptInvitation: isAuthenticated, // the domain: only an invitation sent to the caller's address
      acceptInvitationAsNewUser: allow, // the token is the proof; the domain validates it
      updateMember: mayManageUsers, // the domain: manageUsers in the unit; admin flags by organisation admins
      removeMemberFromUnit: mayManageUsers,
      modifyTeam: mayManageUsers,
      setBillingAdmin: mayManageUsers, // the domain: organisation admins only
      createUser: mayManageUsers,
      createUnit: isMember, // the domain: manageTeams in the parent (organisation admins at the top)
      updateUnit: isMember,
      deleteUnit: isMember,
      setRestrictSummaryToTeam: isMember, // the domain: organisation admins only
      // surveys: the domain checks mayCreateSurveys / organisation admin, editSurveys in the survey's unit, viewResults to read
      createSurvey: isMember,
      updateSurvey: isMember,
      copySurvey: isMember,
      archiveSurvey: isMember,
      hideSurvey: isMember,
      deleteSurvey: isMember,
      createTouchpoint: isMember, // the domain: channelCreation feature; editTouchpoints in the unit
      updateTouchpoint: isMember, // the domain: editTouchpoints in its unit (and the target unit when moving)
      deleteTouchpoint: isMember,
      setTouchpointVisibility: isMember, // own visibility; the domain: viewResults in its unit
      upgradeLegacyPlugin: isMember, // the domain: editTouchpoints in its unit; irreversible
      setTouchpointLogo: isMember, // the domain: editTouchpoints in the terminal's unit; the organizationLogo feature
      createShareLink: isMember, // the domain: viewResults somewhere; a link is bounded to the creator's teams
      revokeShareLink: isMember, // own links; organisation admins any of the organisation's
      createBookmark: isMember, // the domain: viewResults somewhere; own bookmarks
      deleteBookmark: isMember, // own bookmarks only
      startPdfExport: isMember, // the domain: exportResults right and the plan's fileExportPdf/All feature
      // responses: the domain checks manageResponses in the response's unit (editors, admins); other organisations: not found
      hideResponse: isMember,
      deleteResponse: isMember,
      updateResponseMetadata: isMember,
      generateDemoData: isMember, // the domain: organisation admins of the current organisation only
    },
    Subscription: {
      userUpdated: isAuthenticated,
      responseCountChanged: isMember, // the domain, when subscribing: viewResults in the survey's unit or a parent, or organisation admin
      summaryResponsesArrived: isMember, // events filtered to the units the viewer's summary covers
      exportStatusChanged: isMember, // the domain, when subscribing: own export jobs only
    },
    Viewer: isAuthenticated,
    ResponseCountChange: isMember,
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
    CreateBookmarkPayload: isMember,
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
  }),
  { fallbackRule: deny, allowExternalErrors: true, fallbackError: () => noRights() },
);
