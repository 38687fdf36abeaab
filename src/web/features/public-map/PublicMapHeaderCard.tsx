import { memo } from 'react';
import { PlainIcon } from '../../ui/plainIcons.js';

/** The product name over the top-left corner of the public map, and the way into the admin portal. */
export const PublicMapHeaderCard = memo(function PublicMapHeaderCard() {
  return (
    <header className="plain-paper plain-header-card">
      <PlainIcon name="place" size={35} className="plain-header-icon" />
      <div className="plain-header-text">
        <h1>ISP Coverage Map</h1>
        <p>Find internet providers in your area</p>
      </div>
      {/* A full page load: the admin portal is its own download, with MUI and the router. */}
      <a className="plain-button" href="/admin">
        <PlainIcon name="adminPanel" size={18} />
        Admin
      </a>
    </header>
  );
});
