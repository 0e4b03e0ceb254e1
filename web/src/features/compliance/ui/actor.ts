import type { Actor } from '../compliance-api';

const ROLE_LABELS: Record<string, string> = { customer: 'Customer', admin: 'Admin', system: 'System', compliance: 'Compliance' };

export const roleLabel = (role: string | null) => (role ? (ROLE_LABELS[role] ?? role) : '-');

/** "Admin · +9198..." : the role, then the phone or the username when the API names them. */
export const actorText = (actor: Actor) => [actor.role && roleLabel(actor.role), actor.phone ?? actor.username].filter(Boolean).join(' · ') || '-';
