import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface ComingSoonPanelProps {
  /** What the screen will do, in a sentence. */
  summary: string;
  /** Planned capabilities, listed when given. */
  plannedItems?: readonly string[];
}

/** Stands in for an admin screen that a later release delivers. */
export function ComingSoonPanel({ summary, plannedItems }: ComingSoonPanelProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, maxWidth: 720 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <ConstructionOutlined color="action" sx={{ fontSize: 40 }} />
        <div>
          <Typography variant="h6" component="h2">
            Coming in a later release
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {summary}
          </Typography>
          {plannedItems && (
            <List dense aria-label="Planned features">
              {plannedItems.map((item) => (
                <ListItem key={item} disableGutters>
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    <CheckCircleOutlined color="primary" fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={item} />
                </ListItem>
              ))}
            </List>
          )}
        </div>
      </Stack>
    </Paper>
  );
}
