// The permission map: every query, mutation, subscription and type names its rule, and anything
// not named is denied (fallbackRule: deny). docs/permissions.md is this file in prose.
import { allow, deny, shield } from "graphql-shield";
import { isAuthenticated, isCurrentOrganization, isMember, noRights } from "./rules.js";

export const permissions = shield(
  {
    Query: {
      viewer: allow, // answers null to anonymous callers
      node: isAuthenticated, // tenancy: each type's lookup is scoped in domain/tenancy.ts
      nodes: isAuthenticated,
    },
    Mutation: {
      updateProfile: isAuthenticated,
      changeOrganization: isAuthenticated, // the domain checks membership
      completeOnboardingStep: isAuthenticated, // own onboarding only; only the analyzedResponses step
      generateApiKey: isMember, // own keys; the domain checks the restApi feature
      revokeApiKey: isMember, // own keys only: any other id is not found
      updateOrganizationSettings: isMember, // the domain: organisation admins of the current organisation only
    },
    Subscription: {
      userUpdated: isAuthenticated,
      responseCountChanged: isMember, // the domain, when subscribing: viewResults in the survey's unit or a parent, or organisation admin
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
    Unit: isMember,
    UnitRole: isAuthenticated,
    SatisfactionScale: isAuthenticated,
    SubscriptionStatus: isAuthenticated,
    Onboarding: isAuthenticated,
    UpdateProfilePayload: isAuthenticated,
    PageInfo: allow,
  },
  { fallbackRule: deny, allowExternalErrors: true, fallbackError: () => noRights() },
);
