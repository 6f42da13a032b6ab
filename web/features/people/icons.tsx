import { Icon } from "../../ui/Icon";

export function ChatBubbleIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1.1-4.4A8 8 0 1 1 21 12z" />
    </Icon>
  );
}

export function MoreIcon({ size }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="5" cy="12" r="1.2" fill="currentColor" />
      <circle cx="12" cy="12" r="1.2" fill="currentColor" />
      <circle cx="19" cy="12" r="1.2" fill="currentColor" />
    </Icon>
  );
}
