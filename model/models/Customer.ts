import { f, today } from '../fields.js';
import { defineModel } from '../define.js';
import { COLLECTION_METHODS } from '../collectionMethod.js';

/** Customer: every field of seed A §3 with the limits of seed A §5. */
export const Customer = defineModel({
  name: 'Customer',
  table: 'customers',
  resource: 'customers',
  snake: 'customer',
  label: 'Cliente',
  plural: 'Clienti',
  fields: {
    cod: f.text('Codice', { max: 16, unique: true, searchable: true }),
    business_name: f.text('Ragione Sociale', { required: true, searchable: true, width: 6 }),
    vat_id: f.text('Partita IVA', { max: 11, rules: ['vat'], searchable: true }),
    fiscal_code: f.text('Codice fiscale', { max: 16, rules: ['fiscalCode'], searchable: true }),
    address: f.text('Indirizzo', { width: 6 }),
    postal_code: f.text('CAP', { max: 5, min: 5, rules: ['digits'] }),
    city: f.text('Città', { searchable: true, filterable: true }),
    // issue 47 item 5: the RiBa's debtor address needs the province (record 40)
    province: f.text('Provincia (sigla)', { max: 2, min: 2, rules: ['lettersOnly'] }),
    pec: f.text('PEC', { rules: ['email'] }),
    telephone: f.text('Telefono', { rules: ['phone'] }),
    fax: f.text('Fax', { rules: ['phone'] }),
    mobile_number: f.text('Cellulare', { rules: ['phone'] }),
    email: f.text('Email', { required: true, rules: ['email'], searchable: true }),
    yearly_number_of_installments: f.choice('Numero rate annuali', {
      choices: [
        { value: 1, text: 'Annuale' },
        { value: 2, text: 'Semestrale' },
        { value: 4, text: 'Trimestrale' },
        { value: 3, text: 'Quadrimestrale' },
        { value: 12, text: 'Mensile' },
      ],
      default: 1,
      filterable: true,
    }),
    yearly_accounting_amount: f.money('Tariffa annuale', { required: true, min: 0, filterable: true }),
    cedolino_rate: f.money('Costo cedolino', { required: true, min: 0, filterable: true, default: 0 }),
    acquisition_date: f.date('Data acquisizione', { required: true, default: today, filterable: true }),
    money_laundering_module_av1_enable_default_values: f.flag('Antiriciclaggio AV1: valori predefiniti'),
    sdi_code: f.text('Codice SDI', { max: 7, default: '0000000' }),
    // issue 45 item 3: whether the customer withholds the 20 % ritenuta (art. 23 DPR 600/73): by
    // default derived (a customer with a VAT number is a withholding agent, a private person never)
    withholding_agent: f.choice("Sostituto d'imposta (ritenuta d'acconto)", {
      choices: [
        { value: 'auto', text: 'Automatico: sì se ha la partita IVA' },
        { value: 'si', text: 'Sì: applica la ritenuta' },
        { value: 'no', text: 'No: privato, nessuna ritenuta' },
      ],
      default: 'auto',
    }),
    // issue 47 item 5: how the customer pays (model/collectionMethod.ts): the collection that picks up
    // his charges and the ModalitaPagamento of his invoices; his bank's IBAN for a RiBa
    collection_method: f.choice('Modalità di pagamento', {
      choices: [...COLLECTION_METHODS],
      default: 'auto',
      filterable: true,
      width: 6,
    }),
    bank_iban: f.text('IBAN del cliente (banca per la RiBa)', { max: 34, rules: ['iban'], width: 6 }),
    ceased: f.flag('Cessato', { filterable: true }),
    // issue 48 item 6: the end of the relationship, from which the AML file is kept ten years (RT3)
    ceased_on: f.date('Data cessazione', { filterable: true }),
    legal_representative_id: f.relation('Legale rappresentante', 'LegalRepresentative', { required: true }),
    legal_status_id: f.relation('Forma giuridica', 'LegalStatus', { listShowsCode: true }),
    collaborator_accounting_id: f.relation('Collaboratore contabilità', 'User', {
      optionsEndpoint: '/api/collaborators',
    }),
    collaborator_studio_jobs_id: f.relation('Collaboratore adempimenti', 'User', {
      optionsEndpoint: '/api/collaborators',
    }),
    note: f.longtext('Note', { width: 12 }),
  },
  list: {
    columns: [
      'cod',
      'business_name',
      'vat_id',
      'city',
      'email',
      'legal_status_id',
      'yearly_accounting_amount',
      'ceased',
    ],
    sort: { field: 'business_name' },
    expandField: 'note',
    filters: [
      {
        kind: 'combo',
        field: 'legal_status_id',
        label: 'Forma giuridica',
        model: 'LegalStatus',
        collection: 'LegalStatusResourceListCollection',
      },
      {
        kind: 'combo',
        field: 'collaborator_accounting_id',
        label: 'Collaboratore contabilità',
        endpoint: '/api/collaborators',
      },
      { kind: 'dateInterval', field: 'acquisition_date', label: 'Data acquisizione' },
      {
        kind: 'toggle',
        field: 'ceased',
        label: 'Stato',
        options: [
          { value: 0, text: 'Attivi' },
          { value: 1, text: 'Cessati' },
        ],
        default: 0,
        alwaysAnd: true,
      },
    ],
    rowLinks: [{ label: 'Estratto Conto', path: '/table/Transaction/:id' }],
    status: {
      field: 'ceased',
      values: {
        0: { text: 'Attivo', color: 'success', icon: 'CheckCircle' },
        1: { text: 'Cessato', color: 'default', icon: 'DoNotDisturbOn' },
      },
    },
  },
  labelFields: ['business_name'],
  collections: { CustomersForCedoliniCollection: { columns: ['business_name', 'email', 'cedolino_rate'] } },
  views: {
    // seed B: the payslip customers, those with a cedolino rate; a row opens its saved payslips
    // (CedoliniSavedView), the bulk action inserts a month (src/resources/CustomersForCedolini)
    CustomersForCedolini: {
      title: 'Cedolini - Clienti con costo cedolino',
      fixedFilters: [{ name: 'cedolino_rate', type: 'gt', val: [0] }],
      collection: 'CustomersForCedoliniCollection',
      columns: ['business_name', 'email', 'cedolino_rate'],
      rowPath: '/cedolini_saved/:id',
      readOnly: true,
    },
  },
  access: { read: 'Collaboratore', write: 'Collaboratore' },
});
