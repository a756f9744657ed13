/** The full menu tree of the product; each entry names the lowest role that sees it. */
import type { RoleName } from './define.js';

export interface MenuEntry {
  title: string;
  sub_title?: string;
  icon: string;
  link?: string;
  role: RoleName;
  children?: MenuEntry[];
  /** shown only when this feature is on (CREDIT_ENABLED) */
  feature?: 'credit';
}

/**
 * Only screens that exist: a test checks every link against the app's route table, so each
 * later capability adds its entry together with its screen.
 */
export const MENU: MenuEntry[] = [
  {
    title: 'Anagrafiche',
    sub_title: 'Clienti e dati di base',
    icon: 'Contacts',
    role: 'Collaboratore',
    children: [
      { title: 'Clienti', icon: 'People', link: '/table/Customer', role: 'Collaboratore' },
      { title: 'Importa clienti', icon: 'UploadFile', link: '/importa_clienti', role: 'Admin' },
      { title: 'Legali rappresentanti', icon: 'Badge', link: '/table/LegalRepresentative', role: 'Collaboratore' },
      { title: 'Servizi dello studio', icon: 'Work', link: '/table/StudioService', role: 'Collaboratore' },
      { title: 'Forme giuridiche', icon: 'Gavel', link: '/table/LegalStatus', role: 'Collaboratore' },
      { title: 'Metodi di pagamento', icon: 'Payments', link: '/table/PaymentMethod', role: 'Collaboratore' },
      { title: 'Conti bancari', icon: 'AccountBalance', link: '/table/BankAccount', role: 'Collaboratore' },
      { title: 'Sotto Adempimenti - Task', icon: 'TaskAlt', link: '/table/Task', role: 'Collaboratore' },
    ],
  },
  {
    title: 'Adempimenti',
    sub_title: 'Scadenze e lavorazioni per cliente',
    icon: 'Checklist',
    role: 'Collaboratore',
    children: [
      { title: 'Dashboard Adempimenti', icon: 'Dashboard', link: '/dashboard_jobs', role: 'Collaboratore' },
      { title: 'Adempimenti', icon: 'EventAvailable', link: '/table/StudioJob', role: 'Collaboratore' },
    ],
  },
  {
    title: 'Area clienti',
    sub_title: 'Documenti e messaggi dei clienti',
    icon: 'Forum',
    role: 'Collaboratore',
    children: [
      { title: 'Richieste di documenti', icon: 'FactCheck', link: '/richieste_documenti', role: 'Collaboratore' },
      { title: 'Elenchi di documenti', icon: 'Checklist', link: '/table/DocumentChecklist', role: 'Collaboratore' },
      { title: 'Messaggi dei clienti', icon: 'Chat', link: '/messaggi_clienti', role: 'Collaboratore' },
    ],
  },
  {
    title: 'Antiriciclaggio',
    sub_title: 'Adeguata verifica, controlli e autovalutazione',
    icon: 'Policy',
    role: 'Collaboratore',
    children: [
      {
        title: 'Verifiche antiriciclaggio',
        icon: 'FactCheck',
        link: '/verifiche_antiriciclaggio',
        role: 'Collaboratore',
      },
      {
        title: 'Autovalutazione e formazione',
        icon: 'Policy',
        link: '/autovalutazione_antiriciclaggio',
        role: 'Admin',
      },
    ],
  },
  {
    title: 'Contabilità',
    sub_title: 'Movimenti ed estratti conto',
    icon: 'Euro',
    role: 'Collaboratore',
    children: [
      { title: 'Movimenti', icon: 'ReceiptLong', link: '/table/Transaction', role: 'Collaboratore' },
      { title: 'Incarichi', icon: 'Assignment', link: '/table/Assignment', role: 'Collaboratore' },
      { title: 'Incarichi professionali', icon: 'Handshake', link: '/table/Engagement', role: 'Collaboratore' },
      { title: 'Addebiti degli incarichi', icon: 'EventRepeat', link: '/addebiti_incarichi', role: 'Collaboratore' },
      { title: 'Cedolini', icon: 'Receipt', link: '/table/CustomersForCedolini', role: 'Collaboratore' },
      { title: 'Bollettini', icon: 'RequestPage', link: '/NewSchedaBollettino', role: 'Collaboratore' },
      { title: 'Mandati SDD', icon: 'AccountBalance', link: '/table/SddMandate', role: 'Collaboratore' },
      { title: 'Incassa con SDD', icon: 'Payments', link: '/incassa_sdd', role: 'Collaboratore' },
      { title: 'Presenta RiBa', icon: 'RequestQuote', link: '/presenta_riba', role: 'Collaboratore' },
      { title: 'Riconciliazione bancaria', icon: 'Savings', link: '/riconciliazione', role: 'Collaboratore' },
      { title: 'Scadenzario', icon: 'EventNote', link: '/scadenzario', role: 'Collaboratore' },
      { title: 'Solleciti', icon: 'NotificationsActive', link: '/solleciti', role: 'Collaboratore' },
    ],
  },
  {
    title: 'Tempi e redditività',
    sub_title: 'Ore lavorate, costi e margini per cliente',
    icon: 'Timer',
    role: 'Collaboratore',
    children: [
      { title: 'Foglio ore', icon: 'CalendarViewWeek', link: '/foglio_ore', role: 'Collaboratore' },
      { title: 'Tempi lavorati', icon: 'Timer', link: '/table/TimeEntry', role: 'Collaboratore' },
      { title: 'Redditività', icon: 'Insights', link: '/redditivita', role: 'Admin' },
      { title: 'Costi orari', icon: 'PriceChange', link: '/table/HourlyCost', role: 'Admin' },
      { title: 'Tariffe orarie', icon: 'Sell', link: '/table/ServiceRate', role: 'Admin' },
      { title: 'Indici ISTAT FOI', icon: 'ShowChart', link: '/table/IstatIndex', role: 'Collaboratore' },
    ],
  },
  {
    title: 'Fatturazione',
    sub_title: 'Fatture elettroniche ai clienti',
    icon: 'RequestQuote',
    role: 'Collaboratore',
    children: [
      { title: 'Fatture elettroniche', icon: 'Description', link: '/table/EDocument', role: 'Collaboratore' },
      { title: 'Nuova fattura', icon: 'NoteAdd', link: '/scheda_EDocument', role: 'Collaboratore' },
      { title: 'Fattura addebiti', icon: 'ReceiptLong', link: '/fattura_addebiti', role: 'Collaboratore' },
    ],
  },
  {
    title: 'Studio',
    sub_title: 'Dati, utenti e impostazioni',
    icon: 'Business',
    role: 'Admin',
    children: [
      { title: 'Il mio studio', icon: 'Store', link: '/utente/il_mio_studio', role: 'Admin' },
      { title: 'Utenti', icon: 'ManageAccounts', link: '/table/User', role: 'Admin' },
      {
        title: 'Registro crediti',
        icon: 'Savings',
        link: '/table/CreditTransactionLog',
        role: 'Admin',
        feature: 'credit',
      },
      { title: 'Posta in uscita', icon: 'Outbox', link: '/posta_in_uscita', role: 'Admin' },
      { title: 'Modello lettera d’incarico', icon: 'Description', link: '/modello_lettera_incarico', role: 'Admin' },
      { title: 'Abbonamento', icon: 'ShoppingCart', link: '/pay_init', role: 'Admin' },
      { title: 'Storico pagamenti', icon: 'History', link: '/table/PaymentLog', role: 'Admin' },
      { title: 'Entità di esempio', icon: 'Science', link: '/table/EntitaEsempio', role: 'Admin' },
      { title: 'Prova delle viste', icon: 'Preview', link: '/test_view', role: 'Admin' },
    ],
  },
  {
    title: 'Amministrazione',
    sub_title: 'Riservato al fornitore',
    icon: 'AdminPanelSettings',
    role: 'SuperAdmin',
    children: [
      { title: 'Studi', icon: 'Apartment', link: '/table/Studio', role: 'SuperAdmin' },
      { title: 'Ruoli', icon: 'Security', link: '/table/Role', role: 'SuperAdmin' },
      { title: 'Modelli Word', icon: 'Description', link: '/table/WordTemplate', role: 'SuperAdmin' },
      { title: 'Pagamento offline', icon: 'PointOfSale', link: '/scheda_payment_log', role: 'SuperAdmin' },
      { title: 'Console API', icon: 'Terminal', link: '/test_api', role: 'SuperAdmin' },
    ],
  },
  { title: 'Il mio profilo', icon: 'AccountCircle', link: '/utente/il_mio_profilo', role: 'Utente' },
];

type Node = Omit<MenuEntry, 'role' | 'children' | 'feature'> & { children?: Node[] };

/** The entries a role sees (features off left out), without the role and feature markers. */
export function menuFor(
  role: string,
  atLeast: (role: string, min: RoleName) => boolean,
  entries: MenuEntry[] = MENU,
  features: { credit?: boolean } = {},
): Node[] {
  return entries
    .filter((e) => atLeast(role, e.role) && (!e.feature || features[e.feature]))
    .map(({ role: _r, feature: _f, children, ...rest }) => ({
      ...rest,
      ...(children ? { children: menuFor(role, atLeast, children, features) } : {}),
    }));
}
