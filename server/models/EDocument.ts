/**
 * Behaviour of e-invoices: the year follows the date (it scopes the number, unique within the
 * year); a restore does not invoice a charge twice. The rows are written with the document by the editor's calls (the model's `writtenBy`).
 */
import type { ModelHooks } from './hooks.js';
import { HttpError } from '../errors.js';
import { invoicedElsewhere, lockInvoicing } from '../areas/invoicing/queries.js';
import { assertEditable } from '../areas/eDocuments/queries.js';

export const EDocumentHooks: ModelHooks = {
  beforeChange({ values }) {
    if (typeof values.date === 'string') values.year = Number(values.date.slice(0, 4));
  },
  /**
   * An invoice out of the trash gives its charges back to it only if no other invoice took them
   * meanwhile (issue 28: a charge is invoiced once); checked under the studio's invoicing lock.
   */
  /** an invoice sent to SdI is not trashed nor deleted: only a credit note changes it (issue 28) */
  async beforeDelete({ exec, ids }) {
    await assertEditable(exec, ids);
  },
  async afterChange({ exec, ctx, mode, id, row, before }) {
    if (mode !== 'update' || !before?.trashed || row.trashed) return;
    await lockInvoicing(exec, ctx.studioId);
    const others = await invoicedElsewhere(exec, id);
    if (others.length)
      throw new HttpError(
        409,
        `La fattura non può essere ripristinata: i suoi addebiti sono già nella fattura n. ${others.join(', ')}. Per fatturarli di nuovo qui, sposta prima quella nel cestino`,
      );
  },
};
