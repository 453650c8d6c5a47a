import type { TokenPair } from "./contrast";

const text = (foreground: string, background: string, where: string): TokenPair => ({ foreground, background, use: "text", where });
const large = (foreground: string, background: string, where: string): TokenPair => ({ foreground, background, use: "large", where });
const ui = (foreground: string, background: string, where: string): TokenPair => ({ foreground, background, use: "ui", where });

/**
 * Every foreground/background pair of colour tokens the interface uses (tokens.css), with the
 * contrast it needs. A new pairing in CSS gets its row here; contrast.test.ts checks them all.
 */
export const TOKEN_PAIRS: readonly TokenPair[] = [
  // Body text
  text("--color-text", "--color-canvas", "text on the page background"),
  text("--color-text", "--color-surface", "text on cards, forms and dialogs"),
  text("--color-text", "--color-surface-sunken", "text on sunken panels and quiet-button hover"),
  text("--color-text", "--color-neutral-subtle", "neutral badge"),
  text("--color-text-muted", "--color-canvas", "hints and secondary text on the page"),
  text("--color-text-muted", "--color-surface", "hints and secondary text on cards"),
  text("--color-text-muted", "--color-surface-sunken", "secondary text in sunken panels"),
  text("--color-primary", "--color-surface", "links and secondary buttons"),
  text("--color-primary", "--color-canvas", "links on the page background"),
  text("--color-primary", "--color-primary-subtle", "secondary button hover"),
  text("--color-text", "--color-primary-subtle", "results filter chips"),
  text("--color-on-primary", "--color-primary", "primary button"),
  text("--color-on-primary", "--color-primary-hover", "primary button hover"),
  text("--color-on-danger", "--color-danger", "danger button"),
  text("--color-on-danger", "--color-danger-hover", "danger button hover"),
  text("--color-danger", "--color-surface", "field errors"),
  text("--color-danger", "--color-canvas", "errors on the page background"),
  text("--color-danger", "--color-danger-subtle", "danger badge"),
  text("--color-success", "--color-surface", "success text"),
  text("--color-success", "--color-success-subtle", "success badge"),
  text("--color-warning-text", "--color-warning-subtle", "warning badge, trial banner, account warning"),
  text("--color-warning-text", "--color-surface", "warning text"),
  text("--color-info", "--color-info-subtle", "info badge"),
  text("--color-info", "--color-surface", "info text"),
  text("--color-on-disabled", "--color-disabled", "disabled button"),
  text("--color-menu-text", "--color-menu-bg", "menu items"),
  text("--color-menu-muted", "--color-menu-bg", "menu headings"),
  // The shell's older names resolve to the same tokens
  text("--text", "--bg", "styles.css: text on the page background"),
  text("--muted", "--surface", "styles.css: hints"),
  text("--warning-text", "--warning-bg", "styles.css: trial banner"),
  // Large text and icons
  large("--color-warning", "--color-warning-subtle", "warning icon on a warning panel"),
  large("--color-text-muted", "--color-neutral-subtle", "empty-state icon"),
  // Boundaries of controls and the focus ring
  ui("--color-border-strong", "--color-surface", "input borders"),
  ui("--color-border-strong", "--color-canvas", "input borders on the page background"),
  ui("--color-border-strong", "--color-primary-subtle", "results filter chip borders"),
  ui("--color-primary", "--color-surface", "secondary button border"),
  ui("--color-danger", "--color-surface", "invalid input border"),
  ui("--color-warning", "--color-surface", "warning border"),
  ui("--color-focus", "--color-surface", "focus ring on cards"),
  ui("--color-focus", "--color-canvas", "focus ring on the page"),
  ui("--color-focus", "--color-surface-sunken", "focus ring in sunken panels"),
  ui("--color-focus", "--color-menu-bg", "focus ring in the menu"),
];
