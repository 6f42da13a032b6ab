import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchFile } from "../../api";
import { parseSrt, subtitleAt, type Subtitle } from "../../model/srt";

/** Spec §9: after the user scrolls the subtitles, the current line is centred again 3 s later. */
export const SUBTITLE_RECENTER_MS = 3000;

/** The podcast's subtitles; the line being spoken is lit and kept in the middle, a click seeks to it. */
export function Subtitles({ url, time, onSeek }: { url: string | null; time: number; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation();
  const [lines, setLines] = useState<Subtitle[] | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const resume = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [wake, setWake] = useState(0);

  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    fetchFile(url, controller.signal)
      .then((response) => response.text())
      .then(
        (text) => !controller.signal.aborted && setLines(parseSrt(text)),
        () => !controller.signal.aborted && setLines([]),
      );
    return () => controller.abort();
  }, [url]);

  const current = lines ? subtitleAt(lines, time) : -1;
  useEffect(() => {
    if (current < 0 || !following.current) return;
    const row = list.current?.children[current] as HTMLElement | undefined;
    row?.scrollIntoView?.({ block: "center", behavior: "smooth" });
  }, [current, wake]);
  useEffect(
    () => () => {
      if (resume.current) clearTimeout(resume.current);
    },
    [],
  );

  // A scroll by the user (wheel, touch, keys) pauses the following; 3 s after the last one the current line comes back to the middle.
  const onUserScroll = () => {
    following.current = false;
    if (resume.current) clearTimeout(resume.current);
    resume.current = setTimeout(() => {
      following.current = true;
      setWake((n) => n + 1);
    }, SUBTITLE_RECENTER_MS);
  };

  if (!url || (lines && lines.length === 0)) return <p className="muted anv-empty">{t("analysis.podcast.noSubtitles")}</p>;
  if (!lines) return null;
  return (
    <ol
      className="anv-subtitles"
      ref={list}
      aria-label={t("analysis.podcast.subtitles")}
      onWheel={onUserScroll}
      onTouchMove={onUserScroll}
      onKeyDown={onUserScroll}
      data-testid="podcast-subtitles"
    >
      {lines.map((line, index) => (
        <li key={`${line.startTime}-${index}`} aria-current={index === current ? "true" : undefined}>
          <button type="button" className="anv-subtitle" onClick={() => onSeek(line.startTime)}>
            {line.name}
          </button>
        </li>
      ))}
    </ol>
  );
}
