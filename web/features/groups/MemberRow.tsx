import { useTranslation } from "react-i18next";
import type { Participant } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { canRemoveMember, memberBadges } from "./chatPeople";
import { CloseIcon } from "../../ui/icons";

const GENERIC_ROLES = new Set(["user", "member", "admin"]);

interface MemberRowProps {
  member: Participant;
  viewerIsOwner: boolean;
  onRemove: (member: Participant) => void;
}

/** A member of the panel: avatar, name, badges, and the owner's remove button (shown on hover or focus). */
export function MemberRow({ member, viewerIsOwner, onRemove }: MemberRowProps) {
  const { t } = useTranslation();
  const badges = memberBadges(member);
  // A job title or special role says something; the generic account roles do not.
  const roleText = badges.length === 0 && member.role && !GENERIC_ROLES.has(member.role.toLowerCase()) ? member.role : null;
  return (
    <li className="member-row" data-testid={`member-${member.id}`}>
      <Avatar name={member.name} image={member.avatarUrl ?? member.image} size={32} />
      <span className="member-row__text">
        <span className="member-row__name">
          {member.name}
          {member.isCurrentUser && <span className="muted"> {t("groups.members.you")}</span>}
        </span>
        {member.email && <span className="member-row__sub">{member.email}</span>}
      </span>
      <span className="member-row__badges">
        {badges.map((badge) => (
          <span key={badge} className={`badge badge--member-${badge}`}>
            {t(`groups.members.badges.${badge}`)}
          </span>
        ))}
        {roleText && <span className="member-row__role">{roleText}</span>}
      </span>
      {canRemoveMember(member, viewerIsOwner) && (
        <button
          type="button"
          className="icon-btn member-row__remove"
          onClick={() => onRemove(member)}
          aria-label={t("groups.members.removeLabel", { name: member.name })}
          title={t("groups.members.remove")}
          data-testid={`member-remove-${member.id}`}
        >
          <CloseIcon />
        </button>
      )}
    </li>
  );
}
