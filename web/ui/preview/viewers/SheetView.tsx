import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { bytesFitKind } from "../kinds";
import { PreviewError, PreviewLoading } from "../PreviewStates";
import { useParsed } from "../useParsed";
import type { SheetGrid } from "../workers/protocol";
import { runWorker, xlsxWorker } from "../workers/run";
import { DataGrid } from "./DataGrid";

/** Only .xlsx packages are read; .xls (an OLE file), .ods and random bytes fail with the spec's text before parsing. */
async function readWorkbook(blob: Blob, signal: AbortSignal): Promise<SheetGrid[]> {
  const bytes = await blob.arrayBuffer();
  if (!bytesFitKind("spreadsheet", new Uint8Array(bytes, 0, Math.min(bytes.byteLength, 8)))) throw new Error("not an xlsx package");
  const sheets = await runWorker<SheetGrid[]>(xlsxWorker, bytes, signal);
  if (sheets.length === 0) throw new Error("no sheets");
  return sheets;
}

/** Spec 02 §2.15 spreadsheet: a sheet selector and lettered column headers. */
export function SheetView({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const parsed = useParsed(blob, readWorkbook);
  const [index, setIndex] = useState(0);
  const selectId = useId();
  if (parsed.status === "loading") return <PreviewLoading />;
  if (parsed.status === "failed") return <PreviewError message={t("preview.errors.excel")} onDownload={onDownload} />;
  const sheets = parsed.value;
  const sheet = sheets[Math.min(index, sheets.length - 1)]!;
  return (
    <div className="fpv-sheet">
      <div className="fpv-toolbar">
        <label htmlFor={selectId}>{t("preview.sheet.select")}</label>
        <select id={selectId} value={index} onChange={(event) => setIndex(Number(event.target.value))} data-testid="sheet-select">
          {sheets.map((s, i) => (
            <option key={i} value={i}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <DataGrid rows={sheet.rows} columns={sheet.columns} truncated={sheet.truncated} label={t("preview.sheet.grid", { name, sheet: sheet.name })} />
    </div>
  );
}
