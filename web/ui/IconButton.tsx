import type { ButtonHTMLAttributes } from "react";

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "aria-label"> {
  /** What the button does, read out by screen readers; also its tooltip unless `title` is shorter. */
  label: string;
}

/** A button that shows only an icon (its children), named for assistive technology and with a tooltip. */
export function IconButton({ label, title = label, className, type = "button", children, ...rest }: IconButtonProps) {
  return (
    <button type={type} className={className ? `icon-btn ${className}` : "icon-btn"} aria-label={label} title={title} {...rest}>
      {children}
    </button>
  );
}
