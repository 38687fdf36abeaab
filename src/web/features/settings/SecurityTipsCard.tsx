import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

const SECURITY_TIPS = [
  {
    title: 'Use a long, unique password',
    detail: 'Twelve or more characters mixing letters, numbers and symbols, used for this account only.',
  },
  {
    title: 'Use a password manager',
    detail: 'It generates and remembers strong passwords so you never have to reuse one.',
  },
  {
    title: 'Sign out on shared computers',
    detail: 'Use Logout in the Admin menu when you finish; it ends the session on the server too.',
  },
  {
    title: 'Change it if in doubt',
    detail: 'If you think someone else may know your password, change it straight away.',
  },
  {
    title: 'Never share your credentials',
    detail: 'Nobody from the team will ask for your password by e-mail or phone.',
  },
];

export function SecurityTipsCard() {
  return (
    <Card>
      <CardContent sx={{ p: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ShieldOutlined color="primary" />
          <Typography variant="h6" component="h2">
            Security Tips
          </Typography>
        </Stack>
        <List>
          {SECURITY_TIPS.map((tip) => (
            <ListItem key={tip.title} disableGutters>
              <ListItemText primary={tip.title} secondary={tip.detail} />
            </ListItem>
          ))}
        </List>
      </CardContent>
    </Card>
  );
}
