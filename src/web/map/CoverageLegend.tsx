import { memo, useId, useState, useSyncExternalStore } from 'react';
import { SERVICE_STATUSES } from '../../common/serviceStatus.js';
import { PlainIcon } from '../ui/plainIcons.js';
import './coverageLegend.css';
import { legendStartsCollapsed } from './legendLayout.js';
import { SERVICE_STATUS_STYLES } from './serviceStatusStyle.js';
import { WIRELESS_BANDS, WIRELESS_COLOR } from './wirelessOverlayLayers.js';

export interface WirelessLegendProps {
  /** Whether the predicted wireless coverage is drawn. */
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
}

/** A colour (#rrggbb) at `opacity` (0–1), as CSS. */
function translucent(hex: string, opacity: number): string {
  const channel = (offset: number) => Number.parseInt(hex.slice(offset, offset + 2), 16);
  return `rgba(${channel(1)}, ${channel(3)}, ${channel(5)}, ${opacity})`;
}

const noChanges = () => () => undefined;
const viewportCollapses = () => legendStartsCollapsed({ width: window.innerWidth, height: window.innerHeight });
/** Rendered ahead of time (app/prerender.tsx) there is no viewport: coverageLegend.css's media query decides until the page runs. */
const viewportUnknown = () => null;

/**
 * The four service statuses as the overlay draws them (a swatch of fill and outline, and the
 * label) and, with `wireless`, the predicted wireless bands with the switch that shows them.
 * The "Coverage legend" button collapses it to its heading; it starts collapsed on small screens and in
 * short embeds (legendLayout.ts), open elsewhere, and then keeps the visitor's choice. Plain markup
 * (coverageLegend.css): it is on the public pages' first screen, which loads without MUI and is
 * rendered ahead of time, before the viewport is known.
 */
export const CoverageLegend = memo(function CoverageLegend({ wireless }: { wireless?: WirelessLegendProps }) {
  const headingId = useId();
  const bodyId = useId();
  const [choice, setChoice] = useState<boolean | null>(null);
  const startsCollapsed = useSyncExternalStore(noChanges, viewportCollapses, viewportUnknown);
  const open = choice ?? startsCollapsed !== true;
  return (
    <section aria-labelledby={headingId} className={startsCollapsed === null ? 'plain-legend plain-legend-auto' : 'plain-legend'}>
      <div className="plain-legend-head">
        <h2 id={headingId}>Coverage</h2>
        <button
          type="button"
          className="plain-icon-button plain-small"
          aria-label="Coverage legend"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setChoice(!open)}
        >
          <PlainIcon name={open ? 'expandMore' : 'expandLess'} size={20} />
        </button>
      </div>
      <div id={bodyId} hidden={!open} className="plain-legend-body">
        <ul>
          {SERVICE_STATUSES.map((status) => {
            const style = SERVICE_STATUS_STYLES[status];
            return (
              <li key={status}>
                <span
                  aria-hidden="true"
                  className="plain-legend-swatch"
                  style={{ background: translucent(style.color, Math.max(style.fillOpacity, 0.2)), border: `2px ${style.line} ${style.color}` }}
                />
                {style.label}
              </li>
            );
          })}
        </ul>
        {wireless && <WirelessLegend {...wireless} />}
      </div>
    </section>
  );
});

function WirelessLegend({ visible, onVisibleChange }: WirelessLegendProps) {
  return (
    <div className="plain-legend-wireless">
      <label className="plain-switch">
        <input type="checkbox" role="switch" checked={visible} onChange={(event) => onVisibleChange(event.target.checked)} />
        <span className="plain-switch-track" aria-hidden="true" />
        Wireless (predicted)
      </label>
      {visible && (
        <ul aria-label="Predicted wireless signal">
          {WIRELESS_BANDS.map(({ band, opacity }) => (
            <li key={band}>
              <span aria-hidden="true" className="plain-legend-swatch" style={{ background: translucent(WIRELESS_COLOR, opacity) }} />
              {band}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
