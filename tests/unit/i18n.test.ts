import { describe, expect, it } from 'vitest';
import englishMessages from 'ra-language-english';

import { i18nProvider } from '../../src/i18n/index';
import { italianMessages } from '../../src/i18n/it';

type Flat = Record<string, unknown>;

const flatten = (obj: object, prefix = '', out: Flat = {}): Flat => {
  for (const [key, value] of Object.entries(obj)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object') {
      flatten(value as object, path, out);
    } else {
      out[path] = value;
    }
  }
  return out;
};

/** Words legitimately identical in English and Italian. */
const SAME_IN_BOTH = new Set(['Ok', 'Menu', 'No', 'Password', 'Email', 'Home']);

/** True when a message has no translatable words (only placeholders, spaces, punctuation). */
const hasNoWords = (text: string): boolean => !/\p{L}/u.test(text.replace(/%\{[^}]+\}/g, ''));

/** Placeholders of each plural form (split on `||||`), each form sorted. */
const placeholders = (text: string): string[][] =>
  text.split('||||').map((form) => (form.match(/%\{[^}]+\}/g) ?? []).slice().sort());

const english = flatten(englishMessages);
const italian = flatten(italianMessages);
const englishKeys = Object.keys(english);

describe('italianMessages', () => {
  it('covers the whole ra-language-english catalogue', () => {
    expect(englishKeys.length).toBeGreaterThan(150);
    const missing = englishKeys.filter((key) => typeof italian[key] !== 'string' || italian[key] === '');
    expect(missing).toEqual([]);
  });

  it.each(englishKeys)('%s is translated with matching placeholders', (key) => {
    const en = english[key] as string;
    const itText = italian[key] as string;
    expect(typeof itText).toBe('string');
    expect(itText.length).toBeGreaterThan(0);
    if (!SAME_IN_BOTH.has(en) && !hasNoWords(en)) {
      expect(itText, `"${key}" not translated`).not.toBe(en);
    }
    expect(placeholders(itText)).toEqual(placeholders(en));
  });

  it('contains the contractual application messages', () => {
    expect(italian['app.version']).toBe('3.5.1');
    expect(italian['app.error.save_409']).toBe('Stai cercando di inserire un elemento che è stato già cancellato.');
    expect(italian['app.error.save']).toBe('Errore nel Salvataggio dati');
    expect(italian['app.error.load']).toBe('Errore nel caricamento dati');
    expect(italian['app.error.forbidden']).toBe('Operazione non consentita (403)');
    expect(italian['app.error.delete']).toBe('Errore nel eliminazione dati');
    expect(italian['app.error.understood']).toBe('Ho Capito');
    expect(italian['app.error.not_found']).toBe('Pagina NON trovata');
    expect(italian['app.trashed_notice']).toBe(
      'Stai lavorando su un elemento cestinato, clicca su ripristina per ripristinarlo fuori dal cestino.',
    );
    expect(italian['app.form.unsaved']).toBe('Ci sono modifiche non salvate');
    expect(italian['app.list.restore_confirm']).toBe("L'elemento è nel cestino: vuoi ripristinarlo per aprirlo?");
  });
});

describe('i18nProvider', () => {
  it('uses the Italian locale and interpolates placeholders', () => {
    expect(i18nProvider.getLocale()).toBe('it');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'it', name: 'Italiano' }]);
    expect(i18nProvider.translate('app.subscription.expired', { date: '01/01/2025' })).toBe(
      'Abbonamento Scaduto il 01/01/2025',
    );
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 3 })).toBe('3 elementi selezionati');
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 1 })).toBe('1 elemento selezionato');
  });
});
