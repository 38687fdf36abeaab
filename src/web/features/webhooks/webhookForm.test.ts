import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.js';
import { WEBHOOK_EVENTS_MESSAGE } from '../../../common/api/webhooks.js';
import { createBody, saveErrorPlacement, updateBody, webhookForm } from './webhookForm.js';

const valid = { url: ' https://crm.example.com/hook ', description: '', events: ['lead.updated', 'lead.created'], enabled: true };

describe('the endpoint form', () => {
  it('requires a URL and at least one event', () => {
    const result = webhookForm.safeParse({ ...valid, url: '', events: [] });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['url', 'URL is required'],
        ['events', WEBHOOK_EVENTS_MESSAGE],
      ]),
    );
  });

  it('refuses a URL that is not http(s)', () => {
    expect(webhookForm.safeParse({ ...valid, url: 'ftp://example.com' }).success).toBe(false);
  });

  it('sends a new endpoint its trimmed URL and events in the contract’s order, without an empty description', () => {
    expect(createBody(webhookForm.parse(valid))).toEqual({ url: 'https://crm.example.com/hook', events: ['lead.created', 'lead.updated'] });
    expect(createBody(webhookForm.parse({ ...valid, description: ' Splynx ' })).description).toBe('Splynx');
  });

  it('sends an edit every field, an empty description clearing the saved one', () => {
    expect(updateBody(webhookForm.parse({ ...valid, enabled: false }))).toEqual({
      url: 'https://crm.example.com/hook',
      events: ['lead.created', 'lead.updated'],
      description: '',
      enabled: false,
    });
  });
});

describe('where a refused save is told', () => {
  it('puts the server’s field messages under their fields', () => {
    const error = new ApiError('Invalid input', 400, undefined, [
      { field: 'events.0', message: 'Unknown event' },
      { field: 'url', message: 'Please enter a valid URL' },
    ]);
    expect(saveErrorPlacement(error)).toEqual({ fields: { url: 'Please enter a valid URL', events: 'Unknown event' }, general: null });
  });

  it('puts a 400 naming no field (the outbound guard refusing the address) under the URL', () => {
    const error = new ApiError('The URL points to a private address', 400);
    expect(saveErrorPlacement(error)).toEqual({ fields: { url: 'The URL points to a private address' }, general: null });
  });

  it('shows any other failure above the form', () => {
    expect(saveErrorPlacement(new ApiError('Could not reach the server.', null))).toEqual({ fields: {}, general: 'Could not reach the server.' });
    expect(saveErrorPlacement(new Error('boom')).general).toBe('Failed to save the endpoint');
  });
});
