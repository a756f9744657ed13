/** The actions of a reminder (issue 30): its letter. */
import { z } from 'zod';
import { reminderLetter } from '../areas/reminders/page.js';
import { fileAction } from './action.js';

const tags = ['Solleciti'];
export const ReminderActions = {
  pdf: fileAction({
    tags,
    summary: 'La lettera del sollecito (PDF): quella inviata, o come sarebbe inviata oggi',
    content: z.any().describe('il PDF'),
    async file({ deps, ctx, id }) {
      return { name: 'Sollecito.pdf', type: 'application/pdf', body: await reminderLetter(deps, ctx, id) };
    },
  }),
};
