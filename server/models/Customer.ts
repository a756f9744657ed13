/** Behaviour of customers: one customer read (C13) carries its balance. */
import { customerBalance } from '../areas/accounts/statementQueries.js';
import type { ModelHooks } from './hooks.js';

export const CustomerHooks: ModelHooks = {
  async afterRead({ exec, ctx, row }) {
    row.balance = await customerBalance(exec, ctx, Number(row.id));
  },
};
