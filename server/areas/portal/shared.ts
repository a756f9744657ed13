/**
 * Files the studio shares with a customer in the area (issue 50 item 3): uploaded by the studio's
 * staff (checked and scanned as the customers' are), listed for the studio with when the customer
 * first opened each one, removed when no longer wanted (its bytes go with the storage's sweep).
 */
import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { atLeast } from '../../../model/define.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { REQUEST_MESSAGES as M, UPLOAD_CUSTOMER_MAX_BYTES, UPLOAD_FILE_MAX_BYTES } from '../../../model/portal.js';
import type { SharedFile } from '../../../model/api/portal.js';
import { screenFiles } from './files.js';
import { insertFile } from './requestQueries.js';
import { portalCustomer } from './queries.js';
import { customerBytes } from './messageQueries.js';
import { deleteSharedFile, sharedFileRows } from './sharedQueries.js';

function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

async function customerOf(deps: AppDeps, ctx: Ctx, raw: unknown) {
  allow(ctx);
  const c = await portalCustomer(deps.exec, ctx.studioId, pathId(raw));
  if (!c) throw notFound();
  return c;
}

/** GET /api/customer/{id}/portal/files: the files shared with the customer, newest first, with their first opening. */
export async function sharedFiles(deps: AppDeps, ctx: Ctx, raw: unknown): Promise<SharedFile[]> {
  const c = await customerOf(deps, ctx, raw);
  return sharedFileRows(deps.exec, ctx.studioId, c.id);
}

/** POST /api/customer/{id}/portal/files (multipart, files `file`): shared with the customer; all or nothing. */
export async function shareFiles(
  deps: AppDeps,
  ctx: Ctx,
  raw: unknown,
  files: Array<{ name: string; bytes: Buffer }>,
): Promise<SharedFile[]> {
  const c = await customerOf(deps, ctx, raw);
  if (c.trashed) throw notFound();
  if (!files.length)
    throw new HttpError(422, 'Scegli almeno un file da condividere', {
      file: ['Scegli almeno un file da condividere'],
    });
  for (const f of files)
    if (f.bytes.length > UPLOAD_FILE_MAX_BYTES) throw new HttpError(413, M.fileTooLarge, { file: [M.fileTooLarge] });
  const scanned = await screenFiles(deps.settings, files);
  const bad = scanned.find((s) => s.scan === 'quarantena');
  if (bad) {
    const message = `L'antivirus ha trovato ${bad.result} in '${bad.filename}': il file non è condiviso`;
    throw new HttpError(422, message, { file: [message] });
  }
  const keys: string[] = [];
  try {
    for (const s of scanned) keys.push(await deps.storage.put(s.bytes, 'portal'));
    await deps.tx(async (exec) => {
      const used = await customerBytes(exec, ctx.studioId, c.id);
      if (used + scanned.reduce((n, s) => n + s.bytes.length, 0) > UPLOAD_CUSTOMER_MAX_BYTES)
        throw new HttpError(413, "Lo spazio dell'area clienti del cliente è pieno (500 MB)", {
          file: ["Lo spazio dell'area clienti del cliente è pieno (500 MB)"],
        });
      for (const [i, s] of scanned.entries())
        await insertFile(exec, {
          studioId: ctx.studioId,
          customerId: c.id,
          itemId: null,
          origin: 'studio',
          filename: s.filename,
          contentType: s.contentType,
          kind: s.kind,
          size: s.bytes.length,
          sha256: createHash('sha256').update(s.bytes).digest('hex'),
          key: keys[i]!,
          scan: s.scan,
          scanResult: s.result,
          personId: null,
          byName: ctx.name,
        });
    });
  } catch (e) {
    await Promise.all(keys.map((k) => deps.storage.remove(k).catch(() => undefined)));
    throw e;
  }
  return sharedFiles(deps, ctx, c.id);
}

/** DELETE /api/customer/{id}/portal/files/{fileId}: no longer shared. */
export async function unshareFile(deps: AppDeps, ctx: Ctx, raw: unknown, rawFile: unknown): Promise<SharedFile[]> {
  const c = await customerOf(deps, ctx, raw);
  const key = await deleteSharedFile(deps.exec, ctx.studioId, c.id, pathId(rawFile));
  if (!key) throw notFound();
  await deps.storage.remove(key).catch(() => undefined);
  return sharedFiles(deps, ctx, c.id);
}
