import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { passwordChecklist } from '../../../common/passwordStrength.js';

interface PasswordChecklistProps {
  password: string;
}

/** Which password requirements the new password meets. */
export function PasswordChecklist({ password }: PasswordChecklistProps) {
  return (
    <List dense aria-label="Password requirements">
      {passwordChecklist(password).map(({ label, met }) => (
        <ListItem key={label} disableGutters sx={{ py: 0 }}>
          <ListItemIcon sx={{ minWidth: 32 }}>
            {met ? <Check fontSize="small" color="success" titleAccess="Met:" /> : <Close fontSize="small" color="error" titleAccess="Not met:" />}
          </ListItemIcon>
          <ListItemText primary={label} sx={{ color: met ? 'text.primary' : 'text.secondary' }} />
        </ListItem>
      ))}
    </List>
  );
}
