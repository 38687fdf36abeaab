import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

interface AdminPageHeadingProps {
  title: string;
  /** One line under the heading saying what the screen is for. */
  subtitle?: string;
}

/** The heading of an admin screen; it also names the browser tab. */
export function AdminPageHeading({ title, subtitle }: AdminPageHeadingProps) {
  return (
    <Box sx={{ mb: 3 }}>
      <title>{`${title} · Admin · ISP Coverage Map`}</title>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  );
}
