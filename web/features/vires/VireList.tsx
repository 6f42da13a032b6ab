import { useTranslation } from "react-i18next";
import type { VirtualEmployee } from "../../../contract";
import { Avatar } from "../../ui/Avatar";
import { Spinner } from "../../ui/Spinner";
import { PencilIcon, TrashIcon } from "../../ui/icons";

interface VireListProps {
  vires: VirtualEmployee[];
  /** The row whose full record is being fetched for editing. */
  openingId?: string | null;
  onEdit: (vire: VirtualEmployee) => void;
  onDelete: (vire: VirtualEmployee) => void;
}

/** The rows of the list view: avatar, name, role, agent type, and the edit and delete actions. */
export function VireList({ vires, openingId = null, onEdit, onDelete }: VireListProps) {
  const { t } = useTranslation();
  return (
    <ul className="vire-list" aria-label={t("vires.list.label")} data-testid="vire-list">
      {vires.map((vire) => (
        <li key={vire.id} className="vire-row" data-testid={`vire-row-${vire.id}`} data-vire-name={vire.name}>
          <Avatar name={vire.name} image={vire.avatarUrl} size={36} />
          <div className="vire-row__text">
            <span className="vire-row__name">{vire.name}</span>
            <span className="vire-row__role">{vire.role}</span>
          </div>
          <span className={`badge vire-type vire-type--${vire.agentType}`} data-testid="vire-row-type">
            {t(`vires.agentTypes.${vire.agentType}`, { defaultValue: vire.agentType })}
          </span>
          <div className="vire-row__actions">
            <button
              type="button"
              className="icon-btn"
              onClick={() => onEdit(vire)}
              disabled={openingId !== null}
              aria-label={t("vires.list.edit", { name: vire.name })}
              title={t("vires.list.edit", { name: vire.name })}
              data-testid={`vire-edit-${vire.id}`}
            >
              {openingId === vire.id ? <Spinner size={14} /> : <PencilIcon />}
            </button>
            <button
              type="button"
              className="icon-btn vire-row__delete"
              onClick={() => onDelete(vire)}
              aria-label={t("vires.list.delete", { name: vire.name })}
              title={t("vires.list.delete", { name: vire.name })}
              data-testid={`vire-delete-${vire.id}`}
            >
              <TrashIcon />
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
