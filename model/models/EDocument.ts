import { f, today } from '../fields.js';
import { defineModel } from '../define.js';

/** The document types of seed B (C58 edocument_types). */
export const EDOCUMENT_TYPES = [
  { value: 'TD01', text: 'Fattura' },
  { value: 'TD04', text: 'Nota di Credito' },
] as const;

/**
 * Where an invoice is in its life through SdI (issue 28): a draft until sent; 'in_invio' while its
 * file is queued or being handed to the intermediary; 'inviata' once the intermediary has it;
 * then SdI's outcome: delivered (RC), rejected (NS: it can be corrected and sent again), or not
 * deliverable (MC: SdI put it in the customer's reserved area, the invoice is issued all the same).
 * Written by the sending and the notifications only (read-only to the generic calls).
 */
export const SDI_STATUSES = [
  { value: 'bozza', text: 'Bozza' },
  { value: 'in_invio', text: 'In invio' },
  { value: 'inviata', text: 'Inviata' },
  { value: 'consegnata', text: 'Consegnata' },
  { value: 'scartata', text: 'Scartata' },
  { value: 'mancata_consegna', text: 'Mancata consegna' },
] as const;
export type SdiStatus = (typeof SDI_STATUSES)[number]['value'];
/** the statuses in which the invoice can still be changed and sent (again) */
export const SDI_EDITABLE: readonly SdiStatus[] = ['bozza', 'scartata'];
/** the statuses of an invoice on its way to SdI: its outcome is still to come */
export const SDI_PENDING: readonly string[] = ['in_invio', 'inviata'];
/** how often the screens read again the status of an invoice on its way */
export const SDI_POLL_MS = 3000;

/**
 * An electronic invoice (FatturaPA) of the studio to a customer (seed B §3, issue 13): its header
 * here; its service rows (`e_document_services`) and totals are written by the e-invoice editor's
 * calls (C52, C53), never by the generic ones. Numbered per studio and year: the number is unique
 * within its year, trashed documents included (a number once issued is not issued again).
 */
export const EDocument = defineModel({
  name: 'EDocument',
  table: 'e_documents',
  resource: 'edocuments',
  snake: 'e_document',
  formRoute: 'scheda_EDocument',
  label: 'Fattura elettronica',
  plural: 'Fatture elettroniche',
  fields: {
    type: f.choice('Tipo', {
      required: true,
      choices: [...EDOCUMENT_TYPES],
      default: 'TD01',
      optionsEndpoint: '/api/edocument_types',
      filterable: true,
    }),
    number: f.text('Numero', { required: true, max: 20, searchable: true, unique: true, uniqueWith: ['year'] }),
    date: f.date('Data', { required: true, default: today, filterable: true }),
    // the year of the date (set with it): the number's scope
    year: f.integer('Anno', { readOnly: true, formHidden: true }),
    customer_id: f.relation('Cliente', 'Customer', { required: true, width: 6 }),
    corrects_id: f.relation('Fattura corretta', 'EDocument'),
    taxable: f.money('Imponibile', { readOnly: true }),
    tax: f.money('IVA', { readOnly: true }),
    total: f.money('Totale documento', { readOnly: true }),
    // issue 45 item 1: ImportoPagamento, what the customer pays (total less the withholding)
    payable: f.money('Netto a pagare', { readOnly: true }),
    sdi_status: f.choice('Stato SdI', {
      choices: [...SDI_STATUSES],
      default: 'bozza',
      readOnly: true,
      formHidden: true,
      filterable: true,
    }),
  },
  list: {
    columns: ['date', 'number', 'type', 'customer_id', 'taxable', 'tax', 'total', 'sdi_status'],
    sort: { field: 'date', desc: true },
    parentField: 'customer_id',
    filters: [
      { kind: 'dateInterval', field: 'date', label: 'Data', default: 'currentMonth' },
      // on one customer's documents (/table/EDocument/{customer_id}) the customer filter is hidden
      {
        kind: 'combo',
        field: 'customer_id',
        label: 'Cliente',
        model: 'Customer',
        collection: 'CustomerResource4SelectCollection',
        hideWithParent: true,
      },
      { kind: 'toggle', field: 'type', label: 'Tipo', options: [...EDOCUMENT_TYPES] },
      { kind: 'toggle', field: 'sdi_status', label: 'Stato SdI', options: [...SDI_STATUSES] },
    ],
    status: {
      field: 'sdi_status',
      label: 'Stato SdI',
      values: {
        bozza: { text: 'Bozza', color: 'default', icon: 'Edit' },
        in_invio: { text: 'In invio', color: 'info', icon: 'HourglassEmpty' },
        inviata: { text: 'Inviata', color: 'info', icon: 'Send' },
        consegnata: { text: 'Consegnata', color: 'success', icon: 'CheckCircle' },
        scartata: { text: 'Scartata', color: 'error', icon: 'Block' },
        mancata_consegna: { text: 'Mancata consegna', color: 'warning', icon: 'Warning' },
      },
    },
  },
  labelFields: ['number'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy: "l'editor delle fatture (POST/PUT /api/edocument)",
});
