// Reads a workbook off the main thread, so a large or hostile file cannot freeze the tab.
import readXlsxFile from "read-excel-file/web-worker";
import { capGrid } from "../kinds";
import { serve, type SheetGrid } from "./protocol";

function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString().replace("T00:00:00.000Z", "");
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(value);
}

serve<SheetGrid[]>(async (bytes) => {
  const sheets = await readXlsxFile(bytes);
  return sheets.map(({ sheet, data }) => {
    const grid = capGrid(data);
    return { name: sheet, rows: grid.rows.map((row) => row.map(cellText)), columns: grid.columns, truncated: grid.truncated };
  });
});
