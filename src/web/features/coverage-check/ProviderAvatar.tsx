import Avatar from '@mui/material/Avatar';
import { providerLogoUrl } from '../../../common/providerLogoUrl.js';

interface ProviderAvatarProps {
  name: string;
  logoFilename: string | null;
}

/** The provider's logo (served at /api/providers/logo/{filename}), or its initial when it has none or it fails to load. */
export function ProviderAvatar({ name, logoFilename }: ProviderAvatarProps) {
  const initial = name.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar
      variant="rounded"
      src={logoFilename ? providerLogoUrl(logoFilename) : undefined}
      alt={`${name} logo`}
      sx={{ width: 48, height: 48, bgcolor: 'primary.main', fontWeight: 700, '& img': { objectFit: 'contain', bgcolor: '#fff' } }}
    >
      {initial}
    </Avatar>
  );
}
