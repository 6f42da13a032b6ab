import { useCallback, useEffect, useState, type RefObject } from "react";
import { ANALYSIS_SKIP_SECONDS } from "../../../../../contract/analysis";

export interface MediaClock {
  time: number;
  duration: number;
  playing: boolean;
  rate: number;
  failed: boolean;
  toggle: () => void;
  seek: (seconds: number) => void;
  skip: (direction: 1 | -1) => void;
  setRate: (rate: number) => void;
}

/** The state of an audio or video element, kept in React from its events, and the controls of the bar. */
export function useMediaClock(ref: RefObject<HTMLMediaElement | null>, src: string | null): MediaClock {
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [rate, setRateState] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    setFailed(false);
    const onTime = () => setTime(media.currentTime);
    const onDuration = () => setDuration(Number.isFinite(media.duration) ? media.duration : 0);
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    const onRate = () => setRateState(media.playbackRate);
    const onError = () => setFailed(true);
    const events: [string, () => void][] = [
      ["timeupdate", onTime],
      ["seeked", onTime],
      ["loadedmetadata", onDuration],
      ["durationchange", onDuration],
      ["play", onPlay],
      ["pause", onPause],
      ["ended", onPause],
      ["ratechange", onRate],
      ["error", onError],
    ];
    for (const [name, handler] of events) media.addEventListener(name, handler);
    onDuration();
    return () => {
      for (const [name, handler] of events) media.removeEventListener(name, handler);
    };
  }, [ref, src]);

  const seek = useCallback(
    (seconds: number) => {
      const media = ref.current;
      if (!media) return;
      const end = Number.isFinite(media.duration) ? media.duration : Number.POSITIVE_INFINITY;
      media.currentTime = Math.max(0, Math.min(end, seconds));
      setTime(media.currentTime);
    },
    [ref],
  );
  const toggle = useCallback(() => {
    const media = ref.current;
    if (!media) return;
    if (media.paused) void media.play().catch(() => setPlaying(false));
    else media.pause();
  }, [ref]);
  const skip = useCallback((direction: 1 | -1) => seek((ref.current?.currentTime ?? 0) + direction * ANALYSIS_SKIP_SECONDS), [ref, seek]);
  const setRate = useCallback(
    (next: number) => {
      if (ref.current) ref.current.playbackRate = next;
      setRateState(next);
    },
    [ref],
  );
  return { time, duration, playing, rate, failed, toggle, seek, skip, setRate };
}
