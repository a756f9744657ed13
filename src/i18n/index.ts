import polyglotI18nProvider from 'ra-i18n-polyglot';
import dayjs from 'dayjs';
import 'dayjs/locale/it';

import { italianMessages } from './it';
import { MODELS } from '../../model/registry';

dayjs.locale('it');

/** Names and field labels of every resource, from the model declarations. */
export const resourceMessages = Object.fromEntries(
  MODELS.map((m) => [
    m.name,
    {
      name: `${m.label} |||| ${m.plural}`,
      fields: Object.fromEntries(Object.entries(m.fields).map(([k, fd]) => [k, fd.label])),
    },
  ]),
);

const messages = { ...italianMessages, resources: resourceMessages };

export const i18nProvider = polyglotI18nProvider(
  () => messages,
  'it',
  [{ locale: 'it', name: 'Italiano' }],
  // plain Italian texts passed to notify() are shown as they are
  { allowMissing: true },
);

export { italianMessages };
