/** The actions of a line of a bank statement (issue 29): confirmed (posted), ignored, or reopened. */
import { z } from 'zod';
import { BankConfirmInput, BankLineView } from '../../model/api/collections.js';
import { confirmLine, ignoreLine, reopenLine } from '../areas/collections/bankService.js';
import { defineAction } from './action.js';

const tags = ['Riconciliazione bancaria'];
const answer = { 200: z.object({ data: BankLineView }) };
export const BankStatementLineActions = {
  confirm: defineAction({
    method: 'POST',
    tags,
    summary:
      "Registra il movimento: un accredito diventa un incasso del cliente (scelto, o quello proposto) che salda gli addebiti indicati, poi i più vecchi; uno storno SDD riapre ciò che l'incasso aveva saldato",
    body: BankConfirmInput,
    response: answer,
    async handler({ deps, ctx, id, body, reply }) {
      return reply.send({ data: await confirmLine(deps.exec, deps.tx, ctx, id, body) });
    },
  }),

  ignore: defineAction({
    method: 'POST',
    tags,
    summary: 'Il movimento non è un incasso di un cliente: ignorato',
    response: answer,
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await ignoreLine(deps.exec, deps.tx, ctx, id) });
    },
  }),

  reopen: defineAction({
    method: 'POST',
    tags,
    summary:
      'Annulla la registrazione (il movimento contabile va nel cestino) o l’ignora: il movimento torna da abbinare',
    response: answer,
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await reopenLine(deps.exec, deps.tx, ctx, id) });
    },
  }),
};
