import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { mutate } from "swr";
import type { AnalysisFileDetail } from "../../../../../contract/analysis";
import { Button } from "../../../../ui/Button";
import { Spinner } from "../../../../ui/Spinner";
import { ANALYSIS_KEYS, generatePodcast } from "../../api";
import { formatDurationMs } from "../../model/time";
import { FeedbackBar } from "../feedback/FeedbackBar";
import { MediaBar } from "../player/MediaBar";
import { useMediaClock } from "../player/useMediaClock";
import { Centered } from "../StatusPanels";
import { Subtitles } from "./Subtitles";
import { Waveform } from "./Waveform";

/** The Podcast mode (spec §4): 0, 3 or none offers Generate; 1 is generating; 2 plays it with waveform and subtitles. */
export function PodcastPanel({ detail }: { detail: AnalysisFileDetail }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (detail.podcastStatus === 2 && detail.podcastUrl) return <PodcastPlayer detail={detail} url={detail.podcastUrl} />;
  if (detail.podcastStatus === 1) {
    return (
      <Centered testId="podcast-generating" role="status">
        <Spinner size={20} />
        <span>{t("analysis.podcast.generating")}</span>
      </Centered>
    );
  }
  const generate = async () => {
    setBusy(true);
    setError(null);
    try {
      const next = await generatePodcast(detail.fileId);
      await mutate(ANALYSIS_KEYS.detail(detail.fileId), next, { revalidate: false });
    } catch (failure) {
      setError(t("analysis.podcast.generateFailed", { reason: failure instanceof Error && failure.message ? failure.message : t("analysis.networkError") }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Centered testId="podcast-empty">
      <span className="muted">{t("analysis.podcast.empty")}</span>
      {detail.podcastStatus === 3 && (
        <span className="field__error" role="alert" data-testid="podcast-last-error">
          {t("analysis.podcast.lastFailed", { reason: detail.podcastError || t("analysis.failedStep") })}
        </span>
      )}
      <Button busy={busy} onClick={() => void generate()} data-testid="podcast-generate">
        {t("analysis.podcast.generate")}
      </Button>
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </Centered>
  );
}

function PodcastPlayer({ detail, url }: { detail: AnalysisFileDetail; url: string }) {
  const { t } = useTranslation();
  const media = useRef<HTMLAudioElement>(null);
  const clock = useMediaClock(media, url);
  const duration = clock.duration || (detail.podcastDuration ?? 0) / 1000;
  return (
    <div className="anv-podcast" data-testid="podcast-player">
      <audio ref={media} src={url} preload="metadata" data-testid="podcast-audio" />
      <p className="muted" data-testid="podcast-duration">
        {t("analysis.podcast.duration", { duration: formatDurationMs(detail.podcastDuration) })}
      </p>
      <Waveform url={url} time={clock.time} duration={duration} onSeek={clock.seek} />
      <MediaBar clock={clock} testId="podcast-media-bar" />
      <Subtitles url={detail.srtUrl ?? detail.webSrtUrl} time={clock.time} onSeek={clock.seek} />
      <FeedbackBar taskId={detail.fileId} type="podcast" />
    </div>
  );
}
