import { isFenceClosed } from "../../../../ui/mermaid/state";

interface MdNode {
  type: string;
  lang?: string | null;
  children?: MdNode[];
  position?: { start: { offset?: number }; end: { offset?: number } };
  data?: { hProperties?: Record<string, unknown> } & Record<string, unknown>;
}

/** The hast property (`data-closed` on the `code` element) the diagram block reads. */
export const CLOSED_PROPERTY = "dataClosed";

/**
 * A remark plugin that marks each ```mermaid block with whether its closing fence has arrived,
 * which only the message text can tell: a block still streaming runs to the end of the text.
 */
export function remarkMermaidFences() {
  return (tree: MdNode, file: { value: unknown }) => {
    const source = String(file.value ?? "");
    const walk = (node: MdNode) => {
      if (node.type === "code" && node.lang?.toLowerCase() === "mermaid") {
        const start = node.position?.start.offset;
        const end = node.position?.end.offset;
        const closed = start !== undefined && end !== undefined && isFenceClosed(source.slice(start, end));
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, [CLOSED_PROPERTY]: closed ? "true" : "false" } };
      }
      node.children?.forEach(walk);
    };
    walk(tree);
  };
}
