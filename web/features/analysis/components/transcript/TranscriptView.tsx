import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { AnalysisFileDetail } from "../../../../../contract/analysis";
import { LoadState } from "../../../../ui/LoadState";
import { SpeakerIcon } from "../../../../ui/icons";
import { useTranscript } from "../../api";
import { formatClock } from "../../model/time";
import { segmentAt, speakerStyles } from "../../model/transcript";
import { FeedbackBar } from "../feedback/FeedbackBar";
import { MediaBar } from "../player/MediaBar";
import { useMediaClock } from "../player/useMediaClock";

/**
 * The Transcription mode (spec §2.4): the recording with its player bar, and its segments with a
 * speaker icon, label and start time; the segment under the audio's time is lit, a click seeks.
 */
export function TranscriptView({ detail }: { detail: AnalysisFileDetail }) {
  const { t } = useTranslation();
  const transcript = useTranscript(detail.transcribeId);
  const media = useRef<HTMLMediaElement>(null);
  const src = detail.formatUrl ?? detail.url;
  const clock = useMediaClock(media, src);
  const segments = useMemo(() => transcript.data?.segments ?? [], [transcript.data]);
  const styles = useMemo(() => speakerStyles(segments), [segments]);
  const current = segmentAt(segments, clock.time);
  const list = useRef<HTMLOListElement>(null);

  // While playing, the lit segment stays in view; a paused viewer is left where the user scrolled.
  useEffect(() => {
    if (!clock.playing || current < 0) return;
    const row = list.current?.children[current] as HTMLElement | undefined;
    row?.scrollIntoView?.({ block: "nearest" });
  }, [current, clock.playing]);

  const isVideo = detail.mimeType.startsWith("video/");
  return (
    <div className="anv-transcript" data-testid="analysis-transcript">
      {isVideo ? (
        <video
          ref={media as React.RefObject<HTMLVideoElement>}
          src={src}
          className="anv-transcript__video"
          preload="metadata"
          playsInline
          data-testid="analysis-media"
        />
      ) : (
        <audio ref={media as React.RefObject<HTMLAudioElement>} src={src} preload="metadata" data-testid="analysis-media" />
      )}
      <MediaBar clock={clock} />
      <p className="anv-note">{t("analysis.transcript.note")}</p>
      <LoadState
        loading={!transcript.data && !transcript.error}
        failed={!!transcript.error && !transcript.data}
        failedText={t("analysis.loadFailed")}
        onRetry={() => void transcript.mutate()}
      />
      {transcript.data && segments.length === 0 && (
        <p className="anv-empty muted" data-testid="analysis-transcript-empty">
          {t("analysis.transcript.empty")}
        </p>
      )}
      {segments.length > 0 && (
        <ol className="anv-segments" ref={list} aria-label={t("analysis.transcript.label")}>
          {segments.map((segment, index) => {
            const time = formatClock(segment.start);
            return (
              <li
                key={`${segment.start}-${index}`}
                className="anv-segment"
                aria-current={index === current ? "true" : undefined}
                data-start={segment.start}
                data-testid="analysis-segment"
              >
                <button
                  type="button"
                  className="anv-segment__button"
                  onClick={() => clock.seek(segment.start)}
                  aria-label={`${t("analysis.transcript.seek", { time })}: ${segment.text}`}
                >
                  <span className={`anv-speaker anv-speaker--${styles.get(segment.speaker) ?? 0}`} aria-hidden>
                    <SpeakerIcon size={14} />
                  </span>
                  <span className="anv-segment__head">
                    <span className="anv-segment__speaker">{segment.speaker}</span>
                    <span className="anv-segment__time">{time}</span>
                  </span>
                  <span className="anv-segment__text">{segment.text}</span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
      {detail.transcribeId && segments.length > 0 && <FeedbackBar taskId={detail.transcribeId} type="transcript" />}
    </div>
  );
}
