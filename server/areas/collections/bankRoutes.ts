/**
 * Bank statements and their reconciliation (issue 29 items 4–5, additive to the seeds): the
 * columns of a CSV/XLSX to map, the import (multipart: file and, for CSV/XLSX, `mapping`), the
 * statements and a statement's lines. A line confirmed, ignored or reopened and 'Conferma tutti'
 * are their models' actions (server/models/BankStatementLineActions.ts, BankStatementActions.ts).
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Api, AppDeps } from '../../deps.js';
import { oneUpload } from '../../routes/upload.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { BankColumns, BankStatementDetail, BankStatementSummary } from '../../../model/api/collections.js';
import {
  BANK_IMPORT_MESSAGES,
  BANK_MAX_BYTES,
  bankColumns,
  importStatement,
  listStatements,
  statementDetail,
} from './bankService.js';

/** The uploaded file (one) and the `mapping` field, bounded. */
async function upload(req: FastifyRequest) {
  const { file, fields } = await oneUpload(req, {
    maxBytes: BANK_MAX_BYTES,
    tooLarge: BANK_IMPORT_MESSAGES.tooLarge,
    noFile: BANK_IMPORT_MESSAGES.noFile,
    defaultName: 'estratto',
    fields: 3,
    fieldSize: 8192,
  });
  return { file, mapping: fields.mapping };
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
        summary: `Importa un estratto conto (multipart: file CAMT.053 o CBI RH, oppure CSV/XLSX con il campo mapping in JSON; al più ${BANK_MAX_BYTES / 1024 / 1024} MB) e abbina i movimenti a clienti e addebiti aperti`,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({
            data: BankStatementSummary,
            more: z
              .array(BankStatementSummary)
              .describe('gli altri estratti dello stesso file (un file CBI RH può riportare più conti, di più banche)'),
          }),
          ...ERRORS,
        },
      },
    },
    async (req, reply) => {
      const { file, mapping } = await upload(req);
      const [first, ...more] = await importStatement(deps.exec, deps.tx, req.ctx, file, mapping);
      return reply.code(201).send({ data: first!, more });
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
}
