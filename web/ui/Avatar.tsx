import { useState } from "react";
import { avatarColor, initials } from "./avatar";

interface AvatarProps {
  name: string;
  image?: string | null;
  size?: number;
  /** Square corners for organizations, round for people. */
  shape?: "circle" | "square";
  /** Decorative avatars next to a visible name stay hidden from screen readers. */
  decorative?: boolean;
}

export function Avatar({ name, image, size = 32, shape = "circle", decorative = true }: AvatarProps) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  const className = `avatar avatar--${shape}`;
  const a11y = decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name };
  if (image && !broken) {
    return <img className={className} style={style} src={image} alt={decorative ? "" : name} onError={() => setBroken(true)} />;
  }
  return (
    <span className={className} style={{ ...style, background: avatarColor(name) }} {...a11y}>
      {initials(name)}
    </span>
  );
}
