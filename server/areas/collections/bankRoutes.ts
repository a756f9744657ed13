/**
 * Bank statements and their reconciliation (issue 29 items 4–5, additive to the seeds): the
 * columns of a CSV/XLSX to map, the import (multipart: file and, for CSV/XLSX, `mapping`), the
 * statements, a statement's lines, and a line confirmed, ignored or reopened; 'Conferma tutti'.
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Api, AppDeps } from '../../deps.js';
import { HttpError } from '../../errors.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import {
  BankColumns,
  BankConfirmInput,
  BankLineView,
  BankStatementDetail,
  BankStatementSummary,
} from '../../../model/api/collections.js';
import {
  BANK_IMPORT_MESSAGES,
  BANK_MAX_BYTES,
  bankColumns,
  confirmAll,
  confirmLine,
  ignoreLine,
  importStatement,
  listStatements,
  reopenLine,
  statementDetail,
} from './bankService.js';

/** The uploaded file (one) and the `mapping` field, bounded. */
async function upload(req: FastifyRequest) {
  let file: { name: string; bytes: Buffer } | null = null;
  let mapping: string | undefined;
  try {
    for await (const part of req.parts({
      limits: { fileSize: BANK_MAX_BYTES, files: 1, fields: 3, fieldSize: 8192 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated)
          throw new HttpError(413, BANK_IMPORT_MESSAGES.tooLarge, { file: [BANK_IMPORT_MESSAGES.tooLarge] });
        file = { name: (part.filename ?? '').replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 200) || 'estratto', bytes };
      } else if (part.fieldname === 'mapping') mapping = String(part.value ?? '');
    }
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, BANK_IMPORT_MESSAGES.tooLarge, { file: [BANK_IMPORT_MESSAGES.tooLarge] });
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
      throw new HttpError(415, 'Invia il file come multipart/form-data');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new HttpError(400, 'Carica un solo file per volta');
    throw e;
  }
  if (!file) throw new HttpError(422, BANK_IMPORT_MESSAGES.noFile, { file: [BANK_IMPORT_MESSAGES.noFile] });
  return { file, mapping };
}

export async function bankRoutes(api: Api, deps: AppDeps) {
  const tags = ['Riconciliazione bancaria'];

  api.post(
    '/bank/statements/columns',
    {
      schema: {
        tags,
        summary:
          "Le colonne di un estratto conto CSV/XLSX da associare (con l'ultima associazione dello studio o una proposta); un CAMT.053 non ne ha bisogno",
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ data: BankColumns }), ...ERRORS },
      },
    },
    async (req) => {
      const { file } = await upload(req);
      return { data: await bankColumns(deps.exec, req.ctx, file.bytes) };
    },
  );

  api.post(
    '/bank/statements',
    {
      schema: {
        tags,
        summary: `Importa un estratto conto (multipart: file CAMT.053, oppure CSV/XLSX con il campo mapping in JSON; al più ${BANK_MAX_BYTES / 1024 / 1024} MB) e abbina i movimenti a clienti e addebiti aperti`,
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: BankStatementSummary }), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { file, mapping } = await upload(req);
      return reply.code(201).send({ data: await importStatement(deps.exec, deps.tx, req.ctx, file, mapping) });
    },
  );

  api.get(
    '/bank/statements',
    {
      schema: {
        tags,
        summary: 'Gli estratti conto importati, dal più recente, con i conteggi dei movimenti per stato',
        response: { 200: z.object({ data: z.array(BankStatementSummary) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await listStatements(deps.exec, req.ctx) }),
  );

  api.get(
    '/bank/statements/:id',
    {
      schema: {
        tags,
        summary: 'Un estratto conto con i suoi movimenti: abbinati, proposti, da abbinare, registrati, ignorati',
        params: IdParams,
        response: { 200: z.object({ data: BankStatementDetail }), ...ERRORS },
      },
    },
    async (req) => ({ data: await statementDetail(deps.exec, req.ctx, req.params.id) }),
  );

  api.post(
    '/bank/statements/:id/confirm_all',
    {
      schema: {
        tags,
        summary: 'Conferma tutti gli abbinamenti sicuri (stato abbinato) dell’estratto conto',
        params: IdParams,
        response: { 200: z.object({ data: z.object({ confirmed: z.number().int() }) }), ...ERRORS },
      },
    },
    async (req) => ({ data: await confirmAll(deps.exec, deps.tx, req.ctx, req.params.id) }),
  );

  api.post(
    '/bank/lines/:id/confirm',
    {
      schema: {
        tags,
        summary:
          "Registra il movimento: un accredito diventa un incasso del cliente (scelto, o quello proposto) che salda gli addebiti indicati, poi i più vecchi; uno storno SDD riapre ciò che l'incasso aveva saldato",
        params: IdParams,
        body: BankConfirmInput,
        response: { 200: z.object({ data: BankLineView }), ...ERRORS },
      },
    },
    async (req) => ({ data: await confirmLine(deps.exec, deps.tx, req.ctx, req.params.id, req.body) }),
  );

  api.post(
    '/bank/lines/:id/ignore',
    {
      schema: {
        tags,
        summary: 'Il movimento non è un incasso di un cliente: ignorato',
        params: IdParams,
        response: { 200: z.object({ data: BankLineView }), ...ERRORS },
      },
    },
    async (req) => ({ data: await ignoreLine(deps.exec, deps.tx, req.ctx, req.params.id) }),
  );

  api.post(
    '/bank/lines/:id/reopen',
    {
      schema: {
        tags,
        summary:
          'Annulla la registrazione (il movimento contabile va nel cestino) o l’ignora: il movimento torna da abbinare',
        params: IdParams,
        response: { 200: z.object({ data: BankLineView }), ...ERRORS },
      },
    },
    async (req) => ({ data: await reopenLine(deps.exec, deps.tx, req.ctx, req.params.id) }),
  );
}
