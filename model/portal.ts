/**
 * The customers' own area (issue 50): what the studio's screens and the server share — the limits
 * of access (links, sessions), the Italian messages, the people's states. The server's rules are in
 * server/areas/portal; the calls' shapes in model/api/portal.ts.
 *
 * A customer's people are not users of the studio: they log in by a one-time link sent by e-mail
 * (or a password they chose), to a session of their own (role 'Cliente') that only the area's pages
 * and calls (`/area-clienti/…`) accept; no studio call reads it.
 */

/** The role of a customer's person in the area (never a role of the studio's users). */
export const PORTAL_ROLE = 'Cliente';
/** The area's address. */
export const PORTAL_PATH = '/area-clienti';

/** An invitation's link lets its person in for this many days, once. */
export const INVITE_LINK_DAYS = 7;
/** A link asked from the login page lets its person in for this many minutes, once. */
export const LOGIN_LINK_MINUTES = 30;
/** A session ends after this many minutes without a request… */
export const SESSION_IDLE_MINUTES = 30;
/** …and at the latest this many hours after the login. */
export const SESSION_MAX_HOURS = 8;
/** At most this many people invited at once. */
export const INVITE_MAX_EMAILS = 10;
/** At most this many people of a customer in the area. */
export const PEOPLE_MAX_PER_CUSTOMER = 20;

/** A person's state in a customer's area, as the studio sees it. */
export type PortalPersonStatus = 'invitato' | 'attivo' | 'revocato';
export const PORTAL_STATUS_LABELS: Record<PortalPersonStatus, string> = {
  invitato: 'Invitato',
  attivo: 'Attivo',
  revocato: 'Accesso revocato',
};

export const PORTAL_MESSAGES = {
  noEmails: 'Indica almeno un indirizzo e-mail da invitare',
  tooManyEmails: `Al massimo ${INVITE_MAX_EMAILS} indirizzi per invito`,
  badEmail: (e: string) => `'${e}' non è un indirizzo e-mail valido`,
  tooManyPeople: `Al massimo ${PEOPLE_MAX_PER_CUSTOMER} persone per cliente nell'area clienti`,
  customerTrashed: "Il cliente è nel cestino: ripristinalo prima di invitarlo all'area clienti",
  alreadyRevoked: "L'accesso di questa persona è già revocato",
  notRevoked: "La persona ha già accesso: per un nuovo link usa 'Invia di nuovo l'invito'",
  nameTooLong: 'Il nome può avere al massimo 120 caratteri',
  linkInvalid: 'Il link non è valido. Chieda un nuovo link di accesso.',
  linkUsed: 'Questo link è già stato usato: ogni link vale per un solo accesso. Chieda un nuovo link di accesso.',
  linkExpired: 'Il link è scaduto. Chieda un nuovo link di accesso.',
  noAccess: "L'accesso all'area clienti non è più attivo. Per informazioni contatti lo studio.",
  linkSent:
    "Se l'indirizzo è abilitato all'area clienti, riceverà a breve un'e-mail con il link di accesso (valido 30 minuti, per un solo accesso).",
  wrongCredentials: 'Credenziali non valide',
  sessionEnded: 'La sessione è terminata: acceda di nuovo.',
  csrf: 'La pagina è scaduta: la ricarichi e riprovi.',
  passwordShort: 'La password deve avere almeno 8 caratteri',
  passwordLong: 'La password può avere al massimo 128 caratteri',
  passwordCommon: 'Password troppo comune: scegline una meno prevedibile',
  passwordMismatch: 'Le due password non coincidono',
  emailRequired: "Inserisca l'indirizzo e-mail",
} as const;

/** The e-mail addresses of an invitation as typed: separated by commas, semicolons, blanks or new lines. */
export function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

// ---------------------------------------------------------------------------------------------
// Document requests (item 2)
// ---------------------------------------------------------------------------------------------

export type RequestStatus = 'aperta' | 'completata' | 'annullata';
export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  aperta: 'Aperta',
  completata: 'Completata',
  annullata: 'Annullata',
};
/**
 * A document's state: asked (the customer must send it), sent (the studio reviews it), missing (the
 * customer has not got it, with a note: the studio reviews), accepted (done), asked again (the
 * studio's reason: the customer must send it again).
 */
export type ItemStatus = 'richiesto' | 'inviato' | 'mancante' | 'accettato' | 'da_rifare';
export const ITEM_STATUS_LABELS: Record<ItemStatus, string> = {
  richiesto: 'Da inviare',
  inviato: 'Inviato, da controllare',
  mancante: 'Non disponibile, da controllare',
  accettato: 'Accettato',
  da_rifare: 'Da inviare di nuovo',
};
/** the states in which the customer acts */
export const CUSTOMER_TURN: readonly ItemStatus[] = ['richiesto', 'da_rifare'];
/** the states in which the studio reviews */
export const STUDIO_TURN: readonly ItemStatus[] = ['inviato', 'mancante'];

/** What the file pickers offer (the server checks the content whatever is picked): PDF, images, Word, Excel, OpenDocument. */
export const FILE_ACCEPT =
  'image/*,application/pdf,.pdf,.doc,.docx,.xls,.xlsx,.odt,.ods,application/msword,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.wordprocessingml.document,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.text,application/vnd.oasis.opendocument.spreadsheet';

/** At most this many documents in a request, each of at most ITEM_LABEL_MAX characters. */
export const REQUEST_ITEMS_MAX = 30;
export const ITEM_LABEL_MAX = 200;
/** At most this many customers in one bulk request. */
export const REQUEST_CUSTOMERS_MAX = 5000;

/** Uploads: per file, per item, per customer (what the area keeps of a customer, rejected files apart). */
export const UPLOAD_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const UPLOAD_FILES_PER_ITEM = 20;
export const UPLOAD_CUSTOMER_MAX_BYTES = 500 * 1024 * 1024;
/** An upload is sent in chunks of at most this many bytes (a bad connection resumes from the last one received). */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;
/** A photo is stored re-encoded with its longest side at most this many pixels. */
export const PHOTO_MAX_SIDE = 3000;

export const REQUEST_MESSAGES = {
  noCustomers: 'Seleziona almeno un cliente',
  tooManyCustomers: `Al massimo ${REQUEST_CUSTOMERS_MAX} clienti per richiesta`,
  titleRequired: 'Indica il titolo della richiesta',
  titleTooLong: 'Il titolo può avere al massimo 160 caratteri',
  dueRequired: 'Indica la scadenza',
  duePast: 'La scadenza non può essere già passata',
  noItems: 'Indica almeno un documento da richiedere (uno per riga)',
  tooManyItems: `Al massimo ${REQUEST_ITEMS_MAX} documenti per richiesta`,
  itemTooLong: (n: number) => `Il documento alla riga ${n} supera ${ITEM_LABEL_MAX} caratteri`,
  messageTooLong: 'Il messaggio può avere al massimo 2000 caratteri',
  checklistNotFound: "L'elenco di documenti scelto non esiste",
  jobNotFound: "L'adempimento scelto non esiste",
  taskNotOfJob: "Il sotto adempimento non è dell'adempimento scelto",
  yearRequired: "Indica l'anno dell'adempimento",
  noJobCustomers: "Nessun cliente attivo ha una forma giuridica a cui l'adempimento si applica",
  reasonRequired: 'Scrivi al cliente il motivo per cui il documento va inviato di nuovo',
  reasonTooLong: 'Il motivo può avere al massimo 500 caratteri',
  notToReview: 'Il documento non è da controllare: il cliente non lo ha ancora inviato',
  notOpen: 'La richiesta non è più aperta',
  // the customer's side
  noFile: 'Scelga almeno un file da inviare',
  fileTooLarge: `Il file supera ${UPLOAD_FILE_MAX_BYTES / 1024 / 1024} MB: lo invii in più parti o più compresso`,
  tooManyFiles: `Al massimo ${UPLOAD_FILES_PER_ITEM} file per documento`,
  customerFull: "Lo spazio dell'area clienti è pieno (500 MB): contatti lo studio",
  badKind: 'Tipo di file non accettato: invii PDF, foto (JPEG, PNG, WebP), documenti Word o Excel (anche OpenDocument)',
  archive: 'Gli archivi compressi (ZIP, RAR, 7z…) non sono accettati: invii i file uno per uno',
  lying: (name: string) => `Il file '${name}' non è del tipo che il suo nome dice: non è stato accettato`,
  unreadableImage: "L'immagine non si legge: la fotografi di nuovo o la invii in PDF",
  infected: "Il file è stato bloccato dall'antivirus e messo in quarantena: lo studio è stato avvisato",
  noteRequired: 'Scriva una nota per lo studio (perché non ha il documento)',
  noteTooLong: 'La nota può avere al massimo 1000 caratteri',
  notYourTurn: 'Il documento è già stato inviato ed è in attesa di controllo dallo studio',
  uploadGone: 'Il caricamento non esiste più: ricominci',
  uploadOffset: 'Parte del file inattesa: il caricamento riprende dal punto giusto',
} as const;

/** The documents of a checklist or typed by the studio: one per line, trimmed, blank lines skipped. */
export function itemLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/^\s*[-*•]\s*/, '').trim())
    .filter(Boolean);
}

// ---------------------------------------------------------------------------------------------
// Messages (item 5)
// ---------------------------------------------------------------------------------------------

/** A message's text: at most this many characters (a message of 1 MB is refused, not cut). */
export const MESSAGE_MAX_CHARS = 5000;
/** At most this many files attached to a message. */
export const MESSAGE_FILES_MAX = 5;

export const MESSAGE_MESSAGES = {
  empty: 'Scriva il messaggio',
  tooLong: 'Il messaggio può avere al massimo 5.000 caratteri',
  tooManyFiles: `Al massimo ${MESSAGE_FILES_MAX} file per messaggio`,
  noPeople: "Nessuna persona del cliente è nell'area clienti: il messaggio resta nell'area, senza avviso per e-mail",
} as const;

/**
 * The states of an AML declaration sent to be accepted in the area (issue 50 item 3;
 * model/api/portalDeclarations.ts): 'da_accettare' waiting for the customer; 'accettata';
 * 'sostituita' a newer one was sent before it was accepted.
 */
export const DECLARATION_STATES = ['da_accettare', 'accettata', 'sostituita'] as const;
export type DeclarationState = (typeof DECLARATION_STATES)[number];

export const DECLARATION_STATE_LABELS: Record<DeclarationState, string> = {
  da_accettare: 'Da accettare',
  accettata: 'Accettata',
  sostituita: 'Sostituita',
};

export const DECLARATION_MESSAGES = {
  noPeople:
    "Il cliente non ha persone attive nell'area clienti: invitane almeno una prima di inviare la dichiarazione da accettare",
} as const;

/** A mandate's state as the customer card shows it (issue 50 item 4; model/api/portalMandates.ts). */
export const MANDATE_STATUS_LABELS: Record<'active' | 'revoked', string> = {
  active: 'Attivo',
  revoked: 'Revocato',
};
