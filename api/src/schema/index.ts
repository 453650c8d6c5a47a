// Imports every type file, then builds the schema. Nothing else lives here.
import { builder } from "./builder.js";
import "./node.js";
import "./user.js";
import "./unit.js";
import "./organization.js";
import "./viewer.js";
import "./member.js";
import "./invite.js";
import "./unit-tree.js";
import "./api-key.js";
import "./organization-settings.js";
import "./onboarding.js";
import "./response.js";
import "./survey.js";
import "./touchpoint.js";
import "./legacy-plugin.js";
import "./share-link.js";
import "./bookmark.js";
import "./customer-journey.js";
import "./export-job.js";
import "./feedback-list.js";
import "./survey-management.js";
import "./demo-data.js";
import "./text-analytics.js";
import "./root-cause.js";
import "./summary.js";
import "./results.js";
import "./contact-list.js";
import "./message-template.js";
import "./message-record.js";
import "./launch.js";
import "./notification-rule.js";

export function buildSchema() {
  return builder.toSchema({ sortSchema: true });
}
