import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { EmbedConfig } from '../embedding/index.js';
import { scriptEmbedData } from '../embedding/index.js';

interface WidgetLiveExampleProps {
  origin: string;
  config: EmbedConfig;
}

/** Runs the real embed.js with the example's settings, as a partner's page would. */
export function WidgetLiveExample({ origin, config }: WidgetLiveExampleProps) {
  const hostRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const script = document.createElement('script');
    script.src = `${origin}/embed.js`;
    script.async = true;
    for (const [name, value] of scriptEmbedData(config)) script.setAttribute(name, value);
    host.append(script);
    // The map is the script's, not React's: take it away with the example.
    return () => host.replaceChildren();
  }, [origin, config]);

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Live example: the script tag above, running on this page.
      </Typography>
      <div ref={hostRef} data-testid="widget-live-example" />
    </Paper>
  );
}
