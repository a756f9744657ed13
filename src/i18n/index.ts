import polyglotI18nProvider from 'ra-i18n-polyglot';
import dayjs from 'dayjs';
import 'dayjs/locale/it';

import { italianMessages } from './it';

dayjs.locale('it');

export const i18nProvider = polyglotI18nProvider(
    () => italianMessages,
    'it',
    [{ locale: 'it', name: 'Italiano' }],
    // plain Italian texts passed to notify() are shown as they are
    { allowMissing: true }
);

export { italianMessages };
