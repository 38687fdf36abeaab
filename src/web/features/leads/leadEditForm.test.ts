import { describe, expect, it } from 'vitest';
import { leadEditDefaults, leadEditForm, leadEditPayload } from './leadEditForm.js';

describe('lead edit form', () => {
  const lead = { status: 'new' as const, notes: null };

  it('starts from the lead, without notes as empty text', () => {
    expect(leadEditDefaults(lead)).toEqual({ status: 'new', notes: '' });
    expect(leadEditDefaults({ status: 'closed', notes: 'Called twice' })).toEqual({ status: 'closed', notes: 'Called twice' });
  });

  it('sends only what changed', () => {
    expect(leadEditPayload({ status: 'contacted', notes: '' }, lead)).toEqual({ status: 'contacted' });
    expect(leadEditPayload({ status: 'new', notes: '  Call after 5pm ' }, lead)).toEqual({ notes: 'Call after 5pm' });
    expect(leadEditPayload({ status: 'converted', notes: 'Signed' }, lead)).toEqual({ status: 'converted', notes: 'Signed' });
  });

  it('clears notes with null, and sends nothing when nothing changed', () => {
    expect(leadEditPayload({ status: 'new', notes: '   ' }, { status: 'new', notes: 'Old' })).toEqual({ notes: null });
    expect(leadEditPayload({ status: 'new', notes: ' ' }, lead)).toBeNull();
    expect(leadEditPayload({ status: 'new', notes: 'Same' }, { status: 'new', notes: 'Same' })).toBeNull();
  });

  it('refuses notes over the limit', () => {
    const result = leadEditForm.safeParse({ status: 'new', notes: 'x'.repeat(5001) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Notes must be at most 5000 characters');
  });
});
