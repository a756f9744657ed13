/**
 * The files of a record (C75–C79): listed, uploaded, described, marked and removed with the
 * generic form's save.
 */
import type { Identifier } from 'react-admin';
import type { ModelDef } from '../../model/define';
import { apiDownload, apiFetch } from '../api/client';
import { queryOf, wrap } from './common';
import type { AttachmentDeleteQuery, AttachmentMetaInput, AttachmentRow } from '../../model/api/attachments';

export type { AttachmentRow };

/**
 * What the form's uploader changed (its value, `__attachments`, never sent with the record):
 * files to add, marks for deletion and descriptions of the files already there.
 */
export interface AttachmentChanges {
  add: File[];
  marks: Record<number, boolean>;
  meta: Record<number, { descrizione?: string; nota?: string }>;
}

export const ATTACHMENTS_FIELD = '__attachments';

export function takeAttachmentChanges(m: ModelDef, body: Record<string, unknown>): AttachmentChanges | null {
  const changes = body[ATTACHMENTS_FIELD] as AttachmentChanges | undefined;
  delete body[ATTACHMENTS_FIELD];
  return m.attachments && changes ? changes : null;
}

export const attachmentCalls = {
  /** C75 GET /api/{route}?{owner}= */
  async list(m: ModelDef, ownerId: Identifier, signal?: AbortSignal) {
    const a = m.attachments!;
    return (
      await wrap(
        apiFetch<{ data: AttachmentRow[] }>(`/api/${a.route}?${queryOf({ [a.ownerColumn]: String(ownerId) })}`, {
          signal,
        }),
      )
    ).data;
  },
  /** C76 POST /api/{route} multipart files[] and the owner column */
  async upload(m: ModelDef, ownerId: Identifier, files: File[]) {
    const a = m.attachments!;
    const form = new FormData();
    form.append(a.ownerColumn, String(ownerId));
    for (const f of files) form.append('files[]', f, f.name);
    return (await wrap(apiFetch<{ data: AttachmentRow[] }>(`/api/${a.route}`, { method: 'POST', body: form }))).data;
  },
  /** C77 DELETE /api/{route}/{JSON ids}?column=id */
  async remove(m: ModelDef, ids: number[]) {
    await wrap(
      apiFetch(
        `/api/${m.attachments!.route}/${encodeURIComponent(JSON.stringify(ids))}?${queryOf({ column: 'id' } satisfies AttachmentDeleteQuery)}`,
        { method: 'DELETE' },
      ),
    );
  },
  /** C79 PUT /api/allegato/{id} */
  async update(id: number, data: AttachmentMetaInput) {
    return (await wrap(apiFetch<{ data: AttachmentRow }>(`/api/allegato/${id}`, { method: 'PUT', json: data }))).data;
  },
};

/**
 * The files of a record just created: uploaded; when the upload is refused (a file the server
 * does not accept), the new record is deleted again and the form stays as it was, with the reason.
 */
export async function saveNewRecordFiles(m: ModelDef, id: Identifier, changes: AttachmentChanges) {
  if (!changes.add.length) return;
  try {
    await attachmentCalls.upload(m, id, changes.add);
  } catch (e) {
    await apiFetch(`/api/${m.snake}/${encodeURIComponent(JSON.stringify([id]))}?force_delete=1`, {
      method: 'DELETE',
    }).catch(() => undefined);
    throw e;
  }
}

/**
 * The files of a record just saved (seed B §4): descriptions and marks written, new files
 * uploaded, then the files marked for deletion removed — only once the new ones are in, so a
 * refused upload never leaves the record without its file.
 */
export async function saveRecordFiles(m: ModelDef, id: Identifier, changes: AttachmentChanges) {
  const ids = new Set([...Object.keys(changes.marks), ...Object.keys(changes.meta)].map(Number));
  for (const a of ids) {
    await attachmentCalls.update(a, {
      ...changes.meta[a],
      ...(a in changes.marks ? { marked_for_deletion: changes.marks[a] } : {}),
    });
  }
  if (changes.add.length) await attachmentCalls.upload(m, id, changes.add);
  const marked = Object.entries(changes.marks)
    .filter(([, v]) => v)
    .map(([k]) => Number(k));
  if (marked.length) await attachmentCalls.remove(m, marked);
}

export const attachmentFileCalls = {
  /** C75: the files of a record (the generic form's uploader; react-admin's dataProvider proxy wants methods at the top). */
  async listAttachments(m: ModelDef, ownerId: Identifier, params: { signal?: AbortSignal } = {}) {
    return attachmentCalls.list(m, ownerId, params.signal);
  },
  /** C78: one file, with its original name. */
  async downloadAttachment(id: number) {
    return apiDownload(`/api/allegato_download/${id}`);
  },
};
