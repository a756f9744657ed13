import { f } from '../fields.js';
import { defineModel } from '../define.js';

/** The kinds of event of an invoice's life through SdI, named as its timeline names them. */
export const SDI_EVENT_KINDS = [
  { value: 'invio', text: 'File inviato a SdI' },
  { value: 'errore', text: "Rifiutata dall'intermediario" },
  { value: 'copia', text: 'Copia di cortesia' },
  { value: 'RC', text: 'Ricevuta di consegna' },
  { value: 'NS', text: 'Notifica di scarto' },
  { value: 'MC', text: 'Mancata consegna' },
  { value: 'NE', text: 'Esito committente' },
  { value: 'DT', text: 'Decorrenza termini' },
  { value: 'AT', text: 'Impossibilità di recapito' },
] as const;

/**
 * An event of an e-invoice's life through SdI (issue 28): the file sent, an intermediary's
 * refusal, each of SdI's notifications (with its XML: the action `xml`,
 * server/models/SdiEventActions.ts), the courtesy copy. Written by the sending and the
 * notifications only; read here over the area's own table (`sdi_events`,
 * server/areas/sdi/tables.ts), whose time of the event (`at`) is the row's creation.
 */
export const SdiEvent = defineModel({
  name: 'SdiEvent',
  table: 'sdi_events',
  resource: 'sdi_events',
  snake: 'sdi_event',
  label: 'Evento SdI',
  plural: 'Eventi SdI',
  softDelete: false,
  areaTable: { created: 'at', updated: null },
  fields: {
    at: f.datetime('Data e ora', { readOnly: true, filterable: true }),
    e_document_id: f.relation('Fattura', 'EDocument', { readOnly: true, width: 6 }),
    kind: f.choice('Evento', { choices: [...SDI_EVENT_KINDS], readOnly: true, filterable: true }),
    description: f.longtext('Descrizione', { readOnly: true, searchable: true }),
    file_name: f.text('File', { max: 120, readOnly: true, searchable: true }),
    notification_id: f.text('Identificativo della notifica', { max: 100, readOnly: true, searchable: true }),
  },
  list: {
    columns: ['at', 'e_document_id', 'kind', 'description', 'file_name'],
    sort: { field: 'at', desc: true },
    parentField: 'e_document_id',
    filters: [
      { kind: 'dateInterval', field: 'at', label: 'Data' },
      { kind: 'toggle', field: 'kind', label: 'Evento', options: [...SDI_EVENT_KINDS] },
    ],
    status: {
      field: 'kind',
      label: 'Evento',
      values: {
        invio: { text: 'File inviato a SdI', color: 'info', icon: 'Send' },
        errore: { text: "Rifiutata dall'intermediario", color: 'error', icon: 'Block' },
        copia: { text: 'Copia di cortesia', color: 'default', icon: 'Send' },
        RC: { text: 'Ricevuta di consegna', color: 'success', icon: 'CheckCircle' },
        NS: { text: 'Notifica di scarto', color: 'error', icon: 'Block' },
        MC: { text: 'Mancata consegna', color: 'warning', icon: 'Warning' },
        NE: { text: 'Esito committente', color: 'info', icon: 'CheckCircle' },
        DT: { text: 'Decorrenza termini', color: 'success', icon: 'CheckCircle' },
        AT: { text: 'Impossibilità di recapito', color: 'warning', icon: 'Warning' },
      },
    },
  },
  labelFields: ['at', 'kind'],
  access: { read: 'Collaboratore', write: 'Collaboratore' },
  writtenBy: "l'invio a SdI (POST /api/sdi/send) e le sue notifiche",
  madeIn: { title: 'Fatture elettroniche', path: '/table/EDocument' },
  readOnly: true,
});
