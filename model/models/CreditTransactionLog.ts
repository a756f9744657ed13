import { f } from '../fields.js';
import { defineModel } from '../define.js';
import { nowDateTime } from '../dates.js';

/**
 * The kinds of movement of a user's credit (seed B §3, §5; C80): a credit adds (amount > 0), a
 * debit takes away (amount < 0).
 */
export const CREDIT_TRANSACTION_TYPES = [
  { value: 'CREDIT', text: 'Accredito' },
  { value: 'DEBIT', text: 'Addebito' },
] as const;

/**
 * The credit ledger of the studio's users (seed B §3; PRODUCT.md §7): every row changes the
 * user's balance (users.credit) in the same transaction (server/models/CreditTransactionLog.ts).
 * Behind CREDIT_ENABLED.
 */
export const CreditTransactionLog = defineModel({
  // seed B §7: the generic form uses /api/credit_transaction_log; the plural stays as an alias, and
  // the permissions keep their names (credit_transaction_logs.*)
  name: 'CreditTransactionLog',
  table: 'credit_transaction_logs',
  resource: 'credit_transaction_log',
  snake: 'credit_transaction_log',
  resourceAliases: ['credit_transaction_logs'],
  permission: 'credit_transaction_logs',
  feature: 'credit',
  formRoute: 'scheda_credit_transaction_log',
  label: 'Movimento di credito',
  plural: 'Movimenti di credito',
  fields: {
    date: f.datetime('Data', { required: true, default: () => nowDateTime(), filterable: true }),
    users_id: f.relation('Utente', 'User', { required: true, width: 6 }),
    type: f.choice('Tipo', {
      required: true,
      choices: [...CREDIT_TRANSACTION_TYPES],
      default: 'CREDIT',
      optionsEndpoint: '/api/credit_transaction_types',
      filterable: true,
    }),
    amount: f.credit('Importo', { required: true, filterable: true }),
    description: f.text('Descrizione', { max: 255, searchable: true, width: 12 }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: {
    columns: ['date', 'users_id', 'type', 'amount', 'description'],
    sort: { field: 'date', desc: true },
    expandField: 'note',
    parentField: 'users_id',
    filters: [
      { kind: 'dateInterval', field: 'date', label: 'Data' },
      {
        kind: 'combo',
        field: 'users_id',
        label: 'Utente',
        model: 'User',
        collection: 'UserResource4SelectCollection',
        hideWithParent: true,
      },
    ],
  },
  labelFields: ['description'],
  access: { read: 'Admin', write: 'Admin' },
});
