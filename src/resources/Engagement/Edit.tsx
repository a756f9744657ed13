/**
 * An engagement's card (`/Engagement/{id}`, issue 49): the generic edit form (its dates, billing day,
 * yearly update; read-only once the letter is sent), then 'Servizi e compensi' and the letter with
 * the engagement's state (send, accept, signed scan, back to draft, end).
 */
import { getModel } from '../../../model/registry';
import { ModelEdit } from '../../form/GenericForm';
import { EngagementServices } from './Services';

export default function EngagementEdit() {
  return (
    <ModelEdit model={getModel('Engagement')}>
      <EngagementServices />
    </ModelEdit>
  );
}
