/**
 * Behaviour of e-invoices: the year follows the date (it scopes the number, unique within the
 * year). The rows are written with the document by the editor's calls (the model's `writtenBy`).
 */
import type { ModelHooks } from './hooks.js';

export const EDocumentHooks: ModelHooks = {
  beforeChange({ values }) {
    if (typeof values.date === 'string') values.year = Number(values.date.slice(0, 4));
  },
};
