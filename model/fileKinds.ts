/**
 * The kinds of file an uploader may accept (model `attachments`): the MIME type each is stored
 * and served with, the extensions the browser's file picker offers, its name in messages. The
 * server recognises a file by its content (server/storage/kinds.ts); the app checks the name
 * first, to answer at once.
 */
import type { FileKind } from './define.js';

export interface KindInfo {
  mime: string;
  extensions: string[];
  text: string;
}

export const FILE_KINDS: Record<FileKind, KindInfo> = {
  doc: { mime: 'application/msword', extensions: ['.doc'], text: 'doc' },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
    text: 'docx',
  },
  pdf: { mime: 'application/pdf', extensions: ['.pdf'], text: 'pdf' },
  png: { mime: 'image/png', extensions: ['.png'], text: 'png' },
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'], text: 'jpeg' },
  gif: { mime: 'image/gif', extensions: ['.gif'], text: 'gif' },
  bmp: { mime: 'image/bmp', extensions: ['.bmp'], text: 'bmp' },
};

/** Seed B §5: 'I formati supportati sono doc, docx'. */
export const kindsMessage = (accepted: FileKind[]) =>
  `I formati supportati sono ${accepted.map((k) => FILE_KINDS[k].text).join(', ')}`;
/** Seed B §5: 'Non puoi caricare più di N files'. */
export const tooManyFilesMessage = (max: number) => `Non puoi caricare più di ${max} files`;
/** '10 MB' */
export const megabytes = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;
export const fileTooLargeMessage = (max: number) => `Il file supera la dimensione massima di ${megabytes(max)}`;

/** The kind a file name says it is, among the accepted ones (the app's first check; the server reads the content). */
export function kindOfName(name: string, accepted: FileKind[]): FileKind | null {
  const lower = name.toLowerCase();
  return accepted.find((k) => FILE_KINDS[k].extensions.some((e) => lower.endsWith(e))) ?? null;
}
