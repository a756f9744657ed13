/**
 * The area's page of messages (issue 50 item 5): the thread with the studio, oldest first — each
 * message's text shown as text (escaped, its lines kept), its files to download — and the form to
 * write (the text, up to 5 files; multipart, so that a photo goes with it). Opening the page reads
 * the studio's messages. A message of 1 MB, an empty one, a file refused: the page again with the
 * message under its field and what was written kept.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.js';
import { HttpError } from '../../errors.js';
import { esc } from '../../render/frame.js';
import { fileParts } from '../../routes/upload.js';
import { displayDateTime } from '../../../model/dates.js';
import {
  MESSAGE_FILES_MAX,
  MESSAGE_MAX_CHARS,
  MESSAGE_MESSAGES as M,
  PORTAL_PATH,
  REQUEST_MESSAGES,
  UPLOAD_FILE_MAX_BYTES,
} from '../../../model/portal.js';
import { addTile, portalCtx, queryOf, sendHtml, type PortalCtx } from './areaSession.js';
import { insidePage, type Notice } from './pages.js';
import { markRead, postMessage, threadOf, unreadIn, type MessageRow } from './messages.js';
import { ACCEPT, sizeText } from './requestPages.js';

const config = (max: number) => ({ public: true, rateLimit: { max, timeWindow: '1 minute' } });

const CSS = `
.thread{list-style:none;margin:0 0 1rem;padding:0;display:grid;gap:.75rem}
.msg{background:#fff;border:1px solid #d5dbe3;border-radius:12px;padding:.75rem 1rem;max-width:92%}
.msg.mine{justify-self:end;background:#eef3f9;border-color:#b9c7da}
.msg .who{font-size:.85rem;color:#4b5563;margin:0 0 .25rem}
.msg .text{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
textarea{min-height:8rem}
`;

addTile(async (deps, ctx) => {
  const n = await unreadIn(deps.exec, ctx.studioId, ctx.customerId, 'cliente');
  return {
    href: `${PORTAL_PATH}/messaggi`,
    label: 'Messaggi con lo studio',
    count: n,
    countLabel: `${n} messaggi nuovi`,
  };
});

function messageHtml(m: MessageRow) {
  const files = m.files
    .filter((f) => f.scan !== 'quarantena')
    .map(
      (f) => `<li><a href="${PORTAL_PATH}/file/${f.id}">${esc(f.filename)}</a> <small>${sizeText(f.size)}</small></li>`,
    )
    .join('');
  return `<li class="msg${m.side === 'cliente' ? ' mine' : ''}">
<p class="who">${m.side === 'studio' ? 'Studio' : 'Lei'} · ${esc(m.author_name)} · ${esc(displayDateTime(m.created_at))}</p>
<p class="text">${esc(m.body)}</p>${files ? `<ul class="files">${files}</ul>` : ''}</li>`;
}

function messagesPage(
  ctx: PortalCtx,
  messages: MessageRow[],
  o: { notice?: Notice | null; body?: string; errors?: { body?: string; file?: string } } = {},
) {
  const e = o.errors ?? {};
  const list = messages.length
    ? `<ol class="thread" aria-label="Messaggi">${messages.map(messageHtml).join('\n')}</ol>`
    : '<p>Nessun messaggio: scriva allo studio qui sotto.</p>';
  const form = `<section aria-labelledby="scrivi"><h2 id="scrivi">Scrivi allo studio</h2>
<form method="post" action="${PORTAL_PATH}/messaggi?csrf=${esc(ctx.viewer.csrf)}" enctype="multipart/form-data">
<label for="body">Messaggio</label>
<textarea id="body" name="body" rows="5" maxlength="${MESSAGE_MAX_CHARS}" required aria-describedby="body-hint${e.body ? ' body-err' : ''}"${e.body ? ' aria-invalid="true"' : ''}>${esc(o.body ?? '')}</textarea>
<p class="hint" id="body-hint">Al massimo 5.000 caratteri. Lo studio riceve un avviso per e-mail.</p>
${e.body ? `<p class="error" id="body-err">${esc(e.body)}</p>` : ''}
<label for="allegati">Allegati (facoltativi)</label>
<input type="file" id="allegati" name="file" multiple accept="${ACCEPT}" aria-describedby="file-hint${e.file ? ' file-err' : ''}"${e.file ? ' aria-invalid="true"' : ''}>
<p class="hint" id="file-hint">Fino a ${MESSAGE_FILES_MAX} file, ${UPLOAD_FILE_MAX_BYTES / 1024 / 1024} MB ciascuno.</p>
${e.file ? `<p class="error" id="file-err">${esc(e.file)}</p>` : ''}
<div class="stack"><button type="submit">Invia il messaggio</button></div>
</form></section>`;
  return insidePage(ctx.viewer, 'Messaggi con lo studio', `${list}\n${form}`, o.notice, false, CSS);
}

/** The form's text and files; a text over the limit is refused, not cut. */
async function readMessage(req: FastifyRequest) {
  const { files, fields, cut } = await fileParts(req, {
    maxBytes: UPLOAD_FILE_MAX_BYTES,
    files: MESSAGE_FILES_MAX,
    fields: 3,
    fieldSize: MESSAGE_MAX_CHARS * 4,
    tooLarge: REQUEST_MESSAGES.fileTooLarge,
    tooMany: M.tooManyFiles,
    notMultipart: { status: 400, message: M.empty, field: 'body' },
    badParts: { status: 400, message: M.empty, field: 'body' },
  });
  if (cut.has('body')) throw new HttpError(422, M.tooLong, { body: [M.tooLong] });
  return { body: (fields.body ?? '').slice(0, MESSAGE_MAX_CHARS + 1), files };
}

export async function messagePageRoutes(scope: FastifyInstance, deps: AppDeps): Promise<void> {
  scope.get(`${PORTAL_PATH}/messaggi`, { config: config(120) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    const messages = await threadOf(deps.exec, ctx.studioId, ctx.customerId);
    await markRead(deps.exec, ctx.studioId, ctx.customerId, 'cliente');
    const sent = queryOf(req).inviato === '1';
    return sendHtml(
      reply,
      200,
      messagesPage(ctx, messages, { notice: sent ? { kind: 'ok', text: 'Messaggio inviato allo studio.' } : null }),
    );
  });

  scope.post(`${PORTAL_PATH}/messaggi`, { config: config(20) }, async (req, reply) => {
    const ctx = await portalCtx(deps, req, reply);
    if (!ctx) return reply;
    let body = '';
    try {
      const input = await readMessage(req);
      body = input.body;
      await postMessage(deps, {
        studioId: ctx.studioId,
        customerId: ctx.customerId,
        side: 'cliente',
        personId: ctx.personId,
        userId: null,
        authorName: ctx.personName,
        body: input.body,
        files: input.files,
      });
      return reply.header('Cache-Control', 'no-store').redirect(`${PORTAL_PATH}/messaggi?inviato=1`, 303);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      const field = e.errors && 'file' in e.errors ? 'file' : 'body';
      const messages = await threadOf(deps.exec, ctx.studioId, ctx.customerId);
      return sendHtml(
        reply,
        e.status,
        messagesPage(ctx, messages, { body: body.slice(0, MESSAGE_MAX_CHARS), errors: { [field]: e.message } }),
      );
    }
  });
}
