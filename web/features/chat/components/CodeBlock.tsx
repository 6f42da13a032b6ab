import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../../ui/toast";
import { copyText } from "../model/clipboard";
import { MermaidBlock } from "./mermaid/MermaidBlock";
import { CLOSED_PROPERTY } from "./mermaid/remarkMermaid";

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

function codeOf(node: HastNode | undefined): HastNode | undefined {
  return node?.children?.find((child) => child.type === "element" && child.tagName === "code");
}

function languageOf(node: HastNode | undefined): string | null {
  const code = codeOf(node);
  const classes = code?.properties?.className;
  const list = Array.isArray(classes) ? classes.map(String) : typeof classes === "string" ? classes.split(" ") : [];
  const language = list.find((c) => c.startsWith("language-"));
  return language ? language.slice("language-".length) : null;
}

/** A fenced code block with its language label and a copy button; a ```mermaid block is a diagram. */
export function CodeBlock({ node, children }: { node?: unknown; children: ReactNode }) {
  const hast = node as HastNode | undefined;
  const language = languageOf(hast);
  if (language?.toLowerCase() === "mermaid") {
    // remarkMermaidFences marked whether the closing fence has arrived (a reply may still be writing it).
    return <MermaidBlock source={textOf(hast).replace(/\n$/, "")} closed={codeOf(hast)?.properties?.[CLOSED_PROPERTY] === "true"} />;
  }
  return (
    <CodeText language={language} hast={hast}>
      {children}
    </CodeText>
  );
}

function CodeText({ language, hast, children }: { language: string | null; hast: HastNode | undefined; children: ReactNode }) {
  const { t } = useTranslation();
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
