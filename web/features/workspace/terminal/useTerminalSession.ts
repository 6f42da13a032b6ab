import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readBearerToken } from "../../../app/api/token";
import { TerminalConnection, terminalSocketUrl, type TerminalState } from "./connection";
import { terminalErrorText } from "./texts";

export interface TerminalStatus {
  state: TerminalState;
  error: string | null;
}

const INITIAL: TerminalStatus = { state: "disconnected", error: null };
const YELLOW = (text: string) => `\x1b[33m${text}\x1b[0m`;
const RED = (text: string) => `\x1b[31m${text}\x1b[0m`;

/**
 * One terminal connection per open window and project. The socket opens once the screen knows
 * its size (`ready`), so the first `init` frame carries the real columns and rows.
 */
export function useTerminalSession(projectId: string | null, enabled: boolean) {
  const { t } = useTranslation();
  const translate = useRef(t);
  translate.current = t;
  const [status, setStatus] = useState<TerminalStatus>(INITIAL);
  const [connection, setConnection] = useState<TerminalConnection | null>(null);
  const writer = useRef<((data: string) => void) | null>(null);
  const size = useRef({ cols: 80, rows: 24 });

  useEffect(() => {
    if (!enabled || !projectId) return;
    const write = (data: string) => writer.current?.(data);
    const tr = (key: string) => translate.current(key);
    const created = new TerminalConnection(
      { url: () => terminalSocketUrl(window.location, projectId, readBearerToken()), size: () => size.current },
      {
        state: (state, error) => setStatus({ state, error }),
        output: write,
        exit: (message, canReconnect) => {
          const lines = [YELLOW(message || tr("workspaceViewer.terminal.sessionEnded"))];
          if (canReconnect) lines.push(tr("workspaceViewer.terminal.pressEnter"));
          write(`\r\n${lines.join("\r\n")}\r\n`);
        },
        notice: (message) => write(`\r\n${RED(terminalErrorText(message, translate.current))}\r\n`),
      },
    );
    setConnection(created);
    return () => {
      created.dispose();
      setConnection(null);
      setStatus(INITIAL);
    };
  }, [projectId, enabled]);

  const attach = useCallback((write: (data: string) => void) => {
    writer.current = write;
    return () => {
      if (writer.current === write) writer.current = null;
    };
  }, []);

  const ready = useCallback(
    (cols: number, rows: number) => {
      size.current = { cols, rows };
      connection?.connect();
    },
    [connection],
  );

  const resized = useCallback(
    (cols: number, rows: number) => {
      size.current = { cols, rows };
      connection?.resize(cols, rows);
    },
    [connection],
  );

  const input = useCallback((data: string) => connection?.input(data), [connection]);
  const reconnect = useCallback(() => connection?.connect(), [connection]);

  return { connection, status, attach, ready, resized, input, reconnect };
}
