import { createPortal } from "react-dom";
import { Spinner } from "../../../ui/Spinner";

interface LoadingOverlayProps {
  title: string;
  description?: string;
  spinnerSize?: number;
}

/** Covers the whole app while a project is created or imported (spec 03 §2.8); nothing behind it is clickable. */
export function LoadingOverlay({ title, description, spinnerSize = 40 }: LoadingOverlayProps) {
  return createPortal(
    <div className="ws-overlay" role="alertdialog" aria-modal="true" aria-busy="true" aria-labelledby="ws-overlay-title" data-testid="project-loading-overlay">
      <div className="ws-overlay__card">
        <Spinner size={spinnerSize} />
        <p id="ws-overlay-title" className="ws-overlay__title">
          {title}
        </p>
        {description && <p className="ws-overlay__description">{description}</p>}
      </div>
    </div>,
    document.body,
  );
}
