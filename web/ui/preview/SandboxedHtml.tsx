import { useTranslation } from "react-i18next";

/**
 * An HTML document drawn in a frame sandboxed without scripts and without same-origin rights:
 * nothing in it runs, and it cannot reach the app, its storage or its cookies. No library: the
 * workspace's HTML Preview uses it too.
 */
export function SandboxedHtml({ html, name, className = "fpv-frame" }: { html: string; name: string; className?: string }) {
  const { t } = useTranslation();
  return <iframe className={className} sandbox="" srcDoc={html} title={t("preview.html.frame", { name })} data-testid="preview-html-frame" />;
}
