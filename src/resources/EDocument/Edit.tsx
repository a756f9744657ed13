/** `/scheda_EDocument/{id}` (react-admin's `/EDocument/{id}`): the e-invoice editor on a saved document. */
import { useParams } from 'react-router-dom';
import { EDocumentEditor } from './Editor';

export default function EDocumentEdit() {
  const { id } = useParams();
  return <EDocumentEditor id={id} />;
}
