import { f } from '../fields.js';
import { defineModel } from '../define.js';

const req = { required: true };
/** The fiscal regimes an e-invoice may declare (FatturaPA RegimeFiscale): ordinary, or forfettario (0 % VAT, N2.2). */
export const FISCAL_REGIMES = [
  { value: 'RF01', text: 'RF01 - Ordinario' },
  { value: 'RF19', text: 'RF19 - Forfettario' },
] as const;
/** Studio (seed B §3, limits of seed B §5). The row is the tenant itself. */
export const Studio = defineModel({
  name: 'Studio',
  table: 'studios',
  resource: 'studios',
  snake: 'studio',
  formRoute: 'scheda_studio',
  label: 'Studio',
  plural: 'Studi',
  scope: 'tenant',
  superAdminGlobal: true,
  affectsSessions: true,
  incompleteRows: true,
  fields: {
    name: f.text('Nome', { ...req, searchable: true }),
    subtitle: f.text('Sottotitolo', req),
    email: f.text('Email', { ...req, rules: ['email'], searchable: true }),
    address: f.text('Indirizzo', req),
    tel_number: f.text('Telefono', { ...req, rules: ['phone'] }),
    fax_number: f.text('Fax', req),
    mobile_number: f.text('Cellulare', { ...req, rules: ['phone'] }),
    vat_number: f.text('Partita IVA', { searchable: true }),
    // the e-invoices' CedentePrestatore (issue 13): optional, so a registered studio's card is not
    // incomplete without them; the invoicing settings are the SuperAdmin's (seed B §6: 'Studio data
    // used for invoices is configured by SuperAdmin'), the address parts the studio's own
    fiscal_code: f.text('Codice fiscale studio', { max: 16, writeRole: 'SuperAdmin' }),
    postal_code: f.text('CAP', { max: 5, min: 5, rules: ['digits'] }),
    city: f.text('Comune', { max: 60 }),
    province: f.text('Provincia (sigla)', { max: 2, min: 2, rules: ['lettersOnly'] }),
    fiscal_regime: f.choice('Regime fiscale', {
      choices: [...FISCAL_REGIMES],
      default: 'RF01',
      writeRole: 'SuperAdmin',
    }),
    withholding_tax: f.flag("Applica la ritenuta d'acconto (20%) in fattura", { writeRole: 'SuperAdmin' }),
    cassa_previdenza: f.flag('Applica la cassa previdenza (4%) in fattura', { writeRole: 'SuperAdmin' }),
    // issue 45 item 4: the 2 € stamp duty on invoices with more than 77,47 € without VAT: charged to
    // the customer (a line of the invoice) or borne by the studio
    stamp_duty_charged: f.flag("Addebita al cliente l'imposta di bollo (2 €) in fattura", {
      default: 1,
      writeRole: 'SuperAdmin',
    }),
    // issue 28: when the customer gets the readable copy of an e-invoice by e-mail (through the outbox)
    sdi_courtesy_copy: f.choice('Copia di cortesia delle fatture', {
      choices: [
        { value: 'consegna', text: "Alla consegna (o mancata consegna) dell'SdI" },
        { value: 'invio', text: "All'invio a SdI" },
        { value: 'no', text: 'Non inviare' },
      ],
      default: 'consegna',
    }),
    website: f.text('Sito web'),
    iban: f.text('IBAN', { ...req, rules: ['iban'] }),
    // issue 29: the studio's SEPA creditor identifier, written in every direct-debit file and mandate
    sdd_creditor_id: f.text('Identificativo creditore SEPA (CID)', { max: 35, rules: ['creditorId'] }),
    footer_line1: f.text('Riga piè di pagina', req),
    note: f.longtext('Note', { width: 12 }),
    logo: f.longtext('Logo', { rules: ['image'], imageSide: 600, max: 2_000_000, width: 12 }),
    status: f.flag('Attivo', { default: 1, writeRole: 'SuperAdmin', filterable: true }),
    subscription_expire_date: f.date('Scadenza abbonamento', { writeRole: 'SuperAdmin' }),
    cc_contract: f.text('Email in copia (contratti)', { ...req, rules: ['email'] }),
    cc_account_balance: f.text('Email in copia (estratti conto)', { ...req, rules: ['email'] }),
    cc_bollettino: f.text('Email in copia (bollettini)', { ...req, rules: ['email'] }),
    manager_title: f.text('Titolo responsabile', { ...req, max: 20 }),
    manager_name: f.text('Nome responsabile', { ...req, max: 100 }),
    manager_surname: f.text('Cognome responsabile', { ...req, max: 100 }),
    manager_cf: f.text('Codice fiscale responsabile', { ...req, max: 16, rules: ['fiscalCode'] }),
    manager_birth_date: f.date('Data di nascita responsabile', req),
    manager_birth_city: f.text('Luogo di nascita responsabile', { ...req, max: 22 }),
    manager_ordine_commercialisti_number: f.text('Numero iscrizione Ordine', { ...req, max: 45 }),
    manager_ordine_commercialisti_city: f.text('Città Ordine', { ...req, max: 45 }),
    manager_ordine_commercialisti_name: f.text('Nome Ordine', { ...req, max: 255 }),
    sign_city: f.text('Città di firma', { ...req, max: 45 }),
    inps_city: f.text('Città sede INPS', { ...req, max: 45 }),
    direzione_provinciale_city: f.text('Città Direzione Provinciale del Lavoro', { ...req, max: 45 }),
  },
  list: {
    columns: ['name', 'email', 'vat_number', 'subscription_expire_date', 'status'],
    sort: { field: 'name' },
    status: {
      field: 'status',
      values: {
        1: { text: 'Attivo', color: 'success', icon: 'CheckCircle' },
        0: { text: 'Disattivato', color: 'error', icon: 'Block' },
      },
    },
  },
  labelFields: ['name'],
  access: { read: 'Admin', write: 'Admin' },
});
