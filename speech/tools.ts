// Whether this machine can run the speech service: its programs on PATH and pocketsphinx's
// English model on disk. `npm start` asks before starting it, and says how to install what is missing.
import { accessSync, constants, existsSync } from "node:fs";
import path from "node:path";

export const SPEECH_PROGRAMS = ["pocketsphinx_continuous", "espeak-ng", "ffmpeg", "ffprobe"] as const;
export const DEFAULT_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us";
export const SPEECH_INSTALL_COMMAND = "apt-get install -y pocketsphinx pocketsphinx-en-us espeak-ng ffmpeg";

function onPath(program: string, pathEnv: string): boolean {
  return pathEnv
    .split(path.delimiter)
    .filter(Boolean)
    .some((dir) => {
      try {
        accessSync(path.join(dir, program), constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
}

/** What is missing, by the name a person would look for (programs, then the model); empty when all is there. */
export function missingSpeechTools(pathEnv = process.env.PATH ?? "", modelDir = process.env.SPEECH_MODEL_DIR || DEFAULT_MODEL_DIR): string[] {
  const missing: string[] = SPEECH_PROGRAMS.filter((program) => !onPath(program, pathEnv));
  if (!existsSync(path.join(modelDir, "en-us.lm.bin"))) missing.push(`the pocketsphinx-en-us model (${modelDir})`);
  return missing;
}

/** The one line `npm start` prints when the service cannot start. */
export function missingToolsMessage(missing: string[]): string {
  return `Local speech service not started: missing ${missing.join(", ")}. Install with: ${SPEECH_INSTALL_COMMAND}`;
}
