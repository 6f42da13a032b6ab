import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";
import { GIT_SECTION, clampSectionHeight, saveSectionHeight } from "../git/gitModel";

interface SectionResizerProps {
  height: number;
  onChange: (height: number) => void;
}

/** The handle between the tree and the git section: drag or arrow keys, 100-400 px, remembered. */
export function SectionResizer({ height, onChange }: SectionResizerProps) {
  const { t } = useTranslation();
  const drag = useRef<{ startY: number; startHeight: number } | null>(null);
  const latest = useRef(height);
  latest.current = height;

  const set = (value: number) => {
    const next = clampSectionHeight(value);
    latest.current = next;
    onChange(next);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startY: event.clientY, startHeight: height };
  };
  // The git section sits below the handle, so dragging up makes it taller.
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current) set(drag.current.startHeight + drag.current.startY - event.clientY);
  };
  const onPointerUp = () => {
    if (!drag.current) return;
    drag.current = null;
    saveSectionHeight(latest.current);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.shiftKey ? 50 : 10;
    const next = { ArrowUp: height + step, ArrowDown: height - step, Home: GIT_SECTION.max, End: GIT_SECTION.min }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
    saveSectionHeight(clampSectionHeight(next));
  };

  return (
    <div
      className="ws-section-resizer"
      role="separator"
      aria-orientation="horizontal"
      aria-label={t("workspace.explorer.resizeGit")}
      aria-valuemin={GIT_SECTION.min}
      aria-valuemax={GIT_SECTION.max}
      aria-valuenow={height}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      data-testid="git-section-resizer"
    />
  );
}
