import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import PlaceIcon from '@mui/icons-material/Place';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** The product name over the top-left corner of the public map. */
export function PublicMapHeaderCard() {
  return (
    <Paper elevation={4} sx={{ px: 2, py: 1.5 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <PlaceIcon color="primary" fontSize="large" />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" sx={{ lineHeight: 1.2 }}>
            ISP Coverage Map
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Find internet providers in your area
          </Typography>
        </div>
        <Button component={RouterLink} to="/admin" size="small" variant="outlined" startIcon={<AdminPanelSettingsOutlined />}>
          Admin
        </Button>
      </Stack>
    </Paper>
  );
}
