/** `/scheda_EDocument` (react-admin's `/EDocument/create`, `?corrects={id}` for a credit note): a new e-invoice. */
import { EDocumentEditor } from './Editor';

export default function EDocumentCreate() {
  return <EDocumentEditor />;
}
