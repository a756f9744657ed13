import { f } from '../fields.js';
import { defineModel } from '../define.js';

/**
 * A bank statement imported in 'Riconciliazione bancaria' (issue 29: CAMT.053, CSV or XLSX), once
 * per file; its lines are BankStatementLine, confirmed in bulk by its action `confirm_all`
 * (server/models/BankStatementActions.ts). Read here over the area's own table
 * (`bank_statements`, server/areas/collections/tables.ts).
 */
export const BankStatement = defineModel({
  name: 'BankStatement',
  table: 'bank_statements',
  resource: 'bank_statements',
  snake: 'bank_statement',
  label: 'Estratto conto',
  plural: 'Estratti conto',
  softDelete: false,
  areaTable: { created: 'created_at', updated: null },
  fields: {
    file_name: f.text('File', { readOnly: true, searchable: true }),
    format: f.choice('Formato', {
      choices: [
        { value: 'camt053', text: 'CAMT.053' },
        { value: 'csv', text: 'CSV' },
        { value: 'xlsx', text: 'XLSX' },
      ],
      readOnly: true,
      filterable: true,
    }),
    iban: f.text('IBAN', { max: 34, readOnly: true, searchable: true }),
    statement_ref: f.text('Riferimento', { readOnly: true, searchable: true }),
    from_date: f.date('Dal', { readOnly: true, filterable: true }),
    to_date: f.date('Al', { readOnly: true, filterable: true }),
    opening_balance: f.money('Saldo iniziale', { readOnly: true }),
    closing_balance: f.money('Saldo finale', { readOnly: true }),
    lines: f.integer('Movimenti', { readOnly: true, filterable: true }),
    duplicates: f.integer('Già importati', { readOnly: true }),
    imported_by_name: f.text('Importato da', { readOnly: true, searchable: true }),
  },
  list: {
    columns: ['file_name', 'format', 'iban', 'from_date', 'to_date', 'lines', 'closing_balance', 'imported_by_name'],
    sort: { field: 'to_date', desc: true },
    filters: [{ kind: 'dateInterval', field: 'to_date', label: 'Fino al' }],
    rowLinks: [{ label: 'Movimenti', path: '/table/BankStatementLine/:id' }],
  },
  labelFields: ['file_name'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy: "'Riconciliazione bancaria' (POST /api/bank/statements)",
  madeIn: { title: 'Riconciliazione bancaria', path: '/riconciliazione' },
  readOnly: true,
});
