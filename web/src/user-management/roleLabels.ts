import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";

export const ROLES = ["admin", "editor", "viewer"] as const;
export type RoleName = (typeof ROLES)[number];

/** The role names as shown (translated through i18n._). */
export const ROLE_LABELS: Record<RoleName, MessageDescriptor> = {
  admin: msg`Admin`,
  editor: msg`Editor`,
  viewer: msg`Viewer`,
};
