/**
 * The documents sent by e-mail (seed A §7): payment notices C20, account statements C31,
 * contracts C32. Each message goes to the mail outbox (server/areas/mail); the answer says how many
 * were queued. The work is in server/areas/documents/mailService.ts.
 */
import { z } from 'zod';
import { MailQueued } from '../../../model/api/mail.js';
import { AccountBalancesQuery, BollettinoMailInput, ContractsMailQuery } from '../../../model/api/documents.js';
import type { Api, AppDeps } from '../../deps.js';
import { ERRORS } from '../../routes/schemas.js';
import { BOLLETTINO_QUEUED } from '../../../model/mail.js';
import { emailAccountStatements, emailBollettini, emailContracts, type QueuedAnswer } from './mailService.js';

export async function documentMailRoutes(api: Api, deps: AppDeps) {
  const tags = ['Documenti via email'];
  /** The options of a GET that sends a document to each customer: its summary and query. */
  const mailCall = <Q extends z.ZodType>(summary: string, querystring: Q) => ({
    schema: { tags, summary, querystring, response: { 200: MailQueued, ...ERRORS } },
  });
  /** The answer of a sending: how many e-mails of `what` were queued. */
  const queued = (what: string, data: QueuedAnswer) => ({
    message: `Invio ${what} inserito nella coda (${data.queued} email)`,
    data,
  });

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
    mailCall(
      "C31 Invia per email l'estratto conto di ciascun cliente per il periodo (EstrattoConto.pdf), in copia all'indirizzo estratti conto dello studio",
      AccountBalancesQuery,
    ),
    async (req) => queued('degli estratti conto', await emailAccountStatements(deps, req.ctx, req.query)),
  );

  api.get(
    '/send_contract_pdf',
    mailCall(
      "C32 Invia per email la lettera di incarico di ciascun cliente (Contratto.pdf), in copia all'indirizzo contratti dello studio",
      ContractsMailQuery,
    ),
    async (req) => queued('dei contratti', await emailContracts(deps, req.ctx, req.query)),
  );
}
