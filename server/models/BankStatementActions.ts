/** The actions of a bank statement (issue 29): 'Conferma tutti'. */
import { z } from 'zod';
import { BankConfirmedAll } from '../../model/api/collections.js';
import { confirmAll } from '../areas/collections/bankService.js';
import { defineAction } from './action.js';

const tags = ['Riconciliazione bancaria'];
export const BankStatementActions = {
  confirm_all: defineAction({
    method: 'POST',
    tags,
    summary: 'Conferma tutti gli abbinamenti sicuri (stato abbinato) dell’estratto conto',
    response: { 200: z.object({ data: BankConfirmedAll }) },
    async handler({ deps, ctx, id, reply }) {
      return reply.send({ data: await confirmAll(deps.exec, deps.tx, ctx, id) });
    },
  }),
};
