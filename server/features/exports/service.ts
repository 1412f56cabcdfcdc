// Admin CSV exports (spec/api.md §7.6): rows straight from a database cursor into csv-stringify,
// so memory stays flat however many rows there are. RFC 4180 output (CRLF, quotes doubled, fields
// with commas, quotes or line breaks quoted), and text cells that a spreadsheet would run as a
// formula are neutralised (docs/admin.md).
import { pipeline } from 'node:stream';
import { type Stringifier, stringify } from 'csv-stringify';
import type pg from 'pg';
import type { ExportKind } from '../../../shared/schemas/admin';
import { EXPORT_QUERIES, streamExportRows } from './repository';

/** A text cell starting with one of these is read by Excel, Sheets or LibreOffice as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * OWASP's advice for CSV injection: prefix such a cell with a single quote, which spreadsheets
 * show as text. Numbers are written as numbers (a negative amount stays -1): only text can smuggle
 * a formula.
 */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** How each value is written: ISO times, true/false, numbers as they are, text neutralised. */
export function csvStringifier(header: string[]): Stringifier {
  return stringify({
    header: true,
    columns: header,
    record_delimiter: 'windows',
    // csv-stringify quotes a field holding the record delimiter (CRLF); a lone CR or LF must be
    // quoted too, or a spreadsheet starts a new row inside the field.
    quoted_match: /[\r\n]/,
    cast: {
      string: neutraliseFormula,
      date: (value) => value.toISOString(),
      boolean: (value) => (value ? 'true' : 'false'),
      number: (value) => String(value),
      bigint: (value) => String(value),
    },
  });
}

export class ExportsService {
  constructor(private readonly pool: pg.Pool) {}

  /**
   * Opens the export as a stream of CSV bytes. The connection holding the cursor goes back to the
   * pool when the last row is written; if the download stops early, or the query fails, the
   * connection is discarded instead, since its cursor may still be open.
   */
  async open(kind: ExportKind): Promise<NodeJS.ReadableStream> {
    const client = await this.pool.connect();
    const rows = streamExportRows(client, kind);
    const csv = csvStringifier(EXPORT_QUERIES[kind].header);
    return pipeline(rows, csv, (error) => client.release(error ?? undefined));
  }
}
