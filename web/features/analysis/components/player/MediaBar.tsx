import { useTranslation } from "react-i18next";
import { ANALYSIS_PLAYBACK_SPEEDS } from "../../../../../contract/analysis";
import { PauseIcon, PlayIcon, SkipBackIcon, SkipForwardIcon } from "../../../../ui/icons";
import { formatClock } from "../../model/time";
import type { MediaClock } from "./useMediaClock";

/** Spec §2.4: play/pause, back and forward 1 s, the position, and the speeds 0.75× to 2×. */
export function MediaBar({ clock, testId = "analysis-media-bar" }: { clock: MediaClock; testId?: string }) {
  const { t } = useTranslation();
  if (clock.failed) {
    return (
      <p className="anv-media-bar anv-media-bar--failed" role="alert">
        {t("analysis.player.mediaFailed")}
      </p>
    );
  }
  return (
    <div className="anv-media-bar" role="group" aria-label={t("analysis.player.label")} data-testid={testId}>
      <button type="button" className="icon-btn" onClick={() => clock.skip(-1)} aria-label={t("analysis.player.back")} title={t("analysis.player.back")}>
        <SkipBackIcon size={16} aria-hidden />
      </button>
      <button
        type="button"
        className="icon-btn anv-media-bar__play"
        onClick={clock.toggle}
        aria-label={clock.playing ? t("analysis.player.pause") : t("analysis.player.play")}
        data-testid="analysis-play"
      >
        {clock.playing ? <PauseIcon size={18} aria-hidden /> : <PlayIcon size={18} aria-hidden />}
      </button>
      <button type="button" className="icon-btn" onClick={() => clock.skip(1)} aria-label={t("analysis.player.forward")} title={t("analysis.player.forward")}>
        <SkipForwardIcon size={16} aria-hidden />
      </button>
      <span className="anv-media-bar__time" data-testid="analysis-media-time">
        {formatClock(clock.time)} / {formatClock(clock.duration)}
      </span>
      <input
        type="range"
        className="anv-media-bar__seek"
        min={0}
        max={clock.duration || 0}
        step={0.1}
        value={Math.min(clock.time, clock.duration || 0)}
        onChange={(event) => clock.seek(Number(event.target.value))}
        aria-label={t("analysis.player.position")}
        aria-valuetext={formatClock(clock.time)}
      />
      <select
        className="anv-media-bar__speed"
        value={String(clock.rate)}
        onChange={(event) => clock.setRate(Number(event.target.value))}
        aria-label={t("analysis.player.speed")}
        data-testid="analysis-speed"
      >
        {ANALYSIS_PLAYBACK_SPEEDS.map((speed) => (
          <option key={speed} value={String(speed)}>
            {speed.toFixed(speed % 0.5 === 0 ? 1 : 2)}x
          </option>
        ))}
      </select>
    </div>
  );
}
