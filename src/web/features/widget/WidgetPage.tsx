import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import WidgetsOutlined from '@mui/icons-material/WidgetsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

const PLANNED_FEATURES = [
  { title: 'Lightweight map', detail: 'A fast coverage map sized for a sidebar or a landing page.' },
  { title: 'Configurable appearance', detail: 'Theme, size, starting location and zoom to match your site.' },
  { title: 'Domain restriction', detail: 'Only the sites you allow can show the widget.' },
  { title: 'Iframe and script embedding', detail: 'Paste an iframe, or add one script tag.' },
];

/** /widget: what the embeddable widget will offer (SPEC.md section 2). */
export function WidgetPage() {
  return (
    <Box component="main" sx={{ minHeight: '100dvh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <title>Embeddable Widget · ISP Coverage Map</title>
      <Card sx={{ maxWidth: 560, width: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
            <WidgetsOutlined color="primary" fontSize="large" />
            <Typography variant="h4" component="h1">
              Embeddable Widget
            </Typography>
          </Stack>
          <Typography color="text.secondary">
            A compact coverage checker for partner websites is on its way. Planned features:
          </Typography>
          <List>
            {PLANNED_FEATURES.map((feature) => (
              <ListItem key={feature.title} disableGutters>
                <ListItemIcon>
                  <CheckCircleOutlined color="primary" />
                </ListItemIcon>
                <ListItemText primary={feature.title} secondary={feature.detail} />
              </ListItem>
            ))}
          </List>
          <Typography variant="body2" color="text.secondary">
            Until then, the full map can be embedded from the <code>/embed</code> page.{' '}
            <Link component={RouterLink} to="/">
              Open the coverage map
            </Link>
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}
