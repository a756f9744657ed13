/**
 * What a file is, from its bytes (file-type reads the signature, and for Office files the zip's
 * entries), never from its name or the type the browser claims: a renamed .exe is refused.
 */
import type { FileKind } from '../../model/define.js';
import { kindsMessage } from '../../model/fileKinds.js';

export { kindsMessage };

/** What file-type answers for each kind ('cfb' is the OLE2 container of Word 97–2003 files). */
const DETECTED: Record<string, FileKind> = {
  cfb: 'doc',
  docx: 'docx',
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  gif: 'gif',
  bmp: 'bmp',
};

/** The kind of the bytes among `accepted`, or null (not one of them, whatever its name says). */
export async function kindOf(bytes: Buffer, accepted: FileKind[]): Promise<FileKind | null> {
  // loaded with the first upload, not with the server
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(bytes);
  const kind = found ? DETECTED[found.ext] : undefined;
  return kind && accepted.includes(kind) ? kind : null;
}
