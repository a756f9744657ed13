/** The actions of a customer beyond its card: marked (or no longer) as disputing what it owes (issue 30). */
import { z } from 'zod';
import { ContestedInput, CustomerReminders } from '../../model/api/reminders.js';
import { setContested } from '../areas/reminders/service.js';
import { defineAction } from './action.js';

export const CustomerActions = {
  contested: defineAction({
    method: 'PUT',
    tags: ['Solleciti'],
    summary: 'Segna (o toglie) il cliente come contestato: nessun sollecito gli viene inviato',
    body: ContestedInput,
    response: { 200: z.object({ data: CustomerReminders }) },
    async handler({ deps, ctx, id, body, reply }) {
      return reply.send({ data: await setContested(deps.tx, ctx, id, body) });
    },
  }),
};
