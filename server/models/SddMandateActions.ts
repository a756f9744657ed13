/** The actions of an SDD mandate (issue 29): its form for the customer to sign. */
import { z } from 'zod';
import { mandateForm } from '../areas/collections/sddService.js';
import { attachment } from '../routes/download.js';
import { defineAction } from './action.js';

const tags = ['Incassi'];
export const SddMandateActions = {
  pdf: defineAction({
    method: 'GET',
    tags,
    summary: 'Il modulo del mandato SDD da far firmare al cliente (PDF)',
    response: { 200: z.any().describe('il PDF') },
    async handler({ deps, ctx, id, reply }) {
      const f = await mandateForm(deps.exec, ctx, id);
      return reply.header('Content-Disposition', attachment(f.fileName)).type('application/pdf').send(f.pdf);
    },
  }),
};
