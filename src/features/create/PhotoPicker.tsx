import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent } from 'react';
import { useObjectUrl } from '../../lib/use-object-url';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CameraIcon from '@mui/icons-material/PhotoCameraOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { PHOTO_MAX_BYTES } from '../../../core/constants';
import { reasonText } from '../../api/error-text';
import { compressPhoto } from './compress-photo';
import { readSharedPhoto } from './shared-photo';
import { formatBytes, photoFileName } from './photo-size';
import { Trans, useLingui } from '@lingui/react/macro';

/** A photo ready to upload: compressed in the browser, or the original when the browser cannot read it. */
export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
  /** Null when the original is sent as it is. */
  size: { width: number; height: number } | null;
}

export interface PhotoPickerProps {
  photo: PreparedPhoto | null;
  onChange: (photo: PreparedPhoto | null) => void;
  /** Says whether a photo is being prepared (the form waits for it). */
  onPreparingChange: (preparing: boolean) => void;
  error?: string;
  disabled?: boolean;
  /** Id of the first button, so the form can move focus here when the photo is missing. */
  buttonId: string;
  /** Opened for a photo shared into the app: it is prepared as if the user had chosen it. */
  shared?: boolean;
  /**
   * The user chose a photo and it is ready: the form moves the focus on to its next field (the
   * button that had it moves below the preview, and the focus would fall back to the page).
   */
  onChosen?: () => void;
}

/** Phones get "Take a photo" (the camera); everyone gets "Choose a photo". */
function hasCoarsePointer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
}

/**
 * Takes or chooses a photo, compresses it (compress-photo.ts) and previews it. A photo the
 * browser cannot decode is sent as it is, if small enough: the server has the final word.
 */
export function PhotoPicker({ photo, onChange, onPreparingChange, error, disabled, buttonId, shared = false, onChosen }: PhotoPickerProps) {
  const { i18n, t } = useLingui();
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const [camera] = useState(hasCoarsePointer);
  // Only the latest choice counts when two are prepared at once.
  const latest = useRef(0);

  // The preview is an object URL, released when the photo changes or the screen closes.
  const preview = useObjectUrl(photo?.blob);

  const choose = async (file: File | undefined, byUser: boolean) => {
    if (file === undefined) return;
    const attempt = ++latest.current;
    setLocalError(null);
    setPreparing(true);
    onPreparingChange(true);
    let prepared: PreparedPhoto | null;
    try {
      const { blob, width, height } = await compressPhoto(file);
      prepared = { blob, fileName: photoFileName(blob.type), size: { width, height } };
    } catch {
      // The browser cannot decode it (an unusual format): send the original and let the server decide.
      prepared = file.size <= PHOTO_MAX_BYTES ? { blob: file, fileName: file.name || photoFileName(file.type), size: null } : null;
      if (prepared === null) setLocalError(reasonText('photoTooLarge'));
    }
    if (attempt !== latest.current) return;
    setPreparing(false);
    onPreparingChange(false);
    onChange(prepared);
    if (byUser && prepared !== null) onChosen?.();
  };

  const prepareShared = useEffectEvent((file: File) => void choose(file, false));
  useEffect(() => (shared ? readSharedPhoto(prepareShared) : undefined), [shared]);

  const shownError = localError ?? error;
  const errorId = `${buttonId}-error`;
  const describedBy = shownError ? errorId : undefined;
  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    void choose(event.target.files?.[0], true);
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
  };
  const inputs = (
    <>
      <input
        ref={cameraInput}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={t`Take a photo`}
        onChange={onFileChosen}
      />
      <input ref={fileInput} type="file" accept="image/*" hidden aria-label={t`Choose a photo`} onChange={onFileChosen} />
    </>
  );
  const buttons = (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'center' }}>
      {camera && (
        <Button
          id={buttonId}
          variant="contained"
          startIcon={<CameraIcon />}
          disabled={disabled || preparing}
          aria-describedby={describedBy}
          onClick={() => cameraInput.current?.click()}
        >
          {photo ? t`Retake` : t`Take a photo`}
        </Button>
      )}
      <Button
        id={camera ? undefined : buttonId}
        variant={camera ? 'outlined' : 'contained'}
        startIcon={<ImageIcon />}
        disabled={disabled || preparing}
        aria-describedby={describedBy}
        onClick={() => fileInput.current?.click()}
      >
        {photo ? t`Choose another photo` : t`Choose a photo`}
      </Button>
    </Stack>
  );

  return (
    <Box>
      {inputs}
      <Box
        sx={{
          border: 2,
          borderStyle: preview ? 'solid' : 'dashed',
          borderColor: shownError ? 'error.main' : 'divider',
          borderRadius: 2,
          p: preview ? 0 : 3,
          overflow: 'hidden',
          textAlign: 'center',
        }}
      >
        {preview ? (
          <Box
            component="img"
            src={preview}
            alt={t`Preview of your photo`}
            sx={{ display: 'block', width: '100%', maxHeight: '50vh', objectFit: 'contain', bgcolor: 'action.hover' }}
          />
        ) : (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            <Trans>Add a photo of it. Only the photo is shared: its location and camera details are removed.</Trans>
          </Typography>
        )}
        {!preview && buttons}
      </Box>
      {preparing && (
        <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', mt: 1 }}>
          <CircularProgress size={16} aria-hidden />
          <Typography variant="body2">
            <Trans>Preparing photo…</Trans>
          </Typography>
        </Stack>
      )}
      {photo && !preparing && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {photo.size ? `${photo.size.width} × ${photo.size.height}, ` : ''}
          {formatBytes(photo.blob.size, i18n.locale)}
        </Typography>
      )}
      {preview && <Box sx={{ mt: 1.5 }}>{buttons}</Box>}
      {shownError && (
        <FormHelperText id={errorId} error>
          {shownError}
        </FormHelperText>
      )}
    </Box>
  );
}
