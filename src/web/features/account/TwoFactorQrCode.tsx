import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** The QR code's side, CSS pixels: big enough for a phone camera at arm's length. */
const QR_SIZE_PX = 200;

/** The enrolment QR code, drawn in the browser: the secret never leaves for an image service. */
export function TwoFactorQrCode({ otpauthUrl }: { otpauthUrl: string }) {
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    toDataURL(otpauthUrl, { width: QR_SIZE_PX, margin: 1, errorCorrectionLevel: 'M' })
      .then((src) => current && setImage({ url: otpauthUrl, src }))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, [otpauthUrl]);

  if (failed) return <Typography color="error">The QR code could not be drawn. Type the key below into your app instead.</Typography>;
  if (image?.url !== otpauthUrl) {
    return (
      <Box sx={{ width: QR_SIZE_PX, height: QR_SIZE_PX, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <CircularProgress aria-label="Drawing the QR code" />
      </Box>
    );
  }
  return (
    <Box component="img" src={image.src} alt="QR code to scan with your authenticator app" width={QR_SIZE_PX} height={QR_SIZE_PX} sx={{ display: 'block' }} />
  );
}
