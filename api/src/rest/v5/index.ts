// Every /api/v5 route, in one list: the router serves it and the OpenAPI document describes it.
import type { RouteDefinition } from "./route.js";
import { passwordResetRoutes } from "./password-reset.js";
import { outboxRoutes } from "./outbox.js";
import { userRoutes } from "./user.js";
import { apiKeyRoutes } from "./api-keys.js";
import { impersonationRoutes } from "./impersonation.js";
import { tutorialAndLocationRoutes } from "./tutorials.js";
import { organizationRoutes } from "./organization.js";
import { signupRoutes } from "./signup.js";
import { userManagementRoutes } from "./user-management.js";
import { invitationRoutes } from "./invitations.js";
import { surveyRoutes } from "./surveys.js";
import { channelRoutes } from "./channels.js";
import { bookmarkRoutes } from "./bookmarks.js";
import { sharingRoutes } from "./sharing.js";
import { exportRoutes } from "./exports.js";
import { resultsListRoutes } from "./results-list.js";
import { responseRoutes } from "./responses.js";
import { demoDataRoutes } from "./demo-data.js";
import { summaryRoutes } from "./summary.js";
import { resultsRoutes } from "./results.js";
import { contactRoutes } from "./contacts.js";
import { messageTemplateRoutes } from "./message-templates.js";
import { unsubscribeRoutes } from "./unsubscribe.js";
import { messageRecordRoutes } from "./message-records.js";
import { launchRoutes } from "./launch.js";
import { smsBalanceRoutes, superAdminRoutes } from "./superadmin.js";
import { journeyRoutes } from "./journeys.js";
import { digestRoutes } from "./digest.js";
import { billingRoutes } from "./billing.js";
import { notificationRoutes } from "./notifications.js";

export const v5Routes: readonly RouteDefinition[] = [
  ...passwordResetRoutes,
  ...outboxRoutes,
  ...userRoutes,
  ...apiKeyRoutes,
  ...impersonationRoutes,
  ...tutorialAndLocationRoutes,
  ...organizationRoutes,
  ...signupRoutes,
  ...userManagementRoutes,
  ...invitationRoutes,
  ...surveyRoutes,
  ...channelRoutes,
  ...bookmarkRoutes,
  ...sharingRoutes,
  ...exportRoutes,
  ...resultsListRoutes,
  ...responseRoutes,
  ...demoDataRoutes,
  ...summaryRoutes,
  ...resultsRoutes,
  ...contactRoutes,
  ...messageTemplateRoutes,
  ...unsubscribeRoutes,
  ...messageRecordRoutes,
  ...launchRoutes,
  ...superAdminRoutes,
  ...smsBalanceRoutes,
  ...journeyRoutes,
  ...digestRoutes,
  ...billingRoutes,
  ...notificationRoutes,
];
