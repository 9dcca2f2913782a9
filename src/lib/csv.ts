// CSV for Excel set to pt-BR (papaparse): UTF-8 BOM, ';' separator, CRLF, quoting only when needed, no formula injection; and the
// browser download of a text file (main thread).
import Papa from "papaparse";

export type CsvCell = string | number | null | undefined;

/** Excel's byte order mark: without it Excel reads UTF-8 as Windows-1252 and breaks every accent. */
export const CSV_BOM = "\uFEFF";
export const CSV_DELIMITER = ";";

/**
 * A cell Excel would run as a formula: it starts with = + @, a tab or a CR, or with - unless the whole cell is a plain number
 * ("-12,50" stays a number). papaparse's own `escapeFormulae: true` pattern stops at the first line break, so "=1\nx" would pass it.
 */
export const FORMULA_START = /^(?:[=+@\t\r]|-(?!\d+(?:,\d+)?$))/;

/** 1234.5 -> "1234,50": the decimal comma Excel in pt-BR reads as a number (no thousands separator, no currency sign). */
export function csvDecimal(value: number | null | undefined, digits = 2): string {
  return (Number.isFinite(value) ? (value as number) : 0).toFixed(digits).replace(".", ",");
}

/**
 * The whole file text: BOM, then the header and the rows separated by ';' and CRLF. Numbers must come already formatted as text
 * (csvDecimal): papaparse would write them with a decimal point. Cells with ';', '"' or line breaks are quoted ('"' doubled), and a
 * cell starting like a formula gets a leading apostrophe (and quotes), so Excel shows it as text.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const data = rows.map((r) => r.map((c) => (c === null || c === undefined ? "" : String(c))));
  return (
    CSV_BOM +
    Papa.unparse(
      { fields: [...header], data },
      {
        delimiter: CSV_DELIMITER,
        newline: "\r\n",
        quotes: false,
        quoteChar: '"',
        escapeChar: '"',
        header: true,
        escapeFormulae: FORMULA_START,
      },
    )
  );
}

/** Saves `text` as a file named `filename` through a temporary object URL (the browser's download, no new tab). */
export function downloadText(filename: string, text: string, type = "text/csv;charset=utf-8") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
