import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../ui/Avatar";
import { Spinner } from "../../ui/Spinner";
import { ChatIcon, MoreIcon } from "../../ui/icons";

export interface ContactRowItem {
  id: string;
  name: string;
  image: string | null;
  /** E-mail for people, role for agents. */
  detail: string | null;
  tags: { text: string; tone: string }[];
}

interface ContactRowProps {
  item: ContactRowItem;
  /** Absent for me (no chat with oneself). */
  onStartChat?: () => void;
  /** Humans only (spec 01 §2). */
  onDelete?: () => void;
  starting: boolean;
}

/** A row of the Contacts screen; its actions appear on hover and whenever focus is inside the row. */
export function ContactRow({ item, onStartChat, onDelete, starting }: ContactRowProps) {
  const { t } = useTranslation();
  return (
    <li className="people-row" data-testid={`people-row-${item.id}`}>
      <Avatar name={item.name} image={item.image} size={36} />
      <span className="people-row__text">
        <span className="people-row__name">
          {item.name}
          {item.tags.map((tag) => (
            <span key={tag.text} className={`badge people-tag people-tag--${tag.tone}`}>
              {tag.text}
            </span>
          ))}
        </span>
        {item.detail && <span className="people-row__detail">{item.detail}</span>}
      </span>
      <span className="people-row__actions">
        {onStartChat && (
          <button
            type="button"
            className="icon-btn"
            onClick={onStartChat}
            disabled={starting}
            aria-busy={starting || undefined}
            aria-label={t("people.contacts.startChat", { name: item.name })}
            title={t("people.contacts.startChat", { name: item.name })}
            data-testid={`people-chat-${item.id}`}
          >
            {starting ? <Spinner size={14} /> : <ChatIcon />}
          </button>
        )}
        {onDelete && (
          <DropdownMenu.Root>
            <DropdownMenu.Trigger
              className="icon-btn"
              aria-label={t("people.contacts.moreActions", { name: item.name })}
              data-testid={`people-more-${item.id}`}
            >
              <MoreIcon />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className="menu" align="end" sideOffset={4}>
                <DropdownMenu.Item className="menu__item menu__item--danger" onSelect={onDelete} data-testid={`people-delete-${item.id}`}>
                  {t("people.contacts.delete")}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        )}
      </span>
    </li>
  );
}
