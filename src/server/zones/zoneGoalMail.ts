import type { QueuedMail } from '../outbox/mailQueue.js';

export interface ReachedGoal {
  name: string;
  provider_name: string;
  goal: number;
  confirmed: number;
  /** YYYY-MM-DD or null. */
  deadline: string | null;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The e-mail that tells the site's staff a zone reached its goal (plain text and HTML, names escaped; the subject on one line). */
export function zoneGoalReachedMail(zone: ReachedGoal, to: string): QueuedMail {
  const lines = [
    `The pre-registration zone "${zone.name}" of ${zone.provider_name} has reached its goal.`,
    `Confirmed pre-registrations: ${count(zone.confirmed)} of the ${count(zone.goal)} asked for.`,
    ...(zone.deadline ? [`Deadline: ${zone.deadline}`] : []),
  ];
  return {
    kind: 'zone_goal_reached',
    to,
    subject: `Zone goal reached: ${zone.name.replace(/\s+/g, ' ')} (${count(zone.confirmed)} of ${count(zone.goal)})`,
    text: `${lines.join('\n')}\n`,
    html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
