import { useTranslation } from "react-i18next";
import type { ExecutionMode } from "../../../../../contract";
import type { StreamKey } from "../../model/types";
import type { ComposerSettings } from "../hooks/useComposerSettings";
import { modesFor } from "../model/composerSettings";

interface AgentComposerBarProps {
  stream: StreamKey;
  settings: ComposerSettings;
  /** Shown to a member in the agent tab, whose send becomes a control request. */
  hint: string | null;
}

/** Mode (Coding / Ask) and model selectors of the composer (spec 02 §2.7), kept per tab. */
export function AgentComposerBar({ stream, settings, hint }: AgentComposerBarProps) {
  const { t } = useTranslation();
  const current = settings.settingsOf(stream);
  const modes = modesFor(stream);
  const anyClosed = settings.models.some((m) => !m.isOpen);
  // A chosen model missing from the server's list stays selectable rather than silently switching.
  const models = settings.models.some((m) => m.key === current.model)
    ? settings.models
    : [{ key: current.model, name: current.model, isOpen: true }, ...settings.models];
  return (
    <div className="agent-bar" data-testid="agent-bar">
      <label className="agent-bar__field">
        <span className="agent-bar__label">{t("agent.composer.mode")}</span>
        <select
          className="agent-bar__select"
          data-testid="composer-mode"
          value={current.mode}
          disabled={modes.length === 1}
          onChange={(e) => settings.setMode(stream, e.target.value as ExecutionMode)}
        >
          {modes.map((mode) => (
            <option key={mode} value={mode}>
              {t(`agent.composer.modes.${mode}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="agent-bar__field">
        <span className="agent-bar__label">{t("agent.composer.model")}</span>
        <select
          className="agent-bar__select"
          data-testid="composer-model"
          value={current.model}
          title={anyClosed ? t("agent.composer.notConfiguredHint") : undefined}
          onChange={(e) => settings.setModel(stream, e.target.value)}
        >
          {models.map((model) => (
            <option key={model.key} value={model.key} disabled={!model.isOpen && model.key !== current.model}>
              {model.isOpen ? model.name : t("agent.composer.notConfigured", { name: model.name })}
            </option>
          ))}
        </select>
      </label>
      {hint && (
        <p className="agent-bar__hint" data-testid="composer-member-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
