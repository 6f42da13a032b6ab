import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchFile } from "../../api";
import { computePeaks } from "../../model/waveform";

/** Decodes the audio with WebAudio into peaks; null when the browser cannot (the plain bar is shown instead). */
async function loadPeaks(url: string, signal: AbortSignal): Promise<number[] | null> {
  const Context = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return null;
  const bytes = await (await fetchFile(url, signal)).arrayBuffer();
  const context = new Context();
  try {
    const audio = await context.decodeAudioData(bytes);
    return computePeaks(audio.getChannelData(0));
  } finally {
    void context.close();
  }
}

function draw(canvas: HTMLCanvasElement, peaks: number[], progress: number): void {
  const context = canvas.getContext("2d");
  if (!context) return;
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth * ratio;
  const height = canvas.clientHeight * ratio;
  canvas.width = width;
  canvas.height = height;
  const style = getComputedStyle(canvas);
  const played = style.getPropertyValue("--anv-wave-played").trim() || "#2563eb";
  const rest = style.getPropertyValue("--anv-wave-rest").trim() || "#cbd5e1";
  const step = width / peaks.length;
  peaks.forEach((peak, i) => {
    const bar = Math.max(2 * ratio, peak * height);
    context.fillStyle = i / peaks.length < progress ? played : rest;
    context.fillRect(i * step, (height - bar) / 2, Math.max(1, step * 0.6), bar);
  });
}

/** The podcast's waveform, coloured up to the playing position; a click seeks. Falls back to a plain progress bar. */
export function Waveform({ url, time, duration, onSeek }: { url: string; time: number; duration: number; onSeek: (seconds: number) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [peaks, setPeaks] = useState<number[] | null>(null);
  const progress = duration > 0 ? Math.min(1, time / duration) : 0;

  useEffect(() => {
    const controller = new AbortController();
    loadPeaks(url, controller.signal).then(
      (found) => !controller.signal.aborted && setPeaks(found),
      () => !controller.signal.aborted && setPeaks(null),
    );
    return () => controller.abort();
  }, [url]);

  useEffect(() => {
    if (peaks && peaks.length && canvas.current) draw(canvas.current, peaks, progress);
  }, [peaks, progress]);

  const seekAt = (clientX: number, box: DOMRect) => duration > 0 && onSeek(((clientX - box.left) / box.width) * duration);
  return (
    <div className="anv-wave" data-testid="podcast-waveform" data-drawn={peaks && peaks.length ? "canvas" : "bar"}>
      {peaks && peaks.length ? (
        <canvas
          ref={canvas}
          className="anv-wave__canvas"
          role="img"
          aria-label={t("analysis.podcast.waveform")}
          onClick={(e) => seekAt(e.clientX, e.currentTarget.getBoundingClientRect())}
        />
      ) : (
        <div className="anv-wave__bar" aria-hidden onClick={(e) => seekAt(e.clientX, e.currentTarget.getBoundingClientRect())}>
          <div className="anv-wave__fill" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
    </div>
  );
}
