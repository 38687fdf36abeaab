import { createTheme } from '@mui/material/styles';

/** Admin drawer width, px. */
export const ADMIN_DRAWER_WIDTH = 240;

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1565c0', dark: '#0d47a1', light: '#5e92f3' },
    // Orange is the "live service" colour of the coverage map, so it doubles as the accent.
    secondary: { main: '#ef6c00' },
    // MUI's own info and warning blues and oranges read at 3.1 to 3.9:1 under white text and as
    // text on white; these darker shades read at 4.8:1 and 5:1 (WCAG AA asks 4.5:1).
    info: { main: '#0277bd' },
    warning: { main: '#b45309' },
    // Text on a coloured surface (filled chips, alerts, buttons) is white only where white reaches
    // 4.5:1, dark otherwise; MUI's default threshold of 3 would accept unreadable pairs.
    contrastThreshold: 4.5,
    background: { default: '#f4f6f9', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    // The system font stack: no web-font download, and it suits an embedded map on any site.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h4: { fontWeight: 600 },
    h6: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: '#e0e4ea' } } },
    MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  },
});
