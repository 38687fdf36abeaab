import { describe, expect, it } from 'vitest';
import { adminMenuItems } from './adminNavItems.js';

const labels = (session: Parameters<typeof adminMenuItems>[0]) => adminMenuItems(session).map((item) => item.label);

describe('the admin side menu', () => {
  it('shows only Account while a role that must use two-factor sign-in has not set it up', () => {
    expect(labels({ role: 'owner', two_factor_required_setup: true })).toEqual(['Account']);
    expect(labels({ role: 'provider_editor', two_factor_required_setup: true })).toEqual(['Account']);
  });

  it('shows the screens the role may open once it is set up', () => {
    expect(labels({ role: 'owner', two_factor_required_setup: false })).toContain('Users');
    expect(labels({ role: 'admin', two_factor_required_setup: false })).not.toContain('Users');
    expect(labels({ role: 'provider_editor', two_factor_required_setup: false })).toEqual(['Dashboard', 'Providers', 'Coverage', 'Towers', 'Reports', 'Leads']);
  });
});
