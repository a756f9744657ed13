/** The actions of an SDD mandate (issue 29): its form for the customer to sign. */
import { z } from 'zod';
import { mandateForm } from '../areas/collections/sddService.js';
import { fileAction } from './action.js';

const tags = ['Incassi'];
export const SddMandateActions = {
  pdf: fileAction({
    tags,
    summary: 'Il modulo del mandato SDD da far firmare al cliente (PDF)',
    content: z.any().describe('il PDF'),
    async file({ deps, ctx, id }) {
      const f = await mandateForm(deps.exec, ctx, id);
      return { name: f.fileName, type: 'application/pdf', body: f.pdf };
    },
  }),
};
