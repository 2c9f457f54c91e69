import { useId, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { Trans } from '@lingui/react/macro';

/** A button that asks first: `question` in a dialog, then `onConfirm`. */
export function ConfirmButton({
  children,
  question,
  onConfirm,
  buttonProps,
}: {
  children: ReactNode;
  question: string;
  onConfirm: () => void;
  buttonProps?: ButtonProps;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button {...buttonProps} onClick={() => setOpen(true)}>
        {children}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-describedby={id}>
        <DialogContent>
          <DialogContentText id={id}>{question}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            <Trans>Confirm</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
