import { Link, type LinkProps } from "react-router-dom";
import { type ButtonSize, type ButtonVariant, buttonClassName } from "./Button";
import type { Icon } from "./icons";
import "./ui.css";

/**
 * A link that looks like a button: for a next step that goes to another page ("Create a survey"
 * in an empty state). It stays a link for assistive technology, as it navigates.
 */
export function LinkButton({
  variant = "secondary",
  size = "md",
  icon: IconComponent,
  className,
  children,
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: ButtonSize; icon?: Icon }) {
  return (
    <Link {...rest} className={buttonClassName(variant, size, typeof className === "string" ? className : undefined)}>
      {IconComponent ? <IconComponent size="1.15em" /> : null}
      {children}
    </Link>
  );
}
