import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { AhaSection } from "../../../../../contract/analysis";
import { SafeMarkdown } from "../../../../ui/SafeMarkdown";
import { sanitizeDiagramSvg } from "../../../../ui/mermaid/sanitizeSvg";
import { svgDataUrl } from "../../model/aha";

/** One section of an insight card: plain text, safe markdown, or a picture (purified, then shown as an image). */
export function AhaSectionView({ section, onOpenSvg }: { section: AhaSection; onOpenSvg: (url: string) => void }) {
  const { t } = useTranslation();
  const url = useMemo(() => (section.type === "svg" ? svgDataUrl(sanitizeDiagramSvg(section.msg)) : null), [section]);
  if (url) {
    return (
      <button type="button" className="anv-aha__svg" onClick={() => onOpenSvg(url)} aria-label={t("analysis.aha.openSvg")} data-testid="aha-svg">
        <img src={url} alt={t("analysis.aha.svgAlt")} />
      </button>
    );
  }
  if (section.type === "markdown") return <SafeMarkdown text={section.msg} className="anv-markdown anv-markdown--compact" />;
  return <p className="anv-aha__text">{section.msg}</p>;
}
