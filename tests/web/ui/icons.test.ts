import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { fileTypeIcon } from "../../../web/ui/FileTypeIcon";
import {
  CloseIcon,
  FileArchiveIcon,
  FileCodeIcon,
  FileDataIcon,
  FileIcon,
  FileImageIcon,
  FileSheetIcon,
  FileTextIcon,
  IconDefaults,
  iconLabel,
  WarningIcon,
} from "../../../web/ui/icons";

const inApp = (icon: ReturnType<typeof createElement>) => renderToStaticMarkup(createElement(IconDefaults, null, icon));

describe("icons", () => {
  it("are SVGs hidden from screen readers, at the app's default size unless a place asks for another", () => {
    const plain = inApp(createElement(CloseIcon));
    expect(plain).toMatch(/^<svg[^>]*\saria-hidden="true"/);
    expect(plain).toMatch(/\swidth="16"[^>]*\sheight="16"/);
    expect(plain).not.toContain("role=");
    expect(inApp(createElement(CloseIcon, { size: 12 }))).toMatch(/\swidth="12"[^>]*\sheight="12"/);
  });

  it("that say something on their own are images with that name", () => {
    const warning = inApp(createElement(WarningIcon, iconLabel("Alert")));
    expect(warning).toMatch(/^<svg[^>]*\srole="img"/);
    expect(warning).toContain('aria-label="Alert"');
    expect(warning).not.toContain("aria-hidden");
  });
});

describe("file-type icons", () => {
  it("follow the extension, in any case, after the last folder", () => {
    expect(fileTypeIcon("src/app/Main.TSX")).toBe(FileCodeIcon);
    expect(fileTypeIcon("docs/photo.PNG")).toBe(FileImageIcon);
    expect(fileTypeIcon("README.md")).toBe(FileTextIcon);
    expect(fileTypeIcon("package.json")).toBe(FileDataIcon);
    expect(fileTypeIcon("report.xlsx")).toBe(FileSheetIcon);
    expect(fileTypeIcon("backup.tar.gz")).toBe(FileArchiveIcon);
  });

  it("are a plain file for names without a known extension", () => {
    expect(fileTypeIcon("Makefile")).toBe(FileIcon);
    expect(fileTypeIcon(".env")).toBe(FileIcon);
    expect(fileTypeIcon("v1.2/notes")).toBe(FileIcon);
    expect(fileTypeIcon("data.unknownext")).toBe(FileIcon);
  });
});
