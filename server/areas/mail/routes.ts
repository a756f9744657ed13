/**
 * 'Posta in uscita' (PRODUCT.md §6): the outbox of the caller's studio (the SuperAdmin's: every
 * studio's and the vendor's own mail), Admin and above. The messages newest first with their
 * state, one message with its attachments, an attachment, the message as `.eml`, and 'Riprova'
 * for a failed or kept message (queued again and handed to the worker).
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MAIL_PER_PAGE_DEFAULT as PER_PAGE_DEFAULT,
  MAIL_PER_PAGE_MAX as PER_PAGE_MAX,
  MailAttachmentParams,
  MailDetail,
  MailOutboxPage,
  MailOutboxQuery,
  MailParams,
  MailRetried,
} from '../../../model/api/mail.js';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { atLeast } from '../../../model/define.js';
import { MAIL_KINDS, MAIL_STATUSES, MAIL_STATUS_LABELS, isMailStatus, type MailStatus } from '../../../model/mail.js';
import { listMails, mailAttachment, mailDetail, mailMessage, requeueMail, type MailListRow } from './queries.js';
import { emlOf } from './compose.js';
import { oneId } from '../../records/ids.js';

const labelled = <T extends MailListRow>(r: T) => ({
  ...r,
  kind_label: MAIL_KINDS[r.kind] ?? r.kind,
  status_label: MAIL_STATUS_LABELS[r.status] ?? r.status,
});

/** a positive whole number of the address, else the message is not there (404) */
function idOf(raw: unknown): number {
  const id = oneId(raw);
  if (id === null) throw notFound();
  return id;
}

export async function mailRoutes(api: Api, deps: AppDeps) {
  const tags = ['Posta in uscita'];

  /** Admin and above; the studio whose messages the caller sees (null: every one, SuperAdmin) */
  const scopeOf = (req: FastifyRequest) => {
    if (!atLeast(req.ctx.role, 'Admin')) throw forbidden();
    return req.ctx.role === 'SuperAdmin' ? null : req.ctx.studioId;
  };

  api.get(
    '/mail_outbox',
    {
      schema: {
        tags,
        summary: 'Posta in uscita: i messaggi dello studio, dal più recente, con stato, tentativi ed errori',
        querystring: MailOutboxQuery,
        response: {
          200: MailOutboxPage,
          ...ERRORS,
        },
      },
    },
    async (req) => {
      const studioId = scopeOf(req);
      const q = req.query;
      const errors: Record<string, string[]> = {};
      const status =
        q.status === undefined || q.status === ''
          ? null
          : isMailStatus(q.status)
            ? q.status
            : ((errors.status = [`Stato non valido: ${MAIL_STATUSES.join(', ')}`]), null);
      const whole = (raw: string | undefined, field: string, fallback: number, max: number) => {
        if (raw === undefined || raw === '') return fallback;
        if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1 || Number(raw) > max) {
          errors[field] = [`Numero intero da 1 a ${max}`];
          return fallback;
        }
        return Number(raw);
      };
      const page = whole(q.page, 'page', 1, 999_999);
      const perPage = whole(q.items_per_page, 'items_per_page', PER_PAGE_DEFAULT, PER_PAGE_MAX);
      if (Object.keys(errors).length) throw new HttpError(422, MSG.validation, errors);
      const { rows, total, counts } = await listMails(
        deps.exec,
        studioId,
        status as MailStatus | null,
        perPage,
        (page - 1) * perPage,
      );
      return {
        data: rows.map(labelled),
        meta: {
          total,
          current_page: page,
          per_page: perPage,
          last_page: Math.max(1, Math.ceil(total / perPage)),
          counts,
          smtp_configured: !!deps.settings.smtpUrl,
        },
      };
    },
  );

  api.get(
    '/mail_outbox/:id',
    {
      schema: {
        tags,
        summary: 'Un messaggio della posta in uscita con il testo e gli allegati (nomi e dimensioni)',
        params: MailParams,
        response: { 200: z.object({ data: MailDetail }), ...ERRORS },
      },
    },
    async (req) => {
      const studioId = scopeOf(req);
      const row = await mailDetail(deps.exec, studioId, idOf(req.params.id));
      if (!row) throw notFound();
      return { data: labelled(row) };
    },
  );

  api.get(
    '/mail_outbox/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Scarica un allegato di un messaggio della posta in uscita',
        params: MailAttachmentParams,
        response: { 200: z.any().describe('il file allegato'), ...ERRORS },
      },
    },
    async (req, reply) => {
      const studioId = scopeOf(req);
      const p = req.params;
      const file = await mailAttachment(deps.exec, studioId, idOf(p.id), idOf(p.attachmentId));
      if (!file) throw notFound();
      return sendDownload(reply, { name: file.filename, type: file.contentType, body: file.content });
    },
  );

  api.get(
    '/mail_outbox/:id/eml',
    {
      schema: {
        tags,
        summary: 'Scarica il messaggio come file .eml (lo stesso messaggio inviato, con gli allegati)',
        params: MailParams,
        response: { 200: z.any().describe('il messaggio (message/rfc822)'), ...ERRORS },
      },
    },
    async (req, reply) => {
      const studioId = scopeOf(req);
      const id = idOf(req.params.id);
      const message = await mailMessage(deps.exec, studioId, id);
      if (!message) throw notFound();
      return sendDownload(reply, { name: `Messaggio_${id}.eml`, type: 'message/rfc822', body: await emlOf(message) });
    },
  );

  api.post(
    '/mail_outbox/:id/actions/retry',
    {
      schema: {
        tags,
        summary: 'Riprova: rimette in coda un messaggio non inviato o trattenuto',
        params: MailParams,
        response: { 200: MailRetried, ...ERRORS },
      },
    },
    async (req) => {
      const studioId = scopeOf(req);
      const id = idOf(req.params.id);
      const outcome = await requeueMail(deps.exec, studioId, id);
      if (!outcome) throw notFound();
      if (outcome !== 'queued') {
        throw new HttpError(
          409,
          `Si può riprovare solo un messaggio non inviato o trattenuto: questo è '${MAIL_STATUS_LABELS[outcome]}'`,
        );
      }
      await deps.mail.handOff([id]);
      const row = await mailDetail(deps.exec, studioId, id);
      if (!row) throw notFound();
      return { message: 'Messaggio inserito nella coda di invio', data: labelled(row) };
    },
  );
}
