import { f } from '../fields.js';
import { defineModel } from '../define.js';

export const User = defineModel({
  name: 'User',
  table: 'users',
  resource: 'user/users',
  snake: 'user',
  formRoute: 'scheda_user',
  label: 'Utente',
  plural: 'Utenti',
  superAdminGlobal: true,
  selfAccess: true,
  affectsSessions: true,
  fields: {
    name: f.text('Nome', { required: true, searchable: true }),
    cognome: f.text('Cognome', { searchable: true }),
    // one identity per e-mail across the product: login picks the user by it (issue 9 #1)
    // an e-mail that is already another studio's user's login is accepted without telling so
    // (issue 25 item 6b): the row is marked `email_elsewhere` and never logs in
    email: f.text('Email', {
      required: true,
      rules: ['email'],
      searchable: true,
      unique: 'product',
      lowercase: true,
      uniqueExcept: 'email_elsewhere',
    }),
    email_elsewhere: f.boolean('Email già di un altro account', {
      default: false,
      readOnly: true,
      hidden: true,
      formHidden: true,
    }),
    password: f.password('Password', { requiredOnCreate: true, min: 8 }),
    // not on the own profile of a Collaboratore or Utente (they may not change them, and the
    // roles' list is the Admin's)
    active: f.boolean('Attivo', { default: true, filterable: true, writeRole: 'Admin', formHidden: 'belowWriteRole' }),
    role_id: f.relation('Ruolo', 'Role', { required: true, writeRole: 'Admin', formHidden: 'belowWriteRole' }),
    // seed B §6: only the SuperAdmin sees the studio selector on the user card
    studio_id: f.relation('Studio', 'Studio', { writeRole: 'SuperAdmin', formHidden: 'belowWriteRole' }),
    cellulare: f.text('Cellulare', { rules: ['phone'] }),
    // seed B §3: the own profile adds the avatar (the user card does not show it)
    avatar: f.longtext('Avatar', { rules: ['image'], imageSide: 256, max: 2_000_000, formHidden: 'exceptOwnProfile' }),
    credit: f.credit('Credito', { readOnly: true, default: 0, feature: 'credit' }),
  },
  list: {
    columns: ['name', 'cognome', 'email', 'role_id', 'credit', 'active'],
    sort: { field: 'name' },
    status: {
      field: 'active',
      values: {
        true: { text: 'Attivo', color: 'success', icon: 'CheckCircle' },
        false: { text: 'Non attivo', color: 'warning', icon: 'HourglassEmpty' },
      },
    },
  },
  labelFields: ['name', 'cognome'],
  access: { read: 'Admin', write: 'Admin' },
});
