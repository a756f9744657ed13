/**
 * One customer's whole AML file for an inspection (issue 48 item 4): a zip with `fascicolo.pdf`
 * (filePdf.ts), `dichiarazione.pdf` (declaration.ts), every file of the file under
 * `allegati/<id>_<name>` as uploaded, and `indice.csv`: each attachment's name, kind, SHA-256, when
 * and by whom it was loaded, and whether the stored bytes still match the SHA-256 recorded at upload.
 *
 * Bounded: the service refuses a file over AML_EXPORT_MAX_BYTES (413) before a byte is sent; the
 * attachments are read one at a time, the next only once the archive has written the previous, so
 * a request holds at most one attachment (10 MB at upload) in memory. The entries are stored, not
 * deflated: PDFs and scans are compressed already.
 */
import { createHash } from 'node:crypto';
import type { ZipArchive } from 'archiver';
import { stringify } from 'csv-stringify/sync';
import { AML_FILE_KINDS, type AmlFile } from '../../../model/api/aml.js';
import { displayDateTime } from '../../../model/dates.js';
import { megabytes } from '../../../model/fileKinds.js';
import { safeCell } from '../../records/export.js';
import { safeEntryName } from '../../render/zip.js';
import { labelOf } from './declaration.js';

/** The largest file exported in one zip: the attachments and the two PDFs. */
export const AML_EXPORT_MAX_BYTES = 200 * 1024 * 1024;

export const AML_EXPORT_MESSAGES = {
  tooLarge: `Il fascicolo supera ${megabytes(AML_EXPORT_MAX_BYTES)} e non si può esportare in un unico file: scarica il fascicolo in PDF e gli allegati uno alla volta dalla scheda del cliente`,
} as const;

/** Where an attachment goes in the zip: `allegati/<id>_<safe original name>`. */
export const attachmentEntry = (f: { id: number; original_filename: string }) =>
  `allegati/${f.id}_${safeEntryName(f.original_filename, 100)}`;

/** What the export found of an attachment's stored bytes. */
export type AttachmentCheck = 'ok' | 'changed' | 'missing';
const CHECK_TEXT: Record<AttachmentCheck, string> = {
  ok: 'Integro (SHA-256 corrispondente)',
  changed: 'NON corrispondente allo SHA-256 registrato',
  missing: 'File non disponibile nell’archivio',
};

export const INDEX_HEADER = [
  'File',
  'Tipo',
  'SHA-256',
  'Caricato il',
  'Caricato da',
  'Nome originale',
  'Descrizione',
  'Verifica',
];

/**
 * `indice.csv`: one line per attachment, as the product's CSVs are (semicolons, CRLF, UTF-8 with
 * BOM, cells a spreadsheet would run as formulas neutralised).
 */
export function indexCsv(files: AmlFile[], checks: Map<number, AttachmentCheck> = new Map()): string {
  const lines = files.map((f) => {
    const check = checks.get(f.id);
    return [
      check === 'missing' ? '' : attachmentEntry(f),
      labelOf(AML_FILE_KINDS, f.kind),
      f.sha256,
      displayDateTime(f.created_at),
      safeCell(f.created_by_name),
      safeCell(f.original_filename),
      safeCell(f.description ?? ''),
      check ? CHECK_TEXT[check] : '',
    ];
  });
  return stringify([INDEX_HEADER, ...lines], {
    delimiter: ';',
    record_delimiter: '\r\n',
    bom: true,
    quoted_match: [/^\s|\s$/, /[\r\n]/],
  });
}

export interface ExportParts {
  filePdf: Buffer;
  declarationPdf: Buffer;
  /** the attachments, oldest first, with their recorded data */
  files: AmlFile[];
  /** reads one attachment's stored bytes */
  read(id: number): Promise<Buffer>;
}

/**
 * The zip, answered at once (to be sent as the response) and filled in the background; a failure
 * destroys the stream. An attachment that cannot be read is left out and named in the index.
 */
export async function exportZip(parts: ExportParts): Promise<ZipArchive> {
  // loaded with the first zip, not with the server (issue 27: the start's modules)
  const { ZipArchive } = await import('archiver');
  const archive = new ZipArchive({ store: true });
  /** appends one entry and waits until the archive has written it (or is gone: the client went away) */
  const add = (name: string, content: Buffer | string) =>
    new Promise<void>((resolve, reject) => {
      if (archive.destroyed) return reject(new Error('aborted'));
      const done = (e?: Error) => {
        archive.off('entry', written);
        archive.off('error', done);
        archive.off('close', closed);
        if (e) reject(e);
        else resolve();
      };
      const written = () => done();
      const closed = () => done(new Error('aborted'));
      archive.once('entry', written);
      archive.once('error', done);
      archive.once('close', closed);
      archive.append(typeof content === 'string' ? Buffer.from(content, 'utf8') : content, { name });
    });
  (async () => {
    await add('fascicolo.pdf', parts.filePdf);
    await add('dichiarazione.pdf', parts.declarationPdf);
    const checks = new Map<number, AttachmentCheck>();
    for (const f of parts.files) {
      let bytes: Buffer;
      try {
        bytes = await parts.read(f.id);
      } catch {
        checks.set(f.id, 'missing');
        continue;
      }
      checks.set(f.id, createHash('sha256').update(bytes).digest('hex') === f.sha256 ? 'ok' : 'changed');
      await add(attachmentEntry(f), bytes);
    }
    await add('indice.csv', indexCsv(parts.files, checks));
    await archive.finalize();
  })().catch((e) => {
    if (!archive.destroyed) archive.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return archive;
}
