/**
 * Behaviour of customers: one customer read (C13) carries its balance; a customer whose
 * anti-money-laundering file must still be kept is neither trashed nor deleted (Regola Tecnica 3,
 * issue 48): the file is kept ten years from the end of the relationship, the 'Data cessazione'.
 */
import { customerBalance } from '../areas/accounts/statementQueries.js';
import { customersKeptByAml } from '../areas/aml/index.js';
import { slashDate, today } from '../../model/dates.js';
import { HttpError } from '../errors.js';
import type { ModelHooks } from './hooks.js';

const LAW =
  'il fascicolo antiriciclaggio va conservato per dieci anni dalla fine del rapporto (art. 31 D.Lgs. 231/2007, Regola Tecnica n. 3)';

/** Why these customers cannot be removed yet, naming them (at most five) and until when. */
export function amlKeepMessage(
  kept: Array<{ business_name: string; ceased_on: string | null; kept_until: string | null }>,
) {
  const shown = kept
    .slice(0, 5)
    .map((c) =>
      c.kept_until
        ? `${c.business_name} (cessato il ${slashDate(c.ceased_on)}: conservare fino al ${slashDate(c.kept_until)})`
        : `${c.business_name} (rapporto in corso)`,
    );
  const more = kept.length > 5 ? ` e altri ${kept.length - 5}` : '';
  const ongoing = kept.some((c) => !c.ceased_on);
  return (
    `Non si può eliminare né spostare nel cestino: ${LAW}. ${shown.join('; ')}${more}.` +
    (ongoing ? ' Per chiudere il rapporto segna il cliente come cessato indicando la data di cessazione.' : '')
  );
}

export const CustomerHooks: ModelHooks = {
  async afterRead({ exec, ctx, row }) {
    row.balance = await customerBalance(exec, ctx, Number(row.id));
  },
  beforeChange({ values, existing, errors }) {
    // the end of the relationship: a ceased customer has a date (today unless given), an active one none
    const has = (k: string) => Object.prototype.hasOwnProperty.call(values, k);
    const ceased = Number(has('ceased') ? values.ceased : existing?.ceased) === 1;
    const ceasedOn = has('ceased_on') ? values.ceased_on : existing?.ceased_on;
    if (ceased && !ceasedOn) values.ceased_on = today();
    if (!ceased && ceasedOn) {
      if (has('ceased_on') && values.ceased_on) {
        errors.ceased_on = [...(errors.ceased_on ?? []), 'La data di cessazione si indica solo per un cliente cessato'];
      } else values.ceased_on = null;
    }
  },
  async beforeDelete({ exec, ctx, ids }) {
    const kept = await customersKeptByAml(exec, ctx.studioId, ids, today());
    if (kept.length) throw new HttpError(409, amlKeepMessage(kept));
  },
};
