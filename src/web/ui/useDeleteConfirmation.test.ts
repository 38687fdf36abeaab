import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/ApiError.js';
import { type ConfirmationState, confirmationStep, deleteCallbacks } from './useDeleteConfirmation.js';

const texts = { deleted: 'Tower deleted successfully', failed: 'Failed to delete tower' };

describe('the delete confirmation', () => {
  it('opens on the item asked about and keeps it while closing, so the dialog text stays put', () => {
    const closed: ConfirmationState<{ id: number }> = { item: null, open: false };
    const asked = confirmationStep(closed, { type: 'ask', item: { id: 4 } });
    expect(asked).toEqual({ item: { id: 4 }, open: true });
    expect(confirmationStep(asked, { type: 'close' })).toEqual({ item: { id: 4 }, open: false });
    expect(confirmationStep(asked, { type: 'ask', item: { id: 7 } })).toEqual({ item: { id: 7 }, open: true });
  });

  it("tells the deletion's outcome, the server's words first, and closes once it is settled", () => {
    const notices: [string, string][] = [];
    let closed = 0;
    const callbacks = deleteCallbacks(
      (severity, message) => notices.push([severity, message]),
      texts,
      () => (closed += 1),
    );
    callbacks.onSuccess({ message: 'Tower "North" deleted' });
    callbacks.onSuccess({});
    callbacks.onError(new ApiError('Tower is in use', 409));
    callbacks.onError(new Error('network'));
    expect(notices).toEqual([
      ['success', 'Tower "North" deleted'],
      ['success', 'Tower deleted successfully'],
      ['error', 'Tower is in use'],
      ['error', 'Failed to delete tower'],
    ]);
    expect(closed).toBe(0);
    callbacks.onSettled();
    expect(closed).toBe(1);
  });
});
