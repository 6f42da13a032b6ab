import { useTranslation } from "react-i18next";
import type { ControlState, Participant } from "../../../../../contract";
import { Avatar } from "../../../../ui/Avatar";
import { memberToggles, type ToggleFrame } from "../model/control";
import { Popover } from "./Popover";

interface MembersPopoverProps {
  control: ControlState;
  meId: string;
  participants: readonly Participant[];
  onToggle: (frame: ToggleFrame) => void;
}

/** 'All members' (spec 02 §2.6): one Agent switch per person, the holder first, then by name. */
export function MembersPopover({ control, meId, participants, onToggle }: MembersPopoverProps) {
  const { t } = useTranslation();
  const rows = memberToggles(control, meId, participants);
  return (
    <Popover label={t("agent.control.members")} triggerLabel={t("agent.control.members")} testId="control-members" trigger={t("agent.control.members")}>
      {() => (
        <>
          <p className="popover__title">{t("agent.control.members")}</p>
          {rows.length === 0 ? (
            <p className="popover__empty">{t("agent.control.noMembers")}</p>
          ) : (
            <ul className="control-members">
              {rows.map(({ member, on, frame }) => {
                const name = member.id === meId ? t("agent.control.you", { name: member.name }) : member.name;
                const hintId = `control-member-hint-${member.id}`;
                return (
                  <li key={member.id} className="control-members__item" data-testid={`control-member-${member.id}`}>
                    <Avatar name={member.name} image={member.image ?? member.avatarUrl} size={24} />
                    <span className="control-members__name">{name}</span>
                    {/* A disabled switch gets no pointer events in some browsers: the tooltip sits on a wrapper. */}
                    <span className="control-members__switch" title={frame ? undefined : t("agent.control.cannotChange")}>
                      <label className="switch">
                        <input
                          type="checkbox"
                          role="switch"
                          checked={on}
                          disabled={!frame}
                          aria-label={t("agent.control.toggleLabel", { name: member.name })}
                          aria-describedby={frame ? undefined : hintId}
                          data-testid={`control-member-toggle-${member.id}`}
                          onChange={() => frame && onToggle(frame)}
                        />
                        <span className="switch__track" aria-hidden />
                        <span className="switch__text">{t("agent.control.agent")}</span>
                      </label>
                      {!frame && (
                        <span id={hintId} className="sr-only">
                          {t("agent.control.cannotChange")}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </Popover>
  );
}
