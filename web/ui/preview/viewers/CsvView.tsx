import Papa from "papaparse";
import { useTranslation } from "react-i18next";
import { capGrid, GRID_MAX_ROWS } from "../kinds";
import { PreviewError, PreviewLoading } from "../PreviewStates";
import { useParsed } from "../useParsed";
import { DataGrid } from "./DataGrid";

/** Parses only as many rows as the grid shows (plus one, to know there were more), so a long file stays quick. */
async function readCsv(blob: Blob): Promise<ReturnType<typeof capGrid<string>>> {
  const text = await blob.text();
  const result = Papa.parse<string[]>(text, { preview: GRID_MAX_ROWS + 1, skipEmptyLines: "greedy" });
  if (result.data.length === 0 && result.errors.length > 0) throw new Error(result.errors[0]!.message);
  return capGrid(result.data);
}

/** CSV in the same grid as a spreadsheet (lettered columns); every cell is shown as text. */
export function CsvView({ blob, name, onDownload }: { blob: Blob; name: string; onDownload: () => void }) {
  const { t } = useTranslation();
  const parsed = useParsed(blob, readCsv);
  if (parsed.status === "loading") return <PreviewLoading />;
  if (parsed.status === "failed") return <PreviewError message={t("preview.errors.fileContent")} onDownload={onDownload} />;
  const { rows, columns, truncated } = parsed.value;
  return (
    <div className="fpv-sheet">
      <DataGrid rows={rows} columns={columns} truncated={truncated} label={name} />
    </div>
  );
}
