import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** Where a line of a statement is in its reconciliation (the tabs of 'Riconciliazione bancaria'). */
export const BANK_LINE_STATUSES = [
  { value: 'unmatched', text: 'Da abbinare' },
  { value: 'proposed', text: 'Proposto' },
  { value: 'matched', text: 'Abbinato' },
  { value: 'confirmed', text: 'Registrato' },
  { value: 'ignored', text: 'Ignorato' },
] as const;

/**
 * A line (a movement) of an imported bank statement (issue 29): matched to a customer and its
 * open charges on import, then confirmed (a payment posted), ignored or reopened by its actions
 * (server/models/BankStatementLineActions.ts). Read here over the area's own table
 * (`bank_statement_lines`, server/areas/collections/tables.ts), which keeps no time of creation.
 */
export const BankStatementLine = defineModel({
  name: 'BankStatementLine',
  table: 'bank_statement_lines',
  resource: 'bank_statement_lines',
  snake: 'bank_statement_line',
  label: 'Movimento bancario',
  plural: 'Movimenti bancari',
  softDelete: false,
  areaTable: { created: null, updated: null },
  fields: {
    statement_id: f.relation('Estratto conto', 'BankStatement', { readOnly: true }),
    line_no: f.integer('N.', { readOnly: true }),
    booking_date: f.date('Data contabile', { readOnly: true, filterable: true }),
    value_date: f.date('Data valuta', { readOnly: true, filterable: true }),
    amount: f.money('Importo', { readOnly: true, filterable: true }),
    counterparty: f.text('Controparte', { readOnly: true, searchable: true }),
    counterparty_iban: f.text('IBAN della controparte', { max: 34, readOnly: true, searchable: true }),
    remittance: f.longtext('Causale', { readOnly: true, searchable: true }),
    end_to_end_id: f.text('Identificativo end-to-end', { max: 35, readOnly: true, searchable: true }),
    bank_ref: f.text('Riferimento della banca', { readOnly: true, searchable: true }),
    is_return: f.boolean('Storno SDD', { readOnly: true, filterable: true }),
    return_reason: f.text('Motivo dello storno', { max: 8, readOnly: true }),
    status: f.choice('Stato', { choices: [...BANK_LINE_STATUSES], readOnly: true, filterable: true }),
    customer_id: f.relation('Cliente', 'Customer', { readOnly: true }),
    reason: f.choice('Abbinato per', {
      choices: [
        { value: 'sdd', text: 'Addebito SDD' },
        { value: 'invoice', text: 'Numero di fattura' },
        { value: 'name', text: 'Nome' },
        { value: 'iban', text: 'IBAN' },
        { value: 'amount', text: 'Importo' },
      ],
      readOnly: true,
      filterable: true,
    }),
    reason_text: f.longtext("Motivo dell'abbinamento", { readOnly: true }),
    transaction_id: f.relation('Movimento registrato', 'Transaction', { readOnly: true }),
    confirmed_at: f.datetime('Registrato il', { readOnly: true, filterable: true }),
    confirmed_by_name: f.text('Registrato da', { readOnly: true, searchable: true }),
  },
  list: {
    columns: ['booking_date', 'amount', 'counterparty', 'remittance', 'customer_id', 'status', 'statement_id'],
    sort: { field: 'booking_date', desc: true },
    parentField: 'statement_id',
    filters: [
      { kind: 'dateInterval', field: 'booking_date', label: 'Data contabile' },
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
      },
      { kind: 'toggle', field: 'status', label: 'Stato', options: [...BANK_LINE_STATUSES] },
    ],
    status: {
      field: 'status',
      values: {
        unmatched: { text: 'Da abbinare', color: 'warning', icon: 'Warning' },
        proposed: { text: 'Proposto', color: 'info', icon: 'HourglassEmpty' },
        matched: { text: 'Abbinato', color: 'info', icon: 'CheckCircle' },
        confirmed: { text: 'Registrato', color: 'success', icon: 'CheckCircle' },
        ignored: { text: 'Ignorato', color: 'default', icon: 'DoNotDisturbOn' },
      },
    },
  },
  labelFields: ['booking_date', 'counterparty'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy:
    "l'importazione dell'estratto conto (POST /api/bank/statements) e si abbinano con le azioni confirm, ignore e reopen",
  madeIn: { title: 'Riconciliazione bancaria', path: '/riconciliazione' },
  readOnly: true,
});
