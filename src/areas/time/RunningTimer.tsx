/**
 * The app bar's running timer (issue 49 item 4), loaded when a timer runs: the time elapsed
 * 'hh:mm:ss', counted from the server's figure and changing each second (nothing moves: fine with
 * prefers-reduced-motion), which opens the timer's details, and a stop button that records the time
 * and notifies the server's message ('Registrati 1:25 per …').
 */
import { useEffect, useState } from 'react';
import { Box, Button, IconButton, Tooltip } from '@mui/material';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { useAppDataProvider } from '../../dataProvider';
import type { Timer } from '../../dataProvider/time';
import { TIMER_KEY } from './timerKey';

const pad = (n: number) => String(n).padStart(2, '0');
/** Seconds as 'hh:mm:ss' ('01:25:07'). */
export const clockText = (seconds: number) => {
  const s = Math.max(0, Math.floor(seconds));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
};

/** The seconds elapsed of the running timer, updated each second. */
function useElapsed(timer: Timer, fetchedAt: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [timer]);
  // counted from the server's answer: the browser's clock may be off, its pace is not
  return timer.elapsed_seconds + Math.max(0, (now - fetchedAt) / 1000);
}

export default function RunningTimer({
  timer,
  fetchedAt,
  onOpen,
}: {
  timer: Timer;
  fetchedAt: number;
  onOpen: () => void;
}) {
  const dp = useAppDataProvider();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const elapsed = useElapsed(timer, fetchedAt);
  const what = `${timer.customer_name} – ${timer.service_name}`;
  const stop = async () => {
    setBusy(true);
    try {
      const done = await dp.stopTimer();
      notify(done.message, { type: 'success', autoHideDuration: 8000 });
      await queryClient.invalidateQueries({ queryKey: ['time'] });
    } catch (e) {
      notify((e as Error)?.message || 'Operazione non riuscita', { type: 'error' });
      await queryClient.invalidateQueries({ queryKey: TIMER_KEY });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', mr: 1 }}>
      <Tooltip title={`Timer in corso: ${what}`}>
        <Button
          color="inherit"
          onClick={onOpen}
          aria-haspopup="dialog"
          aria-label={`Timer in corso per ${what}: ${clockText(elapsed)}`}
          startIcon={<TimerOutlinedIcon />}
          sx={{
            minWidth: 0,
            px: 1,
            fontVariantNumeric: 'tabular-nums',
            '& .MuiButton-startIcon': { mr: { xs: 0.5, md: 1 } },
          }}
        >
          <span aria-hidden="true">{clockText(elapsed)}</span>
        </Button>
      </Tooltip>
      <Tooltip title="Ferma e registra">
        <span>
          <IconButton color="inherit" onClick={stop} disabled={busy} aria-label="Ferma il timer e registra il tempo">
            <StopCircleOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
