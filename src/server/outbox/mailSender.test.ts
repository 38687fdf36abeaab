import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeLogger, fakeMailer, manualClock } from '../testing/fakes.js';
import {
  MAIL_SKIPPED_INVITATION_CLOSED,
  MAIL_SKIPPED_UNSUBSCRIBED,
  MailSender,
  messageIdOf,
  messageOf,
  nextAttemptAfter,
  withoutAddresses,
} from './mailSender.js';
import type { ClaimedMailWork, OutboxMail } from './mailOutboxRepository.js';

const CREATED = new Date('2026-11-22T08:00:00.000Z');
const HOST = 'map.example';

function outboxMail(fields: Partial<OutboxMail> = {}): OutboxMail {
  return {
    id: 1,
    kind: 'waitlist_confirm',
    to: 'naledi@example.com',
    replyTo: null,
    subject: 'Please confirm',
    text: 'text',
    html: '<p>html</p>',
    unsubscribeUrl: null,
    recipientLeft: false,
    invitationClosed: false,
    attempts: 0,
    createdAt: CREATED.toISOString(),
    ...fields,
  };
}

/** The outbox in memory: pending mails due by next attempt, and what the sender wrote back. */
function memoryOutbox(mails: OutboxMail[]) {
  const state = new Map(mails.map((mail) => [mail.id, { mail, status: 'pending', next: CREATED.toISOString(), error: null as string | null }]));
  return {
    state,
    async withDueMail<T>(now: string, work: ClaimedMailWork<T>) {
      const due = [...state.values()].find((row) => row.status === 'pending' && row.next <= now);
      return due && work({ ...due.mail }, {} as never);
    },
    markSent: vi.fn(async (id: number) => void (state.get(id)!.status = 'sent')),
    markSkipped: vi.fn(async (id: number, reason: string) => {
      const row = state.get(id)!;
      row.status = 'failed';
      row.error = reason;
    }),
    markAttemptFailed: vi.fn(async (id: number, error: string, next: string | null) => {
      const row = state.get(id)!;
      row.mail = { ...row.mail, attempts: row.mail.attempts + 1 };
      row.error = error;
      if (next === null) row.status = 'failed';
      else row.next = next;
    }),
  };
}

describe('nextAttemptAfter', () => {
  it('waits 30 s, 2 min, 10 min, 1 h, 6 h, then every 6 h, and gives up three days after the mail was queued', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7].map((attempts) => (nextAttemptAfter(attempts, CREATED, CREATED)!.getTime() - CREATED.getTime()) / 1000);
    expect(waits).toEqual([30, 120, 600, 3600, 21_600, 21_600, 21_600]);
    const nearlyThreeDays = new Date(CREATED.getTime() + 66 * 3600_000);
    expect(nextAttemptAfter(9, CREATED, nearlyThreeDays)).toEqual(new Date(nearlyThreeDays.getTime() + 6 * 3600_000));
    expect(nextAttemptAfter(10, CREATED, new Date(CREATED.getTime() + 67 * 3600_000))).toBeNull();
  });
});

describe('messageOf', () => {
  it("adds RFC 8058's one-click headers to a mail with an unsubscribe address, and none to staff mail", () => {
    const url = 'https://map.example/api/waitlist/unsubscribe?token=abc';
    expect(messageOf(outboxMail({ unsubscribeUrl: url }), HOST).headers).toEqual({
      'List-Unsubscribe': `<${url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(messageOf(outboxMail({ replyTo: 'visitor@example.com' }), HOST)).toEqual({
      messageId: messageIdOf(outboxMail(), HOST),
      to: 'naledi@example.com',
      replyTo: 'visitor@example.com',
      subject: 'Please confirm',
      text: 'text',
      html: '<p>html</p>',
    });
  });
});

describe('messageIdOf', () => {
  it('is the same for an outbox row each time, and differs by row and by when it was queued', () => {
    const id = messageIdOf(outboxMail({ id: 42 }), HOST);
    expect(id).toMatch(/^<outbox-42\.[0-9a-f]{16}@map\.example>$/);
    expect(messageIdOf(outboxMail({ id: 42, attempts: 3 }), HOST)).toBe(id);
    expect(messageIdOf(outboxMail({ id: 43 }), HOST)).not.toBe(id);
    expect(messageIdOf(outboxMail({ id: 42, createdAt: '2026-11-23T08:00:00.000Z' }), HOST)).not.toBe(id);
  });
});

describe('withoutAddresses', () => {
  it('replaces whatever looks like an e-mail address, bracketed or not, and leaves the rest', () => {
    expect(withoutAddresses('550 5.1.1 <Naledi.M+waitlist@Example.co.za>: Recipient address rejected')).toBe('550 5.1.1 <address>: Recipient address rejected');
    expect(withoutAddresses('Mailbox sipho@example.com full; try sipho@localhost')).toBe('Mailbox <address> full; try <address>');
    expect(withoutAddresses('Connection timeout')).toBe('Connection timeout');
  });
});

describe('MailSender', () => {
  let sender: MailSender | null = null;
  afterEach(async () => {
    await sender?.stop();
    sender = null;
  });

  it('sends due mail and marks it sent', async () => {
    const outbox = memoryOutbox([outboxMail({ unsubscribeUrl: 'https://map.example/u' })]);
    const mailer = fakeMailer();
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer, pollMs: 10, clock: manualClock(), log: fakeLogger() });
    sender.start();
    await vi.waitFor(() => expect(outbox.state.get(1)!.status).toBe('sent'));
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.headers?.['List-Unsubscribe']).toBe('<https://map.example/u>');
    expect(mailer.sent[0]!.messageId).toBe(messageIdOf(outboxMail(), HOST));
  });

  it('schedules a failed send again by the backoff, and sends it when it comes due', async () => {
    const outbox = memoryOutbox([outboxMail()]);
    const mailer = fakeMailer();
    mailer.send.mockRejectedValueOnce(new Error('451 try later'));
    const clock = manualClock(CREATED.toISOString());
    const log = fakeLogger();
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer, pollMs: 10, clock, log });
    sender.start();
    await vi.waitFor(() =>
      expect(outbox.markAttemptFailed).toHaveBeenCalledWith(1, '451 try later', '2026-11-22T08:00:30.000Z', expect.any(String), expect.anything()),
    );
    expect(outbox.state.get(1)!.status).toBe('pending');
    expect(log.warn).toHaveBeenCalledWith(expect.not.objectContaining({ to: expect.anything() }), 'e-mail not sent; will retry');

    clock.advance(30_000);
    await vi.waitFor(() => expect(outbox.state.get(1)!.status).toBe('sent'));
    expect(mailer.send).toHaveBeenCalledTimes(2);
  });

  it('ends the pass after a failed send, stores and logs the error without addresses, and tries the next mail at the next look', async () => {
    const outbox = memoryOutbox([1, 2, 3].map((id) => outboxMail({ id, to: `person${id}@example.com` })));
    const mailer = fakeMailer();
    mailer.send.mockRejectedValue(new Error('451 <person1@example.com>: try later'));
    const log = fakeLogger();
    // A poll far off: only the first pass and the nudge below look.
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer, pollMs: 60_000, clock: manualClock(CREATED.toISOString()), log });
    sender.start();
    await vi.waitFor(() => expect(outbox.markAttemptFailed).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(mailer.send).toHaveBeenCalledOnce();
    expect(outbox.markAttemptFailed).toHaveBeenCalledWith(1, '451 <address>: try later', expect.any(String), expect.any(String), expect.anything());
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('@example.com');

    sender.nudge();
    await vi.waitFor(() => expect(mailer.send).toHaveBeenCalledTimes(2));
    expect(outbox.markAttemptFailed).toHaveBeenLastCalledWith(2, '451 <address>: try later', expect.any(String), expect.any(String), expect.anything());
  });

  it('keeps going when the outbox cannot be read', async () => {
    const outbox = memoryOutbox([outboxMail()]);
    const real = outbox.withDueMail;
    let failures = 1;
    outbox.withDueMail = async <T>(now: string, work: ClaimedMailWork<T>) => {
      if (failures-- > 0) throw new Error('database unreachable');
      return real(now, work);
    };
    const log = fakeLogger();
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer: fakeMailer(), pollMs: 10, clock: manualClock(), log });
    sender.start();
    await vi.waitFor(() => expect(outbox.state.get(1)!.status).toBe('sent'));
    expect(log.error).toHaveBeenCalledOnce();
  });

  it('gives up, unsent, a waitlist mail whose entry has unsubscribed, and sends the rest', async () => {
    const outbox = memoryOutbox([outboxMail({ id: 1, recipientLeft: true }), outboxMail({ id: 2, to: 'sipho@example.com' })]);
    const mailer = fakeMailer();
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer, pollMs: 10, clock: manualClock(), log: fakeLogger() });
    sender.start();
    await vi.waitFor(() => expect(outbox.state.get(2)!.status).toBe('sent'));
    expect(outbox.state.get(1)).toMatchObject({ status: 'failed', error: MAIL_SKIPPED_UNSUBSCRIBED });
    expect(mailer.sent.map((message) => message.to)).toEqual(['sipho@example.com']);
  });

  it('gives up, unsent, an invitation mail whose invitation was accepted, revoked or expired', async () => {
    const outbox = memoryOutbox([outboxMail({ id: 1, kind: 'user_invitation', invitationClosed: true }), outboxMail({ id: 2, kind: 'user_invitation' })]);
    const mailer = fakeMailer();
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer, pollMs: 10, clock: manualClock(), log: fakeLogger() });
    sender.start();
    await vi.waitFor(() => expect(outbox.state.get(2)!.status).toBe('sent'));
    expect(outbox.state.get(1)).toMatchObject({ status: 'failed', error: MAIL_SKIPPED_INVITATION_CLOSED });
    expect(mailer.sent).toHaveLength(1);
  });

  it('without SMTP leaves mail pending and warns once', async () => {
    const outbox = memoryOutbox([outboxMail()]);
    const log = fakeLogger();
    sender = new MailSender({ repository: outbox, messageIdHost: HOST, mailer: null, pollMs: 10, clock: manualClock(), log });
    sender.start();
    sender.nudge();
    await sender.stop();
    expect(outbox.state.get(1)!.status).toBe('pending');
    expect(log.warn).toHaveBeenCalledOnce();
  });
});
