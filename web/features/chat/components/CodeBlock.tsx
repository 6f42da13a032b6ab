import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { copyText } from "../model/clipboard";

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function textOf(node: HastNode | undefined): string {
  if (!node) return "";
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

function languageOf(node: HastNode | undefined): string | null {
  const code = node?.children?.find((child) => child.type === "element" && child.tagName === "code");
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : typeof classes === "string" ? classes.split(" ") : [];
  const language = list.find((c) => c.startsWith("language-"));
  return language ? language.slice("language-".length) : null;
}

/** A fenced code block with its language label and a copy button. */
export function CodeBlock({ node, children }: { node?: unknown; children: ReactNode }) {
  const { t } = useTranslation();
  const hast = node as HastNode | undefined;
  const language = languageOf(hast);
  const copy = async () => {
    if (await copyText(textOf(hast).replace(/\n$/, ""))) toast.success(t("chat.actions.copied"));
    else toast.error(t("chat.actions.copyFailed"));
  };
  return (
    <div className="md__code">
      <div className="md__code-bar">
        <span className="md__code-lang">{language ?? t("chat.markdown.code")}</span>
        <button type="button" className="md__code-copy" onClick={() => void copy()} aria-label={t("chat.markdown.copyCode")}>
          {t("chat.actions.copy")}
        </button>
      </div>
      <pre>{children}</pre>
    </div>
  );
}
