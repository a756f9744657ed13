/** The actions of a reminder (issue 30): its letter. */
import { z } from 'zod';
import { reminderLetter } from '../areas/reminders/page.js';
import { attachment } from '../routes/download.js';
import { defineAction } from './action.js';

const tags = ['Solleciti'];
export const ReminderActions = {
  pdf: defineAction({
    method: 'GET',
    tags,
    summary: 'La lettera del sollecito (PDF): quella inviata, o come sarebbe inviata oggi',
    response: { 200: z.any().describe('il PDF') },
    async handler({ deps, ctx, id, reply }) {
      const pdf = await reminderLetter(deps, ctx, id);
      return reply.header('Content-Disposition', attachment('Sollecito.pdf')).type('application/pdf').send(pdf);
    },
  }),
};
