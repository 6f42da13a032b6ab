import type { SyntheticEvent } from "react";
import { useTranslation } from "react-i18next";

// Light on purpose: messages show these players inline, so this module is part of the chat's
// first page (no icons, no viewer code).

const AUDIO_ERRORS: Record<number, string> = { 1: "aborted", 2: "network", 3: "decode", 4: "unsupported" };

type Translate = (key: string, vars?: Record<string, unknown>) => string;

/** Spec 02 §8 Audio: aborted, network, decode or unsupported format, with the browser's error code. */
export function audioErrorText(code: number | undefined, t: Translate): string {
  const known = code !== undefined && AUDIO_ERRORS[code] ? code : 4;
  return t(`preview.audio.${AUDIO_ERRORS[known]}`, { code: known });
}

interface MediaElementProps {
  kind: "video" | "audio";
  url: string;
  name: string;
  /** The failure in the user's language: 'Failed to load video file', or the audio reason with its code. */
  onError: (message: string) => void;
  className?: string;
  testId?: string;
}

/** A video or audio player that loads only its metadata until played. */
export function MediaElement({ kind, url, name, onError, className, testId }: MediaElementProps) {
  const { t } = useTranslation();
  const fail = (event: SyntheticEvent<HTMLMediaElement>) =>
    onError(kind === "video" ? t("preview.errors.video") : audioErrorText(event.currentTarget.error?.code, t));
  const common = { src: url, controls: true, preload: "metadata", className, "data-testid": testId, onError: fail };
  return kind === "video" ? (
    <video {...common} aria-label={t("preview.media.video", { name })} />
  ) : (
    <audio {...common} aria-label={t("preview.media.audio", { name })} />
  );
}
