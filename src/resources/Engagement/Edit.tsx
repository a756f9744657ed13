/**
 * An engagement's card (`/Engagement/{id}`, issue 49): the generic edit form (its dates, billing day,
 * yearly update; read-only once the letter is sent), then 'Servizi e compensi' and the letter with
 * the engagement's state (send, accept, signed scan, back to draft, end). A change of state reads
 * the engagement again, so that the form and the services show what may still change.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useRecordContext, useRefresh } from 'react-admin';
import { getModel } from '../../../model/registry';
import { ModelEdit } from '../../form/GenericForm';
import { EngagementServices } from './Services';
import { EngagementLetterPanel } from './LetterPanel';

function Letter() {
  const record = useRecordContext();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  if (record?.id == null) return null;
  return (
    <EngagementLetterPanel
      engagementId={record.id}
      status={String(record.status ?? '')}
      onChanged={(letters) => {
        if (letters.status !== record.status) {
          refresh();
          void queryClient.invalidateQueries({ queryKey: ['engagementDetail', String(record.id)] });
        }
      }}
    />
  );
}

export default function EngagementEdit() {
  return (
    <ModelEdit model={getModel('Engagement')}>
      <EngagementServices />
      <Letter />
    </ModelEdit>
  );
}
