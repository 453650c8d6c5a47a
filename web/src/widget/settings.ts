// The settings the widget receives from GET /r/{touchpointId}/widget-settings, every default of
// spec 001 §3/§9 already applied by the server. The shape is the shared one the server builds
// (@feedback/shared/website-settings; types only, so nothing of it lands in the widget bundle).
// Semantics of each field: docs/widget.md.
import type { InactiveWidget, WidgetSettings } from "@feedback/shared/website-settings";

export type {
  Browser,
  DisplayType,
  MatchMode,
  NameValue,
  PageRule,
  Placement,
  ScreenSize,
  ShowFrequency,
  UrlListMode,
  WidgetSettings,
} from "@feedback/shared/website-settings";

export type SettingsAnswer = WidgetSettings | InactiveWidget;
