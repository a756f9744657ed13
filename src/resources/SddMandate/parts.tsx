/**
 * SDD mandates (issue 29): 'Incassa con SDD' on the table's toolbar opens the collection of the
 * open charges (./Collect.tsx, `/incassa_sdd`); each row's menu downloads the mandate's form for
 * the customer to sign (Mandato_SDD_<ref>.pdf). One customer's mandates (`/table/SddMandate/{id}`,
 * from the customer's row or card) have the customer in the title.
 */
import { useState } from 'react';
import { Button, MenuItem } from '@mui/material';
import PaymentsIcon from '@mui/icons-material/Payments';
import { useNavigate } from 'react-router-dom';
import { saveAs } from 'file-saver';
import type { ResourceParts, RowActionProps } from '../parts';
import { AcknowledgeDialog } from '../../layout/ErrorDialog';
import { TITLES } from '../../bulk/texts';
import { useAppDataProvider } from '../../dataProvider';
import { customerListTitle } from '../customerTitle';

function RowActions({ record, close }: RowActionProps) {
  const dp = useAppDataProvider();
  const [error, setError] = useState<string | null>(null);
  return (
    <>
      <MenuItem
        onClick={async () => {
          try {
            const { blob, filename } = await dp.downloadSddMandatePdf(record.id);
            saveAs(blob, filename);
            close();
          } catch (e) {
            setError(`Download non riuscito: ${(e as Error).message}`);
          }
        }}
      >
        Modulo da firmare (PDF)
      </MenuItem>
      <AcknowledgeDialog
        open={!!error}
        onClose={() => {
          setError(null);
          close();
        }}
        title={TITLES.error}
        text={error ?? ''}
      />
    </>
  );
}

/** 'Incassa con SDD' in the table's toolbar. */
function CollectButton() {
  const navigate = useNavigate();
  return (
    <Button variant="outlined" startIcon={<PaymentsIcon />} onClick={() => navigate('/incassa_sdd')}>
      Incassa con SDD
    </Button>
  );
}

/** One customer's mandates: the customer in the title. */
const CustomerTitle = customerListTitle('Mandati SDD');

const parts: ResourceParts = { rowActions: RowActions, listActions: CollectButton, listTitle: CustomerTitle };
export default parts;
