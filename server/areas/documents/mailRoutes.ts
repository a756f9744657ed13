/**
 * The documents sent by e-mail (seed A §7): payment notices C20, account statements C31,
 * contracts C32. Each message goes to the mail outbox (server/areas/mail); the answer says how many
 * were queued. The work is in server/areas/documents/mailService.ts.
 */
import { MailQueued } from '../../../model/api/mail.js';
import { AccountBalancesQuery, BollettinoMailInput, ContractsMailQuery } from '../../../model/api/documents.js';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { BOLLETTINO_QUEUED } from '../../../model/mail.js';
import { emailAccountStatements, emailBollettini, emailContracts } from './mailService.js';

export async function documentMailRoutes(api: Api, deps: AppDeps) {
  const tags = ['Documenti via email'];

  api.post(
    '/bollettino/actions/email_pdf',
    {
      schema: {
        tags,
        summary:
          "C20 Invia per email il bollettino di ciascun cliente (Bollettino.pdf), in copia all'indirizzo bollettini dello studio",
        body: BollettinoMailInput,
        response: { 201: MailQueued, ...ERRORS },
      },
    },
    async (req, reply) => {
      const data = await emailBollettini(deps, req.ctx, req.body);
      return reply.status(201).send({ message: BOLLETTINO_QUEUED, data });
    },
  );

  api.get(
    '/send_account_balance_mail',
    {
      schema: {
        tags,
        summary:
          "C31 Invia per email l'estratto conto di ciascun cliente per il periodo (EstrattoConto.pdf), in copia all'indirizzo estratti conto dello studio",
        querystring: AccountBalancesQuery,
        response: { 200: MailQueued, ...ERRORS },
      },
    },
    async (req) => {
      const data = await emailAccountStatements(deps, req.ctx, req.query);
      return { message: `Invio degli estratti conto inserito nella coda (${data.queued} email)`, data };
    },
  );

  api.get(
    '/send_contract_pdf',
    {
      schema: {
        tags,
        summary:
          "C32 Invia per email la lettera di incarico di ciascun cliente (Contratto.pdf), in copia all'indirizzo contratti dello studio",
        querystring: ContractsMailQuery,
        response: { 200: MailQueued, ...ERRORS },
      },
    },
    async (req) => {
      const data = await emailContracts(deps, req.ctx, req.query);
      return { message: `Invio dei contratti inserito nella coda (${data.queued} email)`, data };
    },
  );
}
