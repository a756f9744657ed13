/**
 * The option lists of the customer's AML file (issue 48) with their Italian labels: the kinds of
 * identity document, how a customer was identified, the beneficial owners' criteria and sources,
 * the kinds of file and of the Admin's notes, why a check is due. Without zod: the screens import
 * them (model/api/aml.ts re-exports them for the server's schemas).
 */
/** The kinds of identity document (art. 1 c. 2 lett. v, DPR 445/2000 art. 35: valid documents of recognition). */
export const ID_DOCUMENT_TYPES = [
  { value: 'carta_identita', text: "Carta d'identità" },
  { value: 'passaporto', text: 'Passaporto' },
  { value: 'patente', text: 'Patente di guida' },
  { value: 'permesso_soggiorno', text: 'Permesso di soggiorno' },
  { value: 'altro', text: 'Altro documento di riconoscimento' },
] as const;

/** How the customer was identified (art. 19 c. 1 lett. a; RT 2.3: in presence, or at a distance with the checks of art. 19 c. 1 lett. a n. 1–5). */
export const IDENTIFICATION_METHODS = [
  { value: 'presenza', text: 'In presenza del cliente o dell’esecutore' },
  { value: 'remoto_spid', text: 'A distanza, con SPID o CIE' },
  { value: 'remoto_firma', text: 'A distanza, con firma digitale qualificata' },
  { value: 'remoto_bonifico', text: 'A distanza, con bonifico da conto intestato al cliente' },
  { value: 'terzi', text: 'Da terzi (art. 26: banca o altro professionista)' },
] as const;

/** How a company's beneficial owners were found (art. 20 D.Lgs. 231/2007). */
export const OWNER_CRITERIA = [
  { value: 'proprieta_diretta', text: 'Proprietà diretta (oltre il 25 % del capitale)' },
  { value: 'proprieta_indiretta', text: 'Proprietà indiretta (oltre il 25 % tramite società controllate)' },
  { value: 'controllo', text: 'Controllo (maggioranza dei voti o influenza dominante in assemblea)' },
  {
    value: 'amministrazione',
    text: 'Poteri di rappresentanza legale, amministrazione o direzione (criterio residuale)',
  },
  { value: 'persona_fisica', text: 'Il cliente stesso (persona fisica che agisce per sé)' },
] as const;

/** Where the beneficial owners were verified. */
export const OWNER_SOURCES = [
  { value: 'registro_titolari', text: 'Registro dei titolari effettivi' },
  { value: 'registro_imprese', text: 'Registro delle imprese (visura)' },
  { value: 'libro_soci', text: 'Libro dei soci o atti societari' },
  { value: 'dichiarazione', text: 'Dichiarazione del cliente (art. 22)' },
  { value: 'altro', text: 'Altra fonte' },
] as const;

/** A file of the AML file (scan, declaration, register extract). */
export const AML_FILE_KINDS = [
  { value: 'documento', text: 'Documento di identità' },
  { value: 'dichiarazione', text: 'Dichiarazione del cliente' },
  { value: 'visura', text: 'Visura o estratto di registro' },
  { value: 'altro', text: 'Altro' },
] as const;

/** The Admin's notes: the assessment whether to abstain (art. 42) or report (art. 35), or a note. */
export const AML_NOTE_KINDS = [
  { value: 'astensione', text: 'Valutazione di astensione (art. 42)' },
  { value: 'segnalazione', text: 'Valutazione di segnalazione di operazione sospetta (art. 35)' },
  { value: 'nota', text: 'Nota' },
] as const;

export const AML_NOTE_OUTCOMES = [
  { value: 'nessuna_azione', text: 'Nessun motivo per procedere' },
  { value: 'astenuto', text: 'Astensione dalla prestazione' },
  { value: 'segnalata', text: 'Operazione segnalata alla UIF' },
  { value: 'in_valutazione', text: 'In valutazione' },
] as const;

/** Why a customer's file needs work. */
export const AML_DUE_REASONS = [
  { value: 'prima_verifica', text: 'Adeguata verifica mai fatta' },
  { value: 'controllo', text: 'Controllo costante' },
  { value: 'documento', text: 'Documento di identità scaduto o in scadenza' },
  { value: 'nuova_prestazione', text: 'Nuova prestazione non valutata' },
] as const;
