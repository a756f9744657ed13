/**
 * The app bar's timer (issue 49 item 4), for a Collaboratore and above: idle, a timer icon that
 * opens a small dialog (customer, service, note → 'Avvia'); running, the time elapsed 'hh:mm:ss'
 * that opens the timer's details, and a stop button (RunningTimer). Part of the first load, so it
 * holds only the idle button and the call: the running display and the dialog (TimerDialog) are
 * loaded when needed.
 */
import { lazy, Suspense, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useQuery } from '@tanstack/react-query';
import { usePermissions } from 'react-admin';
import { atLeast } from '../../../model/define';
import { useAppDataProvider } from '../../dataProvider';
import { TIMER_KEY } from './timerKey';

const RunningTimer = lazy(() => import('./RunningTimer'));
const TimerDialog = lazy(() => import('./TimerDialog'));

/** The timer of the app bar: for a Collaboratore and above. */
export function TimerButton() {
  const { permissions } = usePermissions<{ role?: string | null } | undefined>();
  return atLeast(permissions?.role ?? undefined, 'Collaboratore') ? <TimerControl /> : null;
}

function TimerControl() {
  const dp = useAppDataProvider();
  const [open, setOpen] = useState(false);
  // mounted from the first opening on, so that the dialog fades out when closed
  const [used, setUsed] = useState(false);
  const query = useQuery({
    queryKey: TIMER_KEY,
    queryFn: ({ signal }) => dp.timeTimer({ signal }),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
    retry: false,
  });
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  const timer = query.data ?? null;
  return (
    <>
      {timer ? (
        <Suspense fallback={null}>
          <RunningTimer timer={timer} fetchedAt={query.dataUpdatedAt} onOpen={show} />
        </Suspense>
      ) : (
        <Tooltip title="Avvia un timer">
          <IconButton color="inherit" onClick={show} aria-haspopup="dialog" aria-label="Avvia un timer" sx={{ mr: 1 }}>
            <TimerOutlinedIcon />
          </IconButton>
        </Tooltip>
      )}
      {used && (
        <Suspense fallback={null}>
          <TimerDialog open={open} timer={timer} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
