import { useTranslation } from "react-i18next";
import { columnLetter, GRID_MAX_COLUMNS, GRID_MAX_ROWS } from "../kinds";

interface DataGridProps {
  rows: readonly (readonly string[])[];
  columns: number;
  truncated: boolean;
  label: string;
}

/** A sheet as a table: lettered column headers (A, B, … AA), numbered rows; cells are text, so formulas and markup stay inert. */
export function DataGrid({ rows, columns, truncated, label }: DataGridProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="fpv-note">{t("preview.sheet.empty")}</p>;
  const letters = Array.from({ length: columns }, (_, i) => columnLetter(i));
  return (
    <>
      {truncated && (
        <p className="fpv-note" data-testid="grid-capped">
          {t("preview.sheet.capped", { rows: GRID_MAX_ROWS, columns: GRID_MAX_COLUMNS })}
        </p>
      )}
      <div className="fpv-grid" tabIndex={0} role="region" aria-label={label}>
        <table data-testid="preview-grid">
          <thead>
            <tr>
              <th scope="col" className="fpv-grid__corner">
                <span className="sr-only">{t("preview.sheet.row")}</span>
              </th>
              {letters.map((letter) => (
                <th key={letter} scope="col" data-testid="grid-column">
                  {letter}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                <th scope="row">{r + 1}</th>
                {letters.map((letter, c) => (
                  <td key={letter}>{row[c] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
