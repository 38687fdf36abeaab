import { describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_STEPS, GENERAL_INQUIRY_NEXT_STEPS, type LeadConfirmation, leadConfirmationMail } from './leadConfirmation.js';

const signUp: LeadConfirmation = {
  leadType: 'sign_up',
  name: 'Thandi Mokoena',
  provider: { name: 'FibreCo', nextSteps: 'We call you within 24 hours.\nThen a technician visits.' },
  search: { address: '12 Kloof St, Gardens', lat: -33.92, lng: 18.42 },
};

describe('leadConfirmationMail', () => {
  it('tells the visitor what they asked of whom, where, and the provider’s next steps', () => {
    const mail = leadConfirmationMail(signUp, 'thandi@example.com', 'sales@fibre.example');
    expect(mail).toMatchObject({
      kind: 'lead_confirmation',
      to: 'thandi@example.com',
      replyTo: 'sales@fibre.example',
      subject: 'Your sign-up request to FibreCo',
    });
    expect(mail.text).toMatch(/^Hello Thandi Mokoena,$/m);
    expect(mail.text).toMatch(/^Request: +Sign-up request$/m);
    expect(mail.text).toMatch(/^Provider: +FibreCo$/m);
    expect(mail.text).toMatch(/^Address: +12 Kloof St, Gardens \(-33\.92000, 18\.42000\)$/m);
    expect(mail.text).toContain('What happens next:\nWe call you within 24 hours.\nThen a technician visits.');
    expect(mail.text).toContain('Questions? Answer this e-mail.');
    expect(mail.html).toContain('We call you within 24 hours.\nThen a technician visits.');
  });

  it('says the default next steps when the provider gave none, and leaves the address out when not known', () => {
    const mail = leadConfirmationMail(
      { ...signUp, leadType: 'contact_request', provider: { name: 'AirLink', nextSteps: null }, search: null },
      'a@b.example',
      null,
    );
    expect(mail.subject).toBe('Your contact request to AirLink');
    expect(mail.text).toContain(`What happens next:\n${DEFAULT_NEXT_STEPS}`);
    expect(mail.text).not.toContain('Address:');
    expect(mail.text).not.toContain('Answer this e-mail');
    expect(mail.replyTo).toBeNull();
  });

  it('greets with at most 60 characters of the name, on one line, and never repeats a message', () => {
    const name = `${'Ä'.repeat(59)}😀 and then a sentence meant for someone else`;
    const mail = leadConfirmationMail({ ...signUp, name }, 'a@b.example', null);
    expect(mail.text).toMatch(new RegExp(`^Hello ${'Ä'.repeat(59)}😀,$`, 'm'));
    expect(mail.html).toContain(`<p>Hello ${'Ä'.repeat(59)}😀,</p>`);
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toContain('meant for someone else');
    expect(leadConfirmationMail({ ...signUp, name: 'Thandi\nClick https://evil.example' }, 'a@b.example', null).text).toMatch(
      /^Hello Thandi Click https:\/\/evil\.example,$/m,
    );
    expect(mail.text).not.toMatch(/message/i);
  });

  it("names the site's team for a general inquiry", () => {
    const mail = leadConfirmationMail({ ...signUp, leadType: 'contact_request', provider: null }, 'a@b.example', 'leads@isp.example');
    expect(mail.subject).toBe('Your contact request to our team');
    expect(mail.text).toMatch(/^Provider: +General inquiry$/m);
    expect(mail.text).toContain(`What happens next:\n${GENERAL_INQUIRY_NEXT_STEPS}`);
  });

  it('escapes the provider’s next steps and name in the HTML too', () => {
    const mail = leadConfirmationMail({ ...signUp, provider: { name: 'A & B <Net>', nextSteps: '<img src=x onerror=alert(1)>' } }, 'a@b.example', null);
    expect(mail.html).not.toMatch(/<img|<Net>/);
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(mail.html).toContain('A &#38; B &#60;Net&#62;');
  });
});
