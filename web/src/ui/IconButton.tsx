import type { ButtonHTMLAttributes, MouseEvent, Ref } from "react";
import { type ButtonSize, type ButtonVariant, buttonClassName } from "./Button";
import type { Icon } from "./icons";
import "./ui.css";

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "children" | "aria-label" | "title"> {
  /** The accessible name, also shown as a tooltip: what the button does ("Delete response"). Required. */
  label: string;
  icon: Icon;
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
  type?: "button" | "submit" | "reset";
  ref?: Ref<HTMLButtonElement>;
}

/** A square button showing only an icon; its name is `label`, read by screen readers and shown on hover. */
export function IconButton({
  label,
  icon: IconComponent,
  variant = "quiet",
  size = "md",
  loading = false,
  type = "button",
  className,
  onClick,
  ...rest
}: IconButtonProps) {
  if (!label.trim()) throw new Error("IconButton needs a label: an icon alone has no accessible name");
  const click = (event: MouseEvent<HTMLButtonElement>) => {
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
      className={buttonClassName(variant, size, `ui-icon-button${className ? ` ${className}` : ""}`)}
      aria-label={label}
      title={label}
      aria-busy={loading ? true : undefined}
      aria-disabled={loading ? true : rest["aria-disabled"]}
      onClick={click}
    >
      {loading ? <span className="ui-button__spinner" aria-hidden="true" /> : <IconComponent size="1.25em" />}
    </button>
  );
}
