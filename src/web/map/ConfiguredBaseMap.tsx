import { useMemo } from 'react';
import type { BaseMapProps } from './BaseMap.js';
import { BaseMap } from './BaseMap.js';
import { basemapStyle } from './basemapStyle.js';
import { MapPlaceholder } from './MapPlaceholder.js';
import type { MapTheme } from './mapTypes.js';
import { usePublicConfig } from './publicConfig.js';

interface ConfiguredBaseMapProps extends Omit<BaseMapProps, 'style'> {
  theme: MapTheme;
}

/**
 * A BaseMap on the server's configured basemap. It waits for the configuration so the map starts
 * with its final style; if the configuration cannot be loaded the map still works, on a plain
 * background.
 */
export function ConfiguredBaseMap({ theme, ...mapProps }: ConfiguredBaseMapProps) {
  const config = usePublicConfig();
  // The basemap alone: a new start view in the same configuration must not restyle the map.
  const basemap = config.data?.basemap;
  const style = useMemo(() => basemapStyle(basemap, theme), [basemap, theme]);

  if (config.isPending) {
    return <MapPlaceholder theme={theme} />;
  }
  return <BaseMap style={style} {...mapProps} />;
}
