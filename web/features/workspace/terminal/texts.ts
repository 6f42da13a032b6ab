// The server words terminal errors in English (spec 03 §8 Terminal); the known ones are shown in
// the user's language, anything else verbatim.

type Translate = (key: string, options?: Record<string, string>) => string;

const KNOWN: [RegExp, string][] = [
  [/^Failed to initialize terminal\.?$/i, "initFailed"],
  [/^WebSocket connection error\.?$/i, "socket"],
  [/^No available sandbox for this project\.?$/i, "noSandboxForProject"],
  [/^No active sandbox found\.?$/i, "noActiveSandbox"],
  [/^Missing subdomain field in sandbox response\.?$/i, "missingSubdomain"],
];
const VM_STATUS = /^VM is (\S+)\. Terminal is temporarily unavailable\.?$/i;
const DENIED = /^Only chat owner or presenter can access\.?$/i;

export function terminalErrorText(message: string, t: Translate): string {
  const trimmed = message.trim();
  const vm = VM_STATUS.exec(trimmed);
  if (vm) return t("workspaceViewer.terminal.errors.vmStatus", { status: vm[1]! });
  if (DENIED.test(trimmed)) return t("workspaceViewer.terminal.denied");
  const known = KNOWN.find(([pattern]) => pattern.test(trimmed));
  return known ? t(`workspaceViewer.terminal.errors.${known[1]}`) : trimmed;
}
