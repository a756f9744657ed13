/**
 * `/{Model}/create` of a model whose rows its area writes (`model.readOnly`: SDD batches, bank
 * statements and their lines, reminders, SdI events): nothing to fill in here — where they are
 * made, and the way back to their list.
 */
import { Alert, Box, Button } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import type { ModelDef } from '../../model/define';
import { ScreenTitle } from '../layout/PageTitle';
import { CloseHeader } from '../layout/CloseHeader';
import { listPathOf } from '../routeTable';

export function ReadOnlyCreate({ model }: { model: ModelDef }) {
  const navigate = useNavigate();
  const list = listPathOf(model);
  return (
    <Box sx={{ p: 2 }}>
      <ScreenTitle title={model.formTitle ?? model.label} />
      <CloseHeader
        fallback={list}
        crumbs={[{ label: 'Home', to: '/Menu' }, { label: `Gestione ${model.plural}`, to: list }, { label: 'Nuovo' }]}
      />
      <Alert severity="info" sx={{ my: 2 }}>
        {model.madeIn
          ? `${model.plural}: non si creano da qui, ma da «${model.madeIn.title}».`
          : `${model.plural}: non si creano da qui, si scrivono con ${model.writtenBy}.`}
      </Alert>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {model.madeIn && (
          <Button variant="contained" onClick={() => navigate(model.madeIn!.path)}>
            Apri {model.madeIn.title}
          </Button>
        )}
        <Button variant={model.madeIn ? 'outlined' : 'contained'} onClick={() => navigate(list)}>
          Vai a Gestione {model.plural}
        </Button>
      </Box>
    </Box>
  );
}
