import { RotateLeftIcon, RotateRightIcon, ZoomInIcon, ZoomOutIcon } from "../../icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { IMAGE_ZOOM, zoomBy } from "../kinds";
import { PreviewError } from "../PreviewStates";

interface ImageViewProps {
  url: string;
  name: string;
  onDownload: () => void;
}

/** Spec 02 §2.15: zoom 50–200 % in steps of 25, rotate by 90°, reset. */
export function ImageView({ url, name, onDownload }: ImageViewProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<number>(IMAGE_ZOOM.initial);
  const [rotation, setRotation] = useState(0);
  const [failed, setFailed] = useState(false);
  if (failed) return <PreviewError message={t("preview.errors.image")} onDownload={onDownload} />;
  return (
    <div className="fpv-image">
      <div className="fpv-toolbar" role="toolbar" aria-label={t("preview.image.tools")}>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setZoom((z) => zoomBy(z, -1))}
          disabled={zoom <= IMAGE_ZOOM.min}
          aria-label={t("preview.image.zoomOut")}
          title={t("preview.image.zoomOut")}
          data-testid="image-zoom-out"
        >
          <ZoomOutIcon size={16} aria-hidden />
        </button>
        <output className="fpv-toolbar__value" data-testid="image-zoom" aria-live="polite">
          {t("preview.image.zoom", { percent: zoom })}
        </output>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setZoom((z) => zoomBy(z, 1))}
          disabled={zoom >= IMAGE_ZOOM.max}
          aria-label={t("preview.image.zoomIn")}
          title={t("preview.image.zoomIn")}
          data-testid="image-zoom-in"
        >
          <ZoomInIcon size={16} aria-hidden />
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={() => setRotation((r) => (r + 90) % 360)}
          aria-label={t("preview.image.rotate")}
          title={t("preview.image.rotate")}
          data-testid="image-rotate"
        >
          <RotateRightIcon size={16} aria-hidden />
        </button>
        <button
          type="button"
          className="icon-btn"
          onClick={() => {
            setZoom(IMAGE_ZOOM.initial);
            setRotation(0);
          }}
          aria-label={t("preview.image.reset")}
          title={t("preview.image.reset")}
          data-testid="image-reset"
        >
          <RotateLeftIcon size={16} aria-hidden />
        </button>
      </div>
      <div className="fpv-image__stage">
        <img
          src={url}
          alt={name}
          data-testid="preview-image"
          data-rotation={rotation}
          style={{ transform: `scale(${zoom / 100}) rotate(${rotation}deg)` }}
          onError={() => setFailed(true)}
        />
      </div>
    </div>
  );
}
