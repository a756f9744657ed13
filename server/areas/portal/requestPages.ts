/**
 * The area's pages of document requests (issue 50 item 2): the customer's requests (open ones by
 * deadline, late ones marked, then the completed ones of the last 90 days) and one request with its
 * documents — each with its state, the studio's reason when asked again, the files sent, and, in the
 * customer's turn, the upload form (files or a photo from the camera; several at once) and 'Non ho
 * questo documento' with a note. The forms work without a script; with it (areaScript.ts) files go in
 * chunks with a progress bar and resume after a bad connection.
 */
import { esc } from '../../render/frame.js';
import { displayDate, displayDateTime } from '../../../model/dates.js';
import {
  CUSTOMER_TURN,
  FILE_ACCEPT,
  ITEM_STATUS_LABELS,
  PORTAL_PATH,
  UPLOAD_FILE_MAX_BYTES,
  UPLOAD_FILES_PER_ITEM,
} from '../../../model/portal.js';
import { insidePage, type Notice, type PortalViewer } from './pages.js';
import type { FileRow, ItemRow, RequestRow } from './requestQueries.js';

/** What the file pickers offer (the server checks the content whatever is picked). */
export const ACCEPT = FILE_ACCEPT;

export const sizeText = (n: number) =>
  n >= 1024 * 1024 ? `${(n / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

const late = (r: RequestRow, today: string) => r.status === 'aperta' && r.due_date < today && r.customer_turn > 0;

/** The list of the customer's requests. */
export function requestsPage(v: PortalViewer, requests: RequestRow[], today: string) {
  const open = requests.filter((r) => r.status === 'aperta');
  const closed = requests.filter((r) => r.status !== 'aperta');
  const card = (r: RequestRow) => `<li><a href="${PORTAL_PATH}/richieste/${r.id}">
<span><strong>${esc(r.title)}</strong>
<small>${r.status === 'aperta' ? `Entro il ${displayDate(r.due_date)}${late(r, today) ? ' — <span class="late-text">in ritardo</span>' : ''}` : `Completata il ${displayDate(r.closed_at!.slice(0, 10))}`}</small>
<small>${r.accepted} di ${r.items} documenti accettati${r.customer_turn ? ` · ${r.customer_turn} da inviare` : ''}${r.to_review ? ` · ${r.to_review} in controllo` : ''}</small></span></a></li>`;
  return insidePage(
    v,
    'Documenti richiesti',
    `${open.length ? `<ul class="list">${open.map(card).join('\n')}</ul>` : '<p>Lo studio non le chiede documenti in questo momento.</p>'}
${closed.length ? `<h2>Richieste completate</h2><ul class="list">${closed.map(card).join('\n')}</ul>` : ''}`,
  );
}

const fileLine = (f: FileRow) =>
  `<li${f.rejected ? ' class="rejected"' : ''}><a href="${PORTAL_PATH}/file/${f.id}">${esc(f.filename)}</a> <small>${sizeText(f.size)} · ${esc(displayDateTime(f.created_at))}${f.rejected ? ' · non accettato' : ''}</small></li>`;

function itemCard(v: PortalViewer, r: RequestRow, item: ItemRow & { files: FileRow[] }, errors: ItemErrors) {
  const turn = r.status === 'aperta' && CUSTOMER_TURN.includes(item.status);
  const err = errors.itemId === item.id ? errors : null;
  const base = `${PORTAL_PATH}/richieste/${r.id}/voci/${item.id}`;
  const uploadError = err?.file ? `<p class="error" id="fe-${item.id}">${esc(err.file)}</p>` : '';
  const noteError = err?.note ? `<p class="error" id="ne-${item.id}">${esc(err.note)}</p>` : '';
  const files = item.files.filter((f) => f.scan !== 'quarantena');
  return `<section class="item" aria-labelledby="it-${item.id}">
<h2 id="it-${item.id}">${esc(item.label)}</h2>
<p class="state s-${item.status}">${esc(ITEM_STATUS_LABELS[item.status])}</p>
${item.status === 'da_rifare' && item.review_reason ? `<p class="reason"><strong>Lo studio chiede di nuovo:</strong> ${esc(item.review_reason)}</p>` : ''}
${item.customer_note ? `<p class="muted">La sua nota: ${esc(item.customer_note)}</p>` : ''}
${files.length ? `<ul class="files">${files.map(fileLine).join('')}</ul>` : ''}
${
  turn
    ? `<form method="post" action="${base}/file?csrf=${esc(v.csrf)}" enctype="multipart/form-data" data-upload="${item.id}" data-csrf="${esc(v.csrf)}">
<label for="f-${item.id}">Scegli i file</label>
<input type="file" id="f-${item.id}" name="file" multiple accept="${ACCEPT}" aria-describedby="fh-${item.id}${uploadError ? ` fe-${item.id}` : ''}"${uploadError ? ' aria-invalid="true"' : ''}>
<label for="c-${item.id}">Oppure scatta una foto</label>
<input type="file" id="c-${item.id}" name="file" accept="image/*" capture="environment">
<p class="hint" id="fh-${item.id}">PDF, foto, Word o Excel; fino a ${UPLOAD_FILE_MAX_BYTES / 1024 / 1024} MB ciascuno, al massimo ${UPLOAD_FILES_PER_ITEM} per documento.</p>
${uploadError}
<div class="progress" hidden><progress max="100" value="0" aria-label="Invio di ${esc(item.label)}"></progress></div>
<p class="upload-status" role="status" aria-live="polite"></p>
<div class="stack"><button type="submit">Invia</button></div>
</form>
<details${err?.note ? ' open' : ''}><summary>Non ho questo documento</summary>
<form method="post" action="${base}/mancante" novalidate>
<input type="hidden" name="csrf" value="${esc(v.csrf)}">
<label for="n-${item.id}">Nota per lo studio</label>
<textarea id="n-${item.id}" name="note" rows="3" maxlength="1000" required${noteError ? ` aria-invalid="true" aria-describedby="ne-${item.id}"` : ''}></textarea>
${noteError}
<div class="stack"><button type="submit" class="secondary">Invia la nota</button></div>
</form></details>`
    : ''
}
</section>`;
}

export interface ItemErrors {
  itemId?: number;
  file?: string;
  note?: string;
}

/** One request with its documents. */
export function requestPage(
  v: PortalViewer,
  r: RequestRow,
  items: Array<ItemRow & { files: FileRow[] }>,
  today: string,
  notice?: Notice | null,
  errors: ItemErrors = {},
) {
  const head = `<section class="lead">
<p><strong>Entro il ${displayDate(r.due_date)}</strong>${late(r, today) ? ' — <span class="late-text">in ritardo</span>' : ''}</p>
<p>${r.accepted} di ${r.items} documenti accettati dallo studio.</p>
${r.message ? `<p class="message">${esc(r.message)}</p>` : ''}
${r.status === 'completata' ? '<p><strong>Richiesta completata: grazie.</strong></p>' : ''}
</section>`;
  return insidePage(v, r.title, `${head}\n${items.map((i) => itemCard(v, r, i, errors)).join('\n')}`, notice);
}
