import type { ButtonHTMLAttributes, MouseEvent, Ref } from "react";
import type { Icon } from "./icons";
import "./ui.css";

/**
 * primary: the one main action of a screen or dialog (Save, Create survey).
 * secondary: other actions beside it (Cancel, Preview, Export).
 * quiet: low-emphasis actions repeated in lists and toolbars (Edit, Copy link).
 * danger: actions that destroy or cannot be undone (Delete), usually after a confirmation.
 */
export type ButtonVariant = "primary" | "secondary" | "quiet" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Work in progress: the button says so (aria-busy, a spinner), keeps its focus and ignores clicks. */
  loading?: boolean;
  /** An icon before the text (decoration: the text is the name). */
  icon?: Icon;
  /** "button" unless said otherwise, so a button in a form does not submit it by accident. */
  type?: "button" | "submit" | "reset";
  ref?: Ref<HTMLButtonElement>;
}

export function buttonClassName(variant: ButtonVariant, size: ButtonSize, extra?: string): string {
  return ["ui-button", `ui-button--${variant}`, `ui-button--${size}`, extra].filter(Boolean).join(" ");
}

export function Button({
  variant = "secondary",
  size = "md",
  loading = false,
  icon: IconComponent,
  type = "button",
  className,
  children,
  onClick,
  ...rest
}: ButtonProps) {
  const click = (event: MouseEvent<HTMLButtonElement>) => {
    // Not `disabled` while loading: a disabled button loses keyboard focus and its name is skipped.
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...rest}
      type={type}
      className={buttonClassName(variant, size, className)}
      aria-busy={loading ? true : undefined}
      aria-disabled={loading ? true : rest["aria-disabled"]}
      onClick={click}
    >
      {loading ? <span className="ui-button__spinner" aria-hidden="true" /> : IconComponent ? <IconComponent size="1.15em" /> : null}
      {children}
    </button>
  );
}
