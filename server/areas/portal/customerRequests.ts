/**
 * Document requests, the customer's side (issue 50 items 2, 6): the requests of the session's
 * customer, the upload of files for a document (whole, from the page's form, or in chunks that a bad
 * connection resumes: `startUpload`, `putChunk`, `uploadState`), 'non ho questo documento' with a
 * note, and the download of the customer's own files and of those the studio shared. Every call is
 * scoped to the session's studio and customer: another customer's ids find nothing (404).
 *
 * A file is checked (files.ts: kind by content, archives refused, photos re-encoded), scanned,
 * stored under a key the server makes, and written with the document's new state in one transaction
 * — a file over a limit, of a refused kind or found infected leaves nothing of the upload behind
 * (an infected one is kept in quarantine, apart, for the studio to know, and the upload refused).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import { HttpError, notFound } from '../../errors.js';
import {
  CUSTOMER_TURN,
  REQUEST_MESSAGES as M,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_CUSTOMER_MAX_BYTES,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_FILES_PER_ITEM,
} from '../../../model/portal.js';
import { screenFiles } from './files.js';
import { accessName, addChunk, insertUpload, takeUpload, uploadRow } from './uploadQueries.js';
import {
  customerRequests,
  fileOf,
  insertFile,
  itemForUpdate,
  itemsOf,
  markOpened,
  requestOf,
  setItem,
  usage,
} from './requestQueries.js';

/** Who acts in the area: the session's person in a customer's area. */
export interface AreaWho {
  studioId: number;
  customerId: number;
  personId: number;
  email: string;
}

const refuse = (status: number, message: string) => new HttpError(status, message, { file: [message] });
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The customer's requests (open first) with their documents and files. */
export async function areaRequests(deps: AppDeps, who: AreaWho) {
  const list = await customerRequests(deps.exec, who.studioId, who.customerId);
  return list;
}

/** One request of the customer with its documents, or 404. */
export async function areaRequest(deps: AppDeps, who: AreaWho, requestId: number) {
  const r = await requestOf(deps.exec, who.studioId, requestId, who.customerId);
  if (!r || r.status === 'annullata') throw notFound();
  return { request: r, items: await itemsOf(deps.exec, who.studioId, r.id) };
}

/** The document of the customer's open request, in the customer's turn, locked; else the reason. */
async function itemInTurn(
  exec: Parameters<typeof itemForUpdate>[0],
  who: AreaWho,
  itemId: number,
  requestId?: number,
  adding = false,
) {
  const item = await itemForUpdate(exec, who.studioId, itemId, who.customerId);
  if (!item || (requestId !== undefined && item.requestId !== requestId)) throw notFound();
  if (item.requestStatus !== 'aperta') throw refuse(409, M.notOpen);
  if (!CUSTOMER_TURN.includes(item.status) && !(adding && item.status === 'inviato')) throw refuse(409, M.notYourTurn);
  return item;
}

/**
 * Files for a document (the page's form, or an upload's chunks put together): every file checked
 * first, then stored and written with the document's new state ('inviato') in one transaction.
 * Answers how many were kept.
 */
export async function uploadToItem(
  deps: AppDeps,
  who: AreaWho,
  requestId: number | undefined,
  itemId: number,
  files: Array<{ name: string; bytes: Buffer }>,
  note: string | null = null,
  more = false,
): Promise<number> {
  if (!files.length) throw refuse(422, M.noFile);
  if (note && note.length > 1000) throw new HttpError(422, M.noteTooLong, { note: [M.noteTooLong] });
  // the state and the limits first, before any work on the bytes
  await deps.tx(async (exec) => {
    await itemInTurn(exec, who, itemId, requestId, more);
    const used = await usage(exec, who.studioId, who.customerId, itemId);
    if (used.files + files.length > UPLOAD_FILES_PER_ITEM) throw refuse(422, M.tooManyFiles);
    const adding = files.reduce((n, f) => n + f.bytes.length, 0);
    if (used.bytes + adding > UPLOAD_CUSTOMER_MAX_BYTES) throw refuse(413, M.customerFull);
  });
  for (const f of files) if (f.bytes.length > UPLOAD_FILE_MAX_BYTES) throw refuse(413, M.fileTooLarge);
  const scanned = await screenFiles(deps.settings, files);
  const infected = scanned.some((s) => s.scan === 'quarantena');
  // an upload with an infected file keeps nothing of it but the infected files, in quarantine apart
  // from the document (the studio sees them); the others are not kept: the upload is refused whole
  const kept = infected ? scanned.filter((s) => s.scan === 'quarantena') : scanned;
  const keys: string[] = [];
  try {
    for (const s of kept) keys.push(await deps.storage.put(s.bytes, 'portal'));
    await deps.tx(async (exec) => {
      const item = await itemInTurn(exec, who, itemId, requestId, more);
      const byName = (await accessName(exec, who.studioId, who.customerId, who.personId)) || who.email;
      for (const [i, s] of kept.entries())
        await insertFile(exec, {
          studioId: who.studioId,
          customerId: who.customerId,
          // a file in quarantine is kept apart from the document: the studio sees it, the document stays to send
          itemId: infected ? null : item.id,
          origin: 'cliente',
          filename: s.filename,
          contentType: s.contentType,
          kind: s.kind,
          size: s.bytes.length,
          sha256: sha256(s.bytes),
          key: keys[i]!,
          scan: s.scan,
          scanResult: s.result,
          personId: who.personId,
          byName,
        });
      if (!infected) await setItem(exec, item.id, { status: 'inviato', customerNote: note, reason: undefined });
    });
  } catch (e) {
    await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
    throw e;
  }
  if (infected) throw refuse(422, M.infected);
  return scanned.length;
}

/** 'Non ho questo documento': the document missing, with the customer's note (required). */
export async function markMissing(deps: AppDeps, who: AreaWho, requestId: number, itemId: number, raw: unknown) {
  const note = typeof raw === 'string' ? raw.trim() : '';
  if (!note) throw new HttpError(422, M.noteRequired, { note: [M.noteRequired] });
  if (note.length > 1000) throw new HttpError(422, M.noteTooLong, { note: [M.noteTooLong] });
  await deps.tx(async (exec) => {
    const item = await itemInTurn(exec, who, itemId, requestId);
    await setItem(exec, item.id, { status: 'mancante', customerNote: note });
  });
}

/** A file of the customer's area (his own uploads, the studio's shared ones), never one in quarantine. */
export async function areaFile(deps: AppDeps, who: AreaWho, fileId: number) {
  const f = await fileOf(deps.exec, who.studioId, fileId, who.customerId);
  if (!f || f.scan === 'quarantena') throw notFound();
  if (f.origin === 'studio') await markOpened(deps.exec, f.id);
  return { name: f.filename, type: f.content_type, body: await deps.storage.get(f.storage_path) };
}

// ---------------------------------------------------------------------------------------------
// Uploads in chunks: a bad connection resumes from the last chunk received
// ---------------------------------------------------------------------------------------------

/** POST …/caricamenti: a new upload of one file for a document; answers its id and the chunk size. */
export async function startUpload(
  deps: AppDeps,
  who: AreaWho,
  raw: { item?: unknown; name?: unknown; size?: unknown },
) {
  const itemId = Number(raw.item);
  const size = Number(raw.size);
  const name = typeof raw.name === 'string' ? raw.name.slice(0, 200) : 'documento';
  if (!Number.isInteger(itemId) || itemId < 1) throw notFound();
  if (!Number.isInteger(size) || size < 1) throw refuse(422, M.noFile);
  if (size > UPLOAD_FILE_MAX_BYTES) throw refuse(413, M.fileTooLarge);
  const id = randomUUID();
  await deps.tx(async (exec) => {
    await itemInTurn(exec, who, itemId, undefined, true);
    const used = await usage(exec, who.studioId, who.customerId, itemId);
    if (used.files + 1 > UPLOAD_FILES_PER_ITEM) throw refuse(422, M.tooManyFiles);
    if (used.bytes + size > UPLOAD_CUSTOMER_MAX_BYTES) throw refuse(413, M.customerFull);
    // an upload's chunks wait in the database: a person has at most 5 unfinished uploads
    await insertUpload(exec, {
      id,
      studioId: who.studioId,
      customerId: who.customerId,
      itemId,
      personId: who.personId,
      name,
      size,
    });
  });
  return { id, chunk: UPLOAD_CHUNK_BYTES, received: 0 };
}

async function uploadOf(deps: AppDeps, who: AreaWho, id: string) {
  if (!/^[0-9a-f-]{36}$/.test(id)) throw refuse(404, M.uploadGone);
  const u = await uploadRow(deps.exec, id, who);
  if (!u) throw refuse(404, M.uploadGone);
  return u;
}

/** GET …/caricamenti/{id}: how much of the file the server has (where to resume). */
export async function uploadState(deps: AppDeps, who: AreaWho, id: string) {
  const u = await uploadOf(deps, who, id);
  return { id: u.id, size: u.size, received: u.received };
}

/**
 * PUT …/caricamenti/{id} with the chunk at `offset` (X-Upload-Offset): a chunk the server already
 * has is acknowledged again (a retry after a lost answer); one past the received bytes is refused
 * with where to resume (409). The last chunk completes the file: checked and kept as a whole upload.
 */
export async function putChunk(deps: AppDeps, who: AreaWho, id: string, offset: number, bytes: Buffer) {
  const u = await uploadOf(deps, who, id);
  if (!Number.isInteger(offset) || offset < 0) throw refuse(400, M.uploadOffset);
  if (bytes.length === 0 || bytes.length > UPLOAD_CHUNK_BYTES) throw refuse(400, M.uploadOffset);
  if (offset + bytes.length > u.size) throw refuse(413, M.fileTooLarge);
  if (offset + bytes.length <= u.received) return { received: u.received, done: false, files: 0 };
  if (offset !== u.received) return { received: u.received, done: false, files: 0, conflict: true as const };
  const moved = await deps.tx((exec) => addChunk(exec, u.id, offset, bytes));
  const now = await uploadState(deps, who, id);
  if (!moved) return { received: now.received, done: false, files: 0, conflict: true as const };
  if (now.received < u.size) return { received: now.received, done: false, files: 0 };
  // the whole file: put together, the upload's rows gone whatever the outcome (a refused file is not retried)
  const whole = await deps.tx((exec) => takeUpload(exec, u.id));
  if (whole.length !== u.size) throw refuse(409, M.uploadGone);
  const files = await uploadToItem(deps, who, undefined, u.itemId, [{ name: u.name, bytes: whole }], null, true);
  return { received: whole.length, done: true, files };
}
