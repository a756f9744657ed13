import { f } from '../fields.js';
import { defineModel } from '../define.js';
import { todayMidnight } from '../dates.js';

/**
 * The three kinds of movement of a customer's account (PRODUCT.md §5): balance =
 * Σ charges − Σ payments + Σ adjustments; positive means the customer owes the studio.
 */
export const TRANSACTION_TYPES = [
  { value: 'CHARGE', text: 'Addebito' },
  { value: 'PAYMENT', text: 'Incasso' },
  { value: 'ADJUSTMENT', text: 'Conguaglio' },
] as const;

/** A movement of a customer's account statement (seed A §3: transaction). */
export const Transaction = defineModel({
  name: 'Transaction',
  table: 'transactions',
  resource: 'transactions',
  snake: 'transaction',
  label: 'Movimento',
  plural: 'Movimenti',
  fields: {
    customer_id: f.relation('Cliente', 'Customer', { required: true, width: 6 }),
    type: f.choice('Tipo', {
      required: true,
      choices: [...TRANSACTION_TYPES],
      default: 'CHARGE',
      optionsEndpoint: '/api/transaction_types',
      filterable: true,
    }),
    // users enter amounts > 0; the services post signed adjustments (the annual balancer)
    amount: f.money('Importo', { required: true, rules: ['positive'], filterable: true }),
    date: f.datetime('Data', { required: true, default: todayMidnight, filterable: true }),
    // issue 29: a charge is due on its date unless this says otherwise (PRODUCT.md §9)
    due_date: f.date('Scadenza', { filterable: true }),
    is_yearly_installment: f.boolean('Rata annuale', { readOnly: true, default: false, filterable: true }),
    studio_service_id: f.relation('Servizio', 'StudioService'),
    payment_method_id: f.relation('Metodo di pagamento', 'PaymentMethod'),
    // the fee assignment or the month of payslips that posted it (server-managed)
    assignment_id: f.relation('Incarico', 'Assignment', { readOnly: true, formHidden: true }),
    payslip_id: f.relation('Cedolini', 'Payslip', { readOnly: true, formHidden: true }),
    transaction_note: f.text("Nota movimento (riportata nell'estratto conto)", { width: 12, searchable: true }),
    internal_note: f.longtext('Nota interna (non visibile al cliente)', { width: 12 }),
  },
  list: {
    columns: ['date', 'customer_id', 'type', 'amount', 'is_yearly_installment', 'transaction_note'],
    sort: { field: 'date', desc: true },
    expandField: 'internal_note',
    parentField: 'customer_id',
    filters: [
      { kind: 'dateInterval', field: 'date', label: 'Data', default: 'currentMonth' },
      // on one customer's statement (/table/Transaction/{customer_id}) these two are hidden
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
        hideWithParent: true,
      },
      {
        kind: 'toggle',
        field: 'is_yearly_installment',
        label: 'Rate annuali',
        options: [{ value: 1, text: 'Solo rate' }],
        hideWithParent: true,
      },
    ],
  },
  labelFields: ['transaction_note'],
  multiple: { field: 'customer_id', list: 'customer_ids' },
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
