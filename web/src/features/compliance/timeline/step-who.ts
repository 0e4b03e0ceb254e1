import type { ReplayStep } from '../compliance-api';
import { roleLabel } from '../ui/actor';
import { browserName } from '../ui/browser';

/** "asha (Customer), +9198…": who recorded a step, by name, role and phone, as far as the reader may know. */
export function whoText(actor: ReplayStep['actor']): string {
  const name = actor.username || actor.phone || actor.id || 'Unknown';
  const role = actor.role ? ` (${roleLabel(actor.role)})` : '';
  const phone = actor.phone && actor.phone !== name ? `, ${actor.phone}` : '';
  return `${name}${role}${phone}`;
}

/** "203.0.113.7, Chrome on Android": where a step came from; the system acts from nowhere. */
export function whereText(step: Pick<ReplayStep, 'ip' | 'userAgent' | 'actor'>): string {
  if (!step.ip && !step.userAgent) return step.actor.role === 'system' ? 'The desk itself (no address)' : 'Not known';
  return [step.ip, browserName(step.userAgent)].filter(Boolean).join(', ');
}
