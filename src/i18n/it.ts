import { mergeTranslations, type TranslationMessages } from 'react-admin';
import raLanguageItalian from 'ra-language-italian';

type MessageTree = { [key: string]: string | MessageTree };

/**
 * Completion of ra-language-italian 3.13.1 for react-admin v5:
 * - keys missing from the package (added in react-admin v4/v5);
 * - keys whose placeholders differ from ra-language-english
 *   (e.g. `%{id}` → `%{recordRepresentation}`, `%{field}` → `%{field_lower_first}`);
 * - keys left in English or with a wrong plural form in the package.
 */
const raCompletion: MessageTree = {
  ra: {
    action: {
      bulk_actions: '1 elemento selezionato |||| %{smart_count} elementi selezionati',
      clear_array_input: 'Svuota la lista',
      clear_input_value: 'Cancella il valore',
      create_item: 'Crea %{item}',
      delete: 'Elimina',
      remove_all_filters: 'Rimuovi tutti i filtri',
      reset: 'Reimposta',
      search: 'Cerca',
      search_columns: 'Cerca colonne',
      select_all: 'Seleziona tutto',
      select_all_button: 'Seleziona tutti',
      select_row: 'Seleziona questa riga',
      update: 'Aggiorna',
      move_up: 'Sposta su',
      move_down: 'Sposta giù',
      open: 'Apri',
      toggle_theme: 'Passa al tema chiaro/scuro',
      select_columns: 'Colonne',
      update_application: "Ricarica l'applicazione",
    },
    boolean: {
      true: 'Sì',
    },
    page: {
      edit: '%{name} %{recordRepresentation}',
      show: '%{name} %{recordRepresentation}',
      empty: 'Ancora nessun elemento in %{name}.',
      access_denied: 'Accesso negato',
      authentication_error: 'Errore di autenticazione',
    },
    input: {
      password: {
        toggle_visible: 'Nascondi la password',
        toggle_hidden: 'Mostra la password',
      },
    },
    message: {
      access_denied: 'Non hai i permessi necessari per accedere a questa pagina',
      are_you_sure: 'Sei sicuro?',
      authentication_error:
        'Il server di autenticazione ha restituito un errore e non è stato possibile verificare le tue credenziali.',
      auth_error: 'Si è verificato un errore durante la validazione del token di autenticazione.',
      bulk_delete_content:
        'Sei sicuro di voler eliminare questo elemento di %{name}? |||| Sei sicuro di voler eliminare questi %{smart_count} elementi?',
      bulk_delete_title: 'Elimina %{name} |||| Elimina %{smart_count} elementi di %{name}',
      bulk_update_content:
        'Sei sicuro di voler aggiornare %{name} %{recordRepresentation}? |||| Sei sicuro di voler aggiornare questi %{smart_count} elementi?',
      bulk_update_title: 'Aggiorna %{name} %{recordRepresentation} |||| Aggiorna %{smart_count} elementi di %{name}',
      clear_array_input: "Sei sicuro di voler svuotare l'intera lista?",
      delete_content: 'Sei sicuro di voler eliminare questo elemento di %{name}?',
      delete_title: 'Elimina %{name} %{recordRepresentation}',
      error: 'Si è verificato un errore nel client e la richiesta non è stata completata.',
      loading: 'Attendere prego',
      select_all_limit_reached:
        'Ci sono troppi elementi per selezionarli tutti. Sono stati selezionati solo i primi %{max} elementi.',
      yes: 'Sì',
      placeholder_data_warning: 'Problema di rete: aggiornamento dei dati non riuscito.',
    },
    navigation: {
      clear_filters: 'Cancella i filtri',
      no_filtered_results: 'Nessun risultato in %{name} con i filtri correnti.',
      no_results: 'Nessun risultato in %{name}',
      page_out_from_end: "Impossibile andare oltre l'ultima pagina",
      page_out_from_begin: 'Impossibile andare prima della pagina 1',
      partial_page_range_info: '%{offsetBegin}-%{offsetEnd} di oltre %{offsetEnd}',
      current_page: 'Pagina %{page}',
      page: 'Vai alla pagina %{page}',
      first: 'Vai alla prima pagina',
      last: "Vai all'ultima pagina",
      next: 'Vai alla pagina successiva',
      previous: 'Vai alla pagina precedente',
      page_rows_per_page: 'Righe per pagina:',
    },
    sort: {
      sort_by: 'Ordina per %{field_lower_first} %{order}',
      ASC: 'crescente',
    },
    auth: {
      email: 'Email',
      sign_in: 'Accedi',
      logout: 'Esci',
    },
    notification: {
      updated: 'Elemento aggiornato |||| %{smart_count} elementi aggiornati',
      created: 'Elemento creato',
      deleted: 'Elemento eliminato |||| %{smart_count} elementi eliminati',
      bad_item: 'Elemento non valido',
      item_doesnt_exist: "L'elemento non esiste",
      not_authorized: 'Non sei autorizzato ad accedere a questa risorsa.',
      application_update_available: 'È disponibile una nuova versione.',
      offline: 'Nessuna connessione. Impossibile recuperare i dati.',
    },
    validation: {
      email: 'Deve essere un indirizzo email valido',
      unique: 'Deve essere unico',
    },
    // the generic table's saved views (src/list/ListViews.tsx)
    saved_queries: {
      label: 'Viste salvate',
      query_name: 'Nome della vista',
      new_label: 'Salva vista corrente',
      new_dialog_title: 'Salva la vista corrente come',
      remove_label: 'Elimina la vista salvata',
      remove_label_with_name: 'Elimina la vista "%{name}"',
      remove_dialog_title: 'Eliminare la vista salvata?',
      remove_message: "Sei sicuro di voler eliminare questa vista dall'elenco delle viste salvate?",
      help: 'Cerca, filtra, ordina e scegli le colonne, poi salva la vista per ritrovarla anche da un altro computer',
    },
    guesser: {
      empty: {
        title: 'Nessun dato da visualizzare',
        message: 'Verifica il tuo data provider',
      },
    },
    configurable: {
      customize: 'Personalizza',
      configureMode: 'Configura questa pagina',
      inspector: {
        title: 'Ispettore',
        content: "Passa il mouse sugli elementi dell'interfaccia per configurarli",
        reset: 'Ripristina le impostazioni',
        hideAll: 'Nascondi tutto',
        showAll: 'Mostra tutto',
      },
      Datagrid: {
        title: 'Tabella dati',
        unlabeled: 'Colonna senza etichetta #%{column}',
      },
      SimpleForm: {
        title: 'Modulo',
        unlabeled: 'Campo senza etichetta #%{input}',
      },
      SimpleList: {
        title: 'Lista',
        primaryText: 'Testo principale',
        secondaryText: 'Testo secondario',
        tertiaryText: 'Testo terziario',
      },
    },
  },
};

/** Application-specific messages (`app.*`). */
const appMessages: MessageTree = {
  app: {
    version: '3.5.1',
    subscription: {
      expired: 'Abbonamento Scaduto il %{date}',
      contact: 'Contatta il fornitore per il rinnovo.',
    },
    update: {
      available: 'Nuova versione disponibile!',
      reload: 'Aggiorna',
    },
    studio: {
      incomplete: 'Completa i dati del tuo studio per utilizzare tutte le funzionalità.',
      complete_action: 'Completa i dati',
    },
    menu: {
      home: 'Home',
    },
    user: {
      profile: 'Il mio profilo',
      logout: 'Esci',
      expiry: 'Scadenza abbonamento: %{date}',
      credit: 'Credito: %{credit}',
      role: 'Ruolo',
      studio: 'Studio',
    },
    theme: {
      light: 'Tema chiaro',
      dark: 'Tema scuro',
      toggle: 'Cambia tema',
    },
    list: {
      title: 'Gestione %{name}',
      trash: 'Cestino',
      show_trash: 'Mostra cestinati',
      refresh: 'Aggiorna',
      new: 'Nuovo',
      export_csv: 'Esporta CSV',
      print: 'Stampa',
      search_mode_and: 'Tutte le condizioni (AND)',
      search_mode_or: 'Almeno una condizione (OR)',
      trashed: 'Cestinato',
      restore_confirm: "L'elemento è nel cestino: vuoi ripristinarlo per aprirlo?",
    },
    error: {
      save_409: 'Stai cercando di inserire un elemento che è stato già cancellato.',
      save: 'Errore nel Salvataggio dati',
      load: 'Errore nel caricamento dati',
      forbidden: 'Operazione non consentita (403)',
      select_all: 'Errore nel caricamento dati [select all]',
      restore: "Errore nel ripristino dell'elemento",
      delete: 'Errore nel eliminazione dati',
      csv: "Errore nell'esportazione del CSV",
      date_interval: 'La data di inizio intervallo è maggiore di quella di fine',
      generic_title: 'Attenzione',
      generic: 'Qualcosa è andato storto',
      understood: 'Ho Capito',
      loading_dialog: 'Errore di caricamento, è consigliato, prima di proseguire, risolvere il problema.',
      unauthorized: 'Non sei autorizzato a visualizzare questo contenuto',
      not_found: 'Pagina NON trovata',
    },
    trashed_notice:
      'Stai lavorando su un elemento cestinato, clicca su ripristina per ripristinarlo fuori dal cestino.',
    action: {
      restore: 'Ripristina',
    },
    form: {
      unsaved: 'Ci sono modifiche non salvate',
    },
  },
};

/** react-admin's own merge (a deep merge into a new object; the package's tree is not mutated). */
export const italianMessages: TranslationMessages = mergeTranslations(raLanguageItalian, raCompletion, appMessages);

export default italianMessages;
