/**
 * Behaviour of customers: one customer read (C13) carries its balance; a customer with an
 * anti-money-laundering file is neither trashed nor deleted (Regola Tecnica 3, issue 48).
 */
import { customerBalance } from '../areas/accounts/statementQueries.js';
import { customersWithAmlFile } from '../areas/aml/index.js';
import { HttpError } from '../errors.js';
import type { ModelHooks } from './hooks.js';

export const AML_KEEP_MESSAGE = (names: string) =>
  `Il fascicolo antiriciclaggio va conservato per dieci anni dalla fine del rapporto (art. 31 D.Lgs. 231/2007, Regola Tecnica n. 3): ${names} non si può eliminare né spostare nel cestino. Segna il cliente come cessato.`;

export const CustomerHooks: ModelHooks = {
  async afterRead({ exec, ctx, row }) {
    row.balance = await customerBalance(exec, ctx, Number(row.id));
  },
  async beforeDelete({ exec, ctx, ids }) {
    const kept = await customersWithAmlFile(exec, ctx.studioId, ids);
    if (!kept.size) return;
    const n = kept.size;
    throw new HttpError(409, AML_KEEP_MESSAGE(n === 1 ? 'il cliente' : `${n} dei clienti scelti`));
  },
};
