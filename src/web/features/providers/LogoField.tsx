import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import UploadFile from '@mui/icons-material/UploadFile';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { LOGO_TYPES } from '../../../common/api/providers.js';
import type { LogoChange } from './providerLogo.js';
import { providerLogoUrl } from '../../../common/providerLogoUrl.js';
import { logoProblem } from './providerLogo.js';

interface LogoFieldProps {
  /** The saved logo, if any. */
  savedFilename: string | null;
  value: LogoChange;
  onChange: (change: LogoChange) => void;
}

/** Choose, preview and remove a provider logo (PNG, JPEG, WebP or GIF, at most 2 MB). */
export function LogoField({ savedFilename, value, onChange }: LogoFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const previewUrl = useMemo(() => (value.file ? URL.createObjectURL(value.file) : null), [value.file]);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const shownUrl = previewUrl ?? (savedFilename && !value.remove ? providerLogoUrl(savedFilename) : null);

  /** Counts choices: only the latest one's check may land (a slow read of an earlier file cannot overwrite it). */
  const choices = useRef(0);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    const mine = ++choices.current;
    const reason = await logoProblem(file);
    if (mine !== choices.current) return;
    setProblem(reason);
    if (!reason) onChange({ file, remove: false });
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', my: 1 }}>
      <Avatar
        variant="rounded"
        src={shownUrl ?? undefined}
        alt={shownUrl ? 'Logo preview' : undefined}
        sx={{ width: 72, height: 72, bgcolor: 'grey.100', color: 'grey.500', border: 1, borderColor: 'divider', '& img': { objectFit: 'contain' } }}
      >
        <ImageOutlined />
      </Avatar>
      <div>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="outlined" size="small" startIcon={<UploadFile />} onClick={() => inputRef.current?.click()}>
            {shownUrl ? 'Change Logo' : 'Upload Logo'}
          </Button>
          {shownUrl && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutline />}
              onClick={() => {
                choices.current += 1;
                setProblem(null);
                onChange({ file: null, remove: savedFilename !== null });
              }}
            >
              Remove Logo
            </Button>
          )}
        </Stack>
        <input
          ref={inputRef}
          type="file"
          aria-label="Logo file"
          accept={LOGO_TYPES.join(',')}
          style={{ display: 'none' }}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            // Choosing the same file again after removing it must still fire a change.
            event.target.value = '';
          }}
        />
        {value.file && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {value.file.name}
          </Typography>
        )}
        {value.remove && !value.file && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            The logo will be removed when you save.
          </Typography>
        )}
        <FormHelperText error={problem !== null} role={problem ? 'alert' : undefined}>
          {problem ?? 'PNG, JPEG, WebP or GIF, up to 2 MB.'}
        </FormHelperText>
      </div>
    </Stack>
  );
}
