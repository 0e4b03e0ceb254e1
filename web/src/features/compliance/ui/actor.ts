import type { Actor } from '../compliance-api';

const ROLE_LABELS: Record<string, string> = { customer: 'Customer', admin: 'Admin', system: 'System', compliance: 'Compliance' };

export const roleLabel = (role: string | null) => (role ? (ROLE_LABELS[role] ?? role) : '-');

/** Who acted, as a replay's step and the event log both name them (the log may not know the role). */
type Named = Pick<Actor, 'phone' | 'username'> & { role: Actor['role'] | null };

/** "Admin · +9198..." : the role, then the phone or the username when the API names them. */
export const actorText = (actor: Named) => [actor.role && roleLabel(actor.role), actor.phone ?? actor.username].filter(Boolean).join(' · ') || '-';
