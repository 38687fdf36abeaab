import { describe, expect, it } from 'vitest';
import { mayOpen, providerScoped, roleCan } from './roleAccess.js';

describe('role access in the admin screens', () => {
  it('opens the users screen to the owner alone', () => {
    expect(mayOpen('owner', '/admin/users')).toBe(true);
    expect(mayOpen('admin', '/admin/users')).toBe(false);
    expect(mayOpen('viewer', '/admin/users')).toBe(false);
  });

  it("keeps a provider editor to their providers' screens", () => {
    expect(mayOpen('provider_editor', '/admin/towers')).toBe(true);
    expect(mayOpen('provider_editor', '/admin/leads')).toBe(true);
    expect(mayOpen('provider_editor', '/admin/settings')).toBe(false);
    expect(mayOpen('provider_editor', '/admin/towers-archive')).toBe(false);
    expect(mayOpen('viewer', '/admin/settings')).toBe(true);
  });

  it('lets a viewer change nothing and a provider editor change their own records only', () => {
    expect(roleCan('viewer', 'change')).toBe(false);
    expect(roleCan('viewer', 'change_towers')).toBe(false);
    expect(roleCan('provider_editor', 'change_towers')).toBe(true);
    expect(roleCan('provider_editor', 'add_provider')).toBe(false);
    expect(roleCan('admin', 'change')).toBe(true);
    expect(roleCan('admin', 'manage_users')).toBe(false);
  });

  it('scopes a provider editor alone to their own providers', () => {
    expect(providerScoped('provider_editor')).toBe(true);
    expect(providerScoped('owner')).toBe(false);
    expect(providerScoped('admin')).toBe(false);
    expect(providerScoped('viewer')).toBe(false);
  });
});
